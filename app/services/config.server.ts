import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/**
 * Express's "trust proxy" accepts a boolean, a hop count or a list of
 * addresses/subnets; the bank's proxy decides which one fits.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value): boolean | number | string => {
    if (value === "" || value === "false") return false;
    if (value === "true") return true;
    if (/^\d+$/.test(value)) return Number(value);
    return value;
  });

/**
 * Outside production without SESSION_SECRET: a random secret made once and
 * kept in the data folder, so sessions survive a restart and nobody can sign
 * a session with a secret known from the source.
 */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  TRUST_PROXY: trustProxy.default("false"),
  SESSION_SECRET: z.string().optional(),
  DATA_DIR: z.string().default("./data"),
  COOKIE_SECURE: booleanFlag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  METRICS_TOKEN: z.string().min(16).optional(),
  RATE_LIMIT_SIGN_IN_PER_10_MINUTES: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_VIEW_PDF_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(30),
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  CONTACT_FORM_URL: z.string().default("https://support.chohyo.example.jp/contact/member"),
  CONTACT_FORM_URL_NO_PAYMENT_USER: z.string().default("https://support.chohyo.example.jp/contact/guest"),
  ENABLE_DEV_ROUTES: booleanFlag.optional(),
  PAYMENT_API_BASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  OIDC_CLIENT_ID: z.string().default("chohyo"),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z.string().url().optional(),
  OIDC_BANK_ISSUERS: z
    .string()
    .default("{}")
    .transform((text, ctx) => {
      try {
        return z.record(z.string().regex(/^\d{4}$/), z.string().url()).parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must be a JSON object of bank code to issuer URL, e.g. {"0182":"https://…"}' });
        return z.NEVER;
      }
    }),
  BANK_SERVICE_BASE_URL: z.string().url().optional(),
});

export type Config = {
  production: boolean;
  port: number;
  host: string;
  trustProxy: boolean | number | string;
  sessionSecrets: string[];
  /** Whether the secrets came from SESSION_SECRET or were made and kept in DATA_DIR (one instance only). */
  sessionSecretSource: "environment" | "data-dir";
  cookieSecure: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  shutdownTimeoutMs: number;
  /** The bearer token /metrics answers to; without one there is no /metrics. */
  metricsToken: string | null;
  /** Requests per client address: sign-in starts and callbacks per 10 minutes, recipients' link pages per minute. */
  rateLimits: { signInPerTenMinutes: number; viewPdfPerMinute: number };
  /** A session ends after this long without a page load, and this long after sign-in whatever happens (ASVS 3.3). */
  session: { idleSeconds: number; maxSeconds: number };
  contactFormUrl: { withPaymentUser: string; withoutPaymentUser: string };
  enableDevRoutes: boolean;
  /** An external Payment API; null means the one this process mounts at /payment-api. */
  paymentApiBaseUrl: string | null;
  /** The address users reach the product at; redirect URIs and the sandbox issuers derive from it. */
  publicUrl: string;
  /** Where this process reaches itself (loopback at its port): never through PUBLIC_URL, which behind a proxy it may not resolve. */
  loopbackUrl: string;
  oidc: {
    clientId: string;
    clientSecret: string;
    /** The default identity provider, and banks with their own (bank 0182). */
    issuers: { default: string; banks: Record<string, string> };
    /** No external issuer: the sandbox providers are mounted in this process. */
    sandbox: boolean;
  };
  /** The bank service (SPEC §7); the sandbox's in this process unless configured. */
  bankServiceBaseUrl: string;
};

/** Where the sandbox's identity providers live, under the public address. */
export const SANDBOX_IDP_PATHS = { default: "/sandbox/idp/default", "0182": "/sandbox/idp/0182" } as const;
export const SANDBOX_BANK_SERVICE_PATH = "/sandbox/bank-service";

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  // A bank's own sign-in needs a secret every instance shares; a trial on the sandbox's sign-in keeps one in DATA_DIR.
  if (production && !e.SESSION_SECRET && e.OIDC_ISSUER) {
    throw new Error("SESSION_SECRET must be set in production with the bank's identity provider (OIDC_ISSUER).");
  }
  if (e.OIDC_ISSUER && !e.OIDC_CLIENT_SECRET) {
    throw new Error("OIDC_CLIENT_SECRET must be set with OIDC_ISSUER.");
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const loopback = `http://127.0.0.1:${e.PORT}`;
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    // Comma-separated so a secret can be rotated: the first signs, all verify.
    sessionSecretSource: e.SESSION_SECRET ? "environment" : "data-dir",
    sessionSecrets: (e.SESSION_SECRET ?? localSessionSecret(e.DATA_DIR)).split(",").map((s) => s.trim()).filter(Boolean),
    // Secure where the browser reaches the product over TLS (the bank's proxy); a cookie marked so on plain HTTP is never sent back.
    cookieSecure: e.COOKIE_SECURE ?? publicUrl.startsWith("https:"),
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN ?? null,
    rateLimits: { signInPerTenMinutes: e.RATE_LIMIT_SIGN_IN_PER_10_MINUTES, viewPdfPerMinute: e.RATE_LIMIT_VIEW_PDF_PER_MINUTE },
    session: { idleSeconds: e.SESSION_IDLE_MINUTES * 60, maxSeconds: e.SESSION_MAX_HOURS * 3600 },
    contactFormUrl: {
      withPaymentUser: e.CONTACT_FORM_URL,
      withoutPaymentUser: e.CONTACT_FORM_URL_NO_PAYMENT_USER,
    },
    enableDevRoutes: e.ENABLE_DEV_ROUTES ?? !production,
    paymentApiBaseUrl: e.PAYMENT_API_BASE_URL?.replace(/\/+$/, "") ?? null,
    publicUrl,
    loopbackUrl: loopback,
    oidc: {
      clientId: e.OIDC_CLIENT_ID,
      clientSecret: e.OIDC_CLIENT_SECRET ?? "sandbox-client-secret",
      issuers: e.OIDC_ISSUER
        ? { default: e.OIDC_ISSUER, banks: e.OIDC_BANK_ISSUERS }
        : { default: `${publicUrl}${SANDBOX_IDP_PATHS.default}`, banks: { "0182": `${publicUrl}${SANDBOX_IDP_PATHS["0182"]}` } },
      sandbox: !e.OIDC_ISSUER,
    },
    bankServiceBaseUrl: (e.BANK_SERVICE_BASE_URL ?? `${loopback}${SANDBOX_BANK_SERVICE_PATH}`).replace(/\/+$/, ""),
  };
}

/**
 * The address this server uses for its own requests to a sandbox provider
 * (discovery, token, userinfo, keys): the sandbox is this process, so those go
 * over loopback while the issuer and the browser's addresses stay PUBLIC_URL.
 */
export function backChannelUrl(config: Config, url: string): string {
  const sandboxAtPublicUrl = `${config.publicUrl}/sandbox/`;
  if (!config.oidc.sandbox || !url.startsWith(sandboxAtPublicUrl)) return url;
  return `${config.loopbackUrl}${url.slice(config.publicUrl.length)}`;
}

let current: Config | undefined;

/** The configuration of this process, read from the environment once. */
export function getConfig(): Config {
  current ??= readConfig();
  return current;
}
