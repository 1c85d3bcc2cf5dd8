import { EnvHttpProxyAgent, setGlobalDispatcher } from "undici";

/** The variables read here (process.env, or a test's own). */
type Environment = Record<string, string | undefined>;

/** This process's own addresses: the embedded Payment API, the sandbox and the JWKS it reads over loopback never go out. */
const LOOPBACK = ["localhost", "127.0.0.1", "::1"];

/** The proxy a bank's data centre sends outbound traffic through, from the usual variables (either case). */
function outboundProxyOf(env: Environment = process.env) {
  const httpProxy = env.HTTP_PROXY ?? env.http_proxy;
  const httpsProxy = env.HTTPS_PROXY ?? env.https_proxy ?? httpProxy;
  if (!httpProxy && !httpsProxy) return null;
  const noProxy = [env.NO_PROXY ?? env.no_proxy ?? "", ...LOOPBACK].filter(Boolean).join(",");
  return { httpProxy, httpsProxy, noProxy };
}

/** Whether a host is to be reached directly, by NO_PROXY's rules (exact names, domain suffixes, `*`). */
export function bypassesProxy(host: string, noProxy: string): boolean {
  return noProxy
    .split(",")
    .map((entry) => entry.trim().toLowerCase().replace(/:\d+$/, ""))
    .filter(Boolean)
    .some((entry) => entry === "*" || host === entry || host.endsWith(entry.startsWith(".") ? entry : `.${entry}`));
}

/**
 * Routes every fetch of this process (identity providers, the bank service, the
 * Payment API when it is elsewhere) through HTTP_PROXY / HTTPS_PROXY unless
 * NO_PROXY names the host. Returns the proxy settings, or null when none is set.
 */
export function installOutboundProxy(env: Environment = process.env) {
  const proxy = outboundProxyOf(env);
  if (proxy) setGlobalDispatcher(new EnvHttpProxyAgent(proxy));
  return proxy;
}

/** The proxy nodemailer should tunnel an SMTP connection through (HTTP CONNECT), if any. */
export function smtpProxyFor(smtpUrl: string, env: Environment = process.env): string | undefined {
  const proxy = outboundProxyOf(env);
  if (!proxy) return undefined;
  return bypassesProxy(new URL(smtpUrl).hostname.toLowerCase(), proxy.noProxy) ? undefined : (proxy.httpsProxy ?? proxy.httpProxy);
}
