import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type RunningServer } from "../support/server-process";

type SentryEvent = { exception?: { values?: Array<{ value?: string }> }; tags?: Record<string, string>; user?: unknown; request?: unknown };

let sentry: Server;
const events: SentryEvent[] = [];
let server: RunningServer;

beforeAll(async () => {
  // A Sentry-compatible endpoint that keeps each event of each envelope it is sent.
  sentry = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      const lines = body.split("\n").filter(Boolean);
      for (let index = 1; index < lines.length - 1; index += 1) {
        if ((JSON.parse(lines[index]!) as { type?: string }).type === "event") events.push(JSON.parse(lines[index + 1]!) as SentryEvent);
      }
      res.writeHead(200).end("{}");
    });
  });
  await new Promise<void>((resolve) => sentry.listen(0, "127.0.0.1", resolve));
  server = await startBuiltServer({ SENTRY_DSN: `http://publickey@127.0.0.1:${(sentry.address() as AddressInfo).port}/1` });
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => sentry.close(resolve));
});

const eventWith = (value: string) => events.find((event) => event.exception?.values?.some((exception) => exception.value?.includes(value)));

describe("error reporting to a Sentry-compatible endpoint (SENTRY_DSN)", () => {
  it("reports a server failure with the trace id and no personal data", async () => {
    const response = await fetch(`${server.baseUrl}/dev/errors/crash`, { headers: { "X-Request-Id": "trace-crash-0001" } });
    expect(response.status).toBe(500);
    await expect.poll(() => eventWith("A deliberate failure"), { timeout: 10_000 }).toBeTruthy();
    const event = eventWith("A deliberate failure")!;
    expect(event.tags).toMatchObject({ source: "server", trace_id: "trace-crash-0001" });
    expect(event.user).toBeUndefined();
    expect(event.request).toBeUndefined();
  });

  it("reports a browser error sent to /client-errors", async () => {
    const response = await fetch(`${server.baseUrl}/client-errors`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.baseUrl },
      body: JSON.stringify({ message: "Cannot read properties of undefined (reading 'lines')", stack: "TypeError: x\n    at render (http://x/build/a.js:1:2)" }),
    });
    expect(response.status).toBe(204);
    await expect.poll(() => eventWith("reading 'lines'"), { timeout: 10_000 }).toBeTruthy();
    expect(eventWith("reading 'lines'")!.tags).toMatchObject({ source: "browser" });
  });

  it("does not report the maintenance screen, a sign-in needed or a page not found", async () => {
    const window = `start=${encodeURIComponent(new Date().toISOString())}&end=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`;
    expect((await fetch(`${server.baseUrl}/dev/errors/maintenance?${window}`)).status).toBe(503);
    expect((await fetch(`${server.baseUrl}/dev/errors/401`)).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/no/such/page`)).status).toBe(404);
    const before = events.length;
    // A crash after them proves the reporter was working meanwhile; only it arrives.
    await fetch(`${server.baseUrl}/dev/errors/crash`, { headers: { "X-Request-Id": "trace-crash-0002" } });
    await expect.poll(() => events.some((event) => event.tags?.trace_id === "trace-crash-0002"), { timeout: 10_000 }).toBe(true);
    expect(events.slice(before).map((event) => event.tags?.trace_id)).toEqual(["trace-crash-0002"]);
  });
});
