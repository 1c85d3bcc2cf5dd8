import { describe, expect, it } from "vitest";
import { daysAfter, dueDateFromTerms, endOfNextMonth, proposeDueDate } from "./due-date";

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
    expect(proposeDueDate("2026-11-22", "customer_terms", null, { closing_day: null, payment_month_offset: null, payment_day: null })).toBe("2026-12-31");
    expect(proposeDueDate("2026-11-22", "customer_terms", null, { closing_day: 20, payment_month_offset: 1, payment_day: 10 })).toBe("2027-01-10");
    expect(proposeDueDate("2026-11-22", "days_after_issue", 14, null)).toBe("2026-12-06");
  });
});
