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

const DEV_SESSION_SECRET = "dev-only-session-secret-change-me";

const envSchema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  TRUST_PROXY: trustProxy.default("false"),
  SESSION_SECRET: z.string().optional(),
  COOKIE_SECURE: booleanFlag.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  CONTACT_FORM_URL: z.string().default("https://support.chohyo.example.jp/contact/member"),
  CONTACT_FORM_URL_NO_PAYMENT_USER: z.string().default("https://support.chohyo.example.jp/contact/guest"),
  ENABLE_DEV_ROUTES: booleanFlag.optional(),
  PAYMENT_API_BASE_URL: z.string().url().optional(),
});

export type Config = {
  production: boolean;
  port: number;
  host: string;
  trustProxy: boolean | number | string;
  sessionSecrets: string[];
  cookieSecure: boolean;
  logLevel: z.infer<typeof envSchema>["LOG_LEVEL"];
  shutdownTimeoutMs: number;
  contactFormUrl: { withPaymentUser: string; withoutPaymentUser: string };
  enableDevRoutes: boolean;
  /** An external Payment API; null means the one this process mounts at /payment-api. */
  paymentApiBaseUrl: string | null;
};

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  if (production && !e.SESSION_SECRET) {
    throw new Error("SESSION_SECRET must be set in production.");
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    trustProxy: e.TRUST_PROXY,
    // Comma-separated so a secret can be rotated: the first signs, all verify.
    sessionSecrets: (e.SESSION_SECRET ?? DEV_SESSION_SECRET).split(",").map((s) => s.trim()).filter(Boolean),
    cookieSecure: e.COOKIE_SECURE ?? production,
    logLevel: e.LOG_LEVEL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    contactFormUrl: {
      withPaymentUser: e.CONTACT_FORM_URL,
      withoutPaymentUser: e.CONTACT_FORM_URL_NO_PAYMENT_USER,
    },
    enableDevRoutes: e.ENABLE_DEV_ROUTES ?? !production,
    paymentApiBaseUrl: e.PAYMENT_API_BASE_URL?.replace(/\/+$/, "") ?? null,
  };
}

let current: Config | undefined;

/** The configuration of this process, read from the environment once. */
export function getConfig(): Config {
  current ??= readConfig();
  return current;
}
