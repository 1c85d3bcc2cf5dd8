/**
 * The side menu in words, as navigation.ts builds it on the server. The layout's loader sends it as HTML, once
 * (MenuHost): a page's JavaScript carries neither the menu's rules, nor its texts, nor its entries as data. Which
 * entry is current follows the URL in the browser (markCurrent).
 */
export type MenuLink = {
  text: string;
  to: string;
  /** Other paths under which this entry counts as the current one. */
  also?: string[];
  disabled?: true;
};

export type MenuHeading = { heading: string };

export type Menu = {
  /** The menu's accessible name. */
  label: string;
  company: string;
  /** 「姓 名 様」 */
  user: string;
  /** Set when the company has no payment user: the menu shows but cannot be used. */
  hint: string | null;
  main: (MenuLink | MenuHeading)[];
  bottom: MenuLink[];
};

function isUnder(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

export function isCurrent(link: Pick<MenuLink, "to" | "also">, pathname: string): boolean {
  return isUnder(pathname, link.to) || (link.also ?? []).some((base) => isUnder(pathname, base));
}

/** Marks the entry for `pathname` as SideNav does, on the menu's HTML (its links carry `data-also`). */
export function markCurrent(container: HTMLElement, pathname: string) {
  for (const link of container.querySelectorAll<HTMLAnchorElement>("a.side-nav__link")) {
    const current = isCurrent({ to: link.getAttribute("href") ?? "", also: link.dataset.also?.split(" ") }, pathname);
    link.classList.toggle("is-active", current);
    if (current) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}
