import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentListPage } from "~/routes/__documents/DocumentListPage";
import { titleMeta } from "~/meta";
import { invoices as invoicesTitle } from "~/locales/ja/titlesDocuments.json";
import { documentListAction, documentListLoader } from "~/routes/__documents/list.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "invoices-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(invoicesTitle);

export const loader = (args: LoaderFunctionArgs) => documentListLoader(args, "invoice");

export const action = (args: ActionFunctionArgs) => documentListAction(args, "invoice");

export default function InvoiceListPage() {
  return <DocumentListPage {...useLoaderData<typeof loader>()} />;
}
