import { Outlet } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { PlainShell } from "~/components/layout/PlainShells";

export default function PlainLayout() {
  return (
    <PlainShell>
      <Outlet />
    </PlainShell>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
