import { useLocation } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import navTexts from "~/locales/ja/nav.json";
import type { SessionUser } from "~/session-user";
import { buildNavigation, menuOf, type NavigationInput, type NavTexts } from "./navigation";
import { SideNav } from "./SideNav";

/**
 * The menu built in the render from the session's user, for an error screen without the layout's data (a page
 * outside the layout, or the layout's own loader failed): in the browser a chunk of its own (DefaultShell).
 */
export function SessionMenu({ user }: { user: NavigationInput["user"] & Pick<SessionUser, "companyName"> }) {
  const { t } = useTexts({ nav: navTexts });
  const { pathname } = useLocation();
  return <SideNav menu={menuOf(buildNavigation({ user }), t as NavTexts)} pathname={pathname} />;
}
