import type { Request, RequestHandler } from "express";
import type { Logger } from "pino";

const DEFAULT_PORTS: Record<string, string> = { http: "80", https: "443" };

/**
 * Remix refuses an action whose Origin host differs from X-Forwarded-Host (or
 * Host). Proxies often send `host:443` while the browser's Origin omits the
 * default port, so with a trusted proxy the first forwarded host is reduced to
 * what the browser shows. Without a trusted proxy, forwarded headers are
 * dropped: an unknown hop must not decide the request's origin. Whether a
 * proxy's headers came at all is kept (res.locals.throughProxy) for the
 * redirect and the diagnosis below.
 */
export function normalizeForwardedHost(trustProxy: boolean | number | string): RequestHandler {
  return (req, res, next) => {
    res.locals.throughProxy = FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
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

/** Headers a proxy adds: a request carrying any of them did not come straight from a browser. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-real-ip"];

/** The host a request names: the trusted proxy's X-Forwarded-Host (kept by normalizeForwardedHost), else Host. */
const seenHostOf = (req: Request) => (req.headers["x-forwarded-host"] as string | undefined) ?? req.headers.host;

/**
 * What a proxy in front gets wrong, said once per process in the log with the
 * header to set. Nothing here refuses a request (PUBLIC_URL gives links and
 * callbacks), but without it the log would never say why every user shares
 * one rate limit or why a page was refused. Pages only: probes and files are
 * often asked for past the proxy. An https PUBLIC_URL means a proxy in front,
 * since this server speaks plain HTTP.
 */
export function diagnoseProxy(publicUrl: string, trustProxy: boolean | number | string, logger: Logger): RequestHandler {
  const publicHost = new URL(publicUrl).host;
  const said = new Set<string>();
  const once = (key: string, details: Record<string, unknown>, message: string) => {
    if (said.has(key)) return;
    said.add(key);
    logger.warn({ proxyDiagnosis: key, publicUrl, ...details }, message);
  };
  return (req, res, next) => {
    if (!res.locals.throughProxy && !publicUrl.startsWith("https:")) return next();
    if (trustProxy === false) {
      once("trust-proxy", { remoteAddress: req.socket.remoteAddress }, "a proxy is in front but TRUST_PROXY is not set: its X-Forwarded-* headers are ignored; set TRUST_PROXY=1 (one proxy) or to the proxy's address");
      return next();
    }
    if (req.headers["x-forwarded-for"] === undefined && req.headers.forwarded === undefined) {
      once("x-forwarded-for", { clientAddress: req.ip }, "the proxy sends no X-Forwarded-For: every user counts as the proxy's address for rate limits and logs; nginx: proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
    }
    if (publicUrl.startsWith("https:") && req.protocol !== "https") {
      once("x-forwarded-proto", { protocol: req.protocol }, "the proxy does not say the browser used https, as PUBLIC_URL does; nginx: proxy_set_header X-Forwarded-Proto $scheme;");
    }
    const seenHost = seenHostOf(req);
    if (seenHost !== publicHost) {
      once("host", { seenHost }, "the proxy forwards another host than PUBLIC_URL's: pages work, as links and sign-in use PUBLIC_URL, but the server cannot see the browser's address; nginx: proxy_set_header Host $http_host; proxy_set_header X-Forwarded-Host $http_host;");
    }
    next();
  };
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const CROSS_SITE_PAGE =
  '<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>アクセス権限がありません | 帳票クラウド</title></head>' +
  "<body><h1>アクセス権限がありません</h1><p>別のサイトから送信されたため、処理しませんでした。帳票クラウドの画面から操作し直してください。</p></body></html>";

/** Escapes the little text the diagnosis page takes from configuration. */
const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * The page for a request the server cannot place at PUBLIC_URL: for the
 * user, where to open the product; for whoever runs it, what to set. The
 * address the server saw stays in the log, as it may be an internal one.
 */
function misdirectedPage(publicUrl: string) {
  const link = `<a href="${escapeHtml(publicUrl)}/">${escapeHtml(publicUrl)}</a>`;
  return (
    '<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>アドレスを確認してください | 帳票クラウド</title></head><body>' +
    "<h1>アドレスを確認してください</h1>" +
    `<p>帳票クラウドは ${link} で開いてください。このアドレスで開いても表示されない場合は、システム管理者にお問い合わせください。</p>` +
    "<h2>For the administrator</h2>" +
    `<p>This server answers at PUBLIC_URL (${link}), but this request did not name that address, and the server cannot tell the browser's. ` +
    "If a reverse proxy is in front, have it pass the browser's host and scheme and set TRUST_PROXY (nginx: <code>proxy_set_header Host $http_host;</code>, " +
    "<code>proxy_set_header X-Forwarded-Proto $scheme;</code>, <code>proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;</code>); " +
    "otherwise set PUBLIC_URL to the address the browser shows. The server's log says what it saw.</p></body></html>"
  );
}

/**
 * The same Origin check Remix makes before an action, done first so a
 * cross-site form gets a 403 page and a warning in the log instead of
 * Remix's empty 500. PUBLIC_URL's origin is this product's by definition, so
 * a post from it is accepted even when the proxy forwards another host (nginx's
 * default), and Remix is told that host. A post the browser itself calls
 * same-origin (Sec-Fetch-Site) whose Origin is neither is no attack but a
 * product opened at an address the server does not know: that gets the
 * diagnosis, not the cross-site page.
 */
export function refuseCrossSiteWrites(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  const publicHost = new URL(publicUrl).host;
  return (req, res, next) => {
    const origin = req.headers.origin;
    if (!UNSAFE_METHODS.has(req.method) || origin === undefined) {
      next();
      return;
    }
    const expectedHost = seenHostOf(req);
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
    if (origin === publicOrigin) {
      req.headers["x-forwarded-host"] = publicHost;
      next();
      return;
    }
    if (req.headers["sec-fetch-site"] === "same-origin") {
      req.log.warn(
        { origin, expectedHost, publicUrl },
        "form post from a page at another address than PUBLIC_URL's, and the proxy forwards neither: set PUBLIC_URL to the address the browser shows, or have the proxy pass it (nginx: proxy_set_header Host $http_host;)",
      );
      res.status(421).type("html").send(misdirectedPage(publicUrl));
      return;
    }
    req.log.warn({ origin, expectedHost }, "cross-site form post refused");
    res.status(403).type("html").send(CROSS_SITE_PAGE);
  };
}

/** Set on a redirect to PUBLIC_URL: the browser keeps it for the address it used, so it comes back only if the redirect did. */
const REDIRECTED_COOKIE = "chohyo_host_redirect";

/**
 * Pages are served at PUBLIC_URL's host only: the identity provider returns to
 * it, and the CSP's form-action allows it, so a page opened at another name
 * (127.0.0.1 for localhost) would have a sign-in button that does nothing. A
 * GET or HEAD made straight to this server at another host is sent to the same
 * path there. Never through a proxy (any X-Forwarded-* or Forwarded header) or
 * with an https PUBLIC_URL, which only a TLS-terminating proxy can serve: the
 * proxy owns the names it answers, and the host it forwards may be its
 * upstream's (nginx's default), which a redirect would send round in a loop.
 * A proxy that adds nothing at all is caught on the second turn: the browser
 * comes back with the cookie set on the first, and gets the diagnosis.
 */
export function redirectToPublicHost(publicUrl: string): RequestHandler {
  const publicHost = new URL(publicUrl).host;
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (res.locals.throughProxy || publicUrl.startsWith("https:")) return next();
    const host = req.headers.host;
    if (!host || host === publicHost) return next();
    if ((req.headers.cookie ?? "").split(";").some((pair) => pair.trim().startsWith(`${REDIRECTED_COOKIE}=`))) {
      req.log.warn(
        { host, publicUrl },
        "the redirect to PUBLIC_URL came back for the same host: something in front forwards another host than the browser's; set PUBLIC_URL to the address the browser shows, or have the proxy pass it (nginx: proxy_set_header Host $http_host;)",
      );
      res.status(421).set("Set-Cookie", `${REDIRECTED_COOKIE}=; Path=/; Max-Age=0`).type("html").send(misdirectedPage(publicUrl));
      return;
    }
    res.set("Set-Cookie", `${REDIRECTED_COOKIE}=1; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`);
    res.redirect(302, `${publicUrl}${req.originalUrl}`);
  };
}
