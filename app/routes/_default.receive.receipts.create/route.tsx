import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReceivedFormPage } from "~/routes/__received/ReceivedFormPage";
import { titleMeta } from "~/meta";
import { receiveReceiptCreate as title } from "~/locales/ja/titlesDocuments.json";
import { receivedFormAction, receivedFormLoader } from "~/routes/__received/received-pages.server";

export const handle = { i18n: ["common"], screenName: "receive-receipts-create" };

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => receivedFormLoader(args, "receipt", false);

export const action = (args: ActionFunctionArgs) => receivedFormAction(args, "receipt", false);

export default function ReceiveReceiptCreatePage() {
  return <ReceivedFormPage title={title} loaded={useLoaderData<typeof loader>()} submitted={useActionData<typeof action>()} />;
}
