import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReceivedDetailPage } from "~/routes/__received/ReceivedDetailPage";
import { titleMeta } from "~/meta";
import { receiveReceiptDetail as title } from "~/locales/ja/titlesDocuments.json";
import { receivedDetailAction, receivedDetailLoader } from "~/routes/__received/received-pages.server";

export const handle = { i18n: ["common"], screenName: "receive-receipts-detail" };

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => receivedDetailLoader(args, "receipt", "detail");

export const action = (args: ActionFunctionArgs) => receivedDetailAction(args, "receipt");

export default function ReceiveReceiptDetailPage() {
  return <ReceivedDetailPage {...useLoaderData<typeof loader>()} />;
}
