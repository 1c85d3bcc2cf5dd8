import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatementsPage } from "~/routes/__payments/StatementsPage";
import paymentsTexts from "~/locales/ja/paymentsStatements.json";
import { titleMeta } from "~/meta";
import { statementsAction, statementsLoader } from "~/routes/__payments/payments.server";

export const handle = { i18n: ["common"], screenName: "billing-payments" };

export const meta = titleMeta(paymentsTexts.statements.heading);

export const loader = (args: LoaderFunctionArgs) => statementsLoader(args);

export const action = (args: ActionFunctionArgs) => statementsAction(args);

export default function BillingPaymentsPage() {
  return <StatementsPage {...useLoaderData<typeof loader>()} />;
}
