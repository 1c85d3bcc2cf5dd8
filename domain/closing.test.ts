import { describe, expect, it } from "vitest";
import { billedPeriod, closesOn, closingPeriod, mergedLines, type ClosingLine } from "./closing";

const line = (description: string, quantity: string, unitPrice: string, taxCategory: ClosingLine["tax_category"] = "standard", itemId: number | null = null): ClosingLine => ({
  item_id: itemId,
  description,
  quantity,
  unit: null,
  unit_price: unitPrice,
  tax_category: taxCategory,
});

describe("closesOn", () => {
  it.each([
    ["2026-10-31", 99, true],
    ["2026-10-30", 99, false],
    ["2027-02-28", 99, true],
    ["2027-02-28", 28, true],
    ["2026-10-20", 20, true],
    ["2026-10-21", 20, false],
    ["2026-10-21", null, true],
  ] as const)("%s with closing day %s: %s", (date, day, expected) => {
    expect(closesOn(date, day)).toBe(expected);
  });
});

describe("closingPeriod", () => {
  it.each([
    ["2026-10-31", "2026-10-01"],
    ["2026-10-20", "2026-09-21"],
    ["2027-02-28", "2027-02-01"],
    ["2027-03-31", "2027-03-01"],
    // The 30th of March follows February's end, whose day 30 does not exist.
    ["2027-03-30", "2027-03-01"],
    ["2027-01-15", "2026-12-16"],
    ["2027-01-31", "2027-01-01"],
  ])("%s closes the period from %s", (date, from) => {
    expect(closingPeriod(date)).toEqual({ from, to: date });
  });
});

describe("billedPeriod", () => {
  it("is the closing period ending on the invoice's date", () => {
    expect(billedPeriod("2026-10-31", { first: "2026-10-05", last: "2026-10-28" })).toEqual({ start: "2026-10-01", end: "2026-10-31" });
  });

  it("takes in slips outside it when the invoice's date was moved", () => {
    expect(billedPeriod("2026-10-15", { first: "2026-09-03", last: "2026-10-20" })).toEqual({ start: "2026-09-03", end: "2026-10-20" });
  });
});

describe("mergedLines", () => {
  const slips = [
    { number: "D-1", date: "2026-10-05", lines: [line("米", "3", "155.0000", "reduced", 7), line("配送料", "1", "1001")] },
    { number: "D-2", date: "2026-10-20", lines: [line("米", "2.5", "155", "reduced", 7), line("配送料", "1", "1200"), line("米（別品目）", "1", "155", "reduced", 8)] },
  ];

  it("puts each slip's lines under a heading of no amount in the tax category of its first line", () => {
    expect(mergedLines(slips, "per_slip").map((entry) => [entry.description, entry.quantity, entry.unit_price, entry.tax_category])).toEqual([
      ["納品書 No.D-1（2026/10/05）", "0", "0", "reduced"],
      ["米", "3", "155.0000", "reduced"],
      ["配送料", "1", "1001", "standard"],
      ["納品書 No.D-2（2026/10/20）", "0", "0", "reduced"],
      ["米", "2.5", "155", "reduced"],
      ["配送料", "1", "1200", "standard"],
      ["米（別品目）", "1", "155", "reduced"],
    ]);
  });

  it("sums quantities exactly per item, unit price and tax category, keeping first appearance order", () => {
    expect(mergedLines(slips, "per_item").map((entry) => [entry.description, entry.quantity, entry.unit_price])).toEqual([
      ["米", "5.5", "155.0000"],
      ["配送料", "1", "1001"],
      ["配送料", "1", "1200"],
      ["米（別品目）", "1", "155"],
    ]);
  });
});
