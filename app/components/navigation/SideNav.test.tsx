// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { fixtureUsers, type FixtureUserName } from "../../../tests/support/users";
import { translate } from "~/components/texts";
import navTexts from "~/locales/ja/nav.json";
import { markCurrent } from "./menu";
import { companyMenuHtml, menuHtml } from "./menu-html.server";
import { buildNavigation, menuOf, type NavTexts } from "./navigation";

/** The menu's HTML as the layout's loader sends it, in a page. */
function render(userName: FixtureUserName, pathname = "/top") {
  const t = ((key: string, values?: object) => translate({ nav: navTexts }, key, values)) as NavTexts;
  const container = document.createElement("div");
  container.innerHTML = menuHtml(menuOf(buildNavigation({ user: fixtureUsers[userName] }), t), pathname);
  document.body.replaceChildren(container);
  return container.querySelector("nav")!;
}

describe("SideNav", () => {
  it("renders the Japanese labels, subheaders and the 「姓 名 様」 header", () => {
    const nav = render("owner");
    expect(nav.getAttribute("aria-label")).toBe("メインメニュー");
    expect(nav.querySelector(".side-nav__company")?.textContent).toBe("株式会社デモ商事");
    expect(nav.querySelector(".side-nav__user")?.textContent).toBe("山田 太郎 様");
    const subheaders = [...nav.querySelectorAll(".side-nav__subheader")].map((el) => el.textContent);
    expect(subheaders).toEqual(["発行", "請求業務", "受取", "設定"]);
    const texts = [...nav.querySelectorAll("a")].map((a) => `${a.textContent} ${a.getAttribute("href")}`);
    expect(texts).toContain("入金消込 /billing/payments");
    expect(texts).toContain("見積書 /estimates/list");
    expect(texts).toContain("アカウント設定 /accounts/settings");
    expect(texts).toContain("Cookieポリシー /cookie-policy");
  });

  it("is the same HTML when the layout asks again, for each user and page, with the user's own name and entries", () => {
    const t = ((key: string, values?: object) => translate({ nav: navTexts }, key, values)) as NavTexts;
    const cases = [
      ["owner", "/invoices/detail/1"],
      ["owner", "/invoices/detail/2"],
      ["owner", "/accounts/settings"],
      ["user", "/invoices/detail/1"],
      ["newcomer", "/support/faq"],
      ["owner", "/top"],
    ] as const;
    for (let round = 0; round < 2; round++) {
      for (const [name, pathname] of cases) {
        expect(companyMenuHtml(fixtureUsers[name], t, pathname)).toBe(menuHtml(menuOf(buildNavigation({ user: fixtureUsers[name] }), t), pathname));
      }
    }
    const renamed = { ...fixtureUsers.owner, lastName: "鈴木" };
    expect(companyMenuHtml(renamed, t, "/top")).toContain("鈴木 太郎 様");
    expect(companyMenuHtml(renamed, t, "/top")).toContain("/receive/");
    expect(companyMenuHtml({ ...renamed, receiveEnabled: false }, t, "/top")).not.toContain("/receive/");
  });

  it("marks the current page with aria-current", () => {
    const nav = render("owner", "/invoices/detail/1");
    const current = [...nav.querySelectorAll('[aria-current="page"]')].map((el) => el.textContent);
    expect(current).toEqual(["請求書"]);
  });

  it("moves the mark with the URL in the browser, on the HTML as sent", () => {
    const nav = render("owner", "/invoices/detail/1");
    const current = () => [...nav.querySelectorAll('[aria-current="page"]')].map((el) => `${el.textContent} ${el.className}`);
    markCurrent(nav, "/accounts/register/addplan/confirm");
    expect(current()).toEqual(["アカウント設定 side-nav__link is-active"]);
    markCurrent(nav, "/receive/receipts");
    expect(current()).toEqual(["領収書 side-nav__link is-active"]);
    expect(nav.querySelector('a[href="/receipts"]')?.className).toBe("side-nav__link");
  });

  it("renders disabled entries as text, not links, with the hint", () => {
    const nav = render("newcomer");
    expect(nav.querySelector(".side-nav__hint")?.textContent).toBe("プランのお申し込み後にご利用いただけます");
    expect([...nav.querySelectorAll("a")].map((a) => a.textContent)).toEqual(["サポート"]);
    expect(nav.querySelectorAll('[aria-disabled="true"]').length).toBeGreaterThan(10);
  });

  it("leaves out the owner-only entries for a company user", () => {
    const nav = render("user");
    expect(nav.textContent).not.toContain("アカウント設定");
    expect(nav.textContent).not.toContain("ユーザー管理");
  });
});
