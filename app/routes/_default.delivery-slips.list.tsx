import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentListPage } from "~/components/documents/DocumentListPage";
import { titleMeta } from "~/meta";
import { documentListAction, documentListLoader } from "~/services/document-pages.server";

export const handle = { i18n: ["common"], screenName: "delivery-slips-list" };

export const meta = titleMeta("deliverySlips");

export function loader({ request, context }: LoaderFunctionArgs) {
  return documentListLoader(request, context, "delivery_slip");
}

export function action({ request, context }: ActionFunctionArgs) {
  return documentListAction(request, context, "delivery_slip");
}

export default function DeliverySlipListPage() {
  return <DocumentListPage {...useLoaderData<typeof loader>()} />;
}
