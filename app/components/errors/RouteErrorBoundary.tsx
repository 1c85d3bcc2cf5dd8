import { isRouteErrorResponse, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { lazy, memo, Suspense, useEffect, type ComponentProps } from "react";
import { reportBrowserError } from "~/components/browser-errors";
import { DefaultShell } from "~/components/layout/DefaultShell";
import { PlainShell } from "~/components/layout/PlainShells";
import type { loader as rootLoader } from "~/root";
import type { defaultLayoutLoader } from "~/services/default-layout.server";
import { isAdmin, type SessionUser } from "~/session-user";
import { error as errorTitle, forbidden, maintenance, notFound, unauthorized } from "~/locales/ja/titles.json";
import { describeError, errorTitleKey } from "./error-model";
import { ServerErrorScreen } from "./ErrorScreen.server";

/**
 * In the browser the screen's code and texts (ErrorScreen, errors.json) come as a chunk of their own when a screen is
 * shown, not with every page: on a page the server rendered as an error React keeps the server's HTML of the screen
 * until the chunk has come (a dehydrated Suspense boundary); after a client-side navigation that fails, the fallback
 * shows the screen's title for the moment the chunk takes. The server renders it at once, so the page without
 * JavaScript has it too (decision 020, "The error screen on demand").
 */
const Screen =
  ServerErrorScreen ??
  lazy(() =>
    import("./ErrorScreen").then(
      (module) => ({ default: module.ErrorScreen }),
      // The chunk could not be had (a deployment since the page was loaded): the title, rather than a failing boundary.
      () => ({ default: ScreenTitle }),
    ),
  );

/** The titles every page already carries for its meta (app/meta.ts): the fallback's heading costs no text of its own. */
const titles = { error: errorTitle, forbidden, maintenance, notFound, unauthorized };

type ScreenProps = Omit<ComponentProps<typeof ServerErrorScreen>, "title">;

/** The screen's title alone: while its chunk comes, and if it cannot. */
function ScreenTitle({ screen, title, busy = false }: ScreenProps & { title: string; busy?: boolean }) {
  return (
    <section className="error-screen" data-status={screen.status} data-kind={screen.kind} aria-busy={busy || undefined}>
      <h1 className="error-screen__heading">{title}</h1>
    </section>
  );
}

function sameScreen(a: ScreenProps, b: ScreenProps) {
  return a.contactFormUrl === b.contactFormUrl && a.showTopLink === b.showTopLink && JSON.stringify(a.screen) === JSON.stringify(b.screen);
}

/**
 * Memoised on what it shows: a re-render of the boundary (the router's state after hydration, the root's data) would
 * otherwise hand the Suspense boundary new children before its code has come, and React would drop the server's HTML
 * (React error 421; decision 048).
 */
const LazyErrorScreen = memo(function LazyErrorScreen(props: ScreenProps) {
  const title = titles[errorTitleKey(props.screen)];
  return (
    <Suspense fallback={<ScreenTitle {...props} title={title} busy />}>
      <Screen {...props} title={title} />
    </Suspense>
  );
}, sameScreen);

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
  // A company page's error under its layout keeps the layout's menu; elsewhere DefaultShell builds one from the session.
  const menu = useRouteLoaderData<typeof defaultLayoutLoader>("routes/_default")?.menu;
  // A render error in the browser (the server reports its own); thrown responses are screens, not errors.
  useEffect(() => {
    // "Unexpected Server Error" is the server's own failure, already reported there.
    if (!isRouteErrorResponse(error) && !(error instanceof Error && error.message === "Unexpected Server Error")) reportBrowserError(error);
  }, [error]);
  const screen = describeError(error);
  const user = root?.user ?? null;
  const companyUser = user && !isAdmin(user) ? user : null;
  const content = (
    <LazyErrorScreen
      screen={screen}
      contactFormUrl={root?.contactFormUrl ?? FALLBACK_CONTACT_URL}
      showTopLink={companyUser !== null && screen.kind !== "maintenance"}
    />
  );
  if (insideAdminLayout) return content;
  return companyUser ? (
    <DefaultShell user={companyUser} menu={menu}>{content}</DefaultShell>
  ) : (
    <PlainShell signedIn={user !== null}>{content}</PlainShell>
  );
}
