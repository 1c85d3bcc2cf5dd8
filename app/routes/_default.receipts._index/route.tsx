import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentListPage } from "~/routes/__documents/DocumentListPage";
import { titleMeta } from "~/meta";
import { receipts as receiptsTitle } from "~/locales/ja/titlesDocuments.json";
import { documentListAction, documentListLoader } from "~/routes/__documents/list.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "receipts-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(receiptsTitle);

export const loader = (args: LoaderFunctionArgs) => documentListLoader(args, "receipt");

export const action = (args: ActionFunctionArgs) => documentListAction(args, "receipt");

export default function ReceiptListPage() {
  return <DocumentListPage {...useLoaderData<typeof loader>()} />;
}
