import { renderToStaticMarkup } from "react-dom/server";
import { isCurrent, type Menu, type MenuLink } from "./menu";
import { buildNavigation, menuOf, type NavigationInput, type NavTexts } from "./navigation";
import { SideNav } from "./SideNav";

/** The menu's HTML for the layout's loader to send once (MenuHost), its current entry the one for `pathname`. */
export function menuHtml(menu: Menu, pathname: string): string {
  return renderToStaticMarkup(<SideNav menu={menu} pathname={pathname} />);
}

type BuiltMenu = { menu: Menu; links: MenuLink[]; html: Map<string, string> };

/**
 * Menus built, by the texts (one function per language: fixed-texts.server.ts) and what the menu reads of the user;
 * each with its HTML by the entries the page marks current. The layout asked for the same HTML on every page
 * (ADR 020, "Server cost per page"); a user's menu changes only with those fields, which the key holds.
 */
const builtMenus = new WeakMap<NavTexts, Map<string, BuiltMenu>>();
const BUILT_MENUS_LIMIT = 1_000;

/** The company layout's menu for this user at `pathname`, as menuHtml renders it. */
export function companyMenuHtml(user: NavigationInput["user"], t: NavTexts, pathname: string): string {
  const menus = builtMenus.get(t) ?? new Map<string, BuiltMenu>();
  builtMenus.set(t, menus);
  const key = JSON.stringify([user.companyName, user.lastName, user.firstName, user.paymentRole, user.receiveEnabled, user.hasCookieTerms]);
  let built = menus.get(key);
  if (!built) {
    const menu = menuOf(buildNavigation({ user }), t);
    built = { menu, links: [...menu.main, ...menu.bottom].filter((entry): entry is MenuLink => "to" in entry), html: new Map() };
    if (menus.size >= BUILT_MENUS_LIMIT) menus.delete(menus.keys().next().value!);
    menus.set(key, built);
  }
  const current = built.links
    .filter((link) => !link.disabled && isCurrent(link, pathname))
    .map((link) => link.to)
    .join(" ");
  let html = built.html.get(current);
  if (html === undefined) {
    html = menuHtml(built.menu, pathname);
    built.html.set(current, html);
  }
  return html;
}
