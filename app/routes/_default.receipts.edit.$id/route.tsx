import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DocumentFormPage } from "~/routes/__documents/DocumentFormPage";
import { documentEditAction, documentEditLoader } from "~/routes/__documents/form.server";

export const handle = { i18n: ["common"], screenName: "receipts-edit" };

export { links } from "~/routes/__documents/editor-links";

export { formMeta as meta } from "~/routes/__documents/DocumentFormPage";

export const loader = (args: LoaderFunctionArgs) => documentEditLoader(args, "receipt");

export const action = (args: ActionFunctionArgs) => documentEditAction(args, "receipt");

export default function ReceiptEditPage() {
  return <DocumentFormPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
