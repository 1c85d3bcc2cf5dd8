import { pino, type Logger } from "pino";
import { getConfig } from "./config.server";

export type { Logger };

let root: Logger | undefined;

/** The process-wide JSON logger; request handlers use the per-request child in the load context. */
export function getLogger(): Logger {
  root ??= pino({
    level: getConfig().logLevel,
    base: { service: "chohyo" },
    redact: {
      paths: ["req.headers.authorization", "req.headers.cookie", 'res.headers["set-cookie"]'],
      censor: "[redacted]",
    },
  });
  return root;
}
