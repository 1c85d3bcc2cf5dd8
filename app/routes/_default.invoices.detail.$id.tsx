import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentDetailPage } from "~/components/documents/DocumentDetailPage";
import { titleMeta } from "~/meta";
import { documentDetailAction, documentDetailLoader, documentIdOf } from "~/services/document-pages.server";

export const handle = { i18n: ["common"], screenName: "invoices-detail" };

export const meta = titleMeta("invoiceDetail");

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return documentDetailLoader(request, context, "invoice", documentIdOf(params.id));
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return documentDetailAction(request, context, "invoice", documentIdOf(params.id));
}

export default function InvoiceDetailPage() {
  return <DocumentDetailPage {...useLoaderData<typeof loader>()} />;
}
