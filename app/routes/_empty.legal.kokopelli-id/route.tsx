import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TermsDocument } from "~/routes/__terms/TermsDocument";
import { titleMeta } from "~/meta";
import { idTerms as idTermsTitle } from "~/locales/ja/titlesPages.json";
import { transportOf } from "~/services/payment-api.server";
import { publicIdTerms } from "~/routes/__terms/terms.server";

export const handle = { i18n: ["common"], screenName: "legal-kokopelli-id" };

export const meta = titleMeta(idTermsTitle);

/** Public: read before the ID is issued. */
export async function loader({ context }: LoaderFunctionArgs) {
  return { terms: await publicIdTerms(transportOf(context), context.traceId) };
}

export default function PublicIdTermsPage() {
  const { terms } = useLoaderData<typeof loader>();
  return <TermsDocument terms={terms} />;
}
