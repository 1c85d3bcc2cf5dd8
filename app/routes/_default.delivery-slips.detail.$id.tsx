import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentDetailPage } from "~/components/documents/DocumentDetailPage";
import { titleMeta } from "~/meta";
import { documentDetailAction, documentDetailLoader, documentIdOf } from "~/services/document-pages.server";

export const handle = { i18n: ["common"], screenName: "delivery-slips-detail" };

export const meta = titleMeta("deliverySlipDetail");

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return documentDetailLoader(request, context, "delivery_slip", documentIdOf(params.id));
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return documentDetailAction(request, context, "delivery_slip", documentIdOf(params.id));
}

export default function DeliverySlipDetailPage() {
  return <DocumentDetailPage {...useLoaderData<typeof loader>()} />;
}
