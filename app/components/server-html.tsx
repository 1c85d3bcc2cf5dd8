import { useLocation, useNavigate } from "@remix-run/react";
import { createContext, useContext, type MouseEvent } from "react";

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

/**
 * A click handler for an element holding plain links (HTML a loader sent once): a link to this site
 * is followed in the page as Remix's Link does; a modified click (a new tab) and other sites are the browser's.
 * A keyboard's Enter clicks a link too, so the element only delegates.
 */
export function useFollowLinks() {
  const location = useLocation();
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLElement>) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    const to = `${url.pathname}${url.search}${url.hash}`;
    // As Link: the same location replaces the history entry rather than adding one.
    navigate(to, { replace: to === `${location.pathname}${location.search}${location.hash}` });
  };
}
