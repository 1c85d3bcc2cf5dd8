import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentSnapshotPage } from "~/components/documents/DocumentSnapshotPage";
import { titleMeta } from "~/meta";
import { documentIdOf, documentSnapshotLoader } from "~/services/document-pages.server";

export const handle = { i18n: ["common"], screenName: "delivery-slips-snapshot" };

export const meta = titleMeta("deliverySlipSnapshot");

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return documentSnapshotLoader(request, context, "delivery_slip", documentIdOf(params.id));
}

export default function DeliverySlipSnapshotPage() {
  return <DocumentSnapshotPage data={useLoaderData<typeof loader>()} />;
}
