import type { LoaderFunctionArgs } from "@remix-run/node";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { FORBIDDEN_VARIANTS, type ForbiddenVariant } from "~/components/errors/error-model";
import { titleMeta } from "~/meta";
import { devErrors as devErrorsTitle } from "~/locales/ja/titlesPages.json";
import { forbidden, maintenance, notFound, unauthorized } from "~/services/errors.server";
import { requireDevRoutes } from "~/services/route-checks.server";

/**
 * Development and test page: throws what a loader can throw, so each error
 * screen can be seen and tested. `/dev/errors/maintenance?start=…&end=…`,
 * `/dev/errors/forbidden-{variant}`, `/dev/errors/401`, `/dev/errors/crash`.
 */
export const meta = titleMeta(devErrorsTitle);

export function loader({ request, params }: LoaderFunctionArgs): never {
  requireDevRoutes(request);
  const url = new URL(request.url);
  const kind = params.kind ?? "";
  if (kind === "maintenance") {
    throw maintenance(url.searchParams.get("start") ?? "", url.searchParams.get("end") ?? "");
  }
  if (kind.startsWith("forbidden-")) {
    const variant = kind.slice("forbidden-".length);
    if (FORBIDDEN_VARIANTS.includes(variant as ForbiddenVariant)) throw forbidden(variant as ForbiddenVariant);
  }
  if (kind === "401") throw unauthorized();
  if (kind === "crash") throw new Error("A deliberate failure: its message and stack must not reach the page.");
  throw notFound(url.pathname);
}

/** Never rendered: the loader always throws. */
export default function DevErrors() {
  return null;
}

export const ErrorBoundary = RouteErrorBoundary;
