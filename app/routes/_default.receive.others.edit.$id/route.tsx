import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReceivedFormPage } from "~/routes/__received/ReceivedFormPage";
import { titleMeta } from "~/meta";
import { receiveOtherEdit as title } from "~/locales/ja/titlesDocuments.json";
import { receivedFormAction, receivedFormLoader } from "~/routes/__received/received-pages.server";

export const handle = { i18n: ["common"], screenName: "receive-others-edit" };

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => receivedFormLoader(args, "other", true);

export const action = (args: ActionFunctionArgs) => receivedFormAction(args, "other", true);

export default function ReceiveOtherEditPage() {
  return <ReceivedFormPage title={title} loaded={useLoaderData<typeof loader>()} submitted={useActionData<typeof action>()} />;
}
