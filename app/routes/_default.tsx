import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { DefaultShell } from "~/components/layout/DefaultShell";
import { requireCompanyUser } from "~/services/route-checks.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return { user: await requireCompanyUser(request) };
}

export default function DefaultLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <DefaultShell user={user}>
      <Outlet />
    </DefaultShell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
