import { isRouteErrorResponse } from "@remix-run/react";

export const FORBIDDEN_VARIANTS = ["generic", "subscriptionCanceled", "planChanged", "unpublished", "receivePlanRequired"] as const;
export type ForbiddenVariant = (typeof FORBIDDEN_VARIANTS)[number];

/** What a loader or action throws (as `data(payload, { status })`) to pick an error screen. */
export type ErrorPayload = {
  /** 403 only: which forbidden text to show. */
  variant?: ForbiddenVariant;
  /** 503 only: the maintenance window, as ISO 8601 timestamps. */
  maintenance?: { start: string; end: string };
  /** A detail shown below the screen's own text, such as 「Page not found: /x」. */
  message?: string;
};

export type ErrorScreen =
  | { kind: "maintenance"; status: 503; start: string; end: string }
  | { kind: "forbidden"; status: 403; variant: ForbiddenVariant }
  | { kind: "unauthorized"; status: 401 }
  | { kind: "notFound"; status: 404; detail: string | null }
  /** The request itself was refused (too large, malformed, too many): its message says why. */
  | { kind: "refused"; status: number; detail: string }
  /** 503 without a maintenance window: a dependency (the database) is away for a moment. */
  | { kind: "unavailable"; status: 503 }
  | { kind: "unexpected"; status: number };

function payloadOf(data: unknown): ErrorPayload {
  return typeof data === "object" && data !== null ? (data as ErrorPayload) : {};
}

/** One mapping from whatever was thrown to the screen that shows it. */
export function describeError(error: unknown): ErrorScreen {
  if (!isRouteErrorResponse(error)) return { kind: "unexpected", status: 500 };
  const payload = payloadOf(error.data);
  switch (error.status) {
    case 503:
      return payload.maintenance ? { kind: "maintenance", status: 503, ...payload.maintenance } : { kind: "unavailable", status: 503 };
    case 403:
      return {
        kind: "forbidden",
        status: 403,
        variant: FORBIDDEN_VARIANTS.includes(payload.variant as ForbiddenVariant) ? payload.variant! : "generic",
      };
    case 401:
      return { kind: "unauthorized", status: 401 };
    case 404:
      return { kind: "notFound", status: 404, detail: typeof payload.message === "string" ? payload.message : null };
    default:
      return error.status >= 400 && error.status < 500 && typeof payload.message === "string"
        ? { kind: "refused", status: error.status, detail: payload.message }
        : { kind: "unexpected", status: error.status };
  }
}

/** The key under `titles` in the common namespace for an error screen's page title. */
export function errorTitleKey(screen: ErrorScreen) {
  switch (screen.kind) {
    case "maintenance":
      return "maintenance" as const;
    case "forbidden":
      return "forbidden" as const;
    case "unauthorized":
      return "unauthorized" as const;
    case "notFound":
      return "notFound" as const;
    case "refused":
    case "unavailable":
    case "unexpected":
      return "error" as const;
  }
}
