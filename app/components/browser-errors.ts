import { isChunkLoadFailure } from "./deployment";

/** Where the browser's errors go; the server reports them on (SPEC §8), so no DSN is on the page. */
export const CLIENT_ERRORS_PATH = "/client-errors";

/**
 * Sends a browser error to the server, unless it is one the product expects:
 * a request aborted by a navigation, or a page chunk gone after a deployment
 * (the page reloads for that).
 */
export function reportBrowserError(error: unknown, fallbackMessage = ""): void {
  const message = error instanceof Error ? error.message : fallbackMessage || String(error ?? "");
  if (!message || (error instanceof Error && error.name === "AbortError") || isChunkLoadFailure(message)) return;
  const body = JSON.stringify({ message, stack: error instanceof Error ? error.stack : undefined });
  navigator.sendBeacon?.(CLIENT_ERRORS_PATH, new Blob([body], { type: "application/json" }));
}
