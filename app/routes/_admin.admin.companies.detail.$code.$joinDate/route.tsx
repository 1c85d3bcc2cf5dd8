import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminCompanyDetailPage } from "~/routes/_admin.admin.companies.detail.$code.$joinDate/AdminCompanyDetailPage";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { titleMeta } from "~/meta";
import { adminCompanyDetail as title } from "~/locales/ja/titlesPages.json";
import { adminCompanyDetailLoader } from "~/routes/__admin-companies/admin-companies.server";

export const handle = { i18n: ["common"], screenName: "admin-companies-detail" };

export const meta = titleMeta(title);

export const loader = (args: LoaderFunctionArgs) => adminCompanyDetailLoader(args);

export default function AdminCompanyDetailRoute() {
  return <AdminCompanyDetailPage {...useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
