import type { ChartView } from "~/routes/__reports/reports-charts.server";

/*
 * Charts as inline SVG (issue 18): no library, no script. The loader gives each chart its scale and texts
 * (app/routes/__reports/reports-charts.server.ts); this lays them out in a box 480 wide. Each bar carries the exact figure it
 * draws (data-value) and the row it belongs to (data-label); the chart names its table (data-table) and column
 * (data-column), and its <title> says what it shows: the table stays the primary content.
 */

const COLORS = { bar: "#0B7285", negative: "#C92A2A", text: "#212529", axis: "#6C757D", grid: "#DEE2E6" };

// Column charts: the plot from x 44 to 472 and y 12 to 192, the axis figures left of it, the months below.
const COLUMNS = { height: 220, left: 44, right: 472, top: 12, plot: 180 };
// Bar charts: a row of 22 for each bar, names left of x 132, the plot 252 wide, each figure after its bar.
const BARS = { row: 22, top: 6, left: 132, plot: 252 };

/** Columns over months, or bars beside their rows' names; a figure below zero is drawn from zero the other way, in red. */
export function Chart({ chart, table }: { chart: ChartView; table: string }) {
  const { max, min, bars, axis } = chart;
  const columns = chart.kind === "column";
  const span = max - min || 1;
  const height = columns ? COLUMNS.height : BARS.top * 2 + BARS.row * Math.max(bars.length, 1);
  const y = (value: number) => COLUMNS.top + ((max - value) / span) * COLUMNS.plot;
  const x = (value: number) => BARS.left + ((value - min) / span) * BARS.plot;
  const slot = (COLUMNS.right - COLUMNS.left) / Math.max(bars.length, 1);
  const barWidth = Math.max(2, Math.min(36, slot * 0.6));
  const text = (at: { x: number; y: number }, content: string, anchor?: "end" | "middle") => (
    <text x={at.x} y={at.y} textAnchor={anchor} fontSize={columns ? 10 : 11} fill={COLORS.text}>
      {content}
    </text>
  );
  return (
    <figure className="report-chart">
      <svg
        viewBox={`0 0 480 ${height}`}
        role="img"
        aria-labelledby={`${chart.id}-title`}
        data-chart={chart.id}
        data-table={table}
        data-column={chart.column}
        className="report-chart__svg"
      >
        <title id={`${chart.id}-title`}>{chart.title}</title>
        {axis ? (
          <>
            <line x1={COLUMNS.left} x2={COLUMNS.right} y1={y(max)} y2={y(max)} stroke={COLORS.grid} />
            {text({ x: COLUMNS.left - 4, y: y(max) + 4 }, axis[0], "end")}
            {axis[1] === null ? null : text({ x: COLUMNS.left - 4, y: y(min) + 4 }, axis[1], "end")}
            <line x1={COLUMNS.left} x2={COLUMNS.right} y1={y(0)} y2={y(0)} stroke={COLORS.axis} />
            {text({ x: COLUMNS.left - 4, y: y(0) + 4 }, "0", "end")}
          </>
        ) : (
          <line x1={x(0)} x2={x(0)} y1={BARS.top} y2={height - BARS.top} stroke={COLORS.axis} />
        )}
        {bars.map(([label, value, figure, caption], index) => {
          const end = Number(value);
          const box = columns
            ? { x: COLUMNS.left + slot * index + (slot - barWidth) / 2, y: Math.min(y(end), y(0)), width: barWidth, height: Math.abs(y(end) - y(0)) }
            : { x: Math.min(x(0), x(end)), y: BARS.top + BARS.row * index + 4, width: Math.abs(x(end) - x(0)), height: BARS.row - 8 };
          return (
            <g key={label}>
              {columns || caption === undefined ? null : text({ x: BARS.left - 6, y: box.y + 11 }, caption, "end")}
              <rect {...box} fill={end < 0 ? COLORS.negative : COLORS.bar} data-label={label} data-value={value}>
                <title>{`${label}: ${figure}`}</title>
              </rect>
              {!columns
                ? text({ x: box.x + box.width + 4, y: box.y + 11 }, figure)
                : caption === undefined
                  ? null
                  : text({ x: box.x + barWidth / 2, y: COLUMNS.height - 10 }, caption, "middle")}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
