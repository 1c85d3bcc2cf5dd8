import { Form, Link } from "@remix-run/react";
import { EncodingSelect } from "~/components/csv/EncodingSelect";
import { IgnoredFilters } from "~/components/lists/IgnoredFilters";
import { useTexts, type TFunction } from "~/components/texts";
// Only the page's own words: the loader writes the figures, headings and labels of each report (reports.server.ts).
import { page } from "~/locales/ja/reports.json";
import type { Cell, ReportsPageData, ReportTable, TableRow } from "~/routes/__reports/reports.server";
import { Chart } from "./Charts";

const texts = { reports: { page } };
type T = TFunction<typeof texts>;

const PATH = "/reports/list";
const NUMBER = "table__number";

type Shown = Extract<ReportsPageData, { unavailable: null }>;

/** A cell's content: its text, or a link with its badge; a name shortened with an ellipsis, whole in its title and to a screen reader. */
function CellText({ cell, name }: { cell: Cell; name?: true }) {
  if (name) {
    return (
      <span className="table__name" title={typeof cell === "string" ? cell : cell.text}>
        <CellText cell={cell} />
      </span>
    );
  }
  if (typeof cell === "string") return cell;
  if (!cell.href) return cell.text;
  return (
    <>
      <Link to={cell.href} prefetch="none" aria-label={cell.label}>
        {cell.text}
      </Link>
      {cell.badge ? <span className="status-badge report-badge">{cell.badge}</span> : null}
    </>
  );
}

const testIdOf = (cell: Cell) => (typeof cell === "object" ? cell.testId : undefined);

/** A row: its heading, then its figures, right-aligned in number columns. */
function Row({ row, columns }: { row: TableRow; columns: ReportTable["columns"] }) {
  const [head, ...cells] = row;
  return (
    <tr>
      <th scope="row" data-testid={testIdOf(head)}>
        <CellText cell={head} name={columns[0]?.name} />
      </th>
      {cells.map((cell, index) => (
        <td key={index} className={columns[index + 1]?.number ? NUMBER : undefined} data-testid={testIdOf(cell)}>
          <CellText cell={cell} name={columns[index + 1]?.name} />
        </td>
      ))}
    </tr>
  );
}

/** One table of a report: heading, the table in its own scrolling box (375 px, named by the heading so it can be focused and read), its chart, pages and CSV. */
function ReportSection({ table, query, t }: { table: ReportTable; query: [string, string][]; t: T }) {
  const { id, columns, pages } = table;
  return (
    <section className="card report-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{table.heading}</h2>
      {table.all ? (
        <p>
          <Link to={table.all} prefetch="none">
            {t("reports.page.showAll")}
          </Link>
        </p>
      ) : null}
      <div className="table-scroll report-table" role="region" aria-labelledby={`${id}-heading`} tabIndex={0}>
        <table className="table report-table__table" id={`${id}-table`}>
          <thead>
            <tr>
              {columns.map((column, index) => (
                <th scope="col" className={column.number ? NUMBER : undefined} key={index}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.length === 0 && table.empty ? (
              <tr>
                <td colSpan={columns.length}>{table.empty}</td>
              </tr>
            ) : (
              table.rows.map((row, index) => <Row key={index} row={row} columns={columns} />)
            )}
          </tbody>
          {table.total ? (
            <tfoot>
              <Row row={table.total} columns={columns} />
            </tfoot>
          ) : null}
        </table>
      </div>
      {table.chart ? <Chart chart={table.chart} table={`${id}-table`} /> : null}
      {pages ? (
        <nav className="pagination" aria-label={pages.label}>
          {pages.previous ? (
            <Link to={pages.previous} prefetch="none">
              {t("reports.page.previous")}
            </Link>
          ) : null}
          <span>{pages.text}</span>
          {pages.next ? (
            <Link to={pages.next} prefetch="none">
              {t("reports.page.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
      <Form method="get" action="/reports/export" reloadDocument className="search-form report-csv" aria-label={t("reports.page.csvForm", { table: table.heading })}>
        {query.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="table" value={table.table} />
        <EncodingSelect id={`${id}-encoding`} />
        <button type="submit" className="button button--secondary">
          {t("reports.page.csvButton")}
        </button>
      </Form>
    </section>
  );
}

/** The period choice: a GET form, so it works without JavaScript and the result is a link. */
function PeriodForm({ report, form, problem, t }: Pick<Shown, "report" | "form" | "problem"> & { t: T }) {
  const fromError = problem?.from;
  const toError = problem?.to;
  return (
    <Form method="get" action={PATH} className="card report-period" aria-label={t("reports.page.periodForm")}>
      <input type="hidden" name="report" value={report} />
      <div className="field">
        <label htmlFor="report-period">{t("reports.page.period")}</label>
        <select id="report-period" name="period" defaultValue={form.period}>
          {form.periods.map((period) => (
            <option key={period.value} value={period.value}>
              {period.label}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="report-from">{t("reports.page.from")}</label>
        <input id="report-from" type="date" name="from" defaultValue={form.from} aria-describedby={fromError ? "report-from-error report-custom-hint" : "report-custom-hint"} aria-invalid={fromError ? true : undefined} />
        {fromError ? (
          <p id="report-from-error" className="field__error">
            {fromError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="report-to">{t("reports.page.to")}</label>
        <input id="report-to" type="date" name="to" defaultValue={form.to} aria-describedby={toError ? "report-to-error report-custom-hint" : "report-custom-hint"} aria-invalid={toError ? true : undefined} />
        {toError ? (
          <p id="report-to-error" className="field__error">
            {toError}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button">
        {t("reports.page.show")}
      </button>
      <p id="report-custom-hint" className="field__hint report-period__hint">
        {t("reports.page.customHint")}
      </p>
    </Form>
  );
}

/** /reports/list: the four reports as tabs (links, in the dictionary's order), each with its period, tables, charts and CSV. */
export function ReportsPage(data: ReportsPageData) {
  const { t } = useTexts(texts);
  const view = data.unavailable === null ? data.view : null;
  return (
    <>
      <h1>{t("reports.page.heading")}</h1>
      <nav className="tabs" aria-label={t("reports.page.tabs")}>
        {Object.entries(page.names).map(([report, name]) => (
          <Link key={report} to={`${PATH}?report=${report}`} className="tabs__tab" aria-current={report === data.report ? "page" : undefined} prefetch="none">
            {name}
          </Link>
        ))}
      </nav>
      <IgnoredFilters names={data.ignored} />
      {data.unavailable !== null ? (
        <p className="card" data-testid="report-unavailable">
          {data.unavailable}
        </p>
      ) : (
        <>
          <PeriodForm report={data.report} form={data.form} problem={data.problem} t={t} />
          {data.problem ? (
            <p className="card form-errors" role="alert">
              {data.problem.message}
            </p>
          ) : null}
          {view ? (
            <>
              <p className="report-range" data-testid="report-range">
                <strong>{view.range}</strong> <span className="field__hint">{view.fiscalYear}</span>
              </p>
              <p className="report-summary" data-testid="report-summary">
                {view.summary}
              </p>
              <p className="field__hint">{view.note}</p>
              {view.tables.map((table) => (
                <ReportSection key={table.id} table={table} query={view.query} t={t} />
              ))}
            </>
          ) : null}
        </>
      )}
    </>
  );
}
