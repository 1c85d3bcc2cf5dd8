import { Outlet } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { EmptyShell } from "~/components/layout/PlainShells";

export default function EmptyLayout() {
  return (
    <EmptyShell>
      <Outlet />
    </EmptyShell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
