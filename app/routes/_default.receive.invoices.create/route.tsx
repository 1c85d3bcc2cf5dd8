import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReceivedFormPage } from "~/routes/__received/ReceivedFormPage";
import { titleMeta } from "~/meta";
import { receiveInvoiceCreate as title } from "~/locales/ja/titlesDocuments.json";
import { receivedFormAction, receivedFormLoader } from "~/routes/__received/received-pages.server";

export const handle = { i18n: ["common"], screenName: "receive-invoices-create" };

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => receivedFormLoader(args, "invoice", false);

export const action = (args: ActionFunctionArgs) => receivedFormAction(args, "invoice", false);

export default function ReceiveInvoiceCreatePage() {
  return <ReceivedFormPage title={title} loaded={useLoaderData<typeof loader>()} submitted={useActionData<typeof action>()} />;
}
