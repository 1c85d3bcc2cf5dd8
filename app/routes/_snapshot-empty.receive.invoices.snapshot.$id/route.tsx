import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReceivedSnapshotPage } from "~/routes/__received/ReceivedSnapshotPage";
import { titleMeta } from "~/meta";
import { receiveInvoiceSnapshot as title } from "~/locales/ja/titlesDocuments.json";
import { receivedDetailLoader } from "~/routes/__received/received-pages.server";

export const handle = { i18n: ["common"], screenName: "receive-invoices-snapshot" };

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => receivedDetailLoader(args, "invoice", "snapshot");

export default function ReceiveInvoiceSnapshotPage() {
  return <ReceivedSnapshotPage {...useLoaderData<typeof loader>()} />;
}
