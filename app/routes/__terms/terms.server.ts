import type { z } from "zod";
import { termsRecordAnswer, termsTextAnswer } from "@domain/master-data-answers";
import { effectiveDateOf, type TermsText } from "@domain/terms";
import { notFound } from "../../services/errors.server";
import { askPaymentApi, paymentApiBaseUrl, throwIfMaintenance, type PaymentApiCaller, type PaymentApiTransport } from "../../services/payment-api.server";

const textOf = ({ title, version, body, published_at }: z.output<typeof termsRecordAnswer>): TermsText => ({
  title,
  version,
  body,
  effective_date: effectiveDateOf(new Date(published_at)),
});

/** The product's terms as the caller's bank publishes them; 404 for a product without terms. */
export async function productTerms(caller: PaymentApiCaller, product: string): Promise<TermsText> {
  return textOf(await askPaymentApi(caller, `/bank/${encodeURIComponent(product)}term`, termsRecordAnswer));
}

/** 404 while no cookie policy is recorded. */
export async function cookiePolicy(caller: PaymentApiCaller): Promise<TermsText> {
  return textOf(await askPaymentApi(caller, "/terms/cookie", termsRecordAnswer));
}

/** The ID terms through the public endpoint, with the signed-in caller's headers so the call is traced like any other. */
export function idTerms(caller: PaymentApiCaller): Promise<TermsText> {
  return askPaymentApi(caller, "/public/terms/kokopelli-id", termsTextAnswer);
}

/** For pages without sign-in: the public endpoints, no token; 404 becomes the not-found page. */
async function publicTerms(path: string, transport: PaymentApiTransport, traceId: string): Promise<TermsText> {
  const response = await transport(`${paymentApiBaseUrl()}${path}`, { headers: { Accept: "application/json", "X-Request-Id": traceId } });
  await throwIfMaintenance(response);
  if (response.status === 404) throw notFound();
  if (!response.ok) throw new Error(`Payment API ${path} answered ${response.status}`);
  return termsTextAnswer.parse(await response.json());
}

export function publicBankTerms(bankCode: string, transport: PaymentApiTransport, traceId: string): Promise<TermsText> {
  return publicTerms(`/public/terms/bank/${encodeURIComponent(bankCode)}`, transport, traceId);
}

export function publicIdTerms(transport: PaymentApiTransport, traceId: string): Promise<TermsText> {
  return publicTerms("/public/terms/kokopelli-id", transport, traceId);
}
