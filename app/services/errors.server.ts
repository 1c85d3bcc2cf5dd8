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

/** Whether a thrown error is the 404 above (a record the Payment API does not have). */
export function isNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && "init" in error && (error as { init?: { status?: number } }).init?.status === 404;
}

export function forbidden(variant: ForbiddenVariant = "generic") {
  return errorResponse(403, { variant });
}

/** Whether a thrown error is the 403 above, whatever its variant. */
export function isForbidden(error: unknown): boolean {
  return typeof error === "object" && error !== null && "init" in error && (error as { init?: { status?: number } }).init?.status === 403;
}

export function unauthorized() {
  return errorResponse(401);
}

export function maintenance(start: string, end: string) {
  return errorResponse(503, { maintenance: { start, end } });
}

/** Whether a thrown error is the maintenance answer above, wherever it came from. */
export function isMaintenance(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("init" in error) || !("data" in error)) return false;
  const { init, data } = error as { init?: { status?: number }; data?: ErrorPayload };
  return init?.status === 503 && data?.maintenance !== undefined;
}

/** The request itself was refused (malformed, too large): the message says why on the error screen. */
export function refused(status: number, message: string) {
  return errorResponse(status, { message });
}

/** A dependency (the Payment API, its database) is away for a moment. */
export function unavailable() {
  return errorResponse(503);
}
