import { Outlet, useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { DefaultShell } from "~/components/layout/DefaultShell";
import { defaultLayoutLoader } from "~/services/default-layout.server";

export const loader = defaultLayoutLoader;

export default function DefaultLayout() {
  const { user, menu, service } = useLoaderData<typeof loader>();
  return (
    <DefaultShell user={user} menu={menu} service={service}>
      <Outlet />
    </DefaultShell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
