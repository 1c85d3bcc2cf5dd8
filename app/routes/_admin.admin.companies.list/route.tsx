import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AdminCompaniesPage } from "~/routes/__admin-companies/AdminCompaniesPage";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { titleMeta } from "~/meta";
import { adminCompanies as title } from "~/locales/ja/titlesPages.json";
import { adminCompaniesLoader } from "~/routes/__admin-companies/admin-companies.server";
import type { loader as adminLayoutLoader } from "../_admin/route";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "admin-companies-list", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => adminCompaniesLoader(args);

export default function AdminCompaniesListPage() {
  const user = useRouteLoaderData<typeof adminLayoutLoader>("routes/_admin")?.user;
  return <AdminCompaniesPage bankName={user?.bankName ?? ""} {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
