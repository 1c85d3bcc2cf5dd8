import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ReportsPage } from "~/routes/_default.reports.list/ReportsPage";
import reportStyles from "./reports.css";
import { reports as title } from "~/locales/ja/titlesPages.json";
import { titleMeta } from "~/meta";
import { reportsPageLoader } from "~/routes/__reports/reports.server";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "reports-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(title);

export const links: LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export const loader = (args: LoaderFunctionArgs) => reportsPageLoader(args);

export default function ReportsListPage() {
  return <ReportsPage {...useLoaderData<typeof loader>()} />;
}
