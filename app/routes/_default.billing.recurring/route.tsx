import type { LinksFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RecurringListPage } from "~/routes/__recurring/RecurringListPage";
import recurringStyles from "~/routes/__recurring/recurring.css";
import { titleList } from "~/locales/ja/recurring.json";
import { titleMeta } from "~/meta";
import { recurringListAction, recurringListLoader } from "~/routes/__recurring/recurring.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "billing-recurring-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(titleList);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: recurringStyles }];

export const loader = recurringListLoader;

export const action = recurringListAction;

export default function RecurringListRoute() {
  return <RecurringListPage {...useLoaderData<typeof loader>()} />;
}
