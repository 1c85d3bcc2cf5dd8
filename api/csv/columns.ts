import { taxCategoryOf, type TaxCategoryId } from "../../domain/codes";
import { canonicalDecimal } from "../../domain/decimal";
import { HOLIDAY_SHIFTS } from "../../domain/due-date";
import { CUSTOMER_CSV_HEADERS, ITEM_CSV_HEADERS } from "../../domain/master-csv-columns";
import type { customers, items } from "../db/schema";
import type { CsvColumn } from "./master-csv";

type CustomerRow = typeof customers.$inferSelect;
type ItemRow = typeof items.$inferSelect;

const text = (value: string | number | null) => (value === null ? "" : String(value));

const MONTH_END = 99;
const OFFSET_WORDS = ["当月", "翌月", "翌々月"];

/** Days are written as people write them: 「月末」 for the month's end, 「25」 for the 25th. */
const dayCell = (day: number | null) => (day === null ? "" : day === MONTH_END ? "月末" : String(day));
const readDay = (cell: string) => (cell === "月末" || cell === "末" ? String(MONTH_END) : cell.replace(/日$/, ""));

export const CUSTOMER_CSV_COLUMNS: readonly CsvColumn<CustomerRow>[] = [
  { header: CUSTOMER_CSV_HEADERS.name, field: "name", cell: (row) => row.name },
  { header: CUSTOMER_CSV_HEADERS.name_kana, field: "name_kana", cell: (row) => text(row.nameKana) },
  { header: CUSTOMER_CSV_HEADERS.honorific, field: "honorific", cell: (row) => row.honorific },
  { header: CUSTOMER_CSV_HEADERS.department, field: "department", cell: (row) => text(row.department) },
  { header: CUSTOMER_CSV_HEADERS.person_in_charge, field: "person_in_charge", cell: (row) => text(row.personInCharge) },
  { header: CUSTOMER_CSV_HEADERS.postal_code, field: "postal_code", cell: (row) => text(row.postalCode) },
  { header: CUSTOMER_CSV_HEADERS.address1, field: "address1", cell: (row) => text(row.address1) },
  { header: CUSTOMER_CSV_HEADERS.address2, field: "address2", cell: (row) => text(row.address2) },
  { header: CUSTOMER_CSV_HEADERS.tel, field: "tel", cell: (row) => text(row.tel) },
  // Separated by spaces: one cell, and the form's own rule reads it back.
  { header: CUSTOMER_CSV_HEADERS.emails, field: "emails", cell: (row) => row.emails.join(" ") },
  { header: CUSTOMER_CSV_HEADERS.registered_no, field: "registered_no", cell: (row) => text(row.registeredNo) },
  { header: CUSTOMER_CSV_HEADERS.peppol_id, field: "peppol_id", cell: (row) => text(row.peppolId) },
  { header: CUSTOMER_CSV_HEADERS.closing_day, field: "closing_day", cell: (row) => dayCell(row.closingDay), read: readDay },
  {
    header: CUSTOMER_CSV_HEADERS.payment_month_offset,
    field: "payment_month_offset",
    cell: (row) => (row.paymentMonthOffset === null ? "" : (OFFSET_WORDS[row.paymentMonthOffset] ?? "")),
    read: (cell) => (OFFSET_WORDS.includes(cell) ? String(OFFSET_WORDS.indexOf(cell)) : cell),
  },
  { header: CUSTOMER_CSV_HEADERS.payment_day, field: "payment_day", cell: (row) => dayCell(row.paymentDay), read: readDay },
  {
    header: CUSTOMER_CSV_HEADERS.holiday_shift,
    field: "holiday_shift",
    cell: (row) => HOLIDAY_SHIFTS.find((shift) => shift.id === row.holidayShift)?.label ?? row.holidayShift,
    read: (cell) => HOLIDAY_SHIFTS.find((shift) => shift.label === cell)?.id ?? cell,
  },
  { header: CUSTOMER_CSV_HEADERS.notes, field: "notes", cell: (row) => text(row.notes) },
];

/** The taxed rates as 「10」「8」 (as before categories), the others by name (非課税, 不課税, 免税, 立替金). */
function taxCategoryCell(row: ItemRow): string {
  const category = taxCategoryOf(row.taxCategory);
  return category.rate > 0 ? String(category.rate) : category.label;
}

const CATEGORY_WORDS: ReadonlyArray<[RegExp, TaxCategoryId]> = [
  [/軽減/, "reduced"],
  [/非課税/, "non_taxable"],
  [/不課税/, "not_subject"],
  [/免税/, "export_exempt"],
  [/立替/, "reimbursement"],
];
const RATE_WORDS: Record<string, TaxCategoryId> = { "10": "standard", "8": "reduced", "0": "non_taxable" };

/** Also read from 「10%」「8%（軽減税率）」「軽減」「0」; anything else is left for the schema to refuse. */
function readTaxCategory(cell: string): string {
  const named = CATEGORY_WORDS.find(([pattern]) => pattern.test(cell));
  if (named) return named[1];
  return RATE_WORDS[cell.replace(/[%％]$/, "")] ?? cell;
}

export const ITEM_CSV_COLUMNS: readonly CsvColumn<ItemRow>[] = [
  { header: ITEM_CSV_HEADERS.code, field: "code", cell: (row) => text(row.code) },
  { header: ITEM_CSV_HEADERS.name, field: "name", cell: (row) => row.name },
  { header: ITEM_CSV_HEADERS.unit, field: "unit", cell: (row) => text(row.unit) },
  { header: ITEM_CSV_HEADERS.unit_price, field: "unit_price", cell: (row) => canonicalDecimal(row.unitPrice) },
  { header: ITEM_CSV_HEADERS.tax_rate, field: "tax_category", cell: taxCategoryCell, read: readTaxCategory },
];
