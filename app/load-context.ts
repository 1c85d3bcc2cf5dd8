import type { Logger } from "pino";
import type { PaymentApiTransport } from "./services/payment-api.server";

/** What server.ts hands every loader and action. */
export type ChohyoLoadContext = {
  /** Nonce of this response's Content-Security-Policy, for inline scripts Remix emits. */
  cspNonce: string;
  /** Trace id of this request: the proxy's X-Request-Id or one made here. */
  traceId: string;
  /** Logger bound to this request's trace id. */
  log: Logger;
  /** The embedded Payment API's in-process transport; absent when the API is elsewhere (PAYMENT_API_BASE_URL). */
  paymentApi?: PaymentApiTransport;
  /**
   * HTML loaders rendered for this response's page (htmlOnce), by name; present when the request renders the page, not
   * for the browser's data requests (`.data`), whose HTML travels in the data.
   */
  renderedHtml?: Map<string, string>;
};

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends ChohyoLoadContext {}

  interface Future {
    v3_singleFetch: true;
  }
}
