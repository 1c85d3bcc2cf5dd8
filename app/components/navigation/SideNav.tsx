import { Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import navTexts from "~/locales/ja/nav.json";
import type { NavLink, Navigation } from "./navigation";

function NavItem({ item }: { item: NavLink }) {
  const { t } = useTexts({ nav: navTexts });
  if (item.disabled) {
    return (
      <li>
        <span className="side-nav__link is-disabled" aria-disabled="true">
          {t(`nav.${item.label}`)}
        </span>
      </li>
    );
  }
  return (
    <li>
      <Link
        to={item.to}
        className={item.active ? "side-nav__link is-active" : "side-nav__link"}
        aria-current={item.active ? "page" : undefined}
        prefetch="none"
      >
        {t(`nav.${item.label}`)}
      </Link>
    </li>
  );
}

/** The side navigation of SPEC §2, drawn from the navigation model. */
export function SideNav({ navigation }: { navigation: Navigation }) {
  const { t } = useTexts({ nav: navTexts });
  const { header } = navigation;
  return (
    <nav className="side-nav" aria-label={t("nav.label")} data-disabled={navigation.disabled ? "true" : undefined}>
      <div className="side-nav__header">
        <p className="side-nav__company">{header.companyName}</p>
        <p className="side-nav__user">{t("nav.honorific", { lastName: header.lastName, firstName: header.firstName })}</p>
      </div>
      {navigation.disabled ? <p className="side-nav__hint">{t("nav.disabledHint")}</p> : null}
      <ul className="side-nav__list">
        {navigation.main.map((entry) =>
          entry.type === "subheader" ? (
            <li key={`subheader-${entry.label}`} className="side-nav__subheader">
              {t(`nav.${entry.label}`)}
            </li>
          ) : (
            <NavItem key={entry.to} item={entry} />
          ),
        )}
      </ul>
      <ul className="side-nav__list side-nav__list--bottom">
        {navigation.bottom.map((item) => (
          <NavItem key={item.to} item={item} />
        ))}
      </ul>
    </nav>
  );
}
