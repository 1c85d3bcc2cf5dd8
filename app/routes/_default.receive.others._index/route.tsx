import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReceivedListPage } from "~/routes/__received/ReceivedListPage";
import { titleMeta } from "~/meta";
import { receiveOthers as title } from "~/locales/ja/titlesDocuments.json";
import { receivedListLoader } from "~/routes/__received/received-pages.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "receive-others-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => receivedListLoader(args, "other");

export default function ReceiveOthersListPage() {
  return <ReceivedListPage {...useLoaderData<typeof loader>()} />;
}
