import { request as httpRequest } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type RunningServer } from "../support/server-process";

let server: RunningServer;
/** Starting a second server: a start seeds PGlite, up to the 45 s startBuiltServer allows on busy cores. */
const SERVER_START_MS = 60_000;

beforeAll(async () => {
  // The bank's proxy is one hop in front, as in production.
  server = await startBuiltServer({ TRUST_PROXY: "1", METRICS_TOKEN: "metrics-token-0123456789" });
});

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, init?: RequestInit) => fetch(`${server.baseUrl}${path}`, { redirect: "manual", ...init });

/** The sign-in form: a public form post whose success is a redirect to the identity provider. */
function signInForm() {
  return new URLSearchParams({ redirectTo: "/top" });
}

describe("security headers", () => {
  it("allows only this origin's scripts and those carrying this response's nonce", async () => {
    const response = await get("/dev/layouts/plain");
    const csp = response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("script-src 'self' 'nonce-");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((match) => match[1]);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("lets only the product's own pages frame a received document's file, and nothing frame anything else", async () => {
    const csp = async (path: string) => (await get(path)).headers.get("content-security-policy") ?? "";
    expect(await csp("/receive/files/12/34")).toContain("frame-ancestors 'self'");
    expect(await csp("/receive/files/12/34/more")).toContain("frame-ancestors 'none'");
    expect(await csp("/receive/invoices/snapshot/12")).toContain("frame-ancestors 'none'");
  });

  it("uses a new nonce for every response", async () => {
    const nonceOf = async () => /'nonce-([^']+)'/.exec((await get("/healthz")).headers.get("content-security-policy") ?? "")?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it("sends a strict referrer policy and forbids framing", async () => {
    const response = await get("/no-such-page");
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });
});

describe("trace id", () => {
  it("keeps the proxy's X-Request-Id, returns it and logs it", async () => {
    const response = await get("/healthz/../no-such-page", { headers: { "X-Request-Id": "bank-proxy-4711" } });
    expect(response.headers.get("x-request-id")).toBe("bank-proxy-4711");
    await new Promise((resolve) => setTimeout(resolve, 100));
    const line = server
      .output()
      .split("\n")
      .find((entry) => entry.includes('"bank-proxy-4711"'));
    expect(line).toBeTruthy();
    expect(JSON.parse(line!)).toMatchObject({ traceId: "bank-proxy-4711", res: { statusCode: 404 } });
  });

  it("makes one when the proxy sends none or an unusable one", async () => {
    const generated = (await get("/healthz")).headers.get("x-request-id");
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    const unusable = (await get("/healthz", { headers: { "X-Request-Id": "bad id\twith spaces" } })).headers.get("x-request-id");
    expect(unusable).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("embedded Payment API", () => {
  it("is mounted at /payment-api and needs a token", async () => {
    const response = await get("/payment-api/api/v1/constants");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: "unauthorized", message: "認証情報がありません。" });
  });

  it("answers unknown API paths with a JSON 404, not the web app's page", async () => {
    const response = await get("/payment-api/elsewhere");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
  });
});

describe("health", () => {
  it("answers /healthz and /readyz", async () => {
    expect(await (await get("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await get("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", failing: [] });
  });
});

describe("static assets and compression", () => {
  it("caches fingerprinted /build files for a year, immutable", async () => {
    const html = await (await get("/dev/layouts/plain")).text();
    const asset = /"(\/build\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    const response = await get(asset!);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("compresses pages for clients that accept gzip", async () => {
    const http = await import("node:http");
    const body = await new Promise<{ encoding?: string; text: string }>((resolve, reject) => {
      http
        .get(`${server.baseUrl}/dev/layouts/plain`, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], text: gunzipSync(Buffer.concat(chunks)).toString() }));
        })
        .on("error", reject);
    });
    expect(body.encoding).toBe("gzip");
    expect(body.text).toContain('<html lang="ja">');
  });
});

describe("form posts through the bank's reverse proxy", () => {
  const post = (headers: Record<string, string>) =>
    get("/bamidp/login", {
      method: "POST",
      body: signInForm(),
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    });

  it("accepts a POST whose Origin is the public host named by X-Forwarded-Host", async () => {
    const response = await post({
      Origin: "https://chohyo.bank.example.jp",
      "X-Forwarded-Host": "chohyo.bank.example.jp",
      "X-Forwarded-Proto": "https",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/sandbox/idp/default/auth?");
    expect(response.headers.get("set-cookie")).toContain("chohyo_signin=");
  });

  it("accepts it when the proxy writes the default port that the browser leaves out", async () => {
    const response = await post({
      Origin: "https://chohyo.bank.example.jp",
      "X-Forwarded-Host": "chohyo.bank.example.jp:443",
      "X-Forwarded-Proto": "https",
    });
    expect(response.status).toBe(302);
  });

  it("refuses a POST from another site, changing nothing", async () => {
    const response = await post({
      Origin: "https://evil.example",
      "X-Forwarded-Host": "chohyo.bank.example.jp",
      "X-Forwarded-Proto": "https",
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(await response.text()).toContain("別のサイトから送信されたため、処理しませんでした。");
  });
});

describe("error pages in production", () => {
  it("answers an unmatched URL with 404 「Page not found: {path}」", async () => {
    const response = await get("/no/such/page");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page not found: /no/such/page");
  });

  it("shows a failure without its message or stack", async () => {
    const response = await get("/dev/errors/crash");
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("予期しないエラーが発生しました");
    expect(html).not.toContain("deliberate failure");
    expect(html).not.toMatch(/at .*\.js:\d+/);
  });
});

/** A raw request, for headers fetch will not send as given (a Content-Length without its body, chunked bodies). */
function rawRequest(method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(`${server.baseUrl}${path}`, { method, headers: { Origin: server.baseUrl, ...headers } }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode!, text }));
    });
    request.on("error", reject);
    if (body !== undefined) request.write(body);
    // A declared length with no body: the server answers without waiting for it.
    if (headers["Content-Length"]) request.flushHeaders();
    else request.end();
  });
}

describe("requests no page takes", () => {
  it("answers methods other than GET, HEAD and POST with 405", async () => {
    for (const method of ["TRACE", "PUT", "DELETE"]) {
      const response = await rawRequest(method, "/top", {});
      expect(response.status).toBe(405);
      expect(response.text).toBe("この操作はできません。");
    }
  });

  it("refuses a body over 32 MB by its stated length, before reading it", async () => {
    const response = await rawRequest("POST", "/invoices/create", { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(33 * 1024 * 1024) });
    expect(response.status).toBe(413);
    expect(response.text).toContain("送信された内容が大きすぎます");
  });

  it("refuses a page's body without a length", async () => {
    const response = await rawRequest("POST", "/bamidp/login", { "Content-Type": "application/x-www-form-urlencoded", "Transfer-Encoding": "chunked" }, "redirectTo=%2Ftop");
    expect(response.status).toBe(411);
  });

  it("answers an undecodable path with a page, not a crash", async () => {
    expect((await get("/customers/edit/%ED%A0%80")).status).toBeLessThan(500);
    expect((await get("/%E0%A4%A")).status).toBeLessThan(500);
  });
});

describe("/metrics", () => {
  it("answers only to the bearer token, in Prometheus format, with the product's own series", async () => {
    expect((await get("/metrics")).status).toBe(401);
    expect((await get("/metrics", { headers: { Authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    await (await get("/bamidp/login")).text();
    const response = await get("/metrics", { headers: { Authorization: "Bearer metrics-token-0123456789" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(/chohyo_http_request_duration_seconds_count\{route="\/bamidp\/login",method="GET",status="200"\} \d+/);
    for (const series of ["chohyo_payment_api_calls_total", "chohyo_sign_ins_total", 'chohyo_mail_outbox{status="queued"}', "process_cpu_seconds_total"]) expect(text).toContain(series);
  });
});

describe("the public address", () => {
  it("sends a page opened at another host name to the same path at PUBLIC_URL, before anything else", async () => {
    const port = new URL(server.baseUrl).port;
    const response = await fetch(`http://localhost:${port}/bamidp/login?redirectTo=%2Finvoices%2Flist`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${server.baseUrl}/bamidp/login?redirectTo=%2Finvoices%2Flist`);
    // Probes and the API's own loopback calls are not pages.
    expect((await fetch(`http://localhost:${port}/healthz`)).status).toBe(200);
  });
});

describe("caching of signed-in pages", () => {
  it("says no-store to any response for a browser with a session, and leaves public pages alone", async () => {
    expect((await get("/bamidp/login", { headers: { Cookie: "__session=anything" } })).headers.get("cache-control")).toBe("no-store");
    expect((await get("/bamidp/login")).headers.get("cache-control")).toBeNull();
  });
});

/**
 * A server as `npm start` gives it without configuration: no proxy trusted, no dev routes. One start serves these
 * tests and ends with the shutdown.
 */
describe("a server with the defaults", () => {
  let plain: RunningServer;
  beforeAll(async () => {
    plain = await startBuiltServer({ TRUST_PROXY: "false", ENABLE_DEV_ROUTES: "false" });
  }, SERVER_START_MS);
  afterAll(async () => {
    await plain?.stop();
  });

  it("accepts a same-origin POST and ignores forwarded headers from an untrusted hop", async () => {
    const host = new URL(plain.baseUrl).host;
    const post = (headers: Record<string, string>) =>
      fetch(`${plain.baseUrl}/bamidp/login`, {
        method: "POST",
        redirect: "manual",
        body: signInForm(),
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      });
    expect((await post({ Origin: `http://${host}` })).status).toBe(302);
    const spoofed = await post({ Origin: "https://evil.example", "X-Forwarded-Host": "evil.example" });
    expect(spoofed.status).toBe(403);
  });

  it("answers dev routes with 404, and makes no test company", async () => {
    expect((await fetch(`${plain.baseUrl}/dev/layouts/plain`)).status).toBe(404);
    expect((await fetch(`${plain.baseUrl}/dev/bare`)).status).toBe(404);
    const made = await fetch(`${plain.baseUrl}/sandbox/test-companies`, { method: "POST", headers: { "Content-Type": "application/json", Origin: plain.baseUrl }, body: "{}" });
    expect(made.status).toBe(404);
  });

  it("stops on SIGTERM and exits cleanly", async () => {
    plain.child.kill("SIGTERM");
    expect(await plain.exited).toBe(0);
    await expect(fetch(`${plain.baseUrl}/healthz`)).rejects.toThrow();
    expect(plain.output()).toContain("shutdown complete");
  });
});
