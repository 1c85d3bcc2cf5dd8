import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { AdminLayoutErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { AdminShell } from "~/components/layout/AdminShell";
import { requireAdminUser } from "~/services/route-checks.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return { user: await requireAdminUser(request) };
}

export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  return (
    <AdminShell user={user}>
      <Outlet />
    </AdminShell>
  );
}

export const ErrorBoundary = AdminLayoutErrorBoundary;
