import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Logger } from "pino";

export type ShutdownOptions = {
  /** How long in-flight requests may take before their connections are cut. */
  timeoutMs: number;
  logger: Logger;
  /** Closes what the server holds (database pools, job runners), after the last request. */
  closeResources?: () => Promise<void>;
};

/** The responses under way on each server that keeps them (`keepResponses`), and the servers shutting down. */
const underway = new WeakMap<Server, Set<ServerResponse>>();
const stopping = new WeakSet<Server>();

/**
 * Keeps the responses under way on `server`, so that a shutdown can have each
 * one close its connection (see `shutdown`). Call once, before it listens.
 */
export function keepResponses(server: Server): void {
  const responses = new Set<ServerResponse>();
  underway.set(server, responses);
  // Before the app's own listener, so that a response the app writes at once is marked too.
  server.prependListener("request", (_request: IncomingMessage, response: ServerResponse) => {
    if (stopping.has(server)) response.setHeader("Connection", "close");
    responses.add(response);
    response.once("close", () => responses.delete(response));
  });
}

/**
 * Stops accepting connections, lets in-flight requests finish within the
 * bound, then closes resources. Resolves when all is closed.
 *
 * From then on every answer not yet begun says `Connection: close`, and Node
 * closes its connection after it: a keep-alive client (a browser, a proxy
 * keeping connections to its upstream) must not send another request on a
 * connection this shutdown is about to close, where the request would be lost
 * unanswered (nginx answers a POST lost so with 502 and does not repeat it).
 */
export async function shutdown(server: Server, { timeoutMs, logger, closeResources }: ShutdownOptions): Promise<void> {
  stopping.add(server);
  for (const response of underway.get(server) ?? []) {
    if (!response.headersSent) response.setHeader("Connection", "close");
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // A keep-alive connection turns idle once its last response is sent; close it then, not at its keep-alive timeout.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  const forced = setTimeout(() => {
    logger.warn({ timeoutMs }, "shutdown bound reached: closing remaining connections");
    server.closeAllConnections();
  }, timeoutMs);
  forced.unref();
  await closed;
  clearInterval(sweep);
  clearTimeout(forced);
  await closeResources?.();
}
