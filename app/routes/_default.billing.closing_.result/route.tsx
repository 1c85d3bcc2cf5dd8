import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ClosingResult } from "~/routes/_default.billing.closing_.result/ClosingResult";
import closingStyles from "~/routes/__closing/closing.css";
import { resultTitle } from "~/locales/ja/closing.json";
import { titleMeta } from "~/meta";
import { closingResultLoader } from "~/routes/__closing/closing.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "billing-closing-result", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(resultTitle);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: closingStyles }];

export const loader = (args: LoaderFunctionArgs) => closingResultLoader(args);

export default function BillingClosingResultPage() {
  return <ClosingResult {...useLoaderData<typeof loader>()} />;
}
