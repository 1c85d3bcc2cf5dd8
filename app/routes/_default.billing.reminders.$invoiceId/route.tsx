import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ReminderComposePage } from "~/routes/_default.billing.reminders.$invoiceId/ReminderComposePage";
import reminderStyles from "~/routes/__reminders/reminders.css";
import { titles } from "~/locales/ja/reminders.json";
import { titleMeta } from "~/meta";
import { reminderComposeAction, reminderComposeLoader } from "~/routes/__reminders/reminders.server";

export const handle = { i18n: ["common"], screenName: "billing-reminders-detail" };

export const meta = titleMeta(titles.compose);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reminderStyles }];

export const loader = (args: LoaderFunctionArgs) => reminderComposeLoader(args);

export const action = (args: ActionFunctionArgs) => reminderComposeAction(args);

export default function ReminderPage() {
  return <ReminderComposePage {...useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
