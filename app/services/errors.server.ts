import { data } from "@remix-run/node";
import type { ErrorPayload, ForbiddenVariant } from "~/components/errors/error-model";

/**
 * Thrown from loaders and actions; the shared error boundary turns each into
 * its screen, so no route needs error code of its own.
 */
function errorResponse(status: number, payload: ErrorPayload = {}) {
  return data(payload, { status });
}

export function notFound(pathname?: string) {
  return errorResponse(404, pathname === undefined ? {} : { message: `Page not found: ${pathname}` });
}

export function forbidden(variant: ForbiddenVariant = "generic") {
  return errorResponse(403, { variant });
}

export function unauthorized() {
  return errorResponse(401);
}

export function maintenance(start: string, end: string) {
  return errorResponse(503, { maintenance: { start, end } });
}
