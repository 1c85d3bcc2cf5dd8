import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UnmatchedPage } from "~/routes/_default.billing.payments_.unmatched/UnmatchedPage";
import paymentsTexts from "~/locales/ja/paymentsStatements.json";
import { titleMeta } from "~/meta";
import { unmatchedLoader } from "~/routes/__payments/payments.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "billing-payments-unmatched", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(paymentsTexts.unmatched.heading);

export const loader = (args: LoaderFunctionArgs) => unmatchedLoader(args);

export default function BillingUnmatchedPage() {
  return <UnmatchedPage {...useLoaderData<typeof loader>()} />;
}
