import type { AppLoadContext } from "@remix-run/node";

/**
 * A loader's HTML for ServerHtml named `name`: on a page load, handed to the server's render and null in the data, so
 * the page does not carry it twice (in its HTML and again in the hydration data); for the browser's data requests, the
 * HTML itself.
 */
export function htmlOnce(context: AppLoadContext, name: string, html: string): string | null {
  if (!context.renderedHtml) return html;
  context.renderedHtml.set(name, html);
  return null;
}
