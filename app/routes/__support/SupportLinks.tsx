import { NavLink, useRouteLoaderData } from "@remix-run/react";
import { PRODUCT_SLUG } from "@domain/terms";
import { useTexts } from "~/components/texts";
import supportTexts from "~/locales/ja/support.json";
import type { loader as defaultLayoutLoader } from "~/routes/_default/route";

/** The help pages and the terms, from either help page (the one shown is marked current); the cookie policy only when one is recorded, as in the side menu. */
export function SupportLinks() {
  const { t } = useTexts({ support: supportTexts });
  const layout = useRouteLoaderData<typeof defaultLayoutLoader>("routes/_default");
  const links = [
    { to: "/support/faq", label: t("support.links.faq") },
    { to: "/support/qa", label: t("support.links.qa") },
    { to: `/terms/${PRODUCT_SLUG}-term`, label: t("support.links.productTerms") },
    { to: "/terms/kokopelli-id-term", label: t("support.links.idTerms") },
    ...(layout?.user.hasCookieTerms ? [{ to: "/cookie-policy", label: t("support.links.cookiePolicy") }] : []),
  ];
  return (
    <nav className="card support-links" aria-labelledby="support-links-heading">
      <h2 id="support-links-heading">{t("support.links.label")}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} prefetch="none" end>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
