import type { RequestHandler } from "express";

const DEFAULT_PORTS: Record<string, string> = { http: "80", https: "443" };

/**
 * Remix refuses an action whose Origin host differs from X-Forwarded-Host (or
 * Host). Proxies often send `host:443` while the browser's Origin omits the
 * default port, so with a trusted proxy the first forwarded host is reduced to
 * what the browser shows. Without a trusted proxy, forwarded headers are
 * dropped: an unknown hop must not decide the request's origin.
 */
export function normalizeForwardedHost(trustProxy: boolean | number | string): RequestHandler {
  return (req, _res, next) => {
    if (trustProxy === false) {
      delete req.headers["x-forwarded-host"];
      delete req.headers["x-forwarded-proto"];
      next();
      return;
    }
    const forwardedHost = req.headers["x-forwarded-host"];
    if (typeof forwardedHost === "string" && forwardedHost.trim() !== "") {
      const first = forwardedHost.split(",")[0]!.trim();
      const protocol = req.protocol;
      const match = /^(.*):(\d+)$/.exec(first);
      req.headers["x-forwarded-host"] = match && DEFAULT_PORTS[protocol] === match[2] ? match[1]! : first;
    }
    next();
  };
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const CROSS_SITE_PAGE =
  '<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>アクセス権限がありません | 帳票クラウド</title></head>' +
  "<body><h1>アクセス権限がありません</h1><p>別のサイトから送信されたため、処理しませんでした。帳票クラウドの画面から操作し直してください。</p></body></html>";

/**
 * The same Origin check Remix makes before an action, done first so a
 * cross-site form gets a 403 page and a warning in the log instead of
 * Remix's empty 500.
 */
export const refuseCrossSiteWrites: RequestHandler = (req, res, next) => {
  const origin = req.headers.origin;
  if (!UNSAFE_METHODS.has(req.method) || origin === undefined) {
    next();
    return;
  }
  const expectedHost = req.headers["x-forwarded-host"] ?? req.headers.host;
  let originHost: string | null = null;
  try {
    originHost = new URL(origin).host;
  } catch {
    // "null" or garbage: no host to match
  }
  if (originHost !== null && originHost === expectedHost) {
    next();
    return;
  }
  req.log.warn({ origin, expectedHost }, "cross-site form post refused");
  res.status(403).type("html").send(CROSS_SITE_PAGE);
};

/**
 * Pages are served at PUBLIC_URL's host only: the identity provider returns to
 * it, and the CSP's form-action allows it, so a page opened at another name
 * (127.0.0.1 for localhost, an internal name) would have a sign-in button that
 * does nothing. A GET or HEAD at another host is sent to the same path there.
 * Behind a proxy the host is known only when the proxy is trusted; otherwise
 * a forwarded request is left alone rather than sent round in a loop.
 */
export function redirectToPublicHost(publicUrl: string, trustProxy: boolean | number | string): RequestHandler {
  const publicHost = new URL(publicUrl).host;
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (trustProxy === false && req.headers["x-forwarded-for"] !== undefined) return next();
    const host = (req.headers["x-forwarded-host"] as string | undefined) ?? req.headers.host;
    if (!host || host === publicHost) return next();
    res.redirect(302, `${publicUrl}${req.originalUrl}`);
  };
}
