import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReceivedDetailPage } from "~/routes/__received/ReceivedDetailPage";
import { titleMeta } from "~/meta";
import { receiveInvoiceDetail as title } from "~/locales/ja/titlesDocuments.json";
import { receivedDetailAction, receivedDetailLoader } from "~/routes/__received/received-pages.server";

export const handle = { i18n: ["common"], screenName: "receive-invoices-detail" };

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => receivedDetailLoader(args, "invoice", "detail");

export const action = (args: ActionFunctionArgs) => receivedDetailAction(args, "invoice");

export default function ReceiveInvoiceDetailPage() {
  return <ReceivedDetailPage {...useLoaderData<typeof loader>()} />;
}
