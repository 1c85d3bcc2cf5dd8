import { isCurrent, type Menu, type MenuLink } from "./menu";

function NavItem({ item, pathname }: { item: MenuLink; pathname: string }) {
  if (item.disabled) {
    return (
      <li>
        <span className="side-nav__link is-disabled" aria-disabled="true">
          {item.text}
        </span>
      </li>
    );
  }
  const current = isCurrent(item, pathname);
  // A plain link: the menu is sent as HTML, and MenuHost follows it in the browser as Remix's Link would
  // (data-discover lets Remix learn the route before the click, as it does for a Link).
  return (
    <li>
      <a
        href={item.to}
        className={current ? "side-nav__link is-active" : "side-nav__link"}
        aria-current={current ? "page" : undefined}
        data-also={item.also?.join(" ")}
        data-discover="true"
      >
        {item.text}
      </a>
    </li>
  );
}

/** The side navigation of SPEC §2, in the words navigation.ts gives it, for `pathname`. */
export function SideNav({ menu, pathname }: { menu: Menu; pathname: string }) {
  return (
    <nav className="side-nav" aria-label={menu.label} data-disabled={menu.hint ? "true" : undefined}>
      <div className="side-nav__header">
        <p className="side-nav__company">{menu.company}</p>
        <p className="side-nav__user">{menu.user}</p>
      </div>
      {menu.hint ? <p className="side-nav__hint">{menu.hint}</p> : null}
      <ul className="side-nav__list">
        {menu.main.map((entry) =>
          "heading" in entry ? (
            <li key={`subheader-${entry.heading}`} className="side-nav__subheader">
              {entry.heading}
            </li>
          ) : (
            <NavItem key={entry.to} item={entry} pathname={pathname} />
          ),
        )}
      </ul>
      <ul className="side-nav__list side-nav__list--bottom">
        {menu.bottom.map((item) => (
          <NavItem key={item.to} item={item} pathname={pathname} />
        ))}
      </ul>
    </nav>
  );
}
