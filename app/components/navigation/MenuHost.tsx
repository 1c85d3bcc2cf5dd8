import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useFollowLinks, useServerHtml } from "~/components/server-html";
import { markCurrent } from "./menu";

/**
 * A place of the menu (the fixed drawer, the menu button's panel). With `html`, the layout loader's HTML of the menu,
 * sent once as the document's copy is (server-html.tsx); on an error screen without the layout's data, `children`.
 * Its links are plain links, followed in the page (server-html.tsx); the current entry follows the URL
 * (ADR 020, "Weight with inline scripts").
 */
export function MenuHost({ html = null, children }: { html?: string | null; children?: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  const follow = useFollowLinks();
  const inner = useServerHtml("menu", html);

  useEffect(() => {
    if (host.current) markCurrent(host.current, pathname);
  }, [pathname, inner]);

  return children === undefined ? (
    <div ref={host} onClick={follow} dangerouslySetInnerHTML={{ __html: inner }} suppressHydrationWarning />
  ) : (
    <div ref={host} onClick={follow}>
      {children}
    </div>
  );
}
