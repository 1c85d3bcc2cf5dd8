import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentListPage } from "~/components/documents/DocumentListPage";
import { titleMeta } from "~/meta";
import { documentListAction, documentListLoader } from "~/services/document-pages.server";

export const handle = { i18n: ["common"], screenName: "invoices-list" };

export const meta = titleMeta("invoices");

export function loader({ request, context }: LoaderFunctionArgs) {
  return documentListLoader(request, context, "invoice");
}

export function action({ request, context }: ActionFunctionArgs) {
  return documentListAction(request, context, "invoice");
}

export default function InvoiceListPage() {
  return <DocumentListPage {...useLoaderData<typeof loader>()} />;
}
