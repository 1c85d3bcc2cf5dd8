import { describe, expect, it } from "vitest";
import { fixtureUsers } from "../../../tests/support/users";
import { translate } from "~/components/texts";
import navTexts from "~/locales/ja/nav.json";
import { isCurrent, type MenuLink } from "./menu";
import { buildNavigation, menuOf, type NavEntry, type NavLink, type NavTexts } from "./navigation";

const labels = (entries: NavEntry[]) => entries.map((entry) => (entry.type === "subheader" ? `[${entry.label}]` : entry.label));
const t = ((key: string, values?: object) => translate({ nav: navTexts }, key, values)) as NavTexts;
const links = (entries: NavEntry[]) => entries.filter((entry): entry is NavLink => entry.type === "link");

describe("side navigation model (SPEC §2)", () => {
  it("gives an owner of a receiving bank every entry, in the specified order", () => {
    const nav = buildNavigation({ user: fixtureUsers.owner });
    expect(labels(nav.main)).toEqual([
      "top",
      "approvals",
      "[issue]",
      "estimates",
      "deliverySlips",
      "invoices",
      "receipts",
      "[billing]",
      "closing",
      "recurring",
      "payments",
      "reminders",
      "[receive]",
      "receiveInvoices",
      "receiveReceipts",
      "receiveOthers",
      "reports",
      "[settings]",
      "account",
      "users",
      "companies",
      "customers",
      "items",
      "documentSettings",
      "approvalSettings",
      "officeProcessRuleTemplates",
    ]);
    expect(labels(nav.bottom)).toEqual(["support", "cookiePolicy"]);
    expect(links(nav.main).map((link) => link.to)).toEqual([
      "/top",
      "/approvals",
      "/estimates/list",
      "/delivery-slips/list",
      "/invoices/list",
      "/receipts",
      "/billing/closing",
      "/billing/recurring",
      "/billing/payments",
      "/billing/reminders",
      "/receive/invoices",
      "/receive/receipts",
      "/receive/others",
      "/reports/list",
      "/accounts/settings",
      "/accounts/user/list",
      "/companies/list",
      "/customers/list",
      "/items/list",
      "/settings/documents",
      "/settings/approvals",
      "/office-process-rule-templates",
    ]);
    expect(nav.bottom.map((link) => link.to)).toEqual(["/support/faq", "/cookie-policy"]);
    expect(nav.disabled).toBe(false);
    expect([...links(nav.main), ...nav.bottom].every((link) => !link.disabled)).toBe(true);
  });

  it("hides account and user management from a company user who is not the owner", () => {
    const nav = buildNavigation({ user: fixtureUsers.user });
    expect(labels(nav.main)).not.toContain("account");
    expect(labels(nav.main)).not.toContain("users");
    expect(labels(nav.main)).not.toContain("approvalSettings");
    expect(labels(nav.main)).toContain("approvals");
    expect(labels(nav.main)).toContain("companies");
  });

  it("hides the receive group when the bank does not offer receiving", () => {
    const nav = buildNavigation({ user: fixtureUsers.shinkinOwner });
    expect(labels(nav.main)).not.toContain("[receive]");
    expect(labels(nav.main)).not.toContain("receiveInvoices");
  });

  it("shows the cookie policy only when cookie terms exist", () => {
    const nav = buildNavigation({ user: { ...fixtureUsers.owner, hasCookieTerms: false } });
    expect(labels(nav.bottom)).toEqual(["support"]);
  });

  it("disables the menu when the company has no payment user, keeping help reachable", () => {
    const nav = buildNavigation({ user: fixtureUsers.newcomer });
    expect(nav.disabled).toBe(true);
    expect(links(nav.main).every((link) => link.disabled)).toBe(true);
    expect(nav.bottom.find((link) => link.label === "support")?.disabled).toBe(false);
  });

  it("disables the menu for an invalid payment role", () => {
    const nav = buildNavigation({ user: { ...fixtureUsers.user, paymentRole: 0 } });
    expect(nav.disabled).toBe(true);
  });

  it("puts the company name and 「姓 名」 in the drawer header", () => {
    const nav = buildNavigation({ user: fixtureUsers.owner });
    expect(nav.header).toEqual({ companyName: "株式会社デモ商事", lastName: "山田", firstName: "太郎" });
  });

  it.each([
    ["/top", "top"],
    ["/estimates/list", "estimates"],
    ["/estimates/detail/12", "estimates"],
    ["/receipts/edit/3", "receipts"],
    ["/receive/invoices/detail/1", "receiveInvoices"],
    ["/terms/invoice-term", "account"],
    ["/accounts/register/addplan/confirm", "account"],
    ["/accounts/change/permissions", "account"],
    ["/accounts/user/detail/U1", "users"],
    ["/customers/edit/5", "customers"],
    ["/support/qa", "support"],
  ])("marks the entry for %s as current", (pathname, label) => {
    const nav = buildNavigation({ user: fixtureUsers.owner });
    const menu = menuOf(nav, t);
    const menuLinks = [...menu.main, ...menu.bottom].filter((entry): entry is MenuLink => "to" in entry);
    const current = menuLinks.filter((link) => isCurrent(link, pathname)).map((link) => link.to);
    expect(current).toEqual([[...links(nav.main), ...nav.bottom].find((link) => link.label === label)?.to]);
  });

  it("does not mark /receipts as current on /receive/receipts", () => {
    expect(isCurrent({ to: "/receipts" }, "/receive/receipts")).toBe(false);
  });
});

describe("the menu in words", () => {
  it("words every entry, the header and the button, and leaves the rules to the server", () => {
    const menu = menuOf(buildNavigation({ user: fixtureUsers.owner }), t);
    expect(menu).toMatchObject({ label: "メインメニュー", company: "株式会社デモ商事", user: "山田 太郎 様", hint: null });
    expect(menu.main.slice(0, 4)).toEqual([
      { text: "TOP", to: "/top" },
      { text: "承認待ち", to: "/approvals" },
      { heading: "発行" },
      { text: "見積書", to: "/estimates/list", also: ["/estimates"] },
    ]);
    expect(menu.bottom).toEqual([
      { text: "サポート", to: "/support/faq", also: ["/support"] },
      { text: "Cookieポリシー", to: "/cookie-policy" },
    ]);
  });

  it("gives a company without a plan the hint and disabled entries, help still reachable", () => {
    const menu = menuOf(buildNavigation({ user: fixtureUsers.newcomer }), t);
    expect(menu.hint).toBe("プランのお申し込み後にご利用いただけます");
    expect(menu.main.filter((entry) => "to" in entry).every((entry) => "disabled" in entry && entry.disabled)).toBe(true);
    expect(menu.bottom[0]).toEqual({ text: "サポート", to: "/support/faq", also: ["/support"] });
  });
});
