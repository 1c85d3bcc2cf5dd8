/*
 * Charts drawn on the server as inline SVG (issue 18): no library, no
 * script. Each bar carries the exact figure it draws (data-value, the table's
 * value as decimal text) and the row it belongs to (data-label, the table's
 * row heading), so a test can hold the chart to the table. The chart names
 * its table (data-table) and column (data-column); the table stays the
 * primary content, and the chart's <title> says what it shows.
 */

export type ChartPoint = { label: string; value: string | null; short?: string };

type ChartProps = { id: string; title: string; table: string; column: number; points: ChartPoint[]; unit: "yen" | "count" | "percent" };

const COLORS = { bar: "#0B7285", negative: "#C92A2A", text: "#212529", axis: "#6C757D", grid: "#DEE2E6" };

const numberOf = (value: string | null) => (value === null ? 0 : Number(value));

function grouped(value: string): string {
  const [integer = "0", fraction] = value.split(".");
  const digits = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${digits}.${fraction}` : digits;
}

/** A figure as the chart writes it beside its bar. */
export function chartText(value: string | null, unit: ChartProps["unit"]): string {
  if (value === null) return "—";
  if (unit === "percent") return `${value}%`;
  if (unit === "count") return `${grouped(value)}件`;
  return `${grouped(value)}円`;
}

/** Short axis figures: 1,234,567 → 123万. */
function axisText(value: number, unit: ChartProps["unit"]): string {
  if (unit === "percent") return `${value}%`;
  if (unit === "count") return `${value}`;
  const absolute = Math.abs(value);
  if (absolute >= 100_000_000) return `${+(value / 100_000_000).toFixed(1)}億`;
  if (absolute >= 10_000) return `${Math.round(value / 10_000)}万`;
  return `${Math.round(value)}`;
}

const truncate = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

function range(points: ChartPoint[], unit: ChartProps["unit"]) {
  const values = points.map((point) => numberOf(point.value));
  const max = unit === "percent" ? 100 : Math.max(0, ...values);
  const min = Math.min(0, ...values);
  return { max, min, span: max - min || 1 };
}

/** Columns for a figure over months (negative ones drawn down from zero, in red). */
export function ColumnChart({ id, title, table, column, points, unit }: ChartProps) {
  const width = 480;
  const height = 220;
  const left = 44;
  const right = 8;
  const top = 12;
  const bottom = 28;
  const plot = { width: width - left - right, height: height - top - bottom };
  const { max, min, span } = range(points, unit);
  const y = (value: number) => top + ((max - value) / span) * plot.height;
  const slot = plot.width / Math.max(points.length, 1);
  const barWidth = Math.max(2, Math.min(36, slot * 0.6));
  const labelEvery = Math.ceil(points.length / 12);
  return (
    <figure className="report-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title`} data-chart={id} data-table={table} data-column={column} className="report-chart__svg">
        <title id={`${id}-title`}>{title}</title>
        <line x1={left} x2={width - right} y1={y(max)} y2={y(max)} stroke={COLORS.grid} />
        <text x={left - 4} y={y(max) + 4} textAnchor="end" fontSize="10" fill={COLORS.text}>
          {axisText(max, unit)}
        </text>
        {min < 0 ? (
          <text x={left - 4} y={y(min) + 4} textAnchor="end" fontSize="10" fill={COLORS.text}>
            {axisText(min, unit)}
          </text>
        ) : null}
        <line x1={left} x2={width - right} y1={y(0)} y2={y(0)} stroke={COLORS.axis} />
        <text x={left - 4} y={y(0) + 4} textAnchor="end" fontSize="10" fill={COLORS.text}>
          0
        </text>
        {points.map((point, index) => {
          const value = numberOf(point.value);
          const x = left + slot * index + (slot - barWidth) / 2;
          const barTop = value >= 0 ? y(value) : y(0);
          const barHeight = Math.abs(y(value) - y(0));
          return (
            <g key={point.label}>
              <rect x={x} y={barTop} width={barWidth} height={barHeight} fill={value < 0 ? COLORS.negative : COLORS.bar} data-label={point.label} data-value={point.value ?? ""}>
                <title>{`${point.label}: ${chartText(point.value, unit)}`}</title>
              </rect>
              {index % labelEvery === 0 ? (
                <text x={x + barWidth / 2} y={height - 10} textAnchor="middle" fontSize="10" fill={COLORS.text}>
                  {point.short ?? point.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

/** Horizontal bars, one per row of a table (customers, buckets, outcomes), each with its figure written beside it. */
export function BarChart({ id, title, table, column, points, unit }: ChartProps) {
  const width = 480;
  const row = 22;
  const top = 6;
  const labelWidth = 132;
  const valueWidth = 96;
  const height = top * 2 + row * Math.max(points.length, 1);
  const { min, span } = range(points, unit);
  const plotWidth = width - labelWidth - valueWidth;
  const x = (value: number) => labelWidth + ((value - min) / span) * plotWidth;
  return (
    <figure className="report-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`${id}-title`} data-chart={id} data-table={table} data-column={column} className="report-chart__svg">
        <title id={`${id}-title`}>{title}</title>
        <line x1={x(0)} x2={x(0)} y1={top} y2={height - top} stroke={COLORS.axis} />
        {points.map((point, index) => {
          const value = numberOf(point.value);
          const barY = top + row * index + 4;
          const start = Math.min(x(0), x(value));
          return (
            <g key={point.label}>
              <text x={labelWidth - 6} y={barY + 11} textAnchor="end" fontSize="11" fill={COLORS.text}>
                {truncate(point.short ?? point.label, 11)}
              </text>
              <rect x={start} y={barY} width={Math.abs(x(value) - x(0))} height={row - 8} fill={value < 0 ? COLORS.negative : COLORS.bar} data-label={point.label} data-value={point.value ?? ""}>
                <title>{`${point.label}: ${chartText(point.value, unit)}`}</title>
              </rect>
              <text x={Math.max(x(0), x(value)) + 4} y={barY + 11} fontSize="11" fill={COLORS.text}>
                {chartText(point.value, unit)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

