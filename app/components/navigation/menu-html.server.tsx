import { renderToStaticMarkup } from "react-dom/server";
import type { Menu } from "./menu";
import { SideNav } from "./SideNav";

/** The menu's HTML for the layout's loader to send once (MenuHost), its current entry the one for `pathname`. */
export function menuHtml(menu: Menu, pathname: string): string {
  return renderToStaticMarkup(<SideNav menu={menu} pathname={pathname} />);
}
