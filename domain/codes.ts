/**
 * The code lists the UI and the Payment API share (SPEC §4, §5). Each entry is
 * `{ id, key, label }`: ids are what is stored and sent, keys what code reads.
 */
export type Code<Id extends number | string = number> = { id: Id; key: string; label: string };

// The tables every document list shows live in list-codes.ts, so a list does not load the others.
export { ESTIMATE_STATUSES, DELIVERY_SLIP_STATUSES, INVOICE_STATUSES, RECEIPT_STATUSES, MAIL_STATUSES, EXPORT_ENCODINGS } from "./list-codes";

export const TAX_TYPES = [
  { id: 1, key: "external", label: "外税" },
  { id: 2, key: "internal", label: "内税" },
] as const satisfies readonly Code[];

/** Floor and truncate differ on negative amounts: floor goes down, truncate towards zero. */
export const ROUNDING_MODES = [
  { id: 1, key: "floor", label: "切り下げ" },
  { id: 2, key: "truncate", label: "切り捨て" },
  { id: 3, key: "ceiling", label: "切り上げ" },
  { id: 4, key: "round", label: "四捨五入" },
] as const satisfies readonly Code[];

export const WITHHOLDING_TYPES = [
  { id: 0, key: "disabled", label: "源泉徴収しない" },
  { id: 1, key: "withSpecialIncome", label: "源泉徴収する（復興特別所得税を含む）" },
  { id: 2, key: "withoutSpecialIncome", label: "源泉徴収する（復興特別所得税を含まない）" },
] as const satisfies readonly Code[];

export const BANK_ACCOUNT_TYPES = [
  { id: 1, key: "normal", label: "普通" },
  { id: 2, key: "current", label: "当座" },
  { id: 3, key: "savings", label: "貯蓄" },
] as const satisfies readonly Code[];

/** Consumption tax rates an item or line can carry; 8 % is the reduced rate, marked ※ on documents. */
export const TAX_RATES = [
  { id: 10, key: "standard", label: "10%" },
  { id: 8, key: "reduced", label: "8%（軽減税率）" },
  { id: 0, key: "exempt", label: "0%（非課税・不課税）" },
] as const satisfies readonly Code[];

/**
 * What a document line is for consumption tax. Only 10 % and 8 % carry tax;
 * the four 0 % categories are totalled apart on the document (適格請求書), and
 * 立替金 (an expense paid for the customer) is also left out of the
 * withholding base.
 */
export const TAX_CATEGORIES = [
  { id: "standard", key: "standard", label: "10%", rate: 10 },
  { id: "reduced", key: "reduced", label: "8%（軽減税率）", rate: 8 },
  { id: "non_taxable", key: "nonTaxable", label: "非課税", rate: 0 },
  { id: "not_subject", key: "notSubject", label: "不課税", rate: 0 },
  { id: "export_exempt", key: "exportExempt", label: "免税", rate: 0 },
  { id: "reimbursement", key: "reimbursement", label: "立替金", rate: 0 },
] as const satisfies ReadonlyArray<Code<string> & { rate: number }>;

export type TaxCategory = (typeof TAX_CATEGORIES)[number];
export type TaxCategoryId = TaxCategory["id"];
/** The categories without tax, each totalled on its own. */
export type UntaxedCategoryId = Extract<TaxCategory, { rate: 0 }>["id"];

export function taxCategoryOf(id: TaxCategoryId): TaxCategory {
  return TAX_CATEGORIES.find((category) => category.id === id)!;
}

/** Items and the legacy `tax_rate` field only know the rate: 0 % reads as 非課税. */
export function taxCategoryOfRate(rate: number): TaxCategoryId {
  if (rate === 10) return "standard";
  if (rate === 8) return "reduced";
  return "non_taxable";
}

export const PLAN_IDS = [
  { id: 0, key: "none", label: "未契約" },
  { id: 1, key: "issue", label: "発行プラン" },
  { id: 2, key: "issueReceive", label: "発行・受取プラン" },
  { id: 3, key: "issueReceivePlus", label: "発行・受取プラス" },
  { id: 4, key: "issueReceivePremium", label: "発行・受取プレミアム" },
] as const satisfies readonly Code[];

export const RECEIVE_FILTERS = [
  { id: "only", key: "only", label: "書類のみ" },
  { id: "with_both", key: "withBoth", label: "取引先・口座あり" },
  { id: "with_customer", key: "withCustomer", label: "取引先あり" },
  { id: "with_account", key: "withAccount", label: "口座あり" },
] as const satisfies readonly Code<string>[];

export const MATCH_RESULTS = [
  { id: 1, key: "matched", label: "一致" },
  { id: 2, key: "unmatched", label: "不一致" },
  { id: 3, key: "notFound", label: "該当なし" },
  { id: 4, key: "error", label: "エラー" },
] as const satisfies readonly Code[];

/** Plans 2 to 4 include receiving (SPEC §4). */
export const RECEIVE_PLAN_IDS: readonly number[] = [2, 3, 4];

/** SPEC §5: what a company has when a value was never set. */
export const COMPANY_DEFAULTS = {
  taxId: 1,
  taxRoundingId: 2,
  taxWithholdingId: 1,
  itemRoundingId: 1,
  itemRoundingScale: 0,
  subtotalRoundingId: 1,
  bankAccountTypeId: 1,
} as const;

export function idsOf<T extends readonly Code<number | string>[]>(codes: T): Array<T[number]["id"]> {
  return codes.map((code) => code.id);
}

/** SPEC §4: the receive plan counts as subscribed if the current or previous plan is one of 2 to 4. */
export function hasReceivePlan(planId: number | null, previousPlanId: number | null): boolean {
  return [planId, previousPlanId].some((id) => id !== null && RECEIVE_PLAN_IDS.includes(id));
}
