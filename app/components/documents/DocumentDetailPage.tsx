import { Fragment } from "react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { TAX_RATES } from "@domain/codes";
import { formatDateTimeJst } from "@domain/datetime";
import { formatDecimal } from "@domain/decimal";
import { DOCUMENT_KINDS, type DocumentKind } from "@domain/document-kinds";
import { CONVERSIONS, DOCUMENT_PATHS, needsRevenueStamp, STATUS_TRANSITIONS, statusLabel } from "@domain/documents";
import { qualifiedInvoiceGaps } from "@domain/qualified-invoice";
import { computeTotals, totalsRulesOf } from "@domain/totals";
import { MailSendForm, type MailFormValues } from "~/components/mail/MailSendForm";
import type { DocumentDetail } from "~/services/documents.server";
import { DocumentTotals } from "./DocumentTotals";
import { roundingOfDocument } from "./rounding";

const kindLabel = (kind: DocumentKind) => DOCUMENT_KINDS.find((entry) => entry.id === kind)!.label;
const editPath = (kind: DocumentKind, id: number) => (kind === "receipt" ? `/receipts/edit/${id}` : `${DOCUMENT_PATHS[kind].base}/edit?id=${id}`);
const detailPath = (kind: DocumentKind, id: number) => `${DOCUMENT_PATHS[kind].base}/detail/${id}`;

/** One document: its contents and totals, what it lacks as a qualified invoice, and what can be done with it. */
export function DocumentDetailPage({
  kind,
  document,
  company,
  mail,
}: {
  kind: DocumentKind;
  document: DocumentDetail;
  company: { name: string | null; registeredNo: string | null };
  mail: MailFormValues | null;
}) {
  const { t } = useTranslation();
  const actionData = useActionData<{ mailResult?: SubmissionResult<string[]> }>();
  const labelOf = (id: number | null) => (id === null ? t("documents.initial") : statusLabel(kind, id));
  const next = STATUS_TRANSITIONS[kind][document.status] ?? [];
  // The stored totals are the engine's; the per-rate rows are recomputed from the lines with the document's own rules.
  const totals = computeTotals(
    document.lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unit_price, taxRate: line.tax_rate })),
    totalsRulesOf(roundingOfDocument(document), document.withholding, document.tax_type_id),
  );
  const gaps = qualifiedInvoiceGaps(kind, { issuerName: company.name, registeredNo: company.registeredNo, customerName: document.customer_name, issueDate: document.issue_date, lineCount: document.lines.length });
  const editable = !document.voided_at;
  const rateLabel = (rate: number) => `${TAX_RATES.find((code) => code.id === rate)?.label ?? `${rate}%`}${rate === 8 ? "※" : ""}`;

  return (
    <>
      <h1>
        {kindLabel(kind)} {document.number}
        {document.voided_at ? ` (${t("documents.voidedMark")})` : document.issued_at ? "" : ` (${t("documents.draft")})`}
      </h1>
      <p className="document-actions">
        {editable ? (
          <Link to={editPath(kind, document.id)} className="button" prefetch="none">
            {t("documents.edit")}
          </Link>
        ) : null}{" "}
        <Link to={`${DOCUMENT_PATHS[kind].base}/create?source=${document.id}&origin=duplicate`} className="button button--secondary" prefetch="none">
          {t("documents.duplicate")}
        </Link>{" "}
        {CONVERSIONS[kind].map((target) => (
          <Link key={target} to={`${DOCUMENT_PATHS[target].base}/create?source=${document.id}&origin=from_detail`} className="button button--secondary" prefetch="none">
            {t("documents.makeInto", { kind: kindLabel(target) })}
          </Link>
        ))}
      </p>
      <p className="document-actions">
        {/* Full page loads: the print page has its own layout, and the PDF is a download. */}
        <a href={`${DOCUMENT_PATHS[kind].base}/snapshot/${document.id}`}>{t("snapshot.openPrint")}</a>{" "}
        <a href={`${DOCUMENT_PATHS[kind].base}/pdf/${document.id}`} download>
          {t("snapshot.downloadPdf")}
        </a>{" "}
        <Link to={`${DOCUMENT_PATHS[kind].base}/mail/detail/${document.id}`} prefetch="none">
          {t("mail.historyLink")}
        </Link>
      </p>

      {kind === "invoice" || kind === "receipt" ? (
        <section className="card" aria-labelledby="qualified-heading" data-testid="qualified-check">
          <h2 id="qualified-heading">{t("documents.qualified.heading")}</h2>
          {gaps.length === 0 ? (
            <p>{t(kind === "invoice" ? "documents.qualified.ok" : "documents.qualified.okReceipt")}</p>
          ) : (
            <>
              <p>{t("documents.qualified.missing")}</p>
              <ul>
                {gaps.map((gap) => (
                  <li key={gap}>{gap}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      ) : null}

      <section className="card" aria-labelledby="document-heading">
        <h2 id="document-heading">{t("documents.sections.document")}</h2>
        <dl className="details">
          <dt>{t("documents.fields.issue_date")}</dt>
          <dd>{document.issue_date}</dd>
          <dt>{t("documents.fields.customer_name")}</dt>
          <dd>
            {document.customer_name} {document.customer_honorific}
          </dd>
          {document.subject ? (
            <>
              <dt>{t("documents.fields.subject")}</dt>
              <dd>{document.subject}</dd>
            </>
          ) : null}
          {(
            [
              ["valid_until", document.valid_until],
              ["delivery_date", document.delivery_date],
              ["due_date", document.due_date],
              ["proviso", document.proviso],
              ["payment_method", document.payment_method],
              ["person_in_charge", document.person_in_charge],
            ] as const
          ).map(([name, value]) =>
            value ? (
              <Fragment key={name}>
                <dt>{t(`documents.fields.${name}`)}</dt>
                <dd>{value}</dd>
              </Fragment>
            ) : null,
          )}
          <dt>{t("documents.statusLabel")}</dt>
          <dd data-testid="document-status">{labelOf(document.status)}</dd>
        </dl>
      </section>

      <section className="card" aria-labelledby="lines-heading">
        <h2 id="lines-heading">{t("documents.sections.lines")}</h2>
        <table className="table" data-testid="detail-lines">
          <thead>
            <tr>
              <th scope="col">{t("documents.columns.description")}</th>
              <th scope="col">{t("documents.columns.quantity")}</th>
              <th scope="col">{t("documents.columns.unit_price")}</th>
              <th scope="col">{t("documents.columns.tax_rate")}</th>
              <th scope="col">{t("documents.fields.amount")}</th>
            </tr>
          </thead>
          <tbody>
            {document.lines.map((line) => (
              <tr key={line.id}>
                <td>
                  {line.description}
                  {line.tax_rate === 8 ? " ※" : ""}
                </td>
                <td className="table__number">
                  {formatDecimal(line.quantity)}
                  {line.unit ?? ""}
                </td>
                <td className="table__number">{formatDecimal(line.unit_price)}円</td>
                <td>{rateLabel(line.tax_rate)}</td>
                <td className="table__number">{formatDecimal(line.amount)}円</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="field__hint">{t("documents.reducedMark")}</p>
        <DocumentTotals totals={totals} internal={document.tax_type_id === 2} />
        {needsRevenueStamp(kind, totals) ? <p className="notice-inline">{t("documents.stampDuty")}</p> : null}
        {document.notes ? <p className="document-notes">{document.notes}</p> : null}
      </section>

      {editable ? (
        <section className="card" aria-labelledby="status-heading">
          <h2 id="status-heading">{t("documents.changeStatus")}</h2>
          <Form method="post" className="search-form">
            <input type="hidden" name="intent" value="status" />
            <label htmlFor="status-select">{t("documents.statusLabel")}</label>
            <select id="status-select" name="status" defaultValue="">
              <option value="">{t("documents.none")}</option>
              {next.map((id) => (
                <option key={id} value={String(id)}>
                  {labelOf(id)}
                </option>
              ))}
            </select>
            <button type="submit" className="button">
              {t("documents.changeStatus")}
            </button>
          </Form>
          <Form method="post" className="document-actions">
            {document.issued_at ? null : (
              <button type="submit" name="intent" value="issue" className="button button--secondary">
                {t("documents.issue")}
              </button>
            )}{" "}
            {document.issued_at ? (
              <button type="submit" name="intent" value="void" className="button button--secondary">
                {t("documents.void")}
              </button>
            ) : (
              <button type="submit" name="intent" value="delete" className="button button--secondary">
                {t("documents.delete")}
              </button>
            )}
          </Form>
        </section>
      ) : null}

      {mail ? <MailSendForm defaultValue={mail} lastResult={actionData?.mailResult} /> : null}

      <section className="card" aria-labelledby="history-heading">
        <h2 id="history-heading">{t("documents.history")}</h2>
        {document.source ? (
          <p>
            {t("documents.source")}: <Link to={detailPath(document.source.kind, document.source.id)}>{`${kindLabel(document.source.kind)} ${document.source.number}`}</Link>
          </p>
        ) : null}
        {document.derived.length > 0 ? (
          <p>
            {t("documents.derived")}:{" "}
            {document.derived.map((link) => (
              <Link key={link.id} to={detailPath(link.kind, link.id)} className="document-link">
                {`${kindLabel(link.kind)} ${link.number}`}
              </Link>
            ))}
          </p>
        ) : null}
        <ol data-testid="status-history">
          {document.history.map((entry) => (
            <li key={entry.id}>{t("documents.historyEntry", { from: labelOf(entry.from_status), to: labelOf(entry.to_status), by: entry.changed_by, at: formatDateTimeJst(entry.changed_at) })}</li>
          ))}
        </ol>
      </section>
    </>
  );
}
