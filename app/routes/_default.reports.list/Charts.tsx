import type { ChartView } from "~/routes/__reports/reports-charts.server";

/*
 * Charts as inline SVG (issue 18): no library, no script. The loader gives each chart its scale and texts
 * (app/routes/__reports/reports-charts.server.ts); this lays them out in a box 480 wide. Each bar carries the exact figure it
 * draws (data-value) and the row it belongs to (data-label), and has its figure written on it; the chart names its table
 * (data-table) and column (data-column), and its caption, which names the SVG, says what it shows (税抜 or 税込 for
 * amounts) in the page's own type size: the table stays the primary content.
 */

const COLORS = { bar: "#0B7285", negative: "#C92A2A", text: "#212529", axis: "#6C757D", grid: "#DEE2E6" };

// Column charts: the plot from x 44 to 472 down to y 192, the axis figures left of it, the months below; above the plot
// room for the figure over the tallest column, and below it for the figure under the lowest when a column goes below zero.
const COLUMNS = { height: 220, left: 44, right: 472, top: 20, bottom: 192, below: 14 };
// Columns narrower than this have their figures turned on their side, which needs more room above the plot.
const UPRIGHT_SLOT = 30;
const TURNED_TOP = 44;
// Bar charts: a row of 22 for each bar, names left of x 132, the plot 252 wide, each figure after its bar.
const BARS = { row: 22, top: 6, left: 132, plot: 252 };

/** Columns over months, or bars beside their rows' names; a figure below zero is drawn from zero the other way, in red. */
export function Chart({ chart, table }: { chart: ChartView; table: string }) {
  const { max, min, bars, axis } = chart;
  const columns = chart.kind === "column";
  const span = max - min || 1;
  const height = columns ? COLUMNS.height : BARS.top * 2 + BARS.row * Math.max(bars.length, 1);
  const slot = (COLUMNS.right - COLUMNS.left) / Math.max(bars.length, 1);
  const turned = slot < UPRIGHT_SLOT;
  const top = turned ? TURNED_TOP : COLUMNS.top;
  const bottom = min < 0 ? COLUMNS.bottom - COLUMNS.below : COLUMNS.bottom;
  const y = (value: number) => top + ((max - value) / span) * (bottom - top);
  const x = (value: number) => BARS.left + ((value - min) / span) * BARS.plot;
  const barWidth = Math.max(2, Math.min(36, slot * 0.6));
  const text = (at: { x: number; y: number }, content: string, anchor?: "start" | "end" | "middle", turn = false) => (
    <text x={at.x} y={at.y} textAnchor={anchor} fontSize={columns ? 10 : 11} fill={COLORS.text} transform={turn ? `rotate(-90 ${at.x} ${at.y})` : undefined}>
      {content}
    </text>
  );
  /** A column's figure just over its top (under it below zero), upright or, on a narrow column, turned to read upwards. */
  const columnFigure = (box: { x: number; y: number; height: number }, end: number, figure: string) => {
    const middle = box.x + barWidth / 2;
    if (turned) return end < 0 ? text({ x: middle + 3, y: box.y + box.height + 3 }, figure, "end", true) : text({ x: middle + 3, y: box.y - 3 }, figure, "start", true);
    return text({ x: middle, y: end < 0 ? box.y + box.height + 11 : box.y - 4 }, figure, "middle");
  };
  return (
    <figure className="report-chart">
      <figcaption id={`${chart.id}-title`} className="report-chart__title">
        {chart.title}
      </figcaption>
      <svg viewBox={`0 0 480 ${height}`} role="img" aria-labelledby={`${chart.id}-title`} data-chart={chart.id} data-table={table} data-column={chart.column} className="report-chart__svg">
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
        {bars.map(([label, value, written, figure, caption], index) => {
          const end = Number(value);
          const box = columns
            ? { x: COLUMNS.left + slot * index + (slot - barWidth) / 2, y: Math.min(y(end), y(0)), width: barWidth, height: Math.abs(y(end) - y(0)) }
            : { x: Math.min(x(0), x(end)), y: BARS.top + BARS.row * index + 4, width: Math.abs(x(end) - x(0)), height: BARS.row - 8 };
          return (
            <g key={label}>
              {columns || caption === undefined ? null : text({ x: BARS.left - 6, y: box.y + 11 }, caption, "end")}
              <rect {...box} fill={end < 0 ? COLORS.negative : COLORS.bar} data-label={label} data-value={value}>
                <title>{`${label}: ${written}`}</title>
              </rect>
              {columns ? columnFigure(box, end, figure) : text({ x: box.x + box.width + 4, y: box.y + 11 }, figure)}
              {columns && caption !== undefined ? text({ x: box.x + barWidth / 2, y: COLUMNS.height - 10 }, caption, "middle") : null}
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
