import { useTexts } from "~/components/texts";
import receivedDetailTexts from "~/locales/ja/receivedDetail.json";
import type { DigitalInvoice } from "~/routes/__received/received.server";

const texts = { received: receivedDetailTexts };

/** An amount as the XML states it, only grouped by thousands: never through a number, so no digit is lost or rounded. */
const grouped = (amount: string) => amount.replace(/^(-?)(\d+)/, (_match, sign: string, digits: string) => sign + digits.replace(/\B(?=(\d{3})+$)/g, ","));

const TOTALS = ["line_extension", "allowances", "charges", "tax_exclusive", "tax", "tax_inclusive", "prepaid", "rounding", "payable"] as const;

/** A received digital invoice in words and tables rather than XML: parties, dates, lines and the totals per rate, as stated. */
export function DigitalInvoiceView({ invoice, fileName }: { invoice: DigitalInvoice; fileName: string }) {
  const { t } = useTexts(texts);
  const category = (code: string, rate: string | null) => `${code}（${rate === null ? t("received.digitalInvoice.noRate") : `${rate}%`}）`;
  const endpoint = (value: DigitalInvoice["buyer"]["endpoint"]) => (value ? `${value.scheme}:${value.id}` : "");
  const headingId = `digital-invoice-${invoice.number}`.replace(/[^\w-]/g, "_");
  return (
    <section className="card" aria-labelledby={headingId} data-testid="digital-invoice">
      <h2 id={headingId}>{t("received.digitalInvoice.heading", { fileName })}</h2>
      <p className="field__hint">{t("received.digitalInvoice.asStated", { currency: invoice.currency })}</p>
      <dl className="details">
        <dt>{t("received.digitalInvoice.number")}</dt>
        <dd>{invoice.number}</dd>
        <dt>{t("received.digitalInvoice.issueDate")}</dt>
        <dd>{invoice.issue_date}</dd>
        {invoice.due_date ? (
          <>
            <dt>{t("received.digitalInvoice.dueDate")}</dt>
            <dd>{invoice.due_date}</dd>
          </>
        ) : null}
        {invoice.period ? (
          <>
            <dt>{t("received.digitalInvoice.period")}</dt>
            <dd>
              {invoice.period.start ?? ""}〜{invoice.period.end ?? ""}
            </dd>
          </>
        ) : null}
        {invoice.preceding_invoice ? (
          <>
            <dt>{t("received.digitalInvoice.preceding")}</dt>
            <dd>
              {invoice.preceding_invoice.number} {invoice.preceding_invoice.issue_date ?? ""}
            </dd>
          </>
        ) : null}
        <dt>{t("received.digitalInvoice.supplier")}</dt>
        <dd>
          {invoice.supplier.name}
          {invoice.supplier.registration_number ? `（${t("received.digitalInvoice.registrationNumber")}：${invoice.supplier.registration_number}）` : null}
          {invoice.supplier.endpoint ? ` ${t("received.digitalInvoice.endpoint")}：${endpoint(invoice.supplier.endpoint)}` : null}
        </dd>
        <dt>{t("received.digitalInvoice.buyer")}</dt>
        <dd>
          {invoice.buyer.name}
          {invoice.buyer.endpoint ? ` ${t("received.digitalInvoice.endpoint")}：${endpoint(invoice.buyer.endpoint)}` : null}
        </dd>
      </dl>
      <h3>{t("received.digitalInvoice.lines")}</h3>
      <div className="table-scroll">
        <table className="table" data-testid="digital-invoice-lines">
          <thead>
            <tr>
              {(["id", "name", "quantity", "net", "category"] as const).map((column) => (
                <th scope="col" key={column}>
                  {t(`received.digitalInvoice.lineColumns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {invoice.lines.map((line) => (
              <tr key={line.id}>
                <td>{line.id}</td>
                <td>{line.name}</td>
                <td className="table__number">{line.quantity}</td>
                <td className="table__number">{grouped(line.net)}</td>
                <td>{category(line.category, line.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t("received.digitalInvoice.subtotals")}</h3>
      <div className="table-scroll">
        <table className="table" data-testid="digital-invoice-subtotals">
          <thead>
            <tr>
              {(["category", "taxable", "tax"] as const).map((column) => (
                <th scope="col" key={column}>
                  {t(`received.digitalInvoice.subtotalColumns.${column}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {invoice.subtotals.map((subtotal) => (
              <tr key={`${subtotal.category}-${subtotal.rate ?? ""}`}>
                <th scope="row">{category(subtotal.category, subtotal.rate)}</th>
                <td className="table__number">{grouped(subtotal.taxable)}</td>
                <td className="table__number">{grouped(subtotal.tax)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>{t("received.digitalInvoice.totals")}</h3>
      <table className="table" data-testid="digital-invoice-totals">
        <tbody>
          {TOTALS.filter((name) => invoice.totals[name] !== null).map((name) => (
            <tr key={name}>
              <th scope="row">{t(`received.digitalInvoice.totalLabels.${name}`)}</th>
              <td className="table__number">{grouped(invoice.totals[name]!)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
