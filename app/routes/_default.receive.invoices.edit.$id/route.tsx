import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReceivedFormPage } from "~/routes/__received/ReceivedFormPage";
import { titleMeta } from "~/meta";
import { receiveInvoiceEdit as title } from "~/locales/ja/titlesDocuments.json";
import { receivedFormAction, receivedFormLoader } from "~/routes/__received/received-pages.server";

export const handle = { i18n: ["common"], screenName: "receive-invoices-edit" };

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => receivedFormLoader(args, "invoice", true);

export const action = (args: ActionFunctionArgs) => receivedFormAction(args, "invoice", true);

export default function ReceiveInvoiceEditPage() {
  return <ReceivedFormPage title={title} loaded={useLoaderData<typeof loader>()} submitted={useActionData<typeof action>()} />;
}
