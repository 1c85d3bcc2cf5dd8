import { normalizeIsoDate } from "./typed-date";

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

/** What 「支払期日が休日の場合」 says: the business day before, the one after, or the date as it falls. */
export const HOLIDAY_SHIFTS = [
  { id: "previous", key: "previous", label: "前営業日" },
  { id: "next", key: "next", label: "翌営業日" },
  { id: "none", key: "none", label: "そのまま" },
] as const;

export type HolidayShift = (typeof HOLIDAY_SHIFTS)[number]["id"];

/** Paying the day before never makes a payment late, so that is what a customer starts with (ADR 015). */
export const DEFAULT_HOLIDAY_SHIFT: HolidayShift = "previous";

/**
 * National holidays (「YYYY-MM-DD」) of the years from `firstYear` to
 * `lastYear`. Passed in rather than imported, so the browser gets a few
 * years of dates from the page instead of the whole holiday library.
 */
export type HolidayCalendar = { firstYear: number; lastYear: number; holidays: readonly string[] };

const yearOf = (isoDate: string) => Number(isoDate.slice(0, 4));

/** Banks close on weekends, national holidays and from 12/31 to 1/3. */
export function isBankHoliday(isoDate: string, calendar: HolidayCalendar): boolean {
  const [year, month, day] = parts(isoDate);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  if (weekday === 0 || weekday === 6) return true;
  if ((month === 12 && day === 31) || (month === 1 && day <= 3)) return true;
  return calendar.holidays.includes(isoDate);
}

/**
 * The date moved to a business day as `shift` says; null when the calendar
 * does not know the holidays of the years it would look at. Moving back never
 * goes before `notBefore` (the issue date): the next business day is taken instead.
 */
export function toBusinessDay(isoDate: string, shift: HolidayShift, calendar: HolidayCalendar, notBefore = ""): string | null {
  if (shift === "none") return isoDate;
  const known = (date: string) => yearOf(date) >= calendar.firstYear && yearOf(date) <= calendar.lastYear;
  const step = (direction: 1 | -1) => {
    let date = isoDate;
    while (known(date) && isBankHoliday(date, calendar)) date = daysAfter(date, direction);
    return known(date) ? date : null;
  };
  if (shift === "previous") {
    const previous = step(-1);
    if (previous === null || previous >= notBefore) return previous;
  }
  return step(1);
}

/** The customer's terms as the due date needs them; `holiday_shift` missing means the default. */
export type CustomerTerms = {
  closing_day: number | null;
  payment_month_offset: number | null;
  payment_day: number | null;
  holiday_shift?: HolidayShift | null;
};

/** The calendar date the document settings' rule gives; a customer without payment terms falls back to the end of next month. */
function dueDateByRule(issueDate: string, rule: DueDateRule, dueDays: number | null, customer: CustomerTerms | null): string {
  if (rule === "days_after_issue" && dueDays) return daysAfter(issueDate, dueDays);
  if (rule === "customer_terms" && customer?.closing_day && customer.payment_month_offset !== null && customer.payment_day) {
    return dueDateFromTerms(issueDate, { closingDay: customer.closing_day, paymentMonthOffset: customer.payment_month_offset, paymentDay: customer.payment_day });
  }
  return endOfNextMonth(issueDate);
}

/** The document settings' rule, and the holidays the proposal avoids. */
export type DueDateRules = { rule: DueDateRule; dueDays: number | null; calendar: HolidayCalendar };

/**
 * The due date proposed for an invoice: the document settings' rule, moved
 * off a bank holiday as the customer says (the default without a customer).
 * Null when the calendar cannot tell (the server, which knows every year, then proposes).
 */
export function proposeDueDate(issueDate: string, rules: DueDateRules, customer: CustomerTerms | null): string | null {
  const date = dueDateByRule(issueDate, rules.rule, rules.dueDays, customer);
  return toBusinessDay(date, customer?.holiday_shift ?? DEFAULT_HOLIDAY_SHIFT, rules.calendar, issueDate);
}

/** What a proposal was made from, kept in the form so a later change of either is noticed. */
export const dueDateBasis = (issueDate: string, customerId: string) => `${issueDate}|${customerId}`;

/**
 * The due date the form should show: proposed afresh from the chosen
 * customer's terms when the issue date or the customer changed since the last
 * proposal (its basis), otherwise what is there, so a date the user typed is
 * kept. Null when nothing changes.
 */
export function refreshedDueDate(
  form: { issueDate: string; customerId: string; basis: string },
  rules: DueDateRules,
  customers: ReadonlyArray<CustomerTerms & { id: number }>,
): { dueDate: string; basis: string } | null {
  const basis = dueDateBasis(form.issueDate, form.customerId);
  if (basis === form.basis) return null;
  const issueDate = normalizeIsoDate(form.issueDate);
  const customer = customers.find((entry) => String(entry.id) === form.customerId) ?? null;
  const dueDate = issueDate === null ? null : proposeDueDate(issueDate, rules, customer);
  return dueDate === null ? null : { dueDate, basis };
}
