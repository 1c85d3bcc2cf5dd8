import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentListPage } from "~/routes/__documents/DocumentListPage";
import { titleMeta } from "~/meta";
import { estimates as estimatesTitle } from "~/locales/ja/titlesDocuments.json";
import { documentListAction, documentListLoader } from "~/routes/__documents/list.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "estimates-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(estimatesTitle);

export const loader = (args: LoaderFunctionArgs) => documentListLoader(args, "estimate");

export const action = (args: ActionFunctionArgs) => documentListAction(args, "estimate");

export default function EstimateListPage() {
  return <DocumentListPage {...useLoaderData<typeof loader>()} />;
}
