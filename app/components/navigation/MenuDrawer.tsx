import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTexts } from "~/components/texts";
import navTexts from "~/locales/ja/nav.json";
import type { Navigation } from "./navigation";
import { SideNav } from "./SideNav";

/**
 * The menu button of tablets and phones. A <details> element opens the drawer
 * without JavaScript; with it, the drawer also closes on navigation and Escape.
 */
export function MenuDrawer({ navigation }: { navigation: Navigation }) {
  const { t } = useTexts({ nav: navTexts });
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
        <span className="menu-drawer__label">{t("nav.menuButton")}</span>
      </summary>
      <div className="menu-drawer__panel">
        <SideNav navigation={navigation} />
      </div>
    </details>
  );
}
