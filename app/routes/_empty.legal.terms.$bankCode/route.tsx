import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BANK_CODE } from "@domain/terms";
import { TermsDocument } from "~/routes/__terms/TermsDocument";
import { titleMeta } from "~/meta";
import { productTerms as productTermsTitle } from "~/locales/ja/titlesPages.json";
import { notFound } from "~/services/errors.server";
import { transportOf } from "~/services/payment-api.server";
import { publicBankTerms } from "~/routes/__terms/terms.server";

export const handle = { i18n: ["common"], screenName: "legal-terms" };

export const meta = titleMeta(productTermsTitle);

/** Public: a bank links here before its customers sign up. Its own terms of the product, else the product's. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const bankCode = params.bankCode ?? "";
  // A malformed code is not worth a call: it names no bank.
  if (!BANK_CODE.test(bankCode)) throw notFound(new URL(request.url).pathname);
  return { terms: await publicBankTerms(bankCode, transportOf(context), context.traceId) };
}

export default function PublicBankTermsPage() {
  const { terms } = useLoaderData<typeof loader>();
  return <TermsDocument terms={terms} />;
}
