import type { TaxCategoryId } from "./codes";
import { formatListDate } from "./datetime";
import { canonicalDecimal } from "./decimal";
import { daysAfter } from "./due-date";
import { add } from "./exact";

/*
 * 合算請求 (issue 19 item 1, decision 030): which customers close on a day, the period a closing day ends, and
 * the lines of one invoice made from several delivery slips. Pure, so the page and the API read the same rules.
 */

/** How the slips' lines become the invoice's: under a heading line per slip, or summed per item. */
export const CLOSING_LINE_MODES = ["per_slip", "per_item"] as const;
export type ClosingLineMode = (typeof CLOSING_LINE_MODES)[number];

/** A customer's closing day 99 is the month's end (customers.closing_day). */
const MONTH_END = 99;

const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function partsOf(isoDate: string): [number, number, number] {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return [year, month, day];
}

const isMonthEnd = (isoDate: string) => {
  const [year, month, day] = partsOf(isoDate);
  return day === lastDayOf(year, month);
};

/** Whether a customer with this closing day closes on the date; a customer without one closes on the day chosen. */
export function closesOn(closingDate: string, closingDay: number | null): boolean {
  if (closingDay === null) return true;
  if (closingDay === MONTH_END) return isMonthEnd(closingDate);
  return partsOf(closingDate)[2] === closingDay;
}

/**
 * The period a closing date ends: from the day after the previous closing (the same day a month before, or the
 * previous month's end when the date is a month's end) up to and including the date.
 */
export function closingPeriod(closingDate: string): { from: string; to: string } {
  const [year, month, day] = partsOf(closingDate);
  const previousMonth = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const previousDay = isMonthEnd(closingDate) ? lastDayOf(previousMonth.year, previousMonth.month) : Math.min(day, lastDayOf(previousMonth.year, previousMonth.month));
  const previous = `${previousMonth.year}-${String(previousMonth.month).padStart(2, "0")}-${String(previousDay).padStart(2, "0")}`;
  return { from: daysAfter(previous, 1), to: closingDate };
}

/**
 * The period a closing invoice bills (JP PINT's invoice period): the closing period ending on its issue date (the
 * closing date it was made for), widened to every slip it bills, should its date have been moved since.
 */
export function billedPeriod(issueDate: string, slips: { first: string; last: string }): { start: string; end: string } {
  const period = closingPeriod(issueDate);
  return { start: slips.first < period.from ? slips.first : period.from, end: slips.last > period.to ? slips.last : period.to };
}

/** A document line as stored and as the invoice takes it. */
export type ClosingLine = {
  item_id: number | null;
  description: string;
  quantity: string;
  unit: string | null;
  unit_price: string;
  tax_category: TaxCategoryId;
};

export type ClosingSlip = { number: string; date: string; lines: readonly ClosingLine[] };

/** The heading line that names a slip on the invoice: 「納品書 No.D-0001（2026/11/05）」. */
export const slipHeading = (slip: Pick<ClosingSlip, "number" | "date">) => `納品書 No.${slip.number}（${formatListDate(slip.date)}）`;

/**
 * The invoice's lines from the slips in order. Per slip: a heading line of no amount, then the slip's lines. The
 * heading takes the tax category of the slip's first line, so it never adds a rate the invoice has no lines of.
 * Per item: lines of the same item (or description when none), unit, unit price and tax category are one line
 * with their quantities added, exactly; the engine then computes every amount and one tax per rate.
 */
export function mergedLines(slips: readonly ClosingSlip[], mode: ClosingLineMode): ClosingLine[] {
  if (mode === "per_slip") {
    return slips.flatMap((slip) => {
      if (slip.lines.length === 0) return [];
      const heading: ClosingLine = { item_id: null, description: slipHeading(slip), quantity: "0", unit: null, unit_price: "0", tax_category: slip.lines[0]!.tax_category };
      return [heading, ...slip.lines];
    });
  }
  const merged = new Map<string, ClosingLine>();
  for (const line of slips.flatMap((slip) => slip.lines)) {
    const key = JSON.stringify([line.item_id ?? line.description, line.unit ?? "", canonicalDecimal(line.unit_price), line.tax_category]);
    const earlier = merged.get(key);
    merged.set(key, earlier ? { ...earlier, quantity: add(earlier.quantity, line.quantity) } : { ...line });
  }
  return [...merged.values()];
}
