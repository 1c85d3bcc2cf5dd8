import { describe, expect, it } from "vitest";
import { fixtureUsers } from "../../../tests/support/users";
import { buildNavigation, type NavEntry, type NavLink } from "./navigation";

const labels = (entries: NavEntry[]) => entries.map((entry) => (entry.type === "subheader" ? `[${entry.label}]` : entry.label));
const links = (entries: NavEntry[]) => entries.filter((entry): entry is NavLink => entry.type === "link");

describe("side navigation model (SPEC §2)", () => {
  it("gives an owner of a receiving bank every entry, in the specified order", () => {
    const nav = buildNavigation({ user: fixtureUsers.owner, pathname: "/top" });
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
    const nav = buildNavigation({ user: fixtureUsers.user, pathname: "/top" });
    expect(labels(nav.main)).not.toContain("account");
    expect(labels(nav.main)).not.toContain("users");
    expect(labels(nav.main)).not.toContain("approvalSettings");
    expect(labels(nav.main)).toContain("approvals");
    expect(labels(nav.main)).toContain("companies");
  });

  it("hides the receive group when the bank does not offer receiving", () => {
    const nav = buildNavigation({ user: fixtureUsers.shinkinOwner, pathname: "/top" });
    expect(labels(nav.main)).not.toContain("[receive]");
    expect(labels(nav.main)).not.toContain("receiveInvoices");
  });

  it("shows the cookie policy only when cookie terms exist", () => {
    const nav = buildNavigation({ user: { ...fixtureUsers.owner, hasCookieTerms: false }, pathname: "/top" });
    expect(labels(nav.bottom)).toEqual(["support"]);
  });

  it("disables the menu when the company has no payment user, keeping help reachable", () => {
    const nav = buildNavigation({ user: fixtureUsers.newcomer, pathname: "/top" });
    expect(nav.disabled).toBe(true);
    expect(links(nav.main).every((link) => link.disabled)).toBe(true);
    expect(nav.bottom.find((link) => link.label === "support")?.disabled).toBe(false);
  });

  it("disables the menu for an invalid payment role", () => {
    const nav = buildNavigation({ user: { ...fixtureUsers.user, paymentRole: 0 }, pathname: "/top" });
    expect(nav.disabled).toBe(true);
  });

  it("puts the company name and 「姓 名」 in the drawer header", () => {
    const nav = buildNavigation({ user: fixtureUsers.owner, pathname: "/top" });
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
    const nav = buildNavigation({ user: fixtureUsers.owner, pathname });
    const active = [...links(nav.main), ...nav.bottom].filter((link) => link.active).map((link) => link.label);
    expect(active).toEqual([label]);
  });

  it("does not mark /receipts as current on /receive/receipts", () => {
    const nav = buildNavigation({ user: fixtureUsers.owner, pathname: "/receive/receipts" });
    expect(links(nav.main).find((link) => link.label === "receipts")?.active).toBe(false);
  });
});
