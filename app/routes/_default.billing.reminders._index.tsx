import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { RemindersListPage } from "~/components/reminders/RemindersListPage";
import reminderStyles from "~/components/reminders/reminders.css";
import { titles } from "~/locales/ja/reminders.json";
import { titleMeta } from "~/meta";
import { overdueListLoader } from "~/services/reminders.server";

export const handle = { i18n: ["common"], screenName: "billing-reminders" };

export const meta = titleMeta(titles.list);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reminderStyles }];

export const loader = (args: LoaderFunctionArgs) => overdueListLoader(args);

export default function RemindersPage() {
  return <RemindersListPage {...useLoaderData<typeof loader>()} />;
}
