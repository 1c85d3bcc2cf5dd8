import { useLocation, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { buildNavigation } from "~/components/navigation/navigation";
import { MenuDrawer } from "~/components/navigation/MenuDrawer";
import { SideNav } from "~/components/navigation/SideNav";
import { PageNotice } from "~/components/notice/NoticeArea";
import { PAYMENT_ROLE } from "@domain/roles";
import type { defaultLayoutLoader } from "~/services/default-layout.server";
import type { SessionUser } from "~/session-user";
import { ServiceEndBanner, type ServiceEnd } from "./ServiceEndBanner";
import { SignOutButton, SkipLink, TopBar } from "./TopBar";

/** Default layout: top bar and side navigation drawer (a menu button below 1025 px). */
export function DefaultShell({ user, service = null, children }: { user: SessionUser; service?: ServiceEnd | null; children: ReactNode }) {
  const { pathname } = useLocation();
  // On an error screen `user` is the session's: the layout's loader has the bank's receive setting as it is now.
  const layout = useRouteLoaderData<typeof defaultLayoutLoader>("routes/_default");
  const receiveEnabled = layout?.user.receiveEnabled ?? user.receiveEnabled;
  const navigation = buildNavigation({ user: { ...user, receiveEnabled }, pathname });
  return (
    <div className="shell shell--default" data-layout="default">
      <SkipLink />
      <TopBar start={<MenuDrawer navigation={navigation} />} end={<SignOutButton />} />
      <div className="shell__body">
        <aside className="drawer" data-testid="drawer">
          <SideNav navigation={navigation} />
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
