import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { UnmatchedPage } from "~/components/payments/UnmatchedPage";
import paymentsTexts from "~/locales/ja/paymentsStatements.json";
import { titleMeta } from "~/meta";
import { unmatchedLoader } from "~/services/payments.server";

export const handle = { i18n: ["common"], screenName: "billing-payments-unmatched" };

export const meta = titleMeta(paymentsTexts.unmatched.heading);

export const loader = (args: LoaderFunctionArgs) => unmatchedLoader(args);

export default function BillingUnmatchedPage() {
  return <UnmatchedPage {...useLoaderData<typeof loader>()} />;
}
