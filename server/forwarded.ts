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
