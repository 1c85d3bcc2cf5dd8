import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { DocumentFormPage } from "~/routes/__documents/DocumentFormPage";
import { documentCreateAction, documentCreateLoader } from "~/routes/__documents/form.server";

export const handle = { i18n: ["common"], screenName: "estimates-create" };

export { links } from "~/routes/__documents/editor-links";

export { formMeta as meta } from "~/routes/__documents/DocumentFormPage";

export const loader = (args: LoaderFunctionArgs) => documentCreateLoader(args, "estimate");

export const action = (args: ActionFunctionArgs) => documentCreateAction(args, "estimate");

// A refused save keeps the form, and its one-time key, as they were.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) => (formMethod === "POST" ? false : defaultShouldRevalidate);

export default function EstimateCreatePage() {
  return <DocumentFormPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
