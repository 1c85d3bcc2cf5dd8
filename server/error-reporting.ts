import { createStackParser, createTransport, nodeStackLineParser, Scope, ServerRuntimeClient, type ErrorEvent } from "@sentry/core";

/** What a report may say about where it came from: never who (no names, e-mail, company or document contents). */
export type ReportContext = {
  traceId?: string;
  userType?: string | null;
  bankCode?: string | null;
  source: "server" | "api" | "browser";
};

export type ErrorReporter = { report: (error: unknown, context: ReportContext) => void; flush: (timeoutMs: number) => Promise<boolean> };

/** Only the exception and its stack leave the process: request data, user and breadcrumbs are dropped. */
function withoutPersonalData(event: ErrorEvent): ErrorEvent {
  delete event.request;
  delete event.user;
  delete event.breadcrumbs;
  delete event.extra;
  delete event.server_name;
  return event;
}

/**
 * A Sentry-compatible reporter (Sentry's own @sentry/core: its envelope
 * protocol, rate limits and retries) sending over fetch, so it takes the
 * outbound proxy. Null without a DSN: nothing is sent.
 */
function createErrorReporter(dsn: string | undefined, { environment, release }: { environment: string; release?: string }): ErrorReporter | null {
  if (!dsn) return null;
  const client = new ServerRuntimeClient({
    dsn,
    environment,
    release,
    integrations: [],
    sendDefaultPii: false,
    stackParser: createStackParser(nodeStackLineParser()),
    beforeSend: withoutPersonalData,
    transport: (options) =>
      createTransport(options, async (request) => {
        const response = await fetch(options.url, { method: "POST", body: request.body as BodyInit, headers: options.headers });
        return {
          statusCode: response.status,
          headers: { "x-sentry-rate-limits": response.headers.get("x-sentry-rate-limits"), "retry-after": response.headers.get("retry-after") },
        };
      }),
  });
  client.init();
  return {
    report(error, { traceId, userType, bankCode, source }) {
      const scope = new Scope();
      scope.setTags({ source, trace_id: traceId ?? "", user_type: userType ?? "", bank_code: bankCode ?? "" });
      client.captureException(error, undefined, scope);
    },
    flush: (timeoutMs) => Promise.resolve(client.flush(timeoutMs)),
  };
}

let shared: ErrorReporter | null | undefined;

/** The process's reporter, from SENTRY_DSN (null when unset). */
export function errorReporter(): ErrorReporter | null {
  shared ??= createErrorReporter(process.env.SENTRY_DSN, {
    environment: process.env.SENTRY_ENVIRONMENT ?? process.env.NODE_ENV ?? "development",
    release: process.env.SENTRY_RELEASE,
  });
  return shared;
}
