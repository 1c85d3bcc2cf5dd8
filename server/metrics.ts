import { timingSafeEqual } from "node:crypto";
import type { RequestHandler, Router } from "express";
import { collectDefaultMetrics, Gauge, Histogram, register } from "prom-client";

/**
 * Prometheus metrics in prom-client's default registry, which the web app's
 * own counters (app/services/metrics.server.ts) share: prom-client is a
 * package, loaded once, though the server and the Remix build are bundled apart.
 */
collectDefaultMetrics();

const requestDuration = new Histogram({
  name: "chohyo_http_request_duration_seconds",
  help: "Time to answer a request, by route pattern, method and status.",
  labelNames: ["route", "method", "status"],
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
});

/**
 * A path's pattern for the label: ids and tokens become placeholders, so the
 * number of series stays bounded whatever is requested.
 */
export function routePattern(path: string): string {
  if (path.startsWith("/build/")) return "/build/*";
  const segments = path
    .split("/")
    .slice(1, 5)
    .map((segment) => (/^\d+$/.test(segment) ? ":id" : /^[0-9a-f-]{16,}$/i.test(segment) || segment.length > 40 ? ":token" : /^[a-z][a-z0-9_.-]*$/i.test(segment) ? segment : ":value"));
  return `/${segments.join("/")}`;
}

export const measureRequests: RequestHandler = (req, res, next) => {
  const stop = requestDuration.startTimer();
  res.on("finish", () => stop({ route: routePattern(req.path), method: req.method, status: String(res.statusCode) }));
  next();
};

export type MetricsSources = {
  /** The PostgreSQL pool, when the process has one. */
  pool?: () => { total: number; idle: number; waiting: number };
  /** Mails by outbox status (queued, sending, sent, error). */
  mailQueue?: () => Promise<Record<string, number>>;
};

/** Gauges read at scrape time from the process's own database and outbox. */
export function registerSources({ pool, mailQueue }: MetricsSources) {
  if (pool) {
    new Gauge({
      name: "chohyo_db_pool_connections",
      help: "PostgreSQL pool connections by state.",
      labelNames: ["state"],
      collect() {
        const counts = pool();
        this.set({ state: "total" }, counts.total);
        this.set({ state: "idle" }, counts.idle);
        this.set({ state: "waiting" }, counts.waiting);
      },
    });
  }
  if (mailQueue) {
    new Gauge({
      name: "chohyo_mail_outbox",
      help: "Mails in the outbox by status: queued and sending are the queue, error the failures.",
      labelNames: ["status"],
      async collect() {
        const counts = await mailQueue();
        for (const status of ["queued", "sending", "sent", "error"]) this.set({ status }, counts[status] ?? 0);
      },
    });
  }
}

/**
 * GET /metrics for the bank's monitoring only: it answers with the bearer
 * token METRICS_TOKEN, and is not there at all without one.
 */
export function mountMetrics(app: Router, token: string | null) {
  if (!token) return;
  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", async (req, res) => {
    const given = Buffer.from(req.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).set("WWW-Authenticate", "Bearer").type("text/plain; charset=utf-8").send("認証が必要です。");
      return;
    }
    try {
      res.set("Content-Type", register.contentType).set("Cache-Control", "no-store").send(await register.metrics());
    } catch (error) {
      // A gauge read from the database while it is away: the scrape fails, the process goes on.
      req.log.warn({ err: error }, "metrics could not be collected");
      res.status(503).type("text/plain; charset=utf-8").send("ただいま取得できません。");
    }
  });
}
