import { Link, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { titleMeta } from "~/meta";
import type { loader as defaultLayoutLoader } from "./_default";

export const handle = { i18n: ["common"], screenName: "top" };

export const meta = titleMeta("top");

const ISSUE_LINKS = [
  { label: "estimates", to: "/estimates/list" },
  { label: "deliverySlips", to: "/delivery-slips/list" },
  { label: "invoices", to: "/invoices/list" },
  { label: "receipts", to: "/receipts" },
] as const;

const SETUP_LINKS = [
  { label: "companies", to: "/companies/list" },
  { label: "customers", to: "/customers/list" },
  { label: "items", to: "/items/list" },
  { label: "documentSettings", to: "/settings/documents" },
] as const;

export default function TopPage() {
  const { t } = useTranslation();
  const layout = useRouteLoaderData<typeof defaultLayoutLoader>("routes/_default");
  const user = layout?.user;
  return (
    <>
      <h1>
        {t("top.greeting", {
          companyName: user?.companyName ?? "",
          lastName: user?.lastName ?? "",
          firstName: user?.firstName ?? "",
        })}
      </h1>
      {user?.paymentRole === null ? <p className="card">{t("top.noPaymentUser")}</p> : <p>{t("top.lead")}</p>}
      <h2>{t("top.issueHeading")}</h2>
      <ul className="link-grid">
        {ISSUE_LINKS.map((item) => (
          <li key={item.to}>
            <Link to={item.to} prefetch="none">
              {t(`nav.${item.label}`)}
            </Link>
          </li>
        ))}
      </ul>
      <h2>{t("top.settingsHeading")}</h2>
      <ul className="link-grid">
        {SETUP_LINKS.map((item) => (
          <li key={item.to}>
            <Link to={item.to} prefetch="none">
              {t(`nav.${item.label}`)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
