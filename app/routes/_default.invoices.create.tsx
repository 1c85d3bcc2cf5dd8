import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { DocumentFormPage, type DocumentFormPageData } from "~/components/documents/DocumentFormPage";
import { titleMeta } from "~/meta";
import { documentCreateLoader, documentFormAction } from "~/services/document-pages.server";

export const handle = { i18n: ["common"], screenName: "invoices-create" };

export const meta = titleMeta("invoiceCreate");

export function loader({ request, context }: LoaderFunctionArgs) {
  return documentCreateLoader(request, context, "invoice");
}

export function action({ request, context }: ActionFunctionArgs) {
  return documentFormAction(request, context, "invoice", null);
}

// A refused save keeps the form, and its one-time key, as they were.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod === "POST" ? false : defaultShouldRevalidate);

export default function InvoiceCreatePage() {
  return <DocumentFormPage data={useLoaderData<typeof loader>() as DocumentFormPageData} actionData={useActionData<typeof action>() as never} />;
}
