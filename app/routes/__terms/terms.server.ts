import { effectiveDateOf, type TermsText } from "@domain/terms";
import { notFound } from "../../services/errors.server";
import { callPaymentApi, paymentApiBaseUrl, throwIfMaintenance, type PaymentApiCaller, type PaymentApiTransport } from "../../services/payment-api.server";

/** A terms row as the signed-in endpoints answer it (GET /terms/cookie, /bank/{product}term). */
type TermsRecord = Omit<TermsText, "effective_date"> & { published_at: string };

const textOf = ({ title, version, body, published_at }: TermsRecord): TermsText => ({
  title,
  version,
  body,
  effective_date: effectiveDateOf(new Date(published_at)),
});

/** The product's terms as the caller's bank publishes them; 404 for a product without terms. */
export async function productTerms(caller: PaymentApiCaller, product: string): Promise<TermsText> {
  return textOf(await callPaymentApi<TermsRecord>(caller, `/bank/${encodeURIComponent(product)}term`));
}

/** 404 while no cookie policy is recorded. */
export async function cookiePolicy(caller: PaymentApiCaller): Promise<TermsText> {
  return textOf(await callPaymentApi<TermsRecord>(caller, "/terms/cookie"));
}

/** The ID terms through the public endpoint, with the signed-in caller's headers so the call is traced like any other. */
export function idTerms(caller: PaymentApiCaller): Promise<TermsText> {
  return callPaymentApi<TermsText>(caller, "/public/terms/kokopelli-id");
}

/** For pages without sign-in: the public endpoints, no token; 404 becomes the not-found page. */
async function publicTerms(path: string, transport: PaymentApiTransport, traceId: string): Promise<TermsText> {
  const response = await transport(`${paymentApiBaseUrl()}${path}`, { headers: { Accept: "application/json", "X-Request-Id": traceId } });
  await throwIfMaintenance(response);
  if (response.status === 404) throw notFound();
  if (!response.ok) throw new Error(`Payment API ${path} answered ${response.status}`);
  return (await response.json()) as TermsText;
}

export function publicBankTerms(bankCode: string, transport: PaymentApiTransport, traceId: string): Promise<TermsText> {
  return publicTerms(`/public/terms/bank/${encodeURIComponent(bankCode)}`, transport, traceId);
}

export function publicIdTerms(transport: PaymentApiTransport, traceId: string): Promise<TermsText> {
  return publicTerms("/public/terms/kokopelli-id", transport, traceId);
}
