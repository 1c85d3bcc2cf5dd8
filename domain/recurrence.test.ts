import { describe, expect, it } from "vitest";
import { cycleLabel, dueRuns, fillPeriod, firstRunDate, MONTH_END, nextRunDate, recurringScheduleSchema, type Recurrence } from "./recurrence";

const monthly = (dayOfMonth: number, fields: Partial<Recurrence> = {}): Recurrence => ({
  dayOfMonth,
  intervalMonths: 1,
  startDate: "2027-01-01",
  endDate: null,
  ...fields,
});

/** The first `count` runs of a schedule. */
function runs(recurrence: Recurrence, count: number): string[] {
  const found: string[] = [];
  for (let run = firstRunDate(recurrence); run !== null && found.length < count; run = nextRunDate(recurrence, run)) found.push(run);
  return found;
}

describe("run dates", () => {
  it("runs the 31st on the month's last day: 28th in February 2027, 29th in February 2028, 30th in April", () => {
    expect(runs(monthly(31), 5)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31"]);
    expect(runs(monthly(31, { startDate: "2028-01-15" }), 3)).toEqual(["2028-01-31", "2028-02-29", "2028-03-31"]);
    expect(runs(monthly(30, { startDate: "2028-01-15" }), 3)).toEqual(["2028-01-30", "2028-02-29", "2028-03-30"]);
    expect(runs(monthly(MONTH_END, { startDate: "2027-02-01" }), 3)).toEqual(["2027-02-28", "2027-03-31", "2027-04-30"]);
  });

  it("goes back to the 31st after a short month", () => {
    expect(nextRunDate(monthly(31), "2027-02-28")).toBe("2027-03-31");
  });

  it("starts on or after the start date", () => {
    expect(firstRunDate(monthly(10, { startDate: "2027-01-15" }))).toBe("2027-02-10");
    expect(firstRunDate(monthly(15, { startDate: "2027-01-15" }))).toBe("2027-01-15");
  });

  it("runs every N months from the start month, across the year's end", () => {
    expect(runs(monthly(25, { intervalMonths: 2, startDate: "2027-11-01" }), 4)).toEqual(["2027-11-25", "2028-01-25", "2028-03-25", "2028-05-25"]);
    // A start after the day in its month waits for the next cycle month, not the next month.
    expect(runs(monthly(5, { intervalMonths: 3, startDate: "2027-01-20" }), 2)).toEqual(["2027-04-05", "2027-07-05"]);
    expect(nextRunDate(monthly(5, { intervalMonths: 3 }), "2027-05-01")).toBe("2027-07-05");
  });

  it("stops at the end date, which counts as a run day", () => {
    expect(runs(monthly(31, { endDate: "2027-04-30" }), 12)).toEqual(["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"]);
    expect(runs(monthly(10, { endDate: "2027-03-09" }), 12)).toEqual(["2027-01-10", "2027-02-10"]);
    expect(firstRunDate(monthly(10, { startDate: "2027-01-11", endDate: "2027-02-09" }))).toBeNull();
  });
});

describe("dueRuns", () => {
  it("makes each missed period once, oldest first, and names the next run after today", () => {
    expect(dueRuns(monthly(31), "2027-01-31", "2027-04-29")).toEqual({ runs: ["2027-01-31", "2027-02-28", "2027-03-31"], skipped: [], nextRun: "2027-04-30" });
    expect(dueRuns(monthly(31), "2027-01-31", "2027-01-30")).toEqual({ runs: [], skipped: [], nextRun: "2027-01-31" });
  });

  it("keeps the latest twelve after a long downtime and counts the older ones", () => {
    const due = dueRuns(monthly(1), "2027-01-01", "2028-03-15");
    expect(due.runs).toHaveLength(12);
    expect(due.runs[0]).toBe("2027-04-01");
    expect(due.runs.at(-1)).toBe("2028-03-01");
    expect(due).toMatchObject({ skipped: ["2027-01-01", "2027-02-01", "2027-03-01"], nextRun: "2028-04-01" });
  });

  it("ends with no next run after the end date", () => {
    expect(dueRuns(monthly(1, { endDate: "2027-02-01" }), "2027-01-01", "2027-06-01")).toEqual({
      runs: ["2027-01-01", "2027-02-01"],
      skipped: [],
      nextRun: null,
    });
  });
});

describe("fillPeriod", () => {
  it.each([
    ["{年}年{月}月分 ご利用料金", "2027-02-28", "2027年2月分 ご利用料金"],
    ["{前月}分 保守料", "2027-01-31", "2026年12月分 保守料"],
    ["{翌月}分 前払い", "2027-12-01", "2028年1月分 前払い"],
    ["{年}{月}{年}", "2028-02-29", "202822028"],
    // Unknown words stay as typed, so a brace in a product name survives.
    ["{日}日 {会社名}", "2027-03-31", "{日}日 {会社名}"],
  ])("%s on %s → %s", (template, runDate, expected) => {
    expect(fillPeriod(template, runDate)).toBe(expected);
  });
});

describe("the schedule form", () => {
  const valid = { day_of_month: "31", interval_months: "1", start_date: "2027/01/01", subject: "{年}年{月}月分" };

  it("reads a valid schedule, dates normalised and boxes as booleans", () => {
    expect(recurringScheduleSchema.parse({ ...valid, auto_issue: "on", mail_to: "a@example.com, b@example.com" })).toMatchObject({
      day_of_month: 31,
      start_date: "2027-01-01",
      end_date: null,
      auto_issue: true,
      auto_send: false,
      mail_to: ["a@example.com", "b@example.com"],
    });
    expect(cycleLabel({ dayOfMonth: MONTH_END, intervalMonths: 3 })).toBe("3か月ごと 月末");
    expect(cycleLabel({ dayOfMonth: 25, intervalMonths: 1 })).toBe("毎月25日");
  });

  it.each([
    [{ day_of_month: "32" }, "day_of_month", "1〜31日または月末を選んでください"],
    [{ interval_months: "0" }, "interval_months", "1〜12か月の間で入力してください"],
    [{ start_date: "2027-02-30" }, "start_date", "日付はYYYY-MM-DDの形式で入力してください"],
    [{ end_date: "2026-12-31" }, "end_date", "終了日は開始日以降の日付を入力してください"],
    [{ mail_to: "not-an-address" }, "mail_to", "有効なメールアドレスを入力してください（not-an-address）"],
  ])("refuses %o with a message on %s", (change, field, message) => {
    const result = recurringScheduleSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.find((issue) => issue.path[0] === field)?.message).toBe(message);
  });
});
