import type { AppLoadContext } from "@remix-run/node";
import { pino } from "pino";
import type { PaymentApiTransport } from "~/services/payment-api.server";

/**
 * The load context server.ts hands loaders and actions, for calling them in a test: a fixed trace id and a
 * silent logger. Without `paymentApi` the services reach the test API over HTTP (PAYMENT_API_BASE_URL).
 */
export function testContext(overrides: Partial<AppLoadContext> = {}): AppLoadContext {
  return { cspNonce: "test-nonce", traceId: "test-trace", log: pino({ level: "silent" }), ...overrides };
}

/**
 * A test context whose Payment API calls are written down ("POST /documents") as they reach the real API,
 * over HTTP or through `through` (the API in process).
 */
export function countingContext(through: PaymentApiTransport = fetch): { context: AppLoadContext; calls: string[] } {
  const calls: string[] = [];
  const paymentApi: PaymentApiTransport = (url, init) => {
    calls.push(`${init?.method ?? "GET"} ${new URL(url).pathname.replace(/^.*\/api\/v1/, "")}`);
    return through(url, init);
  };
  return { context: testContext({ paymentApi }), calls };
}
