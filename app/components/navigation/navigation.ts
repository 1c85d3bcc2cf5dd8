import { PAYMENT_ROLE } from "@domain/roles";
import type { TFunction } from "~/components/texts";
import type { common } from "~/locales/ja";
import type { SessionUser } from "~/session-user";
import type { Menu, MenuLink } from "./menu";

/** Label keys under `nav` in the common namespace. */
export type NavLabelKey =
  | "top"
  | "approvals"
  | "issue"
  | "estimates"
  | "deliverySlips"
  | "invoices"
  | "receipts"
  | "billing"
  | "closing"
  | "recurring"
  | "payments"
  | "reminders"
  | "receive"
  | "receiveInvoices"
  | "receiveReceipts"
  | "receiveOthers"
  | "reports"
  | "settings"
  | "account"
  | "users"
  | "companies"
  | "customers"
  | "items"
  | "documentSettings"
  | "approvalSettings"
  | "officeProcessRuleTemplates"
  | "support"
  | "cookiePolicy";

export type NavLink = {
  type: "link";
  label: NavLabelKey;
  to: string;
  /** Other paths under which this entry counts as the current one. */
  alsoActiveUnder?: string[];
  disabled: boolean;
};

export type NavSubheader = { type: "subheader"; label: NavLabelKey };

export type NavEntry = NavLink | NavSubheader;

export type Navigation = {
  header: { companyName: string; lastName: string; firstName: string };
  /** Set when the company has no payment user: the menu shows but cannot be used. */
  disabled: boolean;
  main: NavEntry[];
  bottom: NavLink[];
};

type LinkSpec = Omit<NavLink, "disabled"> & { ownerOnly?: boolean; keepsWorkingWhenDisabled?: boolean };
type EntrySpec = LinkSpec | NavSubheader;

const link = (label: NavLabelKey, to: string, extra: Partial<LinkSpec> = {}): LinkSpec => ({ type: "link", label, to, ...extra });
const subheader = (label: NavLabelKey): NavSubheader => ({ type: "subheader", label });

/** SPEC §2 side navigation, top to bottom. */
const ISSUE_ENTRIES: EntrySpec[] = [
  subheader("issue"),
  link("estimates", "/estimates/list", { alsoActiveUnder: ["/estimates"] }),
  link("deliverySlips", "/delivery-slips/list", { alsoActiveUnder: ["/delivery-slips"] }),
  link("invoices", "/invoices/list", { alsoActiveUnder: ["/invoices"] }),
  link("receipts", "/receipts"),
];

/** The monthly billing cycle (issue 19): not in SPEC §2's list, placed after what it works on. */
const BILLING_ENTRIES: EntrySpec[] = [
  subheader("billing"),
  link("closing", "/billing/closing"),
  link("recurring", "/billing/recurring"),
  link("payments", "/billing/payments"),
  link("reminders", "/billing/reminders"),
];

const RECEIVE_ENTRIES: EntrySpec[] = [
  subheader("receive"),
  link("receiveInvoices", "/receive/invoices"),
  link("receiveReceipts", "/receive/receipts"),
  link("receiveOthers", "/receive/others"),
];

const SETTINGS_ENTRIES: EntrySpec[] = [
  subheader("settings"),
  link("account", "/accounts/settings", {
    ownerOnly: true,
    alsoActiveUnder: ["/terms", "/accounts/register/addplan", "/accounts/register/changeplan", "/accounts/change"],
  }),
  link("users", "/accounts/user/list", { ownerOnly: true, alsoActiveUnder: ["/accounts/user"] }),
  link("companies", "/companies/list", { alsoActiveUnder: ["/companies"] }),
  link("customers", "/customers/list", { alsoActiveUnder: ["/customers"] }),
  link("items", "/items/list", { alsoActiveUnder: ["/items"] }),
  link("documentSettings", "/settings/documents"),
  link("approvalSettings", "/settings/approvals", { ownerOnly: true }),
  link("officeProcessRuleTemplates", "/office-process-rule-templates"),
];

function resolveLink(spec: LinkSpec, disabled: boolean): NavLink {
  const { ownerOnly: _ownerOnly, keepsWorkingWhenDisabled, ...rest } = spec;
  return { ...rest, disabled: disabled && !keepsWorkingWhenDisabled };
}

export type NavigationInput = {
  user: Pick<
    SessionUser,
    "companyName" | "lastName" | "firstName" | "paymentRole" | "receiveEnabled" | "hasCookieTerms"
  >;
};

/** Builds the side navigation a company user sees (the current entry follows the URL: menu.ts's isCurrent). */
export function buildNavigation({ user }: NavigationInput): Navigation {
  const disabled = user.paymentRole === null || user.paymentRole === PAYMENT_ROLE.invalid;
  const isOwner = user.paymentRole === PAYMENT_ROLE.owner;

  const specs: EntrySpec[] = [
    link("top", "/top"),
    // 承認待ち (decision 049): every user may be named an approver, and every user may ask.
    link("approvals", "/approvals"),
    ...ISSUE_ENTRIES,
    ...BILLING_ENTRIES,
    ...(user.receiveEnabled ? RECEIVE_ENTRIES : []),
    link("reports", "/reports/list", { alsoActiveUnder: ["/reports"] }),
    ...SETTINGS_ENTRIES.filter((entry) => entry.type === "subheader" || !entry.ownerOnly || isOwner),
  ];

  // Help and the cookie policy stay reachable for a company still without a plan.
  const bottomSpecs: LinkSpec[] = [
    link("support", "/support/faq", { alsoActiveUnder: ["/support"], keepsWorkingWhenDisabled: true }),
    ...(user.hasCookieTerms ? [link("cookiePolicy", "/cookie-policy", { keepsWorkingWhenDisabled: true })] : []),
  ];

  return {
    header: { companyName: user.companyName ?? "", lastName: user.lastName, firstName: user.firstName },
    disabled,
    main: specs.map((spec) => (spec.type === "subheader" ? spec : resolveLink(spec, disabled))),
    bottom: bottomSpecs.map((spec) => resolveLink(spec, disabled)),
  };
}

export type NavTexts = TFunction<Pick<typeof common, "nav">>;

function menuLink(link: NavLink, t: NavTexts): MenuLink {
  return {
    text: t(`nav.${link.label}`),
    to: link.to,
    ...(link.alsoActiveUnder ? { also: link.alsoActiveUnder } : {}),
    ...(link.disabled ? { disabled: true as const } : {}),
  };
}

/** The menu in words (menu.ts). */
export function menuOf(navigation: Navigation, t: NavTexts): Menu {
  const { header } = navigation;
  return {
    label: t("nav.label"),
    company: header.companyName,
    user: t("nav.honorific", { lastName: header.lastName, firstName: header.firstName }),
    hint: navigation.disabled ? t("nav.disabledHint") : null,
    main: navigation.main.map((entry) => (entry.type === "subheader" ? { heading: t(`nav.${entry.label}`) } : menuLink(entry, t))),
    bottom: navigation.bottom.map((link) => menuLink(link, t)),
  };
}
