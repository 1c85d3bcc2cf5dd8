import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { formatListDate } from "@domain/datetime";
import { formatDecimal } from "@domain/decimal-display";
import {
  AGING_BUCKETS,
  AGING_LABELS,
  monthLabel,
  REPORT_KINDS,
  type EstimatesReport,
  type PeriodKey,
  type ReceivablesReport,
  type ReceivedReport,
  type ReportKind,
  type ReportOf,
  type SalesReport,
} from "@domain/reports";
import { EncodingSelect } from "~/components/csv/EncodingSelect";
import { useTexts, type TFunction } from "~/components/texts";
import reportTexts from "~/locales/ja/reports.json";
import type { ReceiveUnavailable, ReportChoice } from "~/services/reports.server";
import { BarChart, ColumnChart, type ChartPoint } from "./Charts";

const texts = { reports: reportTexts };
type T = TFunction<typeof texts>;

type Loaded = { [K in ReportKind]: { report: K; data: ReportOf[K] | null } }[ReportKind];

type Props = {
  choice: ReportChoice;
  periods: readonly PeriodKey[];
  loaded: Loaded;
  problem: { message: string; fields: Record<string, string[]> } | null;
  unavailable: ReceiveUnavailable | null;
};

const PATH = "/reports/list";

function hrefOf(choice: ReportChoice, change: Partial<ReportChoice>, hash = ""): string {
  const next = { ...choice, ...change };
  const params = new URLSearchParams({ report: next.report });
  if (next.period) params.set("period", next.period);
  if (next.period === "custom") {
    params.set("from", next.from);
    params.set("to", next.to);
  }
  if (next.customer) params.set("customer", next.customer);
  if (next.page > 1) params.set("page", String(next.page));
  return `${PATH}?${params}${hash}`;
}

const yen = (value: string) => `${formatDecimal(value)}円`;
const count = (value: number) => `${formatDecimal(String(value))}件`;
const percent = (value: string | null) => (value === null ? "—" : `${value}%`);
const shortMonth = (month: string) => `${Number(month.slice(5, 7))}月`;

/** A table in its own scrolling box (375 px), named by its heading so the box can be focused and read. */
function TableBox({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div className="table-scroll report-table" role="region" aria-labelledby={`${id}-heading`} tabIndex={0}>
      {children}
    </div>
  );
}

/** One table of a report: heading, the table, its chart, and its CSV. */
function ReportSection({ id, heading, table, choice, chart, children, t }: { id: string; heading: string; table: string; choice: ReportChoice; chart: ReactNode; children: ReactNode; t: T }) {
  return (
    <section className="card report-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <TableBox id={id}>{children}</TableBox>
      {chart}
      <Form method="get" action="/reports/export" reloadDocument className="search-form report-csv" aria-label={t("reports.csv.form", { table: heading })}>
        <input type="hidden" name="report" value={choice.report} />
        <input type="hidden" name="period" value={choice.period} />
        {choice.period === "custom" ? (
          <>
            <input type="hidden" name="from" value={choice.from} />
            <input type="hidden" name="to" value={choice.to} />
          </>
        ) : null}
        {choice.customer ? <input type="hidden" name="customer" value={choice.customer} /> : null}
        <input type="hidden" name="table" value={table} />
        <EncodingSelect id={`${id}-encoding`} />
        <button type="submit" className="button button--secondary">
          {t("reports.csv.button")}
        </button>
      </Form>
    </section>
  );
}

const num = "table__number";

function SalesView({ data, choice, t }: { data: SalesReport; choice: ReportChoice; t: T }) {
  const columns = t("reports.columns.taxExcluded");
  const customerRows = [
    ...data.customers.map((row) => ({ ...row, label: row.customer_name })),
    ...(data.others ? [{ key: "others", label: t("reports.others", { count: data.others.customers }), ...data.others }] : []),
  ];
  return (
    <>
      <p className="report-summary" data-testid="report-summary">
        {t("reports.sales.summary", { excluded: formatDecimal(data.total.tax_excluded), included: formatDecimal(data.total.tax_included), count: data.total.count })}
      </p>
      <p className="field__hint">{t("reports.sales.note")}</p>
      <ReportSection
        id="sales-months"
        heading={t("reports.sales.months")}
        table="months"
        choice={choice}
        t={t}
        chart={
          <ColumnChart
            id="sales-months-chart"
            title={t("reports.chart", { table: t("reports.sales.months"), column: columns })}
            table="sales-months-table"
            column={2}
            unit="yen"
            points={data.months.map((row): ChartPoint => ({ label: monthLabel(row.month), short: shortMonth(row.month), value: row.tax_excluded }))}
          />
        }
      >
        <table className="table report-table__table" id="sales-months-table">
          <thead>
            <tr>
              <th scope="col">{t("reports.columns.month")}</th>
              <th scope="col" className={num}>{t("reports.columns.count")}</th>
              <th scope="col" className={num}>{t("reports.columns.taxExcluded")}</th>
              <th scope="col" className={num}>{t("reports.columns.tax")}</th>
              <th scope="col" className={num}>{t("reports.columns.taxIncluded")}</th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((row) => (
              <tr key={row.month}>
                <th scope="row">{monthLabel(row.month)}</th>
                <td className={num}>{count(row.count)}</td>
                <td className={num}>{yen(row.tax_excluded)}</td>
                <td className={num}>{yen(row.tax)}</td>
                <td className={num}>{yen(row.tax_included)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("reports.total")}</th>
              <td className={num}>{count(data.total.count)}</td>
              <td className={num} data-testid="sales-total-excluded">{yen(data.total.tax_excluded)}</td>
              <td className={num}>{yen(data.total.tax)}</td>
              <td className={num} data-testid="sales-total-included">{yen(data.total.tax_included)}</td>
            </tr>
          </tfoot>
        </table>
      </ReportSection>
      <ReportSection
        id="sales-customers"
        heading={t("reports.sales.customers")}
        table="customers"
        choice={choice}
        t={t}
        chart={
          customerRows.length === 0 ? null : (
            <BarChart
              id="sales-customers-chart"
              title={t("reports.chart", { table: t("reports.sales.customers"), column: columns })}
              table="sales-customers-table"
              column={2}
              unit="yen"
              points={customerRows.map((row) => ({ label: row.label, value: row.tax_excluded }))}
            />
          )
        }
      >
        <table className="table report-table__table" id="sales-customers-table">
          <thead>
            <tr>
              <th scope="col">{t("reports.columns.customer")}</th>
              <th scope="col" className={num}>{t("reports.columns.count")}</th>
              <th scope="col" className={num}>{t("reports.columns.taxExcluded")}</th>
              <th scope="col" className={num}>{t("reports.columns.taxIncluded")}</th>
            </tr>
          </thead>
          <tbody>
            {customerRows.length === 0 ? (
              <tr>
                <td colSpan={4}>{t("reports.empty")}</td>
              </tr>
            ) : (
              customerRows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  <td className={num}>{count(row.count)}</td>
                  <td className={num}>{yen(row.tax_excluded)}</td>
                  <td className={num}>{yen(row.tax_included)}</td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("reports.total")}</th>
              <td className={num}>{count(data.total.count)}</td>
              <td className={num}>{yen(data.total.tax_excluded)}</td>
              <td className={num}>{yen(data.total.tax_included)}</td>
            </tr>
          </tfoot>
        </table>
      </ReportSection>
    </>
  );
}

function ReceivablesView({ data, choice, t }: { data: ReceivablesReport; choice: ReportChoice; t: T }) {
  const overdue = AGING_BUCKETS.filter((bucket) => bucket !== "current").reduce((sum, bucket) => sum + Number(data.total[bucket]), 0);
  const rows = [
    ...data.customers.map((row) => ({ ...row, label: row.customer_name, link: true })),
    ...(data.others ? [{ ...data.others, key: "others", label: t("reports.others", { count: data.others.customers }), link: false }] : []),
  ];
  const pages = Math.max(1, Math.ceil(data.invoices.total / data.invoices.per_page));
  const invoicesHeading = data.customer ? t("reports.receivables.invoicesOf", { customer: data.customer.customer_name }) : t("reports.receivables.invoices");
  return (
    <>
      <p className="report-summary" data-testid="report-summary">
        {t("reports.receivables.summary", { amount: formatDecimal(data.total.amount), count: data.total.count, overdue: formatDecimal(String(overdue)) })}
      </p>
      <p className="field__hint">{t("reports.receivables.note", { asOf: formatListDate(data.as_of) })}</p>
      <ReportSection
        id="receivables-customers"
        heading={t("reports.receivables.customers")}
        table="customers"
        choice={choice}
        t={t}
        chart={
          <BarChart
            id="receivables-buckets-chart"
            title={t("reports.chart", { table: t("reports.receivables.customers"), column: t("reports.receivables.buckets") })}
            table="receivables-customers-table"
            column={-1}
            unit="yen"
            points={AGING_BUCKETS.map((bucket) => ({ label: AGING_LABELS[bucket], value: data.total[bucket] }))}
          />
        }
      >
        <table className="table report-table__table" id="receivables-customers-table">
          <thead>
            <tr>
              <th scope="col">{t("reports.columns.customer")}</th>
              <th scope="col" className={num}>{t("reports.columns.count")}</th>
              {AGING_BUCKETS.map((bucket) => (
                <th scope="col" className={num} key={bucket}>
                  {AGING_LABELS[bucket]}
                </th>
              ))}
              <th scope="col" className={num}>{t("reports.columns.outstanding")}</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={8}>{t("reports.receivables.noInvoices")}</td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">
                    {row.link ? (
                      <Link to={hrefOf(choice, { customer: row.key, page: 1 }, "#receivables-invoices-heading")} prefetch="none" aria-label={t("reports.receivables.showCustomer", { customer: row.label })}>
                        {row.label}
                      </Link>
                    ) : (
                      row.label
                    )}
                  </th>
                  <td className={num}>{count(row.count)}</td>
                  {AGING_BUCKETS.map((bucket) => (
                    <td className={num} key={bucket}>
                      {yen(row[bucket])}
                    </td>
                  ))}
                  <td className={num}>{yen(row.amount)}</td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr data-testid="receivables-total">
              <th scope="row">{t("reports.total")}</th>
              <td className={num}>{count(data.total.count)}</td>
              {AGING_BUCKETS.map((bucket) => (
                <td className={num} key={bucket} data-bucket={bucket}>
                  {yen(data.total[bucket])}
                </td>
              ))}
              <td className={num}>{yen(data.total.amount)}</td>
            </tr>
          </tfoot>
        </table>
      </ReportSection>
      <section className="card report-section" aria-labelledby="receivables-invoices-heading">
        <h2 id="receivables-invoices-heading">{invoicesHeading}</h2>
        {choice.customer ? (
          <p>
            <Link to={hrefOf(choice, { customer: "", page: 1 })} prefetch="none">
              {t("reports.receivables.showAll")}
            </Link>
          </p>
        ) : null}
        <TableBox id="receivables-invoices">
          <table className="table report-table__table" id="receivables-invoices-table">
            <thead>
              <tr>
                <th scope="col">{t("reports.columns.number")}</th>
                <th scope="col">{t("reports.columns.customer")}</th>
                <th scope="col">{t("reports.columns.issueDate")}</th>
                <th scope="col">{t("reports.columns.dueDate")}</th>
                <th scope="col" className={num}>{t("reports.columns.daysPastDue")}</th>
                <th scope="col">{t("reports.columns.bucket")}</th>
                <th scope="col" className={num}>{t("reports.columns.outstanding")}</th>
              </tr>
            </thead>
            <tbody>
              {data.invoices.items.length === 0 ? (
                <tr>
                  <td colSpan={7}>{t("reports.receivables.noInvoices")}</td>
                </tr>
              ) : (
                data.invoices.items.map((row) => (
                  <tr key={row.id}>
                    <th scope="row">
                      <Link to={`/invoices/detail/${row.id}`} prefetch="none">
                        {row.number}
                      </Link>
                      {row.credit_note_of === null ? null : <span className="status-badge report-badge">{t("reports.receivables.creditNote")}</span>}
                    </th>
                    <td>{row.customer_name}</td>
                    <td>{formatListDate(row.issue_date)}</td>
                    <td>{formatListDate(row.due_date)}</td>
                    <td className={num}>{row.days_past_due > 0 ? t("reports.receivables.daysPastDue", { days: row.days_past_due }) : "—"}</td>
                    <td>{AGING_LABELS[row.bucket]}</td>
                    <td className={num}>{yen(row.amount_due)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </TableBox>
        {pages > 1 ? (
          <nav className="pagination" aria-label={t("reports.receivables.invoices")}>
            {data.invoices.page > 1 ? (
              <Link to={hrefOf(choice, { page: data.invoices.page - 1 }, "#receivables-invoices-heading")} prefetch="none">
                {t("reports.receivables.previous")}
              </Link>
            ) : null}
            <span>{t("reports.receivables.pageOf", { page: data.invoices.page, pages, total: data.invoices.total })}</span>
            {data.invoices.page < pages ? (
              <Link to={hrefOf(choice, { page: data.invoices.page + 1 }, "#receivables-invoices-heading")} prefetch="none">
                {t("reports.receivables.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
        <Form method="get" action="/reports/export" reloadDocument className="search-form report-csv" aria-label={t("reports.csv.form", { table: invoicesHeading })}>
          <input type="hidden" name="report" value="receivables" />
          <input type="hidden" name="period" value={choice.period} />
          {choice.period === "custom" ? (
            <>
              <input type="hidden" name="from" value={choice.from} />
              <input type="hidden" name="to" value={choice.to} />
            </>
          ) : null}
          {choice.customer ? <input type="hidden" name="customer" value={choice.customer} /> : null}
          <input type="hidden" name="table" value="invoices" />
          <EncodingSelect id="receivables-invoices-encoding" />
          <button type="submit" className="button button--secondary">
            {t("reports.csv.button")}
          </button>
        </Form>
      </section>
    </>
  );
}

function EstimatesView({ data, choice, t }: { data: EstimatesReport; choice: ReportChoice; t: T }) {
  return (
    <>
      <p className="report-summary" data-testid="report-summary">
        {t("reports.estimates.summary", { count: data.total.count, won: data.total.won, amount: formatDecimal(data.total.won_amount), rate: percent(data.total.win_rate) })}
      </p>
      <p className="field__hint">{t("reports.estimates.note")}</p>
      <ReportSection
        id="estimates-outcomes"
        heading={t("reports.estimates.outcomes")}
        table="outcomes"
        choice={choice}
        t={t}
        chart={
          <BarChart
            id="estimates-outcomes-chart"
            title={t("reports.chart", { table: t("reports.estimates.outcomes"), column: t("reports.columns.count") })}
            table="estimates-outcomes-table"
            column={1}
            unit="count"
            points={data.outcomes.map((row) => ({ label: row.label, value: String(row.count) }))}
          />
        }
      >
        <table className="table report-table__table" id="estimates-outcomes-table">
          <thead>
            <tr>
              <th scope="col">{t("reports.columns.outcome")}</th>
              <th scope="col" className={num}>{t("reports.columns.count")}</th>
              <th scope="col" className={num}>{t("reports.columns.taxExcluded")}</th>
            </tr>
          </thead>
          <tbody>
            {data.outcomes.map((row) => (
              <tr key={row.status}>
                <th scope="row">{row.label}</th>
                <td className={num}>{count(row.count)}</td>
                <td className={num}>{yen(row.tax_excluded)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("reports.total")}</th>
              <td className={num}>{count(data.total.count)}</td>
              <td className={num}></td>
            </tr>
          </tfoot>
        </table>
      </ReportSection>
      <ReportSection
        id="estimates-months"
        heading={t("reports.estimates.months")}
        table="months"
        choice={choice}
        t={t}
        chart={
          <ColumnChart
            id="estimates-months-chart"
            title={t("reports.chart", { table: t("reports.estimates.months"), column: t("reports.columns.winRate") })}
            table="estimates-months-table"
            column={5}
            unit="percent"
            points={data.months.map((row) => ({ label: monthLabel(row.month), short: shortMonth(row.month), value: row.win_rate }))}
          />
        }
      >
        <table className="table report-table__table" id="estimates-months-table">
          <thead>
            <tr>
              <th scope="col">{t("reports.columns.month")}</th>
              <th scope="col" className={num}>{t("reports.columns.count")}</th>
              <th scope="col" className={num}>{t("reports.columns.won")}</th>
              <th scope="col" className={num}>{t("reports.columns.lost")}</th>
              <th scope="col" className={num}>{t("reports.columns.pending")}</th>
              <th scope="col" className={num}>{t("reports.columns.winRate")}</th>
              <th scope="col" className={num}>{t("reports.columns.wonAmount")}</th>
            </tr>
          </thead>
          <tbody>
            {data.months.map((row) => (
              <tr key={row.month}>
                <th scope="row">{monthLabel(row.month)}</th>
                <td className={num}>{count(row.count)}</td>
                <td className={num}>{count(row.won)}</td>
                <td className={num}>{count(row.lost)}</td>
                <td className={num}>{count(row.pending)}</td>
                <td className={num}>{percent(row.win_rate)}</td>
                <td className={num}>{yen(row.won_amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("reports.total")}</th>
              <td className={num}>{count(data.total.count)}</td>
              <td className={num}>{count(data.total.won)}</td>
              <td className={num}>{count(data.total.lost)}</td>
              <td className={num}>{count(data.total.pending)}</td>
              <td className={num} data-testid="estimates-win-rate">{percent(data.total.win_rate)}</td>
              <td className={num}>{yen(data.total.won_amount)}</td>
            </tr>
          </tfoot>
        </table>
      </ReportSection>
    </>
  );
}

function ReceivedView({ data, choice, t }: { data: ReceivedReport; choice: ReportChoice; t: T }) {
  const supplierRows = [
    ...data.suppliers.map((row) => ({ ...row, label: row.supplier_name })),
    ...(data.others ? [{ ...data.others, key: "others", label: t("reports.others", { count: data.others.suppliers }) }] : []),
  ];
  const head = (
    <>
      <th scope="col" className={num}>{t("reports.columns.count")}</th>
      <th scope="col" className={num}>{t("reports.columns.amount")}</th>
      <th scope="col" className={num}>{t("reports.columns.verified")}</th>
      <th scope="col" className={num}>{t("reports.columns.verifiedShare")}</th>
    </>
  );
  const cells = (row: { count: number; amount: string; verified: number; verified_share: string | null }) => (
    <>
      <td className={num}>{count(row.count)}</td>
      <td className={num}>{yen(row.amount)}</td>
      <td className={num}>{count(row.verified)}</td>
      <td className={num}>{percent(row.verified_share)}</td>
    </>
  );
  return (
    <>
      <p className="report-summary" data-testid="report-summary">
        {t("reports.received.summary", { count: data.total.count, amount: formatDecimal(data.total.amount), share: percent(data.total.verified_share) })}
      </p>
      <p className="field__hint">{t("reports.received.note")}</p>
      <ReportSection
        id="received-months"
        heading={t("reports.received.months")}
        table="months"
        choice={choice}
        t={t}
        chart={
          <ColumnChart
            id="received-months-chart"
            title={t("reports.chart", { table: t("reports.received.months"), column: t("reports.columns.amount") })}
            table="received-months-table"
            column={2}
            unit="yen"
            points={data.months.map((row) => ({ label: monthLabel(row.month), short: shortMonth(row.month), value: row.amount }))}
          />
        }
      >
        <table className="table report-table__table" id="received-months-table">
          <thead>
            <tr>
              <th scope="col">{t("reports.columns.month")}</th>
              {head}
            </tr>
          </thead>
          <tbody>
            {data.months.map((row) => (
              <tr key={row.month}>
                <th scope="row">{monthLabel(row.month)}</th>
                {cells(row)}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("reports.total")}</th>
              {cells(data.total)}
            </tr>
          </tfoot>
        </table>
      </ReportSection>
      <ReportSection
        id="received-suppliers"
        heading={t("reports.received.suppliers")}
        table="suppliers"
        choice={choice}
        t={t}
        chart={
          supplierRows.length === 0 ? null : (
            <BarChart
              id="received-suppliers-chart"
              title={t("reports.chart", { table: t("reports.received.suppliers"), column: t("reports.columns.amount") })}
              table="received-suppliers-table"
              column={2}
              unit="yen"
              points={supplierRows.map((row) => ({ label: row.label, value: row.amount }))}
            />
          )
        }
      >
        <table className="table report-table__table" id="received-suppliers-table">
          <thead>
            <tr>
              <th scope="col">{t("reports.columns.customer")}</th>
              {head}
            </tr>
          </thead>
          <tbody>
            {supplierRows.length === 0 ? (
              <tr>
                <td colSpan={5}>{t("reports.empty")}</td>
              </tr>
            ) : (
              supplierRows.map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.label}</th>
                  {cells(row)}
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t("reports.total")}</th>
              {cells(data.total)}
            </tr>
          </tfoot>
        </table>
      </ReportSection>
    </>
  );
}

/** The period choice: a GET form, so it works without JavaScript and the result is a link. */
function PeriodForm({ choice, periods, problem, t }: { choice: ReportChoice; periods: readonly PeriodKey[]; problem: Props["problem"]; t: T }) {
  const fromError = problem?.fields.from?.[0];
  const toError = problem?.fields.to?.[0];
  return (
    <Form method="get" action={PATH} className="card report-period" aria-label={t("reports.periodForm")}>
      <input type="hidden" name="report" value={choice.report} />
      <div className="field">
        <label htmlFor="report-period">{t("reports.period")}</label>
        <select id="report-period" name="period" defaultValue={choice.period}>
          {periods.map((period) => (
            <option key={period} value={period}>
              {t(`reports.periods.${period}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="report-from">{t("reports.from")}</label>
        <input id="report-from" type="date" name="from" defaultValue={choice.from} aria-describedby={fromError ? "report-from-error report-custom-hint" : "report-custom-hint"} aria-invalid={fromError ? true : undefined} />
        {fromError ? (
          <p id="report-from-error" className="field__error">
            {fromError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="report-to">{t("reports.to")}</label>
        <input id="report-to" type="date" name="to" defaultValue={choice.to} aria-describedby={toError ? "report-to-error report-custom-hint" : "report-custom-hint"} aria-invalid={toError ? true : undefined} />
        {toError ? (
          <p id="report-to-error" className="field__error">
            {toError}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button">
        {t("reports.show")}
      </button>
      <p id="report-custom-hint" className="field__hint report-period__hint">
        {t("reports.customHint")}
      </p>
    </Form>
  );
}

/** /reports/list: the four reports as tabs (links), each with its period, tables, charts and CSV. */
export function ReportsPage({ choice, periods, loaded, problem, unavailable }: Props) {
  const { t } = useTexts(texts);
  const period = loaded.data?.period ?? null;
  return (
    <>
      <h1>{t("reports.heading")}</h1>
      <nav className="tabs" aria-label={t("reports.tabs")}>
        {REPORT_KINDS.map((report) => (
          <Link key={report} to={`${PATH}?report=${report}`} className="tabs__tab" aria-current={report === choice.report ? "page" : undefined} prefetch="none">
            {t(`reports.names.${report}`)}
          </Link>
        ))}
      </nav>
      {unavailable ? (
        <p className="card" data-testid="report-unavailable">
          {t(`reports.received.${unavailable}`)}
        </p>
      ) : (
        <>
          <PeriodForm choice={choice} periods={periods} problem={problem} t={t} />
          {problem ? (
            <p className="card form-errors" role="alert">
              {problem.message}
            </p>
          ) : null}
          {period ? (
            <p className="report-range" data-testid="report-range">
              <strong>{period.from && period.to ? t("reports.range", { from: formatListDate(period.from), to: formatListDate(period.to) }) : t("reports.rangeAll")}</strong>{" "}
              <span className="field__hint">{t("reports.fiscalYear", { month: period.fiscal_year_end_month })}</span>
            </p>
          ) : null}
          {loaded.data === null ? null : loaded.report === "sales" ? (
            <SalesView data={loaded.data} choice={choice} t={t} />
          ) : loaded.report === "receivables" ? (
            <ReceivablesView data={loaded.data} choice={choice} t={t} />
          ) : loaded.report === "estimates" ? (
            <EstimatesView data={loaded.data} choice={choice} t={t} />
          ) : (
            <ReceivedView data={loaded.data} choice={choice} t={t} />
          )}
        </>
      )}
    </>
  );
}
