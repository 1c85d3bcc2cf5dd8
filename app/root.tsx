import type { LinksFunction } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { LoadingOverlay } from "~/components/LoadingOverlay";
import { useNonce } from "~/components/nonce";
import { DeploymentWatcher } from "~/components/DeploymentWatcher";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { i18nConfig } from "~/i18n";
import { titleMeta } from "~/meta";
import { top as topTitle } from "~/locales/ja/titles.json";
import { pageHydrates, type RouteHandle } from "~/route-handle";
import { rootLoader } from "~/services/root-loader.server";
import appStyles from "~/styles/app.css";

export const handle = { i18n: ["common"] } satisfies RouteHandle;

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  // An SVG icon named in every page, so browsers do not ask for a /favicon.ico that is not there.
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta = titleMeta(topTitle);

export const loader = rootLoader;

/**
 * Whether the page carries its scripts: decided on the server, from the deepest route's handle. In the browser React
 * runs only on a page that had them, and a client-side navigation into a page that opts out keeps them.
 */
function useScripts(): boolean {
  const matches = useMatches();
  return typeof document !== "undefined" || pageHydrates(matches);
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const scripts = useScripts();
  return (
    <html lang={root?.locale ?? i18nConfig.fallbackLng}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0B7285" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <Outlet />
      <LoadingOverlay />
      <DeploymentWatcher />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
