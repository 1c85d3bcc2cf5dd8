import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { titleMeta } from "~/meta";
import { notFound as notFoundTitle } from "~/locales/ja/titles.json";
import { notFound } from "~/services/errors.server";

export const meta = titleMeta(notFoundTitle);

/** Any URL no route claims: 404 「Page not found: {path}」. */
export function loader({ request }: LoaderFunctionArgs): never {
  throw notFound(new URL(request.url).pathname);
}

export function action({ request }: ActionFunctionArgs): never {
  throw notFound(new URL(request.url).pathname);
}

/** Never rendered: the loader always throws. A component keeps this a page route, not a resource route. */
export default function Unmatched() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
