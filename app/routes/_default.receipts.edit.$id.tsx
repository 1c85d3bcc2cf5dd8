import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DocumentFormPage, type DocumentFormPageData } from "~/components/documents/DocumentFormPage";
import { titleMeta } from "~/meta";
import { documentEditLoader, documentFormAction, documentIdOf } from "~/services/document-pages.server";

export const handle = { i18n: ["common"], screenName: "receipts-edit" };

export const meta = titleMeta("receiptEdit");

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return documentEditLoader(request, context, "receipt", documentIdOf(params.id));
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return documentFormAction(request, context, "receipt", documentIdOf(params.id));
}

export default function ReceiptEditPage() {
  return <DocumentFormPage data={useLoaderData<typeof loader>() as DocumentFormPageData} actionData={useActionData<typeof action>() as never} />;
}
