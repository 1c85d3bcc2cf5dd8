import { lazy, memo, Suspense, type ComponentType, type ReactNode } from "react";
import { MenuDrawer } from "~/components/navigation/MenuDrawer";
import { MenuHost } from "~/components/navigation/MenuHost";
import { ServerSessionMenu } from "~/components/navigation/SessionMenu.server";
import { PageNotice } from "~/components/notice/NoticeArea";
import { PAYMENT_ROLE } from "@domain/roles";
import type { SessionUser } from "~/session-user";
import { ServiceEndBanner, type ServiceEnd } from "./ServiceEndBanner";
import { SignOutButton, SkipLink, TopBar } from "./TopBar";

type SessionMenuProps = { user: SessionUser };

const NoMenu: ComponentType<SessionMenuProps> = () => null;

/**
 * An error screen without the layout's data builds the menu from the session's user. The server renders it at once;
 * in the browser its rules and texts come as a chunk of their own, only on such a screen: React keeps the server's
 * HTML of the menu until the chunk has come, and after a client-side navigation that fails the menu appears when it
 * has (ADR 020, "Weight with inline scripts"). Without the chunk (a deployment since the page was loaded) no menu:
 * the screen's own link to TOP remains.
 */
const LazySessionMenu =
  ServerSessionMenu ??
  lazy(() =>
    import("~/components/navigation/SessionMenu").then(
      (module) => ({ default: module.SessionMenu }),
      () => ({ default: NoMenu }),
    ),
  );

const MENU_FIELDS = ["companyName", "lastName", "firstName", "paymentRole", "receiveEnabled", "hasCookieTerms"] as const;

/** Memoised on what the menu shows, so a re-render does not update the Suspense boundary before its code has come (React error 421). */
const SessionMenu = memo(
  function SessionMenu(props: SessionMenuProps) {
    return (
      <Suspense fallback={null}>
        <LazySessionMenu {...props} />
      </Suspense>
    );
  },
  (a, b) => MENU_FIELDS.every((field) => a.user[field] === b.user[field]),
);

/**
 * Default layout: top bar and side navigation drawer (a menu button below 1025 px). `menu` is the layout loader's
 * HTML of the menu (null on a page load, whose HTML has it: MenuHost); undefined on an error screen without the
 * layout's data.
 */
export function DefaultShell({ user, menu, service = null, children }: { user: SessionUser; menu: string | null | undefined; service?: ServiceEnd | null; children: ReactNode }) {
  const place = () => (menu === undefined ? <MenuHost><SessionMenu user={user} /></MenuHost> : <MenuHost html={menu} />);
  return (
    <div className="shell shell--default" data-layout="default">
      <SkipLink />
      <TopBar start={<MenuDrawer>{place()}</MenuDrawer>} end={<SignOutButton />} />
      <div className="shell__body">
        <aside className="drawer" data-testid="drawer">
          {place()}
        </aside>
        <main id="main" className="shell__main">
          <PageNotice />
          {service ? <ServiceEndBanner service={service} owner={user.paymentRole === PAYMENT_ROLE.owner} /> : null}
          {children}
        </main>
      </div>
    </div>
  );
}
