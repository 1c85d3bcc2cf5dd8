import { serializeCsv } from "../../domain/csv";
import { statusLabel } from "../../domain/documents";
import { AGING_BUCKETS, AGING_LABELS, monthLabel, type AgingAmounts, type EstimatesReport, type ReceivableInvoice, type ReceivablesCustomer, type ReceivedReport, type ReceivedSupplier, type SalesCustomer, type SalesReport } from "../../domain/reports";

/*
 * Each table of each report as CSV rows, header first, from the same
 * computed report the page shows, so a file and its table always agree. A
 * customers' or suppliers' table lists every one (the page names the first
 * 20 and sums the rest as 「その他」); a total row ends each table.
 */

type Rows = string[][];
const TOTAL = "合計";
const share = (value: string | null) => value ?? "";

export function salesMonthsCsv(report: SalesReport): Rows {
  const header = ["月", "件数", "税抜金額", "消費税", "税込金額"];
  return [
    header,
    ...report.months.map((row) => [monthLabel(row.month), String(row.count), row.tax_excluded, row.tax, row.tax_included]),
    [TOTAL, String(report.total.count), report.total.tax_excluded, report.total.tax, report.total.tax_included],
  ];
}

export function salesCustomersCsv(report: SalesReport, all: SalesCustomer[]): Rows {
  return [
    ["取引先", "件数", "税抜金額", "消費税", "税込金額"],
    ...all.map((row) => [row.customer_name, String(row.count), row.tax_excluded, row.tax, row.tax_included]),
    [TOTAL, String(report.total.count), report.total.tax_excluded, report.total.tax, report.total.tax_included],
  ];
}

export function receivablesCustomersCsv(total: AgingAmounts, all: ReceivablesCustomer[]): Rows {
  return [
    ["取引先", "件数", ...AGING_BUCKETS.map((bucket) => AGING_LABELS[bucket]), "未回収額"],
    ...all.map((row) => [row.customer_name, String(row.count), ...AGING_BUCKETS.map((bucket) => row[bucket]), row.amount]),
    [TOTAL, String(total.count), ...AGING_BUCKETS.map((bucket) => total[bucket]), total.amount],
  ];
}

export function receivableInvoicesCsv(items: ReceivableInvoice[]): Rows {
  return [
    ["請求書番号", "取引先", "請求日", "支払期日", "超過日数", "区分", "ステータス", "赤伝", "未回収額"],
    ...items.map((row) => [
      row.number,
      row.customer_name,
      row.issue_date,
      row.due_date,
      String(Math.max(0, row.days_past_due)),
      AGING_LABELS[row.bucket],
      statusLabel("invoice", row.status),
      row.credit_note_of === null ? "" : "赤伝",
      row.amount_due,
    ]),
  ];
}

export function estimateOutcomesCsv(report: EstimatesReport): Rows {
  return [
    ["結果", "件数", "税抜金額"],
    ...report.outcomes.map((row) => [row.label, String(row.count), row.tax_excluded]),
    [TOTAL, String(report.total.count), ""],
  ];
}

export function estimateMonthsCsv(report: EstimatesReport): Rows {
  const header = ["月", "件数", "受注", "失注", "回答待ち", "受注率（%）", "受注金額（税抜）"];
  const row = (label: string, value: EstimatesReport["total"]) => [label, String(value.count), String(value.won), String(value.lost), String(value.pending), share(value.win_rate), value.won_amount];
  return [header, ...report.months.map((value) => row(monthLabel(value.month), value)), row(TOTAL, report.total)];
}

export function receivedMonthsCsv(report: ReceivedReport): Rows {
  return [
    ["月", "件数", "金額（税込）", "登録番号が一致した件数", "一致の割合（%）"],
    ...report.months.map((row) => [monthLabel(row.month), String(row.count), row.amount, String(row.verified), share(row.verified_share)]),
    [TOTAL, String(report.total.count), report.total.amount, String(report.total.verified), share(report.total.verified_share)],
  ];
}

export function receivedSuppliersCsv(report: ReceivedReport, all: ReceivedSupplier[]): Rows {
  return [
    ["取引先", "件数", "金額（税込）", "登録番号が一致した件数", "一致の割合（%）"],
    ...all.map((row) => [row.supplier_name, String(row.count), row.amount, String(row.verified), share(row.verified_share)]),
    [TOTAL, String(report.total.count), report.total.amount, String(report.total.verified), share(report.total.verified_share)],
  ];
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * The rows as CSV text. A negative amount (a month of credit notes) stays a
 * number a spreadsheet adds up: a cell that is only a number cannot run as a
 * formula, so it is written as it is; every other cell is neutralised as in
 * every export (domain/csv.ts).
 */
export function reportCsv(rows: Rows): string {
  const cell = (value: string) => (value === "" ? "" : NUMBER.test(value) ? value : serializeCsv([[value]]).slice(0, -2));
  return rows.map((row) => `${row.map(cell).join(",")}\r\n`).join("");
}
