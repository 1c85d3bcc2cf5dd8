import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MailDetailPage } from "~/routes/__mail/MailDetailPage";
import { titleMeta } from "~/meta";
import { deliverySlipMailDetail as deliverySlipMailDetailTitle } from "~/locales/ja/titlesDocuments.json";
import { documentIdOf } from "~/routes/__documents/shared.server";
import { mailDetailAction, mailDetailLoader } from "~/routes/__mail/mail-pages.server";

export const handle = { i18n: ["common"], screenName: "delivery-slips-mail-detail" };

export const meta = titleMeta(deliverySlipMailDetailTitle);

export function loader({ request, params, context }: LoaderFunctionArgs) {
  return mailDetailLoader(request, context, "delivery_slip", documentIdOf(params.id));
}

export function action({ request, params, context }: ActionFunctionArgs) {
  return mailDetailAction(request, context, "delivery_slip", documentIdOf(params.id));
}

export default function DeliverySlipMailDetailPage() {
  return <MailDetailPage {...useLoaderData<typeof loader>()} />;
}
