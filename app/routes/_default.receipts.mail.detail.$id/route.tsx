import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MailDetailPage } from "~/routes/__mail/MailDetailPage";
import { titleMeta } from "~/meta";
import { receiptMailDetail as receiptMailDetailTitle } from "~/locales/ja/titlesDocuments.json";
import { documentIdOf } from "~/routes/__documents/shared.server";
import { mailDetailAction, mailDetailLoader } from "~/routes/__mail/mail-pages.server";

export const handle = { i18n: ["common"], screenName: "receipts-mail-detail" };

export const meta = titleMeta(receiptMailDetailTitle);

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return mailDetailLoader(request, context, "receipt", documentIdOf(params.id));
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return mailDetailAction(request, context, "receipt", documentIdOf(params.id));
}

export default function ReceiptMailDetailPage() {
  return <MailDetailPage {...useLoaderData<typeof loader>()} />;
}
