import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReceivedSnapshotPage } from "~/routes/__received/ReceivedSnapshotPage";
import { titleMeta } from "~/meta";
import { receiveReceiptSnapshot as title } from "~/locales/ja/titlesDocuments.json";
import { receivedDetailLoader } from "~/routes/__received/received-pages.server";

export const handle = { i18n: ["common"], screenName: "receive-receipts-snapshot" };

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => receivedDetailLoader(args, "receipt", "snapshot");

export default function ReceiveReceiptSnapshotPage() {
  return <ReceivedSnapshotPage {...useLoaderData<typeof loader>()} />;
}
