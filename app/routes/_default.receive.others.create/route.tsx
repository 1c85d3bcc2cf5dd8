import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReceivedFormPage } from "~/routes/__received/ReceivedFormPage";
import { titleMeta } from "~/meta";
import { receiveOtherCreate as title } from "~/locales/ja/titlesDocuments.json";
import { receivedFormAction, receivedFormLoader } from "~/routes/__received/received-pages.server";

export const handle = { i18n: ["common"], screenName: "receive-others-create" };

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => receivedFormLoader(args, "other", false);

export const action = (args: ActionFunctionArgs) => receivedFormAction(args, "other", false);

export default function ReceiveOtherCreatePage() {
  return <ReceivedFormPage title={title} loaded={useLoaderData<typeof loader>()} submitted={useActionData<typeof action>()} />;
}
