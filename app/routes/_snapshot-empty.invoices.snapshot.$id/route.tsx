import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentSnapshotPage } from "~/routes/__documents/DocumentSnapshotPage";
import { titleMeta } from "~/meta";
import { invoiceSnapshot as invoiceSnapshotTitle } from "~/locales/ja/titlesDocuments.json";
import { documentSnapshotLoader } from "~/routes/__documents/copy.server";

export const handle = { i18n: ["common"], screenName: "invoices-snapshot" };

export const meta = titleMeta(invoiceSnapshotTitle);

export const loader = (args: LoaderFunctionArgs) => documentSnapshotLoader(args, "invoice");

export default function InvoiceSnapshotPage() {
  return <DocumentSnapshotPage data={useLoaderData<typeof loader>()} />;
}
