import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { getConfig } from "~/services/config.server";
import { getLogger } from "~/services/logger.server";
import { readApiConfig } from "./api/config";
import { count } from "drizzle-orm";
import { documentMails } from "./api/db/schema";
import { DatabaseRateLimitStore } from "./api/rate-limit-store";
import { startPaymentApi, type PaymentApiService } from "./api/service";
import { createSandboxMailbox } from "./sandbox/mailbox";
import { mountSandbox } from "./sandbox/mount";
import { createSandboxAccessPoint, SANDBOX_PEPPOL_PATH } from "./sandbox/peppol-access-point";
import { seedDemoData } from "./sandbox/seed";
import { createTestCompanyFactory, SANDBOX_TEST_COMPANIES_PATH } from "./sandbox/test-companies";
import { createApp, type ReadinessCheck } from "./server/app";
import { registerSources } from "./server/metrics";
import { installOutboundProxy } from "./server/outbound-proxy";
import { keepResponses, shutdown } from "./server/shutdown";

// Before anything reaches out: identity providers, the bank service and SMTP go through the bank's proxy when one is set.
const proxy = installOutboundProxy();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const config = getConfig();
const logger = getLogger();
// The proxy's host only: its address may carry credentials.
if (proxy) logger.info({ proxy: new URL(proxy.httpsProxy ?? proxy.httpProxy!).host, noProxy: proxy.noProxy }, "outbound requests go through the proxy");

if (config.production && config.sessionSecretSource === "data-dir") {
  logger.warn({ dataDir: readApiConfig().dataDir }, "SESSION_SECRET is not set: sessions are signed with a secret kept in DATA_DIR, which only this instance knows");
}

const build = (await import(path.join(root, "build", "index.js"))) as ServerBuild;

// Without an external identity provider, the sandbox's providers and bank service run here.
const apiConfig = readApiConfig();
const sandbox = config.oidc.sandbox ? await mountSandbox(config, { keysDir: apiConfig.dataDir }) : undefined;

// Without an external Payment API, this process serves it too (the embedded default).
let embeddedApi: PaymentApiService | undefined;
if (!config.paymentApiBaseUrl) {
  const issuers = apiConfig.issuers.length === 0 && sandbox ? sandbox.issuers : apiConfig.issuers;
  // Registration numbers go to the sandbox's NTA stand-in unless a mode was chosen (decision 025).
  const nta = apiConfig.nta.mode === null && sandbox ? { ...apiConfig.nta, mode: "api" as const, ...sandbox.nta } : apiConfig.nta;
  embeddedApi = await startPaymentApi({ ...apiConfig, issuers, nta, bankServiceBaseUrl: config.bankServiceBaseUrl }, {
    logger,
    migrationsFolder: path.join(root, "api", "db", "migrations"),
    seed: (db) => seedDemoData(db, path.join(root, "sandbox", "assets")),
    publicDir: path.join(root, "public"),
  });
}
// The embedded mail outbox without SMTP keeps mail locally; the sandbox shows each company its own.
if (sandbox && embeddedApi && !apiConfig.mail.smtpUrl) sandbox.router.use(createSandboxMailbox(embeddedApi.database.db));
// The sandbox's Peppol access point keeps what it is handed in the same database (decision 045); PEPPOL_AP_URL points to it by default.
if (sandbox && embeddedApi) sandbox.router.use(SANDBOX_PEPPOL_PATH, createSandboxAccessPoint(embeddedApi.database.db));
// Tests that need a company no other test touches make one (issue 30); only where the development routes are on.
if (sandbox && embeddedApi && config.enableDevRoutes) sandbox.router.use(SANDBOX_TEST_COMPANIES_PATH, createTestCompanyFactory(embeddedApi.database.db));
if (embeddedApi) {
  const { database } = embeddedApi;
  registerSources({
    pool: database.poolStats,
    mailQueue: async () => {
      const rows = await database.db.select({ status: documentMails.status, mails: count() }).from(documentMails).groupBy(documentMails.status);
      return Object.fromEntries(rows.map((row) => [row.status, row.mails]));
    },
  });
}
const readiness: ReadinessCheck[] = embeddedApi ? [{ name: "database", check: embeddedApi.database.ping }] : [];

let shuttingDown = false;
const app = createApp({
  config,
  logger,
  build,
  publicDir: path.join(root, "public"),
  readiness,
  isShuttingDown: () => shuttingDown,
  paymentApi: embeddedApi?.router,
  sandbox: sandbox?.router,
  rateLimitStore: embeddedApi ? (prefix) => new DatabaseRateLimitStore(embeddedApi!.database.db, prefix) : undefined,
});

// Listening only once the embedded API has the schema current (startPaymentApi waits while another instance
// migrates, decision 036): until then /healthz and /readyz do not answer, so no traffic meets an old schema.
const server = app.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  logger.info({ host: config.host, port }, `帳票クラウド listening on http://localhost:${port}`);
});
// So that a shutdown can tell keep-alive clients to close the connections of the answers under way.
keepResponses(server);

async function stop(signal: NodeJS.Signals) {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, "shutting down");
  try {
    await shutdown(server, { timeoutMs: config.shutdownTimeoutMs, logger, closeResources: embeddedApi?.close });
    logger.info("shutdown complete");
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, "shutdown failed");
    process.exit(1);
  }
}

process.on("SIGTERM", (signal) => void stop(signal));
process.on("SIGINT", (signal) => void stop(signal));
