import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DocumentFormPage } from "~/routes/__documents/DocumentFormPage";
import { documentEditAction, documentEditLoader } from "~/routes/__documents/form.server";

export const handle = { i18n: ["common"], screenName: "invoices-edit" };

export { links } from "~/routes/__documents/editor-links";

export { formMeta as meta } from "~/routes/__documents/DocumentFormPage";

export const loader = (args: LoaderFunctionArgs) => documentEditLoader(args, "invoice");

export const action = (args: ActionFunctionArgs) => documentEditAction(args, "invoice");

export default function InvoiceEditPage() {
  return <DocumentFormPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
