import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReceivedListPage } from "~/routes/__received/ReceivedListPage";
import { titleMeta } from "~/meta";
import { receiveInvoices as title } from "~/locales/ja/titlesDocuments.json";
import { receivedInboxAction, receivedListLoader } from "~/routes/__received/received-pages.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "receive-invoices-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => receivedListLoader(args, "invoice");

/** 「アクセスポイントから受け取る」: digital invoices sent to the company's Peppol ID (decision 045). */
export const action = (args: ActionFunctionArgs) => receivedInboxAction(args);

export default function ReceiveInvoicesListPage() {
  return <ReceivedListPage {...useLoaderData<typeof loader>()} />;
}
