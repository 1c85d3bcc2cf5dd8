import { request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { diagnoseProxy, normalizeForwardedHost, redirectToPublicHost, refuseCrossSiteWrites } from "./forwarded";

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** The forwarded-header middleware as server/app.ts orders it, in front of a page that answers "page"; the warnings it logs. */
async function serve(publicUrl: string, trustProxy: boolean | number | string) {
  const warnings: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "warn" }, { write: (line: string) => void warnings.push(JSON.parse(line) as Record<string, unknown>) });
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use((req, _res, next) => {
    req.log = logger;
    next();
  });
  app.use(normalizeForwardedHost(trustProxy));
  app.use(refuseCrossSiteWrites(publicUrl));
  app.use(diagnoseProxy(publicUrl, trustProxy, logger));
  app.use(redirectToPublicHost(publicUrl));
  app.use((req, res) => void res.send(`page ${req.headers["x-forwarded-host"] ?? req.headers.host}`));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const port = (server.address() as AddressInfo).port;
  /** A request with the headers given as they are (Host included), as a proxy sends them. */
  const send = (method: string, headers: Record<string, string>) =>
    new Promise<{ status: number; location?: string; setCookie?: string[]; body: string }>((resolve, reject) => {
      const request = httpRequest({ host: "127.0.0.1", port, method, path: "/top", headers }, (response) => {
        let body = "";
        response.on("data", (chunk: Buffer) => (body += chunk.toString()));
        response.on("end", () => resolve({ status: response.statusCode!, location: response.headers.location, setCookie: response.headers["set-cookie"], body }));
      });
      request.on("error", reject);
      request.end(method === "POST" ? "a=1" : undefined);
    });
  return { send, warnings, upstream: `127.0.0.1:${port}` };
}

const PUBLIC_URL = "https://chohyo.bank.example:8443";

describe("behind a proxy that forwards its upstream's host (nginx's defaults)", () => {
  it("serves the page instead of redirecting it to PUBLIC_URL, which would come back the same way", async () => {
    const { send, upstream, warnings } = await serve(PUBLIC_URL, 1);
    const page = await send("GET", { Host: upstream, "X-Forwarded-Proto": "https" });
    expect(page.status).toBe(200);
    expect(warnings.map((warning) => warning.proxyDiagnosis)).toEqual(["x-forwarded-for", "host"]);
    expect(String(warnings[1]!.msg)).toContain("proxy_set_header Host $http_host;");
    // Once per process, not once per request.
    await send("GET", { Host: upstream, "X-Forwarded-Proto": "https" });
    expect(warnings).toHaveLength(2);
  });

  it("takes a form posted from PUBLIC_URL's page, and tells Remix's own check that host", async () => {
    const { send, upstream } = await serve(PUBLIC_URL, 1);
    const post = await send("POST", { Host: upstream, "X-Forwarded-Proto": "https", Origin: PUBLIC_URL, "Sec-Fetch-Site": "same-origin" });
    expect(post.status).toBe(200);
    expect(post.body).toBe("page chohyo.bank.example:8443");
  });

  it("still refuses another site's form with the cross-site page", async () => {
    const { send, upstream } = await serve(PUBLIC_URL, 1);
    const post = await send("POST", { Host: upstream, "X-Forwarded-Proto": "https", Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" });
    expect(post.status).toBe(403);
    expect(post.body).toContain("別のサイトから送信されたため");
  });

  it("answers a same-origin post from an address that is neither PUBLIC_URL's nor forwarded with the diagnosis", async () => {
    const { send, upstream, warnings } = await serve(PUBLIC_URL, 1);
    const post = await send("POST", { Host: upstream, "X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.1", Origin: "https://chohyo.internal.example", "Sec-Fetch-Site": "same-origin" });
    expect(post.status).toBe(421);
    expect(post.body).toContain("帳票クラウドは <a href=\"https://chohyo.bank.example:8443/\">");
    expect(post.body).toContain("proxy_set_header Host $http_host;");
    expect(warnings.some((warning) => String(warning.msg).includes("form post from a page at another address than PUBLIC_URL's"))).toBe(true);
  });
});

describe("a proxy that leaves something out", () => {
  it("without X-Forwarded-Proto, or any header at all, an https PUBLIC_URL is still served and the log says what to set", async () => {
    const { send, upstream, warnings } = await serve(PUBLIC_URL, 1);
    expect((await send("GET", { Host: upstream })).status).toBe(200);
    expect(warnings.map((warning) => warning.proxyDiagnosis)).toEqual(["x-forwarded-for", "x-forwarded-proto", "host"]);
    expect(String(warnings[1]!.msg)).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
  });

  it("forwarding the host without the port: served, with the host diagnosis", async () => {
    const { send, warnings } = await serve(PUBLIC_URL, 1);
    const page = await send("GET", { Host: "chohyo.bank.example", "X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.1" });
    expect(page.status).toBe(200);
    expect(warnings.map((warning) => [warning.proxyDiagnosis, warning.seenHost])).toEqual([["host", "chohyo.bank.example"]]);
  });

  it("without TRUST_PROXY: served, and the log asks for it", async () => {
    const { send, upstream, warnings } = await serve(PUBLIC_URL, false);
    expect((await send("GET", { Host: upstream, "X-Forwarded-Proto": "https" })).status).toBe(200);
    expect(warnings.map((warning) => warning.proxyDiagnosis)).toEqual(["trust-proxy"]);
  });

  it("says nothing when the proxy passes what the README shows", async () => {
    const { send, warnings } = await serve(PUBLIC_URL, 1);
    const headers = { Host: "chohyo.bank.example:8443", "X-Forwarded-Host": "chohyo.bank.example:8443", "X-Forwarded-Proto": "https", "X-Forwarded-For": "192.0.2.1" };
    expect((await send("GET", headers)).status).toBe(200);
    expect((await send("POST", { ...headers, Origin: PUBLIC_URL })).status).toBe(200);
    expect(warnings).toEqual([]);
  });
});

describe("without a proxy, at an http PUBLIC_URL", () => {
  const publicUrl = "http://localhost:3000";

  it("sends a page opened at another name to PUBLIC_URL", async () => {
    const { send } = await serve(publicUrl, false);
    const page = await send("GET", { Host: "127.0.0.1:3000" });
    expect(page.status).toBe(302);
    expect(page.location).toBe("http://localhost:3000/top");
  });

  it("answers the diagnosis, not a second redirect, when the browser comes back for the same address", async () => {
    const { send, warnings } = await serve(publicUrl, false);
    const first = await send("GET", { Host: "127.0.0.1:3000" });
    const cookie = first.setCookie![0]!.split(";")[0]!;
    const again = await send("GET", { Host: "127.0.0.1:3000", Cookie: cookie });
    expect(again.status).toBe(421);
    expect(again.body).toContain("アドレスを確認してください");
    expect(warnings.some((warning) => String(warning.msg).includes("the redirect to PUBLIC_URL came back for the same host"))).toBe(true);
  });
});
