/*
 * The reports' charts (issue 18): the loader works out each chart's scale, axis figures and texts, so the page only
 * places the bars (app/routes/_default.reports.list/Charts.tsx). Each bar carries the exact figure it draws (value, the table's
 * value as decimal text) and the row it belongs to (label, the table's row heading), so a test can hold the chart to
 * the table.
 */

import { formatDecimal } from "@domain/decimal-display";

export type ChartUnit = "yen" | "count" | "percent";

/** One figure of a table: `text` is how its table writes it, `short` the month under a column. */
export type ChartPoint = { label: string; value: string | null; text: string; short?: string };

type ChartInput = { id: string; title: string; column: number; unit: ChartUnit; points: ChartPoint[] };

/**
 * A bar: its row, its figure (empty for none: drawn as zero), the figure as the table writes it, the figure as the
 * chart writes it on the bar (short, 83万, for a column; as the table writes it beside a bar), and the caption the
 * chart writes for it (a column's month, a bar's row name cut to fit; none under every column of a long range).
 * A tuple, so the page data names no property for each bar.
 */
type Bar = [label: string, value: string, text: string, figure: string, caption?: string];

/**
 * What the page draws: columns over months or bars beside their rows, on a scale from `min` to `max` (min ≤ 0 ≤ max),
 * the columns with the axis written at max, 0 and min (when below zero).
 */
export type ChartView = {
  id: string;
  title: string;
  /** The table's column the bars show (-1: the buckets of the total row). */
  column: number;
  kind: "column" | "bar";
  min: number;
  max: number;
  axis?: [max: string, min: string | null];
  bars: Bar[];
};

const numberOf = (value: string | null) => (value === null ? 0 : Number(value));

/** Short figures for the axis and over columns: 1,234,567 → 123万, 15,000 → 1.5万, 9,500 → 9,500. */
function shortText(value: number, unit: ChartUnit): string {
  if (unit === "percent") return `${value}%`;
  if (unit === "count") return `${value}`;
  const absolute = Math.abs(value);
  if (absolute >= 100_000_000) return `${+(value / 100_000_000).toFixed(1)}億`;
  if (absolute >= 100_000) return `${Math.round(value / 10_000)}万`;
  if (absolute >= 10_000) return `${+(value / 10_000).toFixed(1)}万`;
  return formatDecimal(String(Math.round(value)));
}

const truncate = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

function range(points: ChartPoint[], unit: ChartUnit) {
  const values = points.map((point) => numberOf(point.value));
  return { max: unit === "percent" ? 100 : Math.max(0, ...values), min: Math.min(0, ...values) };
}

/** Columns for a figure over months (negative ones drawn down from zero), a month under every column up to 12. */
export function columnChart({ id, title, column, unit, points }: ChartInput): ChartView {
  const { max, min } = range(points, unit);
  const every = Math.ceil(points.length / 12);
  return {
    id,
    title,
    column,
    kind: "column",
    max,
    min,
    axis: [shortText(max, unit), min < 0 ? shortText(min, unit) : null],
    bars: points.map((point, index): Bar => {
      // No figure (a month without decided estimates) is written as its table writes it, not as a zero.
      const bar = [point.label, point.value ?? "", point.text, point.value === null ? point.text : shortText(Number(point.value), unit)] as const;
      return index % every === 0 ? [...bar, point.short ?? point.label] : [...bar];
    }),
  };
}

/** Horizontal bars, one per row of a table (customers, buckets, outcomes), each with its figure written beside it. */
export function barChart({ id, title, column, unit, points }: ChartInput): ChartView {
  const bars = points.map((point): Bar => [point.label, point.value ?? "", point.text, point.text, truncate(point.label, 11)]);
  return { id, title, column, kind: "bar", ...range(points, unit), bars };
}
