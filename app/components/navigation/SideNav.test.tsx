// @vitest-environment happy-dom
import { createRemixStub } from "@remix-run/testing";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { fixtureUsers, type FixtureUserName } from "../../../tests/support/users";
import { buildNavigation } from "./navigation";
import { SideNav } from "./SideNav";

// Lets React flush effects inside act() as it does in a test renderer.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

async function render(userName: FixtureUserName, pathname = "/top") {
  const navigation = buildNavigation({ user: fixtureUsers[userName], pathname });
  const Stub = createRemixStub([{ path: "*", Component: () => <SideNav navigation={navigation} /> }]);
  const container = document.createElement("div");
  document.body.replaceChildren(container);
  await act(async () => {
    createRoot(container).render(
      <Stub initialEntries={[pathname]} />,
    );
  });
  return container.querySelector("nav")!;
}

describe("SideNav", () => {
  it("renders the Japanese labels, subheaders and the 「姓 名 様」 header", async () => {
    const nav = await render("owner");
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

  it("marks the current page with aria-current", async () => {
    const nav = await render("owner", "/invoices/detail/1");
    const current = [...nav.querySelectorAll('[aria-current="page"]')].map((el) => el.textContent);
    expect(current).toEqual(["請求書"]);
  });

  it("renders disabled entries as text, not links, with the hint", async () => {
    const nav = await render("newcomer");
    expect(nav.querySelector(".side-nav__hint")?.textContent).toBe("プランのお申し込み後にご利用いただけます");
    expect([...nav.querySelectorAll("a")].map((a) => a.textContent)).toEqual(["サポート"]);
    expect(nav.querySelectorAll('[aria-disabled="true"]').length).toBeGreaterThan(10);
  });

  it("leaves out the owner-only entries for a company user", async () => {
    const nav = await render("user");
    expect(nav.textContent).not.toContain("アカウント設定");
    expect(nav.textContent).not.toContain("ユーザー管理");
  });
});
