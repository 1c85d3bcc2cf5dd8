import type { LoaderFunctionArgs } from "@remix-run/node";
import { hasReceivePlan } from "@domain/codes";
import { formatListDate } from "@domain/datetime";
import { formatDecimal } from "@domain/decimal-display";
import { normalizeIsoDate } from "@domain/normalize";
import {
  AGING_BUCKETS,
  AGING_LABELS,
  monthLabel,
  PERIOD_KEYS,
  REPORT_KINDS,
  REPORT_PERIODS,
  REPORT_TABLES,
  type AgingAmounts,
  type EstimatesReport,
  type PeriodKey,
  type ReceivablesReport,
  type ReceivedAmounts,
  type ReceivedReport,
  type ReportKind,
  type ReportOf,
  type SalesAmounts,
  type SalesReport,
} from "@domain/reports";
import { REPORT_ANSWERS } from "@domain/report-answers";
import { translate, type TextKey } from "~/components/texts";
import reportTexts from "~/locales/ja/reports.json";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { COMMON_CONDITION_LABELS, pageNumber, readableFilters } from "../../services/list-filters.server";
import { encodingOf } from "../__csv/master-csv.server";
import { askPaymentApi, fetchPaymentApi, passThroughDownload, PaymentApiValidationError } from "../../services/payment-api.server";
import { barChart, columnChart, type ChartPoint, type ChartView } from "./reports-charts.server";
import { bankReceiveEnabled } from "../../services/route-checks.server";
import { redirectWithNotice } from "../../services/session.server";

export const REPORTS_PATH = "/reports/list";

/** What the page's URL asks for: a report, its period (custom dates when chosen) and, for 売掛金, a customer and a page. */
export type ReportChoice = { report: ReportKind; period: PeriodKey; from: string; to: string; customer: string; page: number };

/**
 * Reads the URL as the API can: what it cannot read falls back to the report's defaults (no failing page for a bad link)
 * and is named in `ignored`, as every list names it. Custom dates go to the API as given: it says what is wrong with them
 * beside the fields.
 */
export function reportChoiceOf(url: URL): ReportChoice & { ignored: string[] } {
  const param = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, 300);
  const reportOf = (value: string) => ((REPORT_KINDS as readonly string[]).includes(value) ? (value as ReportKind) : null);
  const report = reportOf(param("report")) ?? "sales";
  const { filters, ignored } = readableFilters(
    url,
    ["report", "period", "page"],
    {
      report: reportOf,
      period: (value) => ((PERIOD_KEYS as readonly string[]).includes(value) && REPORT_PERIODS[report].includes(value as PeriodKey) ? value : null),
      // Only 売掛金 has pages.
      ...(report === "receivables" ? { page: pageNumber } : {}),
    },
    { report: reportTexts.page.tabs, period: reportTexts.page.period, page: COMMON_CONDITION_LABELS.page },
  );
  const period = (filters.period || REPORT_PERIODS[report][0]!) as PeriodKey;
  const date = (name: string) => (param(name) ? (normalizeIsoDate(param(name)) ?? param(name).slice(0, 10)) : "");
  const page = report === "receivables" && filters.page ? Number(filters.page) : 1;
  return {
    report,
    period,
    from: period === "custom" ? date("from") : "",
    to: period === "custom" ? date("to") : "",
    customer: report === "receivables" ? param("customer") : "",
    page,
    ignored,
  };
}

/** The choice as query parameters (the API's and the page's links alike); `change` replaces some. */
export function reportParams(choice: ReportChoice, change: Partial<ReportChoice> = {}): URLSearchParams {
  const next = { ...choice, ...change };
  const params = new URLSearchParams({ report: next.report, period: next.period });
  if (next.period === "custom") {
    params.set("from", next.from);
    params.set("to", next.to);
  }
  if (next.customer) params.set("customer", next.customer);
  if (next.page > 1) params.set("page", String(next.page));
  return params;
}

/** Why the 受取 report cannot be shown: the bank does not offer receiving, or the plan does not include it. */
type ReceiveUnavailable = "unpublished" | "receivePlanRequired";

const sections = { reports: reportTexts };

/** A text of the dictionary with its values, as the page's i18next writes it: the page's figures are written here, not in the browser. */
const t = (key: TextKey<typeof sections>, values?: Record<string, string | number>) => translate(sections, key, values) as string;

const yen = (value: string) => t("reports.yen", { amount: formatDecimal(value) });
const count = (value: number) => t("reports.count", { count: formatDecimal(String(value)) });
const percent = (value: string | null) => (value === null ? t("reports.none") : t("reports.percent", { value }));

/** A table's cell: its text, or its text as a link (`label` names it for a screen reader) with a badge beside it, or with the test id a check finds it by. */
export type Cell = string | { text: string; href?: string; label?: string; badge?: string; testId?: string };
/** A row: its heading cell, then its figures (arrays, so the page data names no property for each row). */
export type TableRow = [head: Cell, ...figures: Cell[]];

/** One table of a report as the page shows it, with its chart; the page's ids are `${id}-heading`, `${id}-table` and `${id}-encoding`. */
export type ReportTable = {
  id: string;
  /** What /reports/export calls the table. */
  table: string;
  heading: string;
  /** `number`: right-aligned figures; `name`: a customer's or supplier's name, shortened with an ellipsis when long. */
  columns: { label: string; number?: true; name?: true }[];
  rows: TableRow[];
  /** Said in place of the rows when there are none (tables of months and outcomes always have rows). */
  empty?: string;
  total: TableRow | null;
  chart: ChartView | null;
  /** Back to every customer's invoices, when the table shows one customer's. */
  all?: string;
  pages?: { label: string; text: string; previous: string | null; next: string | null };
};

/** A report as the page shows it; `query` is the choice the CSV forms send. */
export type ReportView = { range: string; fiscalYear: string; summary: string; note: string; query: [string, string][]; tables: ReportTable[] };

/** What /reports/list shows: why 受取 has no report, or the period form, the API's refusal of the period and the report. */
export type ReportsPageData =
  | { report: ReportKind; ignored: string[]; unavailable: string }
  | {
      report: ReportKind;
      /** What the address asked for that could not be read (said on the page, as on every list). */
      ignored: string[];
      unavailable: null;
      form: { period: PeriodKey; from: string; to: string; periods: { value: PeriodKey; label: string }[] };
      problem: { message: string; from: string | null; to: string | null } | null;
      view: ReportView | null;
    };

type Figures = Pick<ReportView, "summary" | "note" | "tables">;
type ColumnKey = keyof typeof reportTexts.columns;

const plain = (key: ColumnKey) => ({ label: t(`reports.columns.${key}`) });
const customerColumn = { label: t("reports.columns.customer"), name: true as const };
const figure = (label: string) => ({ label, number: true as const });
const figures = (...keys: ColumnKey[]) => keys.map((key) => figure(t(`reports.columns.${key}`)));
const totalRow = (cells: Cell[]): TableRow => [t("reports.total"), ...cells];
const chartTitle = (heading: string, column: string) => t("reports.chart", { table: heading, column });
const monthPoint = (month: string, value: string | null, text: string): ChartPoint => ({
  label: monthLabel(month),
  short: `${Number(month.slice(5, 7))}月`,
  value,
  text,
});

function salesView(data: SalesReport): Figures {
  const { total } = data;
  const months = t("reports.sales.months");
  const customers = t("reports.sales.customers");
  const column = t("reports.columns.taxExcluded");
  const amounts = (row: SalesAmounts) => [count(row.count), yen(row.tax_excluded), yen(row.tax_included)];
  const customerRows = [
    ...data.customers.map((row) => ({ ...row, label: row.customer_name })),
    ...(data.others ? [{ ...data.others, label: t("reports.others", { count: data.others.customers }) }] : []),
  ];
  return {
    summary: t("reports.sales.summary", { excluded: formatDecimal(total.tax_excluded), included: formatDecimal(total.tax_included), count: total.count }),
    note: t("reports.sales.note"),
    tables: [
      {
        id: "sales-months",
        table: "months",
        heading: months,
        columns: [plain("month"), ...figures("count", "taxExcluded", "tax", "taxIncluded")],
        rows: data.months.map((row) => [monthLabel(row.month), count(row.count), yen(row.tax_excluded), yen(row.tax), yen(row.tax_included)]),
        total: totalRow([
          count(total.count),
          { text: yen(total.tax_excluded), testId: "sales-total-excluded" },
          yen(total.tax),
          { text: yen(total.tax_included), testId: "sales-total-included" },
        ]),
        chart: columnChart({
          id: "sales-months-chart",
          title: chartTitle(months, column),
          column: 2,
          unit: "yen",
          points: data.months.map((row) => monthPoint(row.month, row.tax_excluded, yen(row.tax_excluded))),
        }),
      },
      {
        id: "sales-customers",
        table: "customers",
        heading: customers,
        columns: [customerColumn, ...figures("count", "taxExcluded", "taxIncluded")],
        rows: customerRows.map((row) => [row.label, ...amounts(row)]),
        empty: t("reports.empty"),
        total: totalRow(amounts(total)),
        chart:
          customerRows.length === 0
            ? null
            : barChart({
                id: "sales-customers-chart",
                title: chartTitle(customers, column),
                column: 2,
                unit: "yen",
                points: customerRows.map((row) => ({ label: row.label, value: row.tax_excluded, text: yen(row.tax_excluded) })),
              }),
      },
    ],
  };
}

function receivablesView(data: ReceivablesReport, choice: ReportChoice): Figures {
  const { total } = data;
  const overdue = AGING_BUCKETS.filter((bucket) => bucket !== "current").reduce((sum, bucket) => sum + Number(total[bucket]), 0);
  const customers = t("reports.receivables.customers");
  const invoices = t("reports.receivables.invoices");
  const { page, total: invoiceCount, per_page } = data.invoices;
  const pages = Math.max(1, Math.ceil(invoiceCount / per_page));
  const link = (change: Partial<ReportChoice>, hash = "") => `${REPORTS_PATH}?${reportParams(choice, change)}${hash}`;
  const toInvoices = "#receivables-invoices-heading";
  const amounts = (row: AgingAmounts) => [count(row.count), ...AGING_BUCKETS.map((bucket) => yen(row[bucket])), yen(row.amount)];
  return {
    summary: t("reports.receivables.summary", { amount: formatDecimal(total.amount), count: total.count, overdue: formatDecimal(String(overdue)) }),
    note: t("reports.receivables.note", { asOf: formatListDate(data.as_of) }),
    tables: [
      {
        id: "receivables-customers",
        table: "customers",
        heading: customers,
        columns: [customerColumn, ...figures("count"), ...AGING_BUCKETS.map((bucket) => figure(AGING_LABELS[bucket])), ...figures("outstanding")],
        rows: [
          ...data.customers.map((row): TableRow => [
            {
              text: row.customer_name,
              href: link({ customer: row.key, page: 1 }, toInvoices),
              label: t("reports.receivables.showCustomer", { customer: row.customer_name }),
            },
            ...amounts(row),
          ]),
          ...(data.others ? [[t("reports.others", { count: data.others.customers }), ...amounts(data.others)] satisfies TableRow] : []),
        ],
        empty: t("reports.receivables.noInvoices"),
        total: totalRow(amounts(total)),
        chart: barChart({
          id: "receivables-buckets-chart",
          title: chartTitle(customers, t("reports.receivables.buckets")),
          column: -1,
          unit: "yen",
          points: AGING_BUCKETS.map((bucket) => ({ label: AGING_LABELS[bucket], value: total[bucket], text: yen(total[bucket]) })),
        }),
      },
      {
        id: "receivables-invoices",
        table: "invoices",
        heading: data.customer ? t("reports.receivables.invoicesOf", { customer: data.customer.customer_name }) : invoices,
        columns: [plain("number"), customerColumn, plain("issueDate"), plain("dueDate"), ...figures("daysPastDue"), plain("bucket"), ...figures("outstanding")],
        rows: data.invoices.items.map((row) => [
          { text: row.number, href: `/invoices/detail/${row.id}`, ...(row.credit_note_of === null ? {} : { badge: t("reports.receivables.creditNote") }) },
          row.customer_name,
          formatListDate(row.issue_date),
          formatListDate(row.due_date),
          row.days_past_due > 0 ? t("reports.receivables.daysPastDue", { days: row.days_past_due }) : t("reports.none"),
          AGING_LABELS[row.bucket],
          yen(row.amount_due),
        ]),
        empty: t("reports.receivables.noInvoices"),
        total: null,
        chart: null,
        ...(choice.customer ? { all: link({ customer: "", page: 1 }) } : {}),
        ...(pages > 1
          ? {
              pages: {
                label: invoices,
                text: t("reports.receivables.pageOf", { page, pages, total: invoiceCount }),
                previous: page > 1 ? link({ page: page - 1 }, toInvoices) : null,
                next: page < pages ? link({ page: page + 1 }, toInvoices) : null,
              },
            }
          : {}),
      },
    ],
  };
}

function estimatesView(data: EstimatesReport): Figures {
  const { total } = data;
  const outcomes = t("reports.estimates.outcomes");
  const months = t("reports.estimates.months");
  return {
    summary: t("reports.estimates.summary", { count: total.count, won: total.won, amount: formatDecimal(total.won_amount), rate: percent(total.win_rate) }),
    note: t("reports.estimates.note"),
    tables: [
      {
        id: "estimates-outcomes",
        table: "outcomes",
        heading: outcomes,
        columns: [plain("outcome"), ...figures("count", "taxExcluded")],
        rows: data.outcomes.map((row) => [row.label, count(row.count), yen(row.tax_excluded)]),
        total: totalRow([count(total.count), ""]),
        chart: barChart({
          id: "estimates-outcomes-chart",
          title: chartTitle(outcomes, t("reports.columns.count")),
          column: 1,
          unit: "count",
          points: data.outcomes.map((row) => ({ label: row.label, value: String(row.count), text: count(row.count) })),
        }),
      },
      {
        id: "estimates-months",
        table: "months",
        heading: months,
        columns: [plain("month"), ...figures("count", "won", "lost", "pending", "winRate", "wonAmount")],
        rows: data.months.map((row) => [
          monthLabel(row.month),
          count(row.count),
          count(row.won),
          count(row.lost),
          count(row.pending),
          percent(row.win_rate),
          yen(row.won_amount),
        ]),
        total: totalRow([
          count(total.count),
          count(total.won),
          count(total.lost),
          count(total.pending),
          { text: percent(total.win_rate), testId: "estimates-win-rate" },
          yen(total.won_amount),
        ]),
        chart: columnChart({
          id: "estimates-months-chart",
          title: chartTitle(months, t("reports.columns.winRate")),
          column: 5,
          unit: "percent",
          points: data.months.map((row) => monthPoint(row.month, row.win_rate, percent(row.win_rate))),
        }),
      },
    ],
  };
}

function receivedView(data: ReceivedReport): Figures {
  const { total } = data;
  const months = t("reports.received.months");
  const suppliers = t("reports.received.suppliers");
  const column = t("reports.columns.amount");
  const columns = figures("count", "amount", "verified", "verifiedShare");
  const cells = (row: ReceivedAmounts) => [count(row.count), yen(row.amount), count(row.verified), percent(row.verified_share)];
  const supplierRows = [
    ...data.suppliers.map((row) => ({ ...row, label: row.supplier_name })),
    ...(data.others ? [{ ...data.others, label: t("reports.others", { count: data.others.suppliers }) }] : []),
  ];
  return {
    summary: t("reports.received.summary", { count: total.count, amount: formatDecimal(total.amount), share: percent(total.verified_share) }),
    note: t("reports.received.note"),
    tables: [
      {
        id: "received-months",
        table: "months",
        heading: months,
        columns: [plain("month"), ...columns],
        rows: data.months.map((row) => [monthLabel(row.month), ...cells(row)]),
        total: totalRow(cells(total)),
        chart: columnChart({
          id: "received-months-chart",
          title: chartTitle(months, column),
          column: 2,
          unit: "yen",
          points: data.months.map((row) => monthPoint(row.month, row.amount, yen(row.amount))),
        }),
      },
      {
        id: "received-suppliers",
        table: "suppliers",
        heading: suppliers,
        columns: [customerColumn, ...columns],
        rows: supplierRows.map((row) => [row.label, ...cells(row)]),
        empty: t("reports.empty"),
        total: totalRow(cells(total)),
        chart:
          supplierRows.length === 0
            ? null
            : barChart({
                id: "received-suppliers-chart",
                title: chartTitle(suppliers, column),
                column: 2,
                unit: "yen",
                points: supplierRows.map((row) => ({ label: row.label, value: row.amount, text: yen(row.amount) })),
              }),
      },
    ],
  };
}

const FIGURES: { [K in ReportKind]: (data: ReportOf[K], choice: ReportChoice) => Figures } = {
  sales: salesView,
  receivables: receivablesView,
  estimates: estimatesView,
  received: receivedView,
};

/** The API's answer as the page shows it: every figure, date and label as text, each chart with its scale and texts. */
export function reportView(choice: ReportChoice, data: ReportOf[ReportKind]): ReportView {
  const { from, to, fiscal_year_end_month: month } = data.period;
  return {
    range: from && to ? t("reports.range", { from: formatListDate(from), to: formatListDate(to) }) : t("reports.rangeAll"),
    fiscalYear: t("reports.fiscalYear", { month }),
    query: [...reportParams({ ...choice, page: 1 })],
    // The answer is the chosen report's (the API's path names it).
    ...(FIGURES[choice.report] as (data: ReportOf[ReportKind], choice: ReportChoice) => Figures)(data, choice),
  };
}

export async function reportsPageLoader({ request, context }: LoaderFunctionArgs): Promise<ReportsPageData> {
  const { user, caller } = await requireCompanyCaller(request, context, "reports-list");
  const { ignored, ...choice } = reportChoiceOf(new URL(request.url));
  const { report } = choice;
  if (report === "received") {
    // The same check as the receive pages (SPEC §6), answered on the page instead of the 403 screen.
    const unavailable: ReceiveUnavailable | null = !(await bankReceiveEnabled(request, user, context))
      ? "unpublished"
      : !hasReceivePlan(user.planId, user.previousPlanId)
        ? "receivePlanRequired"
        : null;
    if (unavailable) return { report, ignored, unavailable: t(`reports.received.${unavailable}`) };
  }
  const periods = REPORT_PERIODS[report].map((value) => ({ value, label: t(`reports.periods.${value}`) }));
  const form = { period: choice.period, from: choice.from, to: choice.to, periods };
  const params = reportParams(choice);
  params.delete("report");
  try {
    const data: ReportOf[ReportKind] = await askPaymentApi(caller, `/reports/${report}?${params}`, REPORT_ANSWERS[report]);
    return { report, ignored, unavailable: null, form, problem: null, view: reportView(choice, data) };
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    const problem = { message: error.message, from: error.fields.from?.[0] ?? null, to: error.fields.to?.[0] ?? null };
    return { report, ignored, unavailable: null, form, problem, view: null };
  }
}

/** A table of a report as CSV (a download, no page); a Shift_JIS refusal goes back to the report with its message. */
export async function reportExportLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "reports-export");
  const url = new URL(request.url);
  const { ignored: _ignored, ...choice } = reportChoiceOf(url);
  const table = url.searchParams.get("table") ?? "";
  const back = `${REPORTS_PATH}?${reportParams(choice)}`;
  if (!REPORT_TABLES[choice.report].includes(table)) return redirectWithNotice(request, back, "error", "出力する表を選んでください。");
  const params = reportParams({ ...choice, page: 1 });
  params.delete("report");
  params.set("table", table);
  params.set("encoding", encodingOf(url.searchParams.get("encoding")));
  try {
    return passThroughDownload(await fetchPaymentApi(caller, `/reports/${choice.report}/export?${params}`, {}, undefined, "text/csv"));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, back, "error", error.message);
  }
}
