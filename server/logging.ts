import type { IncomingMessage } from "node:http";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { assignRequestId } from "./request-id";

/** Headers the web app sends the Payment API (SPEC §7); bank and screen names are percent-encoded. */
function platformHeaders(req: IncomingMessage) {
  const header = (name: string) => {
    const value = req.headers[name];
    if (typeof value !== "string" || value === "") return undefined;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  const props = { bankCode: header("x-bank-code"), bankName: header("x-bank-name"), screenName: header("x-screen-name") };
  return Object.fromEntries(Object.entries(props).filter(([, value]) => value !== undefined));
}

/** One JSON line per request with its trace id; headers stay out (cookies, tokens). */
export function requestLogging(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: assignRequestId,
    customProps: (req) => ({ traceId: req.id, ...platformHeaders(req) }),
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        url: req.url,
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
