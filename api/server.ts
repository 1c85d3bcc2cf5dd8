import path from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import { pino } from "pino";
import { requestLogging } from "../server/logging";
import { installOutboundProxy } from "../server/outbound-proxy";
import { keepResponses, shutdown } from "../server/shutdown";
import { readApiConfig } from "./config";
import { startPaymentApi } from "./service";

/**
 * The Payment API alone (`npm run start:api`), for running it on its own
 * instances; the web app then reaches it through PAYMENT_API_BASE_URL.
 */
// The issuers' key sets and SMTP go through the data centre's proxy when one is set.
installOutboundProxy();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const config = readApiConfig();
const logger = pino({ level: process.env.LOG_LEVEL ?? "info", base: { service: "chohyo-payment-api" } });
const { router, database, close } = await startPaymentApi(config, { logger, migrationsFolder: path.join(root, "api", "db", "migrations") });

let shuttingDown = false;
const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY === "true" || process.env.TRUST_PROXY === "1" ? 1 : false);
app.use(requestLogging(logger));
app.get("/healthz", (_req, res) => {
  res.json({ status: "ok" });
});
app.get("/readyz", async (_req, res) => {
  if (shuttingDown) {
    res.status(503).json({ status: "shutting-down" });
    return;
  }
  try {
    await database.ping();
    res.json({ status: "ready", failing: [] });
  } catch {
    res.status(503).json({ status: "unavailable", failing: ["database"] });
  }
});
app.use(router);

// Listening only once startPaymentApi has the schema current: before that, nothing answers (decision 036).
const server = app.listen(config.port, process.env.HOST ?? "0.0.0.0", () => {
  logger.info({ port: config.port }, "Payment API listening");
});
// So that a shutdown can tell keep-alive clients to close the connections of the answers under way.
keepResponses(server);

async function stop() {
  if (shuttingDown) return;
  shuttingDown = true;
  await shutdown(server, { timeoutMs: Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000), logger, closeResources: close });
  process.exit(0);
}
process.on("SIGTERM", () => void stop());
process.on("SIGINT", () => void stop());
