import { Counter, register } from "prom-client";

/** One counter per name, however many bundles load this module (the server and the Remix build are bundled apart). */
function counter(name: string, help: string, labelNames: string[]): Counter<string> {
  return (register.getSingleMetric(name) as Counter<string> | undefined) ?? new Counter({ name, help, labelNames });
}

/** Calls to the Payment API by status ("unreachable" when it did not answer). */
export const paymentApiCalls = counter("chohyo_payment_api_calls_total", "Payment API calls made by the web app, by status.", ["status"]);

/** Sign-ins through the bank's identity provider: succeeded, failed, maintenance. */
export const signIns = counter("chohyo_sign_ins_total", "Sign-ins through the bank's identity provider, by outcome.", ["outcome"]);
