import type { AppLoadContext } from "@remix-run/node";
import { pino } from "pino";

/**
 * The load context server.ts hands loaders and actions, for calling them in a test: a fixed trace id and a
 * silent logger. Without `paymentApi` the services reach the test API over HTTP (PAYMENT_API_BASE_URL).
 */
export function testContext(overrides: Partial<AppLoadContext> = {}): AppLoadContext {
  return { cspNonce: "test-nonce", traceId: "test-trace", log: pino({ level: "silent" }), ...overrides };
}
