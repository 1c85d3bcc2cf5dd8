import type { SubmissionResult } from "@conform-to/react";
import type { LinksFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RecurringCreatePage } from "~/routes/_default.billing.recurring_.create/RecurringCreatePage";
import recurringStyles from "~/routes/__recurring/recurring.css";
import { titleCreate } from "~/locales/ja/recurring.json";
import { titleMeta } from "~/meta";
import { recurringCreateAction, recurringCreateLoader } from "~/routes/__recurring/recurring.server";

export const handle = { i18n: ["common"], screenName: "billing-recurring-create" };

export const meta = titleMeta(titleCreate);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: recurringStyles }];

export const loader = recurringCreateLoader;

export const action = recurringCreateAction;

export default function RecurringCreateRoute() {
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return <RecurringCreatePage {...useLoaderData<typeof loader>()} lastResult={lastResult} />;
}
