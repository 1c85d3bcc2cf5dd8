import { describe, expect, it } from "vitest";
import { formatJapaneseDate, formatJapaneseDateTime, formatListDate } from "./datetime";

describe("formatJapaneseDate", () => {
  it.each([
    ["2026-11-23", "2026年11月23日"],
    ["2026-04-01", "2026年4月1日"],
    // 15:30 UTC on the 22nd is already the 23rd in Japan.
    ["2026-11-22T15:30:00.000Z", "2026年11月23日"],
    ["2026-11-22T14:59:59.000Z", "2026年11月22日"],
    ["", ""],
    ["未定", "未定"],
  ])("%s → %s", (input, expected) => {
    expect(formatJapaneseDate(input)).toBe(expected);
  });
});

describe("formatJapaneseDateTime", () => {
  it("writes the moment in Japan time", () => {
    expect(formatJapaneseDateTime("2026-12-22T06:30:00.000Z")).toBe("2026年12月22日 15:30");
    expect(formatJapaneseDateTime("2026-12-31T15:05:00.000Z")).toBe("2027年1月1日 00:05");
    expect(formatJapaneseDateTime("いつか")).toBe("いつか");
  });
});

describe("formatListDate", () => {
  it.each([
    ["2026-11-23", "2026/11/23"],
    ["2027-01-05", "2027/01/05"],
    ["", ""],
    ["2026/11/23", "2026/11/23"],
    ["2026-11-22T16:00:00Z", "2026-11-22T16:00:00Z"],
  ])("%s → %s", (input, shown) => {
    expect(formatListDate(input)).toBe(shown);
  });
});
