import { Agent, createServer, get, type IncomingHttpHeaders, type Server } from "node:http";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { keepResponses, shutdown } from "./shutdown";

const logger = pino({ level: "silent" });
let server: Server | undefined;

async function listen(handler: Parameters<typeof createServer>[1]) {
  server = createServer(handler);
  keepResponses(server);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return `http://127.0.0.1:${address.port}`;
}

afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

describe("graceful shutdown", () => {
  it("lets an in-flight request finish, refuses new connections, then closes resources", async () => {
    const url = await listen((_req, res) => setTimeout(() => res.end("done"), 300));
    const inFlight = fetch(url).then((response) => response.text());
    await new Promise((resolve) => setTimeout(resolve, 50));

    const events: string[] = [];
    const stopping = shutdown(server!, {
      timeoutMs: 5_000,
      logger,
      closeResources: async () => {
        events.push("resources closed");
      },
    }).then(() => events.push("stopped"));

    await expect(fetch(url)).rejects.toThrow();
    expect(await inFlight).toBe("done");
    await stopping;
    expect(events).toEqual(["resources closed", "stopped"]);
  });

  it("cuts a request that outlives the bound", async () => {
    const url = await listen(() => {
      // never answers
    });
    const hanging = fetch(url).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await shutdown(server!, { timeoutMs: 200, logger });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await hanging).toBeInstanceOf(Error);
  });

  it("has an answer under way, and any after, close its keep-alive connection, so no request is sent on it as it closes", async () => {
    const url = await listen((req, res) => setTimeout(() => res.end(req.url), req.url === "/slow" ? 300 : 0));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const ask = (path: string) =>
      new Promise<{ headers: IncomingHttpHeaders; body: string; port: number | undefined }>((resolve, reject) => {
        get(`${url}${path}`, { agent }, (response) => {
          const port = response.socket.localPort;
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve({ headers: response.headers, body, port }));
        }).on("error", reject);
      });

    const before = await ask("/before");
    expect(before.headers.connection).toBe("keep-alive");
    const inFlight = ask("/slow");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const stopping = shutdown(server!, { timeoutMs: 5_000, logger });

    const answered = await inFlight;
    expect(answered.body).toBe("/slow");
    // The same connection as the first answer's, now told to close: the agent will not send on it again.
    expect(answered.port).toBe(before.port);
    expect(answered.headers.connection).toBe("close");
    await stopping;
    agent.destroy();
  });
});
