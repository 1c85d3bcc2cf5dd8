import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent, type ReactNode } from "react";
import { useServerHtml } from "~/components/server-html";
import { markCurrent } from "./menu";

/**
 * A place of the menu (the fixed drawer, the menu button's panel). With `html`, the layout loader's HTML of the menu,
 * sent once as the document's copy is (server-html.tsx); on an error screen without the layout's data, `children`.
 * Its links are plain links: a click on one is followed in the browser as Remix's Link does, and the current entry
 * follows the URL (ADR 020, "Weight with inline scripts").
 */
export function MenuHost({ html = null, children }: { html?: string | null; children?: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const inner = useServerHtml("menu", html);

  useEffect(() => {
    if (host.current) markCurrent(host.current, location.pathname);
  }, [location.pathname, inner]);

  const follow = (event: MouseEvent<HTMLDivElement>) => {
    const link = event.target instanceof Element ? event.target.closest("a") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const url = new URL(link.href);
    if (url.origin !== window.location.origin) return;
    event.preventDefault();
    const to = `${url.pathname}${url.search}${url.hash}`;
    // As Link: the same location replaces the history entry rather than adding one.
    navigate(to, { replace: to === `${location.pathname}${location.search}${location.hash}` });
  };

  // The clicks are the links' own (a keyboard's Enter clicks a link too): the element only delegates them.
  return children === undefined ? (
    <div ref={host} onClick={follow} dangerouslySetInnerHTML={{ __html: inner }} suppressHydrationWarning />
  ) : (
    <div ref={host} onClick={follow}>
      {children}
    </div>
  );
}
