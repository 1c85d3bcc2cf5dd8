import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentSnapshotPage } from "~/routes/__documents/DocumentSnapshotPage";
import { titleMeta } from "~/meta";
import { deliverySlipSnapshot as deliverySlipSnapshotTitle } from "~/locales/ja/titlesDocuments.json";
import { documentSnapshotLoader } from "~/routes/__documents/copy.server";

export const handle = { i18n: ["common"], screenName: "delivery-slips-snapshot" };

export const meta = titleMeta(deliverySlipSnapshotTitle);

export const loader = (args: LoaderFunctionArgs) => documentSnapshotLoader(args, "delivery_slip");

export default function DeliverySlipSnapshotPage() {
  return <DocumentSnapshotPage data={useLoaderData<typeof loader>()} />;
}
