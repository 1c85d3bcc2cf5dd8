import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TermsDocument } from "~/routes/__terms/TermsDocument";
import { titleMeta } from "~/meta";
import { productTerms as productTermsTitle } from "~/locales/ja/titlesPages.json";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { notFound } from "~/services/errors.server";
import { productTerms } from "~/routes/__terms/terms.server";

export const handle = { i18n: ["common"], screenName: "terms-product" };

export const meta = titleMeta(productTermsTitle);

/** `/terms/{product}-term`; /terms/kokopelli-id-term has its own route, which Remix prefers to this one. */
const PRODUCT_TERM = /^([a-z0-9_-]+)-term$/;

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // Signed-in only, including a company still without a plan: it reads the terms before registering.
  const { caller } = await requireCompanyCaller(request, context, "terms-product");
  const product = PRODUCT_TERM.exec(params.term ?? "")?.[1];
  if (!product) throw notFound(new URL(request.url).pathname);
  return { terms: await productTerms(caller, product) };
}

export default function ProductTermsPage() {
  const { terms } = useLoaderData<typeof loader>();
  return <TermsDocument terms={terms} />;
}
