import { describe, expect, it } from "vitest";
import { agingBucketOf, businessYearOf, monthsBetween, percentOf, resolvePeriod } from "./reports";

describe("businessYearOf", () => {
  it.each([
    ["2026-11-26", 3, "2026-04-01", "2027-03-31"],
    ["2026-03-31", 3, "2025-04-01", "2026-03-31"],
    ["2026-04-01", 3, "2026-04-01", "2027-03-31"],
    ["2026-11-26", 12, "2026-01-01", "2026-12-31"],
    ["2026-01-05", 1, "2025-02-01", "2026-01-31"],
    ["2026-02-01", 1, "2026-02-01", "2027-01-31"],
    ["2024-02-10", 2, "2023-03-01", "2024-02-29"],
    ["2026-09-30", 9, "2025-10-01", "2026-09-30"],
  ])("on %s with the year ending in month %i: %s to %s", (today, end, from, to) => {
    expect(businessYearOf(today, end)).toEqual({ from, to });
  });
});

describe("resolvePeriod", () => {
  it("reads this month, last month across a new year, and all", () => {
    expect(resolvePeriod("this_month", "2026-02-14", 3)).toMatchObject({ from: "2026-02-01", to: "2026-02-28" });
    expect(resolvePeriod("last_month", "2026-01-14", 3)).toMatchObject({ from: "2025-12-01", to: "2025-12-31" });
    expect(resolvePeriod("all", "2026-01-14", 3)).toMatchObject({ from: null, to: null });
  });

  it("keeps a custom range that cuts months, and names what is wrong with one it cannot use", () => {
    expect(resolvePeriod("custom", "2026-01-14", 3, { from: "2026-04-10", to: "2026-06-20" })).toMatchObject({ from: "2026-04-10", to: "2026-06-20" });
    expect(resolvePeriod("custom", "2026-01-14", 3, { from: "2026-02-30", to: "2026-06-20" })).toMatchObject({ field: "from" });
    expect(resolvePeriod("custom", "2026-01-14", 3, { from: "2026-06-21", to: "2026-06-20" })).toMatchObject({ field: "to" });
    expect(resolvePeriod("custom", "2026-01-14", 3, { from: "2020-01-01", to: "2025-01-31" })).toMatchObject({ field: "to" });
  });
});

describe("report arithmetic", () => {
  it("lists the months a range touches", () => {
    expect(monthsBetween("2025-11-15", "2026-02-01")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });

  it("rounds shares half up to one decimal, exactly", () => {
    expect(percentOf(2, 3)).toBe("66.7");
    expect(percentOf(1, 3)).toBe("33.3");
    expect(percentOf(1, 8)).toBe("12.5");
    expect(percentOf(1, 16)).toBe("6.3");
    expect(percentOf(0, 0)).toBeNull();
  });

  it.each([
    [-3, "current"],
    [0, "current"],
    [1, "d1_30"],
    [30, "d1_30"],
    [31, "d31_60"],
    [61, "d61_90"],
    [90, "d61_90"],
    [91, "over_90"],
  ])("puts %i days past due in %s", (days, bucket) => {
    expect(agingBucketOf(days)).toBe(bucket);
  });
});
