import { Outlet } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { SnapshotShell } from "~/components/layout/PlainShells";

export default function SnapshotEmptyLayout() {
  return (
    <SnapshotShell>
      <Outlet />
    </SnapshotShell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
