import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DocumentFormPage } from "~/routes/__documents/DocumentFormPage";
import { documentEditAction, documentEditLoader } from "~/routes/__documents/form.server";

export const handle = { i18n: ["common"], screenName: "delivery-slips-edit" };

export { links } from "~/routes/__documents/editor-links";

export { formMeta as meta } from "~/routes/__documents/DocumentFormPage";

export const loader = (args: LoaderFunctionArgs) => documentEditLoader(args, "delivery_slip");

export const action = (args: ActionFunctionArgs) => documentEditAction(args, "delivery_slip");

export default function DeliverySlipEditPage() {
  return <DocumentFormPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
