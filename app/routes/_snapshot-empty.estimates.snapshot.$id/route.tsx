import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DocumentSnapshotPage } from "~/routes/__documents/DocumentSnapshotPage";
import { titleMeta } from "~/meta";
import { estimateSnapshot as estimateSnapshotTitle } from "~/locales/ja/titlesDocuments.json";
import { documentSnapshotLoader } from "~/routes/__documents/copy.server";

export const handle = { i18n: ["common"], screenName: "estimates-snapshot" };

export const meta = titleMeta(estimateSnapshotTitle);

export const loader = (args: LoaderFunctionArgs) => documentSnapshotLoader(args, "estimate");

export default function EstimateSnapshotPage() {
  return <DocumentSnapshotPage data={useLoaderData<typeof loader>()} />;
}
