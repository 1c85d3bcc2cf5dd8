import type { SubmissionResult } from "@conform-to/react";
import type { LinksFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RecurringDetailPage } from "~/routes/_default.billing.recurring_.$id/RecurringDetailPage";
import recurringStyles from "~/routes/__recurring/recurring.css";
import { titleDetail } from "~/locales/ja/recurring.json";
import { titleMeta } from "~/meta";
import { recurringDetailAction, recurringDetailLoader } from "~/routes/__recurring/recurring.server";

export const handle = { i18n: ["common"], screenName: "billing-recurring-detail" };

export const meta = titleMeta(titleDetail);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: recurringStyles }];

export const loader = recurringDetailLoader;

export const action = recurringDetailAction;

export default function RecurringDetailRoute() {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return <RecurringDetailPage {...useLoaderData<typeof loader>()} lastResult={lastResult} />;
}
