import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { useTexts } from "~/components/texts";
import layoutTexts from "~/locales/ja/layout.json";

/**
 * The menu button of tablets and phones. A <details> element opens the drawer
 * without JavaScript; with it, the drawer also closes on navigation and Escape.
 */
export function MenuDrawer({ children }: { children: ReactNode }) {
  const { t } = useTexts({ layout: layoutTexts });
  const details = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (details.current) details.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && element.open) {
        element.open = false;
        element.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <details className="menu-drawer" ref={details} data-testid="menu-drawer">
      <summary className="menu-drawer__button">
        <span className="menu-drawer__icon" aria-hidden="true" />
        <span className="menu-drawer__label">{t("layout.menuButton")}</span>
      </summary>
      <div className="menu-drawer__panel">{children}</div>
    </details>
  );
}
