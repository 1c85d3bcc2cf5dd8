import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentListPage } from "~/routes/__documents/DocumentListPage";
import { titleMeta } from "~/meta";
import { estimates as estimatesTitle } from "~/locales/ja/titlesDocuments.json";
import { documentListAction, documentListLoader } from "~/routes/__documents/list.server";

export const handle = { i18n: ["common"], screenName: "estimates-list" };

export const meta = titleMeta(estimatesTitle);

export const loader = (args: LoaderFunctionArgs) => documentListLoader(args, "estimate");

export const action = (args: ActionFunctionArgs) => documentListAction(args, "estimate");

export default function EstimateListPage() {
  return <DocumentListPage {...useLoaderData<typeof loader>()} />;
}
