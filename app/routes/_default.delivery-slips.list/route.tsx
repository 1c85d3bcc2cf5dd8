import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentListPage } from "~/routes/__documents/DocumentListPage";
import { titleMeta } from "~/meta";
import { deliverySlips as deliverySlipsTitle } from "~/locales/ja/titlesDocuments.json";
import { documentListAction, documentListLoader } from "~/routes/__documents/list.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "delivery-slips-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(deliverySlipsTitle);

export const loader = (args: LoaderFunctionArgs) => documentListLoader(args, "delivery_slip");

export const action = (args: ActionFunctionArgs) => documentListAction(args, "delivery_slip");

export default function DeliverySlipListPage() {
  return <DocumentListPage {...useLoaderData<typeof loader>()} />;
}
