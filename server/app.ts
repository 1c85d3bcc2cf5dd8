import { readdirSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { CLIENT_ERRORS_PATH } from "~/components/browser-errors";
import { BUILD_VERSION_PATH } from "~/components/deployment";
import type { Config } from "~/services/config.server";
import type { ChohyoLoadContext } from "~/load-context";
import { limitRequestBody } from "./body-limit";
import { inProcessTransport } from "./in-process-api";
import { errorReporter } from "./error-reporting";
import { measureRequests, mountMetrics } from "./metrics";
import { mountRateLimits, type RateLimitStoreFactory } from "./rate-limits";
import { diagnoseProxy, normalizeForwardedHost, redirectToPublicHost, refuseCrossSiteWrites } from "./forwarded";
import { requestLogging } from "./logging";
import { assignCspNonce, cspNonceOf, noStoreWhenSignedIn, securityHeaders } from "./security";

/** A dependency /readyz asks before saying the server can take traffic. */
export type ReadinessCheck = { name: string; check: () => Promise<void> };

export type AppOptions = {
  config: Config;
  logger: Logger;
  build: ServerBuild;
  /** Folder holding `build/` (fingerprinted assets) and the other static files. */
  publicDir: string;
  readiness?: ReadinessCheck[];
  /** Set during shutdown so /readyz turns the load balancer away first. */
  isShuttingDown?: () => boolean;
  /** The embedded Payment API, mounted at /payment-api when no external address is configured; loaders reach it in process. */
  paymentApi?: express.Router;
  /** The sandbox's identity providers and bank service, when no external issuer is configured. */
  sandbox?: express.Router;
  /** Where rate limits count, when the process has the database. */
  rateLimitStore?: RateLimitStoreFactory;
};

export const PAYMENT_API_MOUNT_PATH = "/payment-api";

const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);

/** Origins of configured identity providers; the sandbox's are this origin. */
function externalIdentityProviderOrigins(config: Config): string[] {
  if (config.oidc.sandbox) return [];
  const { issuers } = config.oidc;
  return [...new Set([issuers.default, ...Object.values(issuers.banks)].map((issuer) => new URL(issuer).origin))];
}

const BENCH_BARE_HTML =
  '<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>bare</title></head><body><p>bare</p></body></html>';

export function createApp({
  config,
  logger,
  build,
  publicDir,
  readiness = [],
  isShuttingDown = () => false,
  paymentApi,
  sandbox,
  rateLimitStore,
}: AppOptions) {
  const app = express();
  app.disable("x-powered-by");
  const paymentApiTransport = paymentApi ? inProcessTransport(paymentApi, PAYMENT_API_MOUNT_PATH, logger) : undefined;
  app.set("trust proxy", config.trustProxy);

  app.use(requestLogging(logger));
  app.use(measureRequests);
  app.use(normalizeForwardedHost(config.trustProxy));
  app.use(assignCspNonce);
  app.use(securityHeaders({ formTargets: externalIdentityProviderOrigins(config) }));
  app.use(refuseCrossSiteWrites(config.publicUrl));
  app.use(compression());

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });

  app.get("/readyz", async (_req, res) => {
    if (isShuttingDown()) {
      res.status(503).json({ status: "shutting-down" });
      return;
    }
    const results = await Promise.allSettled(readiness.map((dependency) => dependency.check()));
    const failing = readiness.filter((_, index) => results[index]!.status === "rejected").map((d) => d.name);
    res.status(failing.length ? 503 : 200).json({ status: failing.length ? "unavailable" : "ready", failing });
  });

  mountMetrics(app, config.metricsToken);

  mountRateLimits(app, config.rateLimits, rateLimitStore);

  // Browser errors, reported on by the server so the DSN stays off the page (SPEC §8).
  app.post(CLIENT_ERRORS_PATH, express.json({ limit: "16kb", type: () => true }), (req, res) => {
    const { message, stack } = (req.body ?? {}) as { message?: unknown; stack?: unknown };
    const reporter = errorReporter();
    if (reporter && typeof message === "string" && message !== "") {
      const error = new Error(message.slice(0, 1000));
      error.name = "BrowserError";
      error.stack = typeof stack === "string" ? stack.slice(0, 8000) : `BrowserError: ${error.message}`;
      reporter.report(error, { source: "browser", traceId: String(req.id) });
    }
    res.status(204).end();
  });

  // SPEC §4: pages with JavaScript ask this hourly; a different version means a new deployment.
  app.get(BUILD_VERSION_PATH, (_req, res) => {
    res.set("Cache-Control", "no-store").json({ version: build.assets.version });
  });

  if (paymentApi) app.use(PAYMENT_API_MOUNT_PATH, paymentApi);
  if (sandbox) app.use(sandbox);

  // File names under /build carry a content hash, so they never change.
  app.use("/build", express.static(path.join(publicDir, "build"), { immutable: true, maxAge: "1y", index: false }));
  app.use(publicFiles(publicDir));

  if (config.enableDevRoutes) {
    // The benchmark's baseline: the same server and middleware, no Remix.
    app.get("/dev/bare", (_req, res) => {
      res.type("html").send(BENCH_BARE_HTML);
    });
  }

  // Pages are read with GET or HEAD and written by form posts; any other method (TRACE, PUT…) is not a page's.
  app.use((req, res, next) => {
    if (PAGE_METHODS.has(req.method)) return next();
    res.status(405).set("Allow", [...PAGE_METHODS].join(", ")).type("text/plain; charset=utf-8").send("この操作はできません。");
  });
  app.use(diagnoseProxy(config.publicUrl, config.trustProxy, logger));
  app.use(redirectToPublicHost(config.publicUrl));
  app.use(limitRequestBody());
  app.use(noStoreWhenSignedIn);

  app.all(
    "*",
    createRequestHandler({
      build,
      mode: config.production ? "production" : "development",
      getLoadContext: (req, res): ChohyoLoadContext => ({
        cspNonce: cspNonceOf(res),
        traceId: String(req.id),
        log: req.log,
        paymentApi: paymentApiTransport,
        ...(req.path.endsWith(".data") ? {} : { renderedHtml: new Map<string, string>() }),
      }),
    }),
  );

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    if (res.headersSent) {
      req.log.error({ err: error }, "request failed outside Remix");
      res.destroy();
      return;
    }
    // Express's own refusals, such as a path that is not valid percent-encoded UTF-8: the request's fault.
    const status = (error as { status?: unknown }).status;
    if (typeof status === "number" && status >= 400 && status < 500) {
      req.log.warn({ err: error }, "request refused");
      res
        .status(status)
        .type("html")
        .send(
          '<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>エラー | 帳票クラウド</title></head>' +
            "<body><h1>エラー</h1><p>リクエストの形式が正しくありません。アドレスをご確認ください。</p></body></html>",
        );
      return;
    }
    req.log.error({ err: error }, "request failed outside Remix");
    errorReporter()?.report(error, { source: "server", traceId: String(req.id) });
    res
      .status(500)
      .type("html")
      .send(
        '<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>エラー | 帳票クラウド</title></head>' +
          "<body><h1>エラー</h1><p>予期しないエラーが発生しました。時間をおいて再度お試しください。</p></body></html>",
      );
  };
  app.use(onError);

  return app;
}

/**
 * The other files of public/ (the favicon…), looked up by name: a page's
 * request then costs no filesystem lookup, as a catch-all express.static would.
 * What public/ holds is read once, when the server starts.
 */
function publicFiles(publicDir: string): express.RequestHandler {
  const names = readdirSync(publicDir).filter((name) => name !== "build");
  const serve = express.static(publicDir, { maxAge: "1h", index: false });
  return (req, res, next) => {
    const [, first = ""] = req.path.split("/", 2);
    if (names.includes(first)) return serve(req, res, next);
    next();
  };
}

