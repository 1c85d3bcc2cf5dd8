import { describe, expect, it } from "vitest";
import { daysAfter, dueDateBasis, dueDateFromTerms, endOfNextMonth, isBankHoliday, proposeDueDate, refreshedDueDate, toBusinessDay, type HolidayShift } from "./due-date";
import { japaneseHolidays } from "./holidays.server";

const calendar = japaneseHolidays();
const byTerms = { rule: "customer_terms", dueDays: null, calendar } as const;

describe("dueDateFromTerms", () => {
  it.each([
    // 月末締め翌月末払い
    ["2026-11-22", 99, 1, 99, "2026-12-31"],
    ["2026-11-30", 99, 1, 99, "2026-12-31"],
    ["2026-12-15", 99, 1, 99, "2027-01-31"],
    // 20日締め翌月10日払い: after the 20th the next period closes
    ["2026-11-20", 20, 1, 10, "2026-12-10"],
    ["2026-11-21", 20, 1, 10, "2027-01-10"],
    // 月末締め翌々月5日払い
    ["2026-01-31", 99, 2, 5, "2026-03-05"],
    // 当月末払い, and a February end
    ["2026-02-10", 99, 0, 99, "2026-02-28"],
    ["2028-01-31", 99, 1, 99, "2028-02-29"],
  ])("issued %s, closing %i, +%i months, paid on %i → %s", (issueDate, closingDay, paymentMonthOffset, paymentDay, expected) => {
    expect(dueDateFromTerms(issueDate, { closingDay, paymentMonthOffset, paymentDay })).toBe(expected);
  });
});

describe("the other rules", () => {
  it("ends next month, counts days, and falls back without customer terms", () => {
    expect(endOfNextMonth("2026-01-31")).toBe("2026-02-28");
    expect(endOfNextMonth("2026-12-01")).toBe("2027-01-31");
    expect(daysAfter("2026-12-20", 30)).toBe("2027-01-19");
    const none = { holiday_shift: "none" } as const;
    expect(proposeDueDate("2026-11-22", byTerms, { closing_day: null, payment_month_offset: null, payment_day: null, ...none })).toBe("2026-12-31");
    expect(proposeDueDate("2026-11-22", byTerms, { closing_day: 20, payment_month_offset: 1, payment_day: 10, ...none })).toBe("2027-01-10");
    expect(proposeDueDate("2026-11-22", { ...byTerms, rule: "days_after_issue", dueDays: 14 }, { closing_day: null, payment_month_offset: null, payment_day: null, ...none })).toBe("2026-12-06");
  });
});

describe("isBankHoliday", () => {
  it.each([
    ["2026-11-20", false, "a Friday"],
    ["2026-11-21", true, "a Saturday"],
    ["2026-11-22", true, "a Sunday"],
    ["2026-11-23", true, "勤労感謝の日"],
    ["2026-05-06", true, "a substitute holiday (振替休日)"],
    ["2026-09-22", true, "a citizens' holiday between two holidays (国民の休日)"],
    ["2026-12-30", false, "the last business day of the year"],
    ["2026-12-31", true, "大晦日, a bank holiday on a Thursday"],
    ["2027-01-01", true, "元日"],
    ["2027-01-04", false, "the first business day of the year"],
  ])("%s is a holiday: %s (%s)", (date, expected) => {
    expect(isBankHoliday(date, calendar)).toBe(expected);
  });
});

describe("toBusinessDay", () => {
  it.each<[string, HolidayShift, string]>([
    ["2026-11-23", "previous", "2026-11-20"],
    ["2026-11-23", "next", "2026-11-24"],
    ["2026-11-23", "none", "2026-11-23"],
    ["2026-01-31", "previous", "2026-01-30"],
    ["2026-01-31", "next", "2026-02-02"],
    // Silver week: Saturday to Wednesday
    ["2026-09-20", "previous", "2026-09-18"],
    ["2026-09-20", "next", "2026-09-24"],
    ["2026-12-31", "previous", "2026-12-30"],
    ["2026-12-31", "next", "2027-01-04"],
    ["2026-12-10", "previous", "2026-12-10"],
  ])("%s moved to the %s business day → %s", (date, shift, expected) => {
    expect(toBusinessDay(date, shift, calendar)).toBe(expected);
  });

  it("never moves back before the issue date, and says so when it does not know the year", () => {
    expect(toBusinessDay("2026-12-31", "previous", calendar, "2026-12-31")).toBe("2027-01-04");
    const fewYears = japaneseHolidays({ from: 2026, to: 2026 });
    expect(toBusinessDay("2026-12-31", "next", fewYears)).toBeNull();
    expect(toBusinessDay("2027-02-01", "previous", fewYears)).toBeNull();
    expect(toBusinessDay("2027-02-01", "none", fewYears)).toBe("2027-02-01");
  });
});

describe("proposeDueDate with the customer's terms and holidays", () => {
  const terms = (closing_day: number, payment_month_offset: number, payment_day: number, holiday_shift?: HolidayShift) => ({ closing_day, payment_month_offset, payment_day, holiday_shift });
  it.each([
    // 20日締め翌月10日: 2027-01-10 is a Sunday and 01-11 成人の日
    ["2026-11-21", terms(20, 1, 10, "previous"), "2027-01-08"],
    ["2026-11-21", terms(20, 1, 10, "next"), "2027-01-12"],
    ["2026-11-21", terms(20, 1, 10, "none"), "2027-01-10"],
    ["2026-11-21", terms(20, 1, 10), "2027-01-08"],
    ["2026-11-20", terms(20, 1, 10), "2026-12-10"],
    // 月末締め翌月末: 12/31 is a bank holiday
    ["2026-11-02", terms(99, 1, 99, "previous"), "2026-12-30"],
    ["2026-11-02", terms(99, 1, 99, "next"), "2027-01-04"],
    // 当月末払い issued on 12/31: moving back would fall before the issue date
    ["2026-12-31", terms(99, 0, 99, "previous"), "2027-01-04"],
    // A leap year's February end, a Tuesday, is kept
    ["2028-01-15", terms(99, 1, 99), "2028-02-29"],
  ])("issued %s with %o → %s", (issueDate, customer, expected) => {
    expect(proposeDueDate(issueDate, byTerms, customer)).toBe(expected);
  });

  it("moves the other rules too, with the default shift when no customer is chosen", () => {
    const tenDays = { ...byTerms, rule: "days_after_issue", dueDays: 10 } as const;
    const nextMonthEnd = { ...byTerms, rule: "end_of_next_month" } as const;
    expect(proposeDueDate("2026-11-13", tenDays, null)).toBe("2026-11-20");
    expect(proposeDueDate("2026-11-13", tenDays, terms(20, 1, 10, "next"))).toBe("2026-11-24");
    expect(proposeDueDate("2026-12-15", nextMonthEnd, null)).toBe("2027-01-29");
    expect(proposeDueDate("2026-11-21", nextMonthEnd, terms(20, 1, 10))).toBe("2026-12-30");
  });
});

describe("refreshedDueDate", () => {
  const customers = [{ id: 3, closing_day: 20, payment_month_offset: 1, payment_day: 10, holiday_shift: "next" as const }];
  const basis = dueDateBasis("2026-11-21", "3");
  it.each([
    ["nothing changed: what is there (perhaps typed) is kept", { issueDate: "2026-11-21", customerId: "3", basis }, null],
    ["the customer chosen", { issueDate: "2026-11-21", customerId: "3", basis: dueDateBasis("2026-11-21", "") }, { dueDate: "2027-01-12", basis }],
    ["the issue date changed", { issueDate: "2026/11/20", customerId: "3", basis }, { dueDate: "2026-12-10", basis: "2026/11/20|3" }],
    ["the customer cleared: the default rule and shift", { issueDate: "2026-11-21", customerId: "", basis }, { dueDate: "2026-12-30", basis: "2026-11-21|" }],
    ["an issue date still being typed", { issueDate: "2026-11-", customerId: "3", basis }, null],
  ])("%s", (_, form, expected) => {
    expect(refreshedDueDate(form, byTerms, customers)).toEqual(expected);
  });

  it("leaves the date to the server when the page's calendar does not cover it", () => {
    const fewYears = { ...byTerms, calendar: japaneseHolidays({ from: 2026, to: 2026 }) };
    expect(refreshedDueDate({ issueDate: "2026-11-21", customerId: "3", basis: "" }, fewYears, customers)).toBeNull();
  });
});
