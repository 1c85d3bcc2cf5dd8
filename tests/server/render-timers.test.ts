import path from "node:path";
import type { Server } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readConfig } from "~/services/config.server";
import { createApp } from "../../server/app";
import { freePort } from "../support/server-process";

let server: Server;
let origin: string;
/** How long Remix's own serialisation of a page's data may wait (entry.server's streamTimeout); its timer runs that long whatever we do. */
let dataTimeoutMs: number;

beforeAll(async () => {
  const build = (await import(path.resolve("build/index.js"))) as ServerBuild;
  dataTimeoutMs = Number(build.entry.module.streamTimeout);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  const config = readConfig({ NODE_ENV: "test", PUBLIC_URL: origin });
  server = createApp({ config, logger: pino({ level: "silent" }), build, publicDir: path.resolve("public") }).listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
});

afterAll(() => {
  server.close();
});

const pendingTimers = () => process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;

describe("a rendered page", () => {
  it("leaves no timer behind once it has been sent, so nothing of its render is kept alive after it", { timeout: 15_000 }, async () => {
    const before = pendingTimers();
    for (let page = 0; page < 10; page += 1) {
      const response = await fetch(`${origin}/no-such-page`, { headers: { connection: "close" } });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("</html>");
    }
    // Once Remix's timers have run, none may be left: the render's abort timer is cleared when the page is written.
    await new Promise((resolve) => setTimeout(resolve, dataTimeoutMs + 200));
    expect(pendingTimers()).toBeLessThanOrEqual(before);
  });
});
