import type { z } from "zod";
import type { estimatesReportAnswer, receivablesReportAnswer, receivedReportAnswer, salesReportAnswer } from "./report-answers";

/**
 * The reports (issue 18, docs/decisions/028): which reports and periods
 * exist, how a period becomes dates, and the shape of the Payment API's
 * answers, shared by the API and the pages. Amounts are exact decimal text.
 */

export const REPORT_KINDS = ["sales", "receivables", "estimates", "received"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const PERIOD_KEYS = ["this_month", "last_month", "this_year", "custom", "all"] as const;
export type PeriodKey = (typeof PERIOD_KEYS)[number];

/** The periods each report offers, its default first: receivables look at every unpaid invoice unless narrowed. */
export const REPORT_PERIODS: Record<ReportKind, readonly PeriodKey[]> = {
  sales: ["this_year", "this_month", "last_month", "custom"],
  receivables: ["all", "this_year", "this_month", "last_month", "custom"],
  estimates: ["this_year", "this_month", "last_month", "custom"],
  received: ["this_year", "this_month", "last_month", "custom"],
};

/** The tables each report shows, in order: each has its own CSV. */
export const REPORT_TABLES: Record<ReportKind, readonly string[]> = {
  sales: ["months", "customers"],
  receivables: ["customers", "invoices"],
  estimates: ["outcomes", "months"],
  received: ["months", "suppliers"],
};

/** A custom range spans at most this many months, so a chart keeps a readable number of bars. */
export const MAX_RANGE_MONTHS = 60;

/** How many customers (or suppliers) a table names before 「その他」. */
export const TOP_CUSTOMERS = 20;

/** Unpaid invoices per page of the receivables report. */
export const RECEIVABLES_PER_PAGE = 50;

export const AGING_BUCKETS = ["current", "d1_30", "d31_60", "d61_90", "over_90"] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Days past due (0 or less: not yet due) to its bucket. */
export function agingBucketOf(daysPastDue: number): AgingBucket {
  if (daysPastDue <= 0) return "current";
  if (daysPastDue <= 30) return "d1_30";
  if (daysPastDue <= 60) return "d31_60";
  if (daysPastDue <= 90) return "d61_90";
  return "over_90";
}

export type ResolvedPeriod = { key: PeriodKey; from: string | null; to: string | null; fiscal_year_end_month: number };

const pad = (value: number) => String(value).padStart(2, "0");

/** The last day of a month (month 1–12). */
function lastDayOf(year: number, month: number): string {
  return `${year}-${pad(month)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate())}`;
}

/** The first month (1–12) of a business year that ends in `endMonth`, and the year it starts in, for the year containing `today`. */
export function businessYearOf(today: string, endMonth: number): { from: string; to: string } {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const startMonth = (endMonth % 12) + 1;
  const startYear = month >= startMonth ? year : year - 1;
  const endYear = startMonth === 1 ? startYear : startYear + 1;
  return { from: `${startYear}-${pad(startMonth)}-01`, to: lastDayOf(endYear, endMonth) };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether text is a real calendar date as YYYY-MM-DD. */
export function isIsoDate(text: string | undefined | null): text is string {
  if (!text || !ISO_DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The months a range touches, as YYYY-MM, first to last. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split("-").map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const current = `${year}-${pad(month)}`;
    if (current > last) break;
    months.push(current);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

export type PeriodProblem = { field: "from" | "to"; message: string };

/**
 * A period choice as dates (inclusive), on `today` (JST) and the company's
 * business year. "all" has no dates. A custom range needs both dates, in
 * order, spanning at most MAX_RANGE_MONTHS months; otherwise the problem.
 */
export function resolvePeriod(
  key: PeriodKey,
  today: string,
  fiscalYearEndMonth: number,
  custom: { from?: string | null; to?: string | null } = {},
): ResolvedPeriod | PeriodProblem {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const base = { key, fiscal_year_end_month: fiscalYearEndMonth };
  switch (key) {
    case "all":
      return { ...base, from: null, to: null };
    case "this_month":
      return { ...base, from: `${year}-${pad(month)}-01`, to: lastDayOf(year, month) };
    case "last_month": {
      const lastYear = month === 1 ? year - 1 : year;
      const lastMonth = month === 1 ? 12 : month - 1;
      return { ...base, from: `${lastYear}-${pad(lastMonth)}-01`, to: lastDayOf(lastYear, lastMonth) };
    }
    case "this_year":
      return { ...base, ...businessYearOf(today, fiscalYearEndMonth) };
    case "custom": {
      if (!isIsoDate(custom.from)) return { field: "from", message: "開始日を正しい日付で入力してください" };
      if (!isIsoDate(custom.to)) return { field: "to", message: "終了日を正しい日付で入力してください" };
      if (custom.from > custom.to) return { field: "to", message: "終了日は開始日以降の日付にしてください" };
      if (monthsBetween(custom.from, custom.to).length > MAX_RANGE_MONTHS) return { field: "to", message: `期間は${MAX_RANGE_MONTHS}か月以内で指定してください` };
      return { ...base, from: custom.from, to: custom.to };
    }
  }
}

export const isPeriodProblem = (value: ResolvedPeriod | PeriodProblem): value is PeriodProblem => "message" in value;

/** A share as a percentage with one decimal (half up), exact on integers; null when there is nothing to divide. */
export function percentOf(part: number, whole: number): string | null {
  if (whole === 0) return null;
  const tenths = Math.floor((part * 1000 * 2 + whole) / (whole * 2));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

// The Payment API's answers (snake_case, as it sends them), from their schemas in ./report-answers.

export type SalesReport = z.output<typeof salesReportAnswer>;
export type SalesAmounts = SalesReport["total"];
export type SalesMonth = SalesReport["months"][number];
export type SalesCustomer = SalesReport["customers"][number];

export type ReceivablesReport = z.output<typeof receivablesReportAnswer>;
/** A customer is the master record a document refers to, or the name it was issued to when there is none: `key` tells them apart. */
export type CustomerRow = NonNullable<ReceivablesReport["customer"]>;
export type AgingAmounts = ReceivablesReport["total"];
export type ReceivablesCustomer = ReceivablesReport["customers"][number];
export type ReceivableInvoice = ReceivablesReport["invoices"]["items"][number];

export type EstimatesReport = z.output<typeof estimatesReportAnswer>;
export type EstimateOutcome = EstimatesReport["outcomes"][number];
export type EstimateMonth = EstimatesReport["months"][number];

export type ReceivedReport = z.output<typeof receivedReportAnswer>;
export type ReceivedAmounts = ReceivedReport["total"];
export type ReceivedMonth = ReceivedReport["months"][number];
export type ReceivedSupplier = ReceivedReport["suppliers"][number];

export type ReportOf = { sales: SalesReport; receivables: ReceivablesReport; estimates: EstimatesReport; received: ReceivedReport };

/** The aging buckets' names, for tables, charts and CSV alike. */
export const AGING_LABELS: Record<AgingBucket, string> = {
  current: "期日前",
  d1_30: "1〜30日超過",
  d31_60: "31〜60日超過",
  d61_90: "61〜90日超過",
  over_90: "90日超過",
};

/** 2026-04 → 2026年4月 */
export const monthLabel = (month: string) => `${month.slice(0, 4)}年${Number(month.slice(5, 7))}月`;

/** What a report's period is called in a file name or a heading: its dates, or すべて. */
export const periodText = (period: Pick<ResolvedPeriod, "from" | "to">) => (period.from && period.to ? `${period.from}_${period.to}` : "all");
