import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import adminTexts from "~/locales/ja/admin.json";
import { adminHome as adminHomeTitle } from "~/locales/ja/titlesPages.json";
import { isSpecialSystemAdmin } from "@domain/roles";
import { RouteErrorBoundary } from "~/components/errors/RouteErrorBoundary";
import { titleMeta } from "~/meta";
import type { loader as adminLayoutLoader } from "../_admin/route";
import type { RouteHandle } from "~/route-handle";

export const handle = { i18n: ["common"], screenName: "admin-home", hydrate: false } satisfies RouteHandle;

export const meta = titleMeta(adminHomeTitle);

/** Bank staff's landing page: who they are, what they oversee, where to go. */
export default function AdminHome() {
  const { t } = useTexts({ admin: adminTexts, titles: { adminHome: adminHomeTitle } });
  const user = useRouteLoaderData<typeof adminLayoutLoader>("routes/_admin")?.user;
  if (!user) return null;
  const scope =
    isSpecialSystemAdmin(user)
      ? t("admin.scopeAllBanks")
      : user.branchName
        ? t("admin.scopeBranch", { branch: `${user.bankName} ${user.branchName}` })
        : t("admin.scopeBank", { bank: user.bankName });
  return (
    <>
      <h1>{t("titles.adminHome")}</h1>
      <p>{t("admin.homeLead", { bank: user.bankName })}</p>
      <p data-testid="admin-scope">{scope}</p>
      <ul className="link-grid">
        <li>
          <Link to="/admin/companies/list" prefetch="none">
            {t("admin.companies")}
          </Link>
        </li>
        <li>
          <Link to="/admin/bank-setting/list" prefetch="none">
            {t("admin.bankSettings")}
          </Link>
        </li>
      </ul>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
