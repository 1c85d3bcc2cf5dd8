import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatementPage } from "~/routes/_default.billing.payments_.statements.$id/StatementPage";
import paymentsTexts from "~/locales/ja/paymentsStatements.json";
import { titleMeta } from "~/meta";
import { statementAction, statementLoader } from "~/routes/__payments/payments.server";

export const handle = { i18n: ["common"], screenName: "billing-payments-statement" };

export const meta = titleMeta(paymentsTexts.statements.heading);

export const loader = (args: LoaderFunctionArgs) => statementLoader(args);

export const action = (args: ActionFunctionArgs) => statementAction(args);

export default function BillingPaymentStatementPage() {
  return <StatementPage {...useLoaderData<typeof loader>()} />;
}
