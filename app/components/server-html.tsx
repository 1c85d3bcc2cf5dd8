import { createContext, useContext } from "react";

/**
 * HTML a loader rendered (the detail page's copy of the document), sent once. A page load carries it in the page's
 * HTML only: the loader hands it to the server's render through this context (`htmlOnce`, html-once.server.ts) and
 * leaves it out of the hydration data. React then keeps the server's HTML, since it neither compares nor rewrites
 * `dangerouslySetInnerHTML` when hydrating (the empty string still marks the element as its own content, so its
 * children are not hydrated away). A navigation in the browser has no server HTML: its data brings the HTML.
 */
const RenderedHtml = createContext<ReadonlyMap<string, string> | null>(null);
export const RenderedHtmlProvider = RenderedHtml.Provider;

/** The HTML to set for `name`: the data's on a navigation in the browser, the render's on the server, else none. */
export function useServerHtml(name: string, html: string | null): string {
  const rendered = useContext(RenderedHtml);
  return html ?? rendered?.get(name) ?? "";
}

export function ServerHtml({ name, html }: { name: string; html: string | null }) {
  return <div dangerouslySetInnerHTML={{ __html: useServerHtml(name, html) }} suppressHydrationWarning />;
}
