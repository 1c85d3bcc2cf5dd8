import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { DefaultShell } from "~/components/layout/DefaultShell";
import { todayJst } from "@domain/datetime";
import { serviceEndOf } from "~/components/layout/ServiceEndBanner";
import { requireCompanyUser } from "~/services/route-checks.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireCompanyUser(request);
  return { user, service: serviceEndOf(user, todayJst()) };
}

export default function DefaultLayout() {
  const { user, service } = useLoaderData<typeof loader>();
  return (
    <DefaultShell user={user} service={service}>
      <Outlet />
    </DefaultShell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
