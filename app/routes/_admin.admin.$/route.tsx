import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { titleMeta } from "~/meta";
import { notFound as notFoundTitle } from "~/locales/ja/titles.json";
import { notFound } from "~/services/errors.server";

export const meta = titleMeta(notFoundTitle);

/** An /admin URL no admin page claims: 404 inside the admin layout (after the layout's own check, so a company user gets 403). */
export function loader({ request }: LoaderFunctionArgs): never {
  throw notFound(new URL(request.url).pathname);
}

export function action({ request }: ActionFunctionArgs): never {
  throw notFound(new URL(request.url).pathname);
}

/** Never rendered: the loader always throws. */
export default function AdminUnmatched() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
