import type { Server } from "node:http";
import type { Logger } from "pino";

export type ShutdownOptions = {
  /** How long in-flight requests may take before their connections are cut. */
  timeoutMs: number;
  logger: Logger;
  /** Closes what the server holds (database pools, job runners), after the last request. */
  closeResources?: () => Promise<void>;
};

/**
 * Stops accepting connections, lets in-flight requests finish within the
 * bound, then closes resources. Resolves when all is closed.
 */
export async function shutdown(server: Server, { timeoutMs, logger, closeResources }: ShutdownOptions): Promise<void> {
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
