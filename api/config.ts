import { z } from "zod";
import type { BackupSchedule } from "./backup/schedule";
import type { S3Settings } from "./storage/s3-storage";

const issuerSchema = z.object({
  issuer: z.string().url(),
  jwksUri: z.string().url(),
  /** Banks whose users this issuer signs in; a token for another bank is refused. */
  bankCodes: z.array(z.string()).optional(),
});

export type IssuerConfig = z.infer<typeof issuerSchema>;

const envSchema = z.object({
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  DATA_DIR: z.string().default("./data"),
  OIDC_CLIENT_ID: z.string().default("chohyo"),
  ID_TOKEN_ISSUERS: z
    .string()
    .default("[]")
    .transform((text, ctx) => {
      try {
        return z.array(issuerSchema).parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "must be a JSON array of { issuer, jwksUri, bankCodes? }" });
        return z.NEVER;
      }
    }),
  MAINTENANCE_START: z.string().datetime({ offset: true }).optional(),
  MAINTENANCE_END: z.string().datetime({ offset: true }).optional(),
  API_PORT: z.coerce.number().int().min(0).max(65535).default(3001),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("ap-northeast-1"),
  S3_ENDPOINT: z.string().url().optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().default(""),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default("帳票クラウド <no-reply@chohyo.example>"),
  MAIL_LINK_SECRET: z.string().min(16).optional(),
  SESSION_SECRET: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().default(3000),
  MAIL_LINK_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  MAIL_RATE_PER_HOUR: z.coerce.number().int().min(1).default(60),
  MAIL_POLL_MS: z.coerce.number().int().min(100).default(2000),
  BANK_SERVICE_BASE_URL: z.string().url().optional(),
  NTA_MODE: z.enum(["api", "offline"]).optional(),
  NTA_API_BASE_URL: z.string().url().optional(),
  NTA_APPLICATION_ID: z.string().min(1).optional(),
  NTA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  PEPPOL_AP_URL: z.string().url().optional(),
  PEPPOL_AP_TOKEN: z.string().min(1).optional(),
  PEPPOL_AP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(30_000),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_TIME: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM (Japan time)")
    .default("03:00"),
  BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
});

/**
 * How registration numbers are verified (decision 025): the NTA's Web-API, or
 * the table loaded from its bulk data. `mode` null means nothing was chosen:
 * the sandbox's stand-in when the sandbox runs in this process, else offline.
 */
export type NtaSettings = { mode: "api" | "offline" | null; baseUrl: string | null; applicationId: string | null; timeoutMs: number };

export type ApiConfig = {
  /** PGlite runs in a thread of its own (decision 051). */
  database: { databaseUrl: string; poolSize: number } | { dataDir: string; ownThread: true };
  /** The data folder (embedded database, sandbox keys), also when the database is PostgreSQL. */
  dataDir: string;
  clientId: string;
  issuers: IssuerConfig[];
  maintenance: { start: string; end: string } | null;
  port: number;
  /** Files go to this bucket when S3_BUCKET is set, else into the database. */
  s3: S3Settings | null;
  mail: {
    /** SMTP through nodemailer; without it, mail stays in the local mailbox the sandbox shows. */
    smtpUrl: string | null;
    from: string;
    linkSecret: string;
    publicUrl: string;
    linkDays: number;
    ratePerHour: number;
    pollMs: number;
  };
  nta: NtaSettings;
  /** The bank service (SPEC §7), which the API asks with the caller's token; the sandbox's in the web server's process unless configured. */
  bankServiceBaseUrl: string;
  /** Daily backups of the embedded database when BACKUP_DIR is set (ADR 039). */
  backup: BackupSchedule | null;
  /** The company's Peppol access point (decision 045): the sandbox's stand-in in the web server's process unless configured. */
  peppol: { baseUrl: string; token: string; timeoutMs: number };
};

/** The sandbox access point's token (sandbox/peppol-access-point.ts requires it, as a real one requires credentials). */
export const SANDBOX_PEPPOL_AP_TOKEN = "sandbox-peppol-token";

const DEV_LINK_SECRET = "dev-only-link-secret-change-me";

export function readApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid Payment API configuration:\n${problems.join("\n")}`);
  }
  const e = parsed.data;
  if (Boolean(e.MAINTENANCE_START) !== Boolean(e.MAINTENANCE_END)) {
    throw new Error("Invalid Payment API configuration: MAINTENANCE_START and MAINTENANCE_END go together.");
  }
  const ntaMode = e.NTA_MODE ?? (e.NTA_API_BASE_URL ? "api" : null);
  if (ntaMode === "api" && (!e.NTA_API_BASE_URL || !e.NTA_APPLICATION_ID)) {
    throw new Error("Invalid Payment API configuration: the NTA Web-API needs NTA_API_BASE_URL and NTA_APPLICATION_ID.");
  }
  if (e.PEPPOL_AP_URL && !e.PEPPOL_AP_TOKEN) {
    throw new Error("Invalid Payment API configuration: PEPPOL_AP_URL needs PEPPOL_AP_TOKEN (the access point's credentials).");
  }
  return {
    database: e.DATABASE_URL ? { databaseUrl: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE } : { dataDir: e.DATA_DIR, ownThread: true },
    dataDir: e.DATA_DIR,
    clientId: e.OIDC_CLIENT_ID,
    issuers: e.ID_TOKEN_ISSUERS,
    maintenance: e.MAINTENANCE_START && e.MAINTENANCE_END ? { start: e.MAINTENANCE_START, end: e.MAINTENANCE_END } : null,
    port: e.API_PORT,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === "true",
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          prefix: e.S3_PREFIX,
        }
      : null,
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: e.MAIL_FROM,
      // Links must outlive restarts, so the secret is configured; the session secret serves when no own one is set.
      linkSecret: e.MAIL_LINK_SECRET ?? e.SESSION_SECRET?.split(",")[0]?.trim() ?? DEV_LINK_SECRET,
      publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
      linkDays: e.MAIL_LINK_DAYS,
      ratePerHour: e.MAIL_RATE_PER_HOUR,
      pollMs: e.MAIL_POLL_MS,
    },
    bankServiceBaseUrl: (e.BANK_SERVICE_BASE_URL ?? `http://127.0.0.1:${e.PORT}/sandbox/bank-service`).replace(/\/+$/, ""),
    peppol: {
      baseUrl: (e.PEPPOL_AP_URL ?? `http://127.0.0.1:${e.PORT}/sandbox/peppol`).replace(/\/+$/, ""),
      token: e.PEPPOL_AP_TOKEN ?? SANDBOX_PEPPOL_AP_TOKEN,
      timeoutMs: e.PEPPOL_AP_TIMEOUT_MS,
    },
    nta: { mode: ntaMode, baseUrl: e.NTA_API_BASE_URL ?? null, applicationId: e.NTA_APPLICATION_ID ?? null, timeoutMs: e.NTA_TIMEOUT_MS },
    backup: e.BACKUP_DIR
      ? { dir: e.BACKUP_DIR, at: { hour: Number(e.BACKUP_TIME.slice(0, 2)), minute: Number(e.BACKUP_TIME.slice(3)) }, keep: e.BACKUP_KEEP }
      : null,
  };
}
