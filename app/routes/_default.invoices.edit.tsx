import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DocumentFormPage, type DocumentFormPageData } from "~/components/documents/DocumentFormPage";
import { titleMeta } from "~/meta";
import { documentEditLoader, documentFormAction, documentIdOf } from "~/services/document-pages.server";

export const handle = { i18n: ["common"], screenName: "invoices-edit" };

export const meta = titleMeta("invoiceEdit");

export function loader({ request, context }: LoaderFunctionArgs) {
  return documentEditLoader(request, context, "invoice", documentIdOf(new URL(request.url).searchParams.get("id")));
}

export function action({ request, context }: ActionFunctionArgs) {
  return documentFormAction(request, context, "invoice", documentIdOf(new URL(request.url).searchParams.get("id")));
}

export default function InvoiceEditPage() {
  return <DocumentFormPage data={useLoaderData<typeof loader>() as DocumentFormPageData} actionData={useActionData<typeof action>() as never} />;
}
