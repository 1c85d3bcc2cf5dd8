import path from "node:path";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import type { ServerBuild } from "@remix-run/node";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { readConfig } from "~/services/config.server";
import { createApp, type AppOptions } from "../../server/app";

let server: Server | undefined;

afterEach(() => {
  server?.close();
});

async function start(options: Pick<AppOptions, "readiness" | "isShuttingDown">) {
  const build = (await import(path.resolve("build/index.js"))) as ServerBuild;
  const app = createApp({
    config: readConfig({ NODE_ENV: "test" }),
    logger: pino({ level: "silent" }),
    build,
    publicDir: path.resolve("public"),
    ...options,
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("/readyz", () => {
  it("names the dependencies that cannot be reached and answers 503", async () => {
    const url = await start({
      readiness: [
        { name: "payment-api", check: async () => {} },
        { name: "database", check: async () => Promise.reject(new Error("connection refused")) },
      ],
    });
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "unavailable", failing: ["database"] });
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
  });

  it("turns traffic away while shutting down", async () => {
    const url = await start({ isShuttingDown: () => true });
    const response = await fetch(`${url}/readyz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: "shutting-down" });
  });
});
