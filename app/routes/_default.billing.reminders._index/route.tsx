import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RemindersListPage } from "~/routes/_default.billing.reminders._index/RemindersListPage";
import reminderStyles from "~/routes/__reminders/reminders.css";
import { titles } from "~/locales/ja/reminders.json";
import { titleMeta } from "~/meta";
import { overdueListLoader } from "~/routes/__reminders/reminders.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "billing-reminders", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(titles.list);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reminderStyles }];

export const loader = (args: LoaderFunctionArgs) => overdueListLoader(args);

export default function RemindersPage() {
  return <RemindersListPage {...useLoaderData<typeof loader>()} />;
}
