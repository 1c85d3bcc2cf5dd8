import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTexts } from "~/components/texts";
import adminTexts from "~/locales/ja/admin.json";
import { PageNotice } from "~/components/notice/NoticeArea";
import type { SessionUser } from "~/session-user";
import { SignOutButton, SkipLink, TopBar } from "./TopBar";

const ADMIN_MENU = [
  { label: "companies", to: "/admin/companies/list" },
  { label: "bankSettings", to: "/admin/bank-setting/list" },
] as const;

/** Admin layout for bank staff: its own top bar and admin menu, no side navigation. */
export function AdminShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  const { t } = useTexts({ admin: adminTexts });
  return (
    <div className="shell shell--admin" data-layout="admin">
      <SkipLink />
      <TopBar
        home="/admin"
        start={<span className="top-bar__area">{t("admin.area")}</span>}
        end={
          <>
            <span className="top-bar__user">
              {user.bankName}
              {user.branchName ? ` ${user.branchName}` : ""} {t("admin.staff", { lastName: user.lastName, firstName: user.firstName })}
            </span>
            <SignOutButton />
          </>
        }
      />
      <nav className="admin-menu" aria-label={t("admin.menuLabel")}>
        <ul>
          {ADMIN_MENU.map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} prefetch="none" className="admin-menu__link">
                {t(`admin.${item.label}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="shell__main shell__main--admin">
        <PageNotice />
        {children}
      </main>
    </div>
  );
}
