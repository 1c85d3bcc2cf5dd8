import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ClosingPage } from "~/routes/_default.billing.closing/ClosingPage";
import closingStyles from "~/routes/__closing/closing.css";
import { title } from "~/locales/ja/closing.json";
import { titleMeta } from "~/meta";
import { closingPageAction, closingPageLoader } from "~/routes/__closing/closing.server";

export const handle = { i18n: ["common"], screenName: "billing-closing" };

export const meta = titleMeta(title);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: closingStyles }];

export const loader = (args: LoaderFunctionArgs) => closingPageLoader(args);

export const action = (args: ActionFunctionArgs) => closingPageAction(args);

export default function BillingClosingPage() {
  return <ClosingPage {...useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
