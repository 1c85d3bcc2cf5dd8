import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentDetailPage } from "~/components/documents/DocumentDetailPage";
import { titleMeta } from "~/meta";
import { estimateDetail as estimateDetailTitle } from "~/locales/ja/titlesDocuments.json";
import { documentDetailAction, documentDetailLoader } from "~/services/document-pages/detail.server";

export const handle = { i18n: ["common"], screenName: "estimates-detail" };

export const meta = titleMeta(estimateDetailTitle);

export const loader = (args: LoaderFunctionArgs) => documentDetailLoader(args, "estimate");

export const action = (args: ActionFunctionArgs) => documentDetailAction(args, "estimate");

export default function EstimateDetailPage() {
  return <DocumentDetailPage {...useLoaderData<typeof loader>()} />;
}
