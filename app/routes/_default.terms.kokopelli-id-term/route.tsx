import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { TermsDocument } from "~/routes/__terms/TermsDocument";
import { titleMeta } from "~/meta";
import { idTerms as idTermsTitle } from "~/locales/ja/titlesPages.json";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { idTerms } from "~/routes/__terms/terms.server";

export const handle = { i18n: ["common"], screenName: "terms-kokopelli-id" };

export const meta = titleMeta(idTermsTitle);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "terms-kokopelli-id");
  return { terms: await idTerms(caller) };
}

export default function IdTermsPage() {
  const { terms } = useLoaderData<typeof loader>();
  return <TermsDocument terms={terms} />;
}
