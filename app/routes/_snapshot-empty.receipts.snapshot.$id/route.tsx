import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentSnapshotPage } from "~/routes/__documents/DocumentSnapshotPage";
import { titleMeta } from "~/meta";
import { receiptSnapshot as receiptSnapshotTitle } from "~/locales/ja/titlesDocuments.json";
import { documentSnapshotLoader } from "~/routes/__documents/copy.server";

export const handle = { i18n: ["common"], screenName: "receipts-snapshot" };

export const meta = titleMeta(receiptSnapshotTitle);

export const loader = (args: LoaderFunctionArgs) => documentSnapshotLoader(args, "receipt");

export default function ReceiptSnapshotPage() {
  return <DocumentSnapshotPage data={useLoaderData<typeof loader>()} />;
}
