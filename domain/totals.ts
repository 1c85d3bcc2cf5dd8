import { COMPANY_DEFAULTS, TAX_CATEGORIES, TAX_TYPES, WITHHOLDING_TYPES, type Code, type TaxCategory, type TaxCategoryId, type UntaxedCategoryId } from "./codes";
import { add, compare, divideRounded, mul, roundTo, roundingModeOf, sub, sum, type RoundingMode } from "./exact";

/**
 * The totals of an estimate, delivery slip, invoice or receipt under the
 * qualified invoice rules (適格請求書): consumption tax is rounded once per
 * rate per document, never summed from per-line taxes, and each category
 * without tax is totalled apart. Pure and free of Node so the browser can
 * preview the same numbers the server stores.
 */

export type TotalsLine = { quantity: string; unitPrice: string; taxCategory: TaxCategoryId };

export type TotalsRules = {
  taxType: (typeof TAX_TYPES)[number]["key"];
  itemRounding: RoundingMode;
  /** Decimals (0–4) kept on line amounts. */
  itemRoundingScale: number;
  subtotalRounding: RoundingMode;
  taxRounding: RoundingMode;
  withholding: (typeof WITHHOLDING_TYPES)[number]["key"];
};

export type RateTotal = {
  rate: number;
  /** Sum of the rate's line amounts as written (tax included when internal), rounded to the yen. */
  amount: string;
  taxExcluded: string;
  tax: string;
  taxIncluded: string;
};

/** The sum of one category without tax (非課税, 不課税, 免税, 立替金), rounded to the yen. */
export type UntaxedTotal = { category: UntaxedCategoryId; amount: string };

export type Totals = {
  lineAmounts: string[];
  /** Only taxed rates that have lines, 10 % then 8 %. */
  byRate: RateTotal[];
  /** Only categories without tax that have lines, in TAX_CATEGORIES order. */
  untaxed: UntaxedTotal[];
  taxExcluded: string;
  tax: string;
  taxIncluded: string;
  withholdingBase: string;
  withholding: string;
  amountDue: string;
};

/** 源泉徴収: one rate up to ¥1,000,000 of the base, a doubled rate on the excess. */
const WITHHOLDING_THRESHOLD = "1000000";
const WITHHOLDING_RATES = {
  withSpecialIncome: { upToThreshold: "0.1021", excess: "0.2042" },
  withoutSpecialIncome: { upToThreshold: "0.1", excess: "0.2" },
} as const;

const isUntaxed = (category: TaxCategory): category is Extract<TaxCategory, { rate: 0 }> => category.rate === 0;

export function computeTotals(lines: readonly TotalsLine[], rules: TotalsRules): Totals {
  const lineAmounts = lines.map((line) =>
    roundTo(mul(line.quantity, line.unitPrice), rules.itemRoundingScale, rules.itemRounding),
  );
  const amountOf = (category: TaxCategoryId) =>
    roundTo(sum(lineAmounts.filter((_, index) => lines[index]?.taxCategory === category)), 0, rules.subtotalRounding);
  const present = TAX_CATEGORIES.filter((category) => lines.some((line) => line.taxCategory === category.id));
  const byRate = present.filter((category) => !isUntaxed(category)).map((category) => rateTotal(category.rate, amountOf(category.id), rules));
  const untaxed = present.filter(isUntaxed).map((category) => ({ category: category.id, amount: amountOf(category.id) }));
  const untaxedSum = sum(untaxed.map((total) => total.amount));
  const taxExcluded = add(sum(byRate.map((total) => total.taxExcluded)), untaxedSum);
  const tax = sum(byRate.map((total) => total.tax));
  const taxIncluded = add(sum(byRate.map((total) => total.taxIncluded)), untaxedSum);
  // Every document states its tax per rate, internal ones too, so the base leaves the tax out (NTA's
  // notice on withholding); an expense paid for the customer (立替金) is no fee and is left out as well.
  const reimbursed = untaxed.find((total) => total.category === "reimbursement")?.amount ?? "0";
  const withholdingBase = sub(taxExcluded, reimbursed);
  const withholding = withholdingOf(withholdingBase, rules.withholding);
  return {
    lineAmounts,
    byRate,
    untaxed,
    taxExcluded,
    tax,
    taxIncluded,
    withholdingBase,
    withholding,
    amountDue: sub(taxIncluded, withholding),
  };
}

/** 適格請求書: the tax of a rate is computed and rounded once, on the rate's whole amount. */
function rateTotal(rate: number, amount: string, rules: TotalsRules): RateTotal {
  const percent = String(rate);
  if (rules.taxType === "external") {
    const tax = divideRounded(mul(amount, percent), "100", 0, rules.taxRounding);
    return { rate, amount, taxExcluded: amount, tax, taxIncluded: add(amount, tax) };
  }
  const tax = divideRounded(mul(amount, percent), String(100 + rate), 0, rules.taxRounding);
  return { rate, amount, taxExcluded: sub(amount, tax), tax, taxIncluded: amount };
}

function withholdingOf(base: string, type: TotalsRules["withholding"]): string {
  if (type === "disabled" || compare(base, "0") <= 0) return "0";
  const rates = WITHHOLDING_RATES[type];
  const overThreshold = compare(base, WITHHOLDING_THRESHOLD) > 0;
  const upToThreshold = overThreshold ? WITHHOLDING_THRESHOLD : base;
  const excess = overThreshold ? sub(base, WITHHOLDING_THRESHOLD) : "0";
  const exact = add(mul(upToThreshold, rates.upToThreshold), mul(excess, rates.excess));
  // Fractions of a yen are dropped; the base is positive here, so truncate is floor.
  return roundTo(exact, 0, "truncate");
}

function keyOf<C extends Code>(codes: readonly C[], id: number, what: string): C["key"] {
  const code = codes.find((candidate) => candidate.id === id);
  if (!code) throw new RangeError(`Unknown ${what} id: ${id}`);
  return code.key;
}

/** A company's stored settings as rules; unset values take SPEC §5 defaults, and the document may override the tax type. */
/** A company's or a document's rounding rules as stored: code ids and the item scale. */
export type RoundingIds = { itemRoundingId: number; itemRoundingScale: number; subtotalRoundingId: number; taxRoundingId: number; taxWithholdingId: number };

export function totalsRulesOf(
  company: {
    taxId?: number;
    itemRoundingId?: number;
    itemRoundingScale?: number;
    subtotalRoundingId?: number;
    taxRoundingId?: number;
    taxWithholdingId?: number;
  },
  withholdingOn: boolean,
  taxTypeId?: number,
): TotalsRules {
  const withholdingId = company.taxWithholdingId ?? COMPANY_DEFAULTS.taxWithholdingId;
  return {
    taxType: keyOf(TAX_TYPES, taxTypeId ?? company.taxId ?? COMPANY_DEFAULTS.taxId, "tax type"),
    itemRounding: roundingModeOf(company.itemRoundingId ?? COMPANY_DEFAULTS.itemRoundingId),
    itemRoundingScale: company.itemRoundingScale ?? COMPANY_DEFAULTS.itemRoundingScale,
    subtotalRounding: roundingModeOf(company.subtotalRoundingId ?? COMPANY_DEFAULTS.subtotalRoundingId),
    taxRounding: roundingModeOf(company.taxRoundingId ?? COMPANY_DEFAULTS.taxRoundingId),
    withholding: withholdingOn ? keyOf(WITHHOLDING_TYPES, withholdingId, "withholding type") : "disabled",
  };
}

/** A line as the form, the Payment API and its answers write it, as the engine reads it. */
export function totalsLineOf(line: { quantity: string; unit_price: string; tax_category: TaxCategoryId }): TotalsLine {
  return { quantity: line.quantity, unitPrice: line.unit_price, taxCategory: line.tax_category };
}
