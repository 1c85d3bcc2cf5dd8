import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "~/services/config.server";
import { createApp } from "../../server/app";

let server: Server;
let origin: string;
let publicDir: string;

beforeAll(async () => {
  publicDir = mkdtempSync(path.join(tmpdir(), "chohyo-public-"));
  writeFileSync(path.join(publicDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  mkdirSync(path.join(publicDir, "fonts"));
  writeFileSync(path.join(publicDir, "fonts", "face.woff2"), "font");
  mkdirSync(path.join(publicDir, "build"));
  writeFileSync(path.join(publicDir, "build", "entry-ABC123.js"), "export {};");
  const build = (await import(path.resolve("build/index.js"))) as ServerBuild;
  const app = createApp({ config: readConfig({ NODE_ENV: "test" }), logger: pino({ level: "silent" }), build, publicDir });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(publicDir, { recursive: true, force: true });
});

describe("files of public/", () => {
  it("serves the files and folders public/ holds, for an hour, and the fingerprinted build for a year", async () => {
    const favicon = await fetch(`${origin}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await fetch(`${origin}/fonts/face.woff2`)).text()).toBe("font");
    const script = await fetch(`${origin}/build/entry-ABC123.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("leaves every other path to the pages, which here send a request at another host to PUBLIC_URL", async () => {
    const config = readConfig({ NODE_ENV: "test" });
    for (const other of ["/favicon.ico", "/fonts/none.woff2", "/package.json", "/invoices/list"]) {
      const response = await fetch(`${origin}${other}`, { redirect: "manual" });
      expect(response.status, other).toBe(302);
      expect(response.headers.get("location"), other).toBe(new URL(other, config.publicUrl).href);
    }
  });
});
