import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentDetailPage } from "~/components/documents/DocumentDetailPage";
import { titleMeta } from "~/meta";
import { deliverySlipDetail as deliverySlipDetailTitle } from "~/locales/ja/titlesDocuments.json";
import { documentDetailAction, documentDetailLoader } from "~/services/document-pages/detail.server";

export const handle = { i18n: ["common"], screenName: "delivery-slips-detail" };

export const meta = titleMeta(deliverySlipDetailTitle);

export const loader = (args: LoaderFunctionArgs) => documentDetailLoader(args, "delivery_slip");

export const action = (args: ActionFunctionArgs) => documentDetailAction(args, "delivery_slip");

export default function DeliverySlipDetailPage() {
  return <DocumentDetailPage {...useLoaderData<typeof loader>()} />;
}
