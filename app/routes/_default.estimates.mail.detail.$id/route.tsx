import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MailDetailPage } from "~/routes/__mail/MailDetailPage";
import { titleMeta } from "~/meta";
import { estimateMailDetail as estimateMailDetailTitle } from "~/locales/ja/titlesDocuments.json";
import { documentIdOf } from "~/routes/__documents/shared.server";
import { mailDetailAction, mailDetailLoader } from "~/routes/__mail/mail-pages.server";

export const handle = { i18n: ["common"], screenName: "estimates-mail-detail" };

export const meta = titleMeta(estimateMailDetailTitle);

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return mailDetailLoader(request, context, "estimate", documentIdOf(params.id));
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return mailDetailAction(request, context, "estimate", documentIdOf(params.id));
}

export default function EstimateMailDetailPage() {
  return <MailDetailPage {...useLoaderData<typeof loader>()} />;
}
