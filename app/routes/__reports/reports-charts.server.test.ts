import { describe, expect, it } from "vitest";
import { barChart, columnChart, type ChartPoint } from "./reports-charts.server";

const month = (n: number, value: string | null, text = value ?? "—"): ChartPoint => ({ label: `2026年${n}月`, short: `${n}月`, value, text });

describe("the reports' charts", () => {
  it.each([
    ["9500", "9,500"],
    ["15000", "1.5万"],
    ["830000", "83万"],
    ["-20000", "-2万"],
    ["123456789", "1.2億"],
  ])("writes a column of %s yen as %s over it", (value, figure) => {
    const chart = columnChart({ id: "c", title: "t", column: 1, unit: "yen", points: [month(4, value)] });
    expect(chart.bars[0]![3]).toBe(figure);
  });

  it("writes a month without a figure as its table does, and a rate as a rate", () => {
    const chart = columnChart({ id: "c", title: "t", column: 1, unit: "percent", points: [month(4, null), month(5, "66.7", "66.7%")] });
    expect(chart.bars.map((bar) => bar[3])).toEqual(["—", "66.7%"]);
  });

  it("writes every column's figure, and a month under every other column of a range longer than 12 months", () => {
    const points = Array.from({ length: 24 }, (_, index) => month((index % 12) + 1, String(index * 10_000)));
    const { bars } = columnChart({ id: "c", title: "t", column: 1, unit: "yen", points });
    expect(bars.every((bar) => bar[3] !== "")).toBe(true);
    expect(bars.filter((bar) => bar[4] !== undefined)).toHaveLength(12);
  });

  it("writes a bar's figure beside it as its table does", () => {
    const chart = barChart({ id: "b", title: "t", column: 1, unit: "yen", points: [{ label: "株式会社とても長い名前の取引先", value: "252000", text: "252,000円" }] });
    expect(chart.bars).toEqual([["株式会社とても長い名前の取引先", "252000", "252,000円", "252,000円", "株式会社とても長い名…"]]);
  });
});
