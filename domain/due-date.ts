/** Due dates proposed for an invoice from its issue date (YYYY-MM-DD, no time zones involved). */

const MONTH_END = 99;

function parts(isoDate: string): [number, number, number] {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  return [year, month, day];
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function iso(year: number, month: number, day: number): string {
  // Months past December roll into the next year.
  const normalizedYear = year + Math.floor((month - 1) / 12);
  const normalizedMonth = ((month - 1) % 12) + 1;
  const clampedDay = Math.min(day, daysIn(normalizedYear, normalizedMonth));
  return `${normalizedYear}-${String(normalizedMonth).padStart(2, "0")}-${String(clampedDay).padStart(2, "0")}`;
}

/**
 * 「月末締め翌月末払い」 and the like: the closing day on or after the issue
 * date closes the period, and payment falls `monthOffset` months after that
 * closing, on `paymentDay` (99 = the month's end).
 */
export function dueDateFromTerms(issueDate: string, terms: { closingDay: number; paymentMonthOffset: number; paymentDay: number }): string {
  const [year, month, day] = parts(issueDate);
  const closing = terms.closingDay === MONTH_END ? daysIn(year, month) : terms.closingDay;
  const closingMonth = day <= closing ? month : month + 1;
  const paymentMonth = closingMonth + terms.paymentMonthOffset;
  return iso(year, paymentMonth, terms.paymentDay === MONTH_END ? 31 : terms.paymentDay);
}

export function endOfNextMonth(issueDate: string): string {
  const [year, month] = parts(issueDate);
  return iso(year, month + 1, 31);
}

export function daysAfter(issueDate: string, days: number): string {
  const [year, month, day] = parts(issueDate);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

export type DueDateRule = "customer_terms" | "end_of_next_month" | "days_after_issue";

/** The document settings' rule applied; a customer without payment terms falls back to the end of next month. */
export function proposeDueDate(
  issueDate: string,
  rule: DueDateRule,
  dueDays: number | null,
  customer: { closing_day: number | null; payment_month_offset: number | null; payment_day: number | null } | null,
): string {
  if (rule === "days_after_issue" && dueDays) return daysAfter(issueDate, dueDays);
  if (rule === "customer_terms" && customer?.closing_day && customer.payment_month_offset !== null && customer.payment_day) {
    return dueDateFromTerms(issueDate, { closingDay: customer.closing_day, paymentMonthOffset: customer.payment_month_offset, paymentDay: customer.payment_day });
  }
  return endOfNextMonth(issueDate);
}
