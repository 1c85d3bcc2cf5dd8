import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { reportBrowserError } from "~/components/browser-errors";
import { DefaultShell } from "~/components/layout/DefaultShell";
import { PlainShell } from "~/components/layout/PlainShells";
import type { loader as rootLoader } from "~/root";
import { isAdmin, type SessionUser } from "~/session-user";
import { describeError } from "./error-model";
import { ErrorScreen } from "./ErrorScreen";

/** Used when the root loader itself failed and no configured address is at hand. */
const FALLBACK_CONTACT_URL = "/support/faq";

/**
 * The one error boundary: every route exports it. Company users keep their
 * side menu; bank staff and visitors get the plain layout (no side menu),
 * except inside the admin area, whose layout stays.
 */
export function RouteErrorBoundary() {
  // A page of the admin area failed under its layout: AdminShell is already around, so only the screen.
  const insideAdminLayout = useRouteLoaderData<{ user: SessionUser }>("routes/_admin") !== undefined;
  return <ErrorBoundaryScreen insideAdminLayout={insideAdminLayout} />;
}

/** The admin layout's own boundary (its check refused the visitor): the company or plain layout, never inside AdminShell. */
export function AdminLayoutErrorBoundary() {
  return <ErrorBoundaryScreen insideAdminLayout={false} />;
}

function ErrorBoundaryScreen({ insideAdminLayout }: { insideAdminLayout: boolean }) {
  const error = useRouteError();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  // A render error in the browser (the server reports its own); thrown responses are screens, not errors.
  useEffect(() => {
    // "Unexpected Server Error" is the server's own failure, already reported there.
    if (!isRouteErrorResponse(error) && !(error instanceof Error && error.message === "Unexpected Server Error")) reportBrowserError(error);
  }, [error]);
  const screen = describeError(error);
  const user = root?.user ?? null;
  const companyUser = user && !isAdmin(user) ? user : null;
  const content = (
    <ErrorScreen
      screen={screen}
      contactFormUrl={root?.contactFormUrl ?? FALLBACK_CONTACT_URL}
      showTopLink={companyUser !== null && screen.kind !== "maintenance"}
    />
  );
  if (insideAdminLayout) return content;
  return companyUser ? (
    <DefaultShell user={companyUser}>{content}</DefaultShell>
  ) : (
    <PlainShell signedIn={user !== null}>{content}</PlainShell>
  );
}
