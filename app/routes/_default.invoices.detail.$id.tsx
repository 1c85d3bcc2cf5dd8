import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentDetailPage } from "~/components/documents/DocumentDetailPage";
import { titleMeta } from "~/meta";
import { invoiceDetail as invoiceDetailTitle } from "~/locales/ja/titlesDocuments.json";
import { documentDetailAction, documentDetailLoader } from "~/services/document-pages/detail.server";

export const handle = { i18n: ["common"], screenName: "invoices-detail" };

export const meta = titleMeta(invoiceDetailTitle);

export const loader = (args: LoaderFunctionArgs) => documentDetailLoader(args, "invoice");

export const action = (args: ActionFunctionArgs) => documentDetailAction(args, "invoice");

export default function InvoiceDetailPage() {
  return <DocumentDetailPage {...useLoaderData<typeof loader>()} />;
}
