import { Fragment } from "react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import documentsTexts from "~/locales/ja/documents.json";
import documentsDetailTexts from "~/locales/ja/documentsDetail.json";
import documentsSharedTexts from "~/locales/ja/documentsShared.json";
import mailSendTexts from "~/locales/ja/mailSend.json";
import snapshotLinksTexts from "~/locales/ja/snapshotLinks.json";
import { formatDateTimeJst, formatJapaneseDate } from "@domain/datetime";
import { formatDecimal } from "@domain/decimal-display";
import type { DocumentKind } from "@domain/document-kinds";
import { MailSendForm } from "~/components/mail/MailSendForm";
import type { DocumentDetailData } from "~/services/document-pages/detail.server";
import { ConfirmAction, ConfirmPage } from "~/components/forms/ConfirmAction";
import { CancelPaymentFields, InvoicePayments, useCancelWords } from "~/components/payments/InvoicePayments";
import type { PaymentFormReply } from "~/services/payments.server";
import { DocumentTotals } from "./DocumentTotals";
import type { ConfirmedAction } from "./lifecycle-facts";

type Kinds = DocumentDetailData["kinds"];

/** 「作成元: 見積書 EST-…」: the documents related one way, each a link; nothing when there are none. */
function DocumentLinks({ kinds, label, links }: { kinds: Kinds; label: string; links: Array<{ id: number; kind: DocumentKind; number: string }> }) {
  if (links.length === 0) return null;
  return (
    <p>
      {label}:{" "}
      {links.map((link) => (
        <Link key={link.id} to={`${kinds[link.kind].base}/detail/${link.id}`} className="document-link">
          {`${kinds[link.kind].label} ${link.number}`}
        </Link>
      ))}
    </p>
  );
}

/** One document: its contents and totals, what it lacks as a qualified invoice, what the lifecycle lets be done with it, its versions and history. */
export function DocumentDetailPage({ kind, kinds, document, rules, mail, confirm, payments }: DocumentDetailData) {
  const { t } = useTexts({ documents: { ...documentsTexts, ...documentsDetailTexts, ...documentsSharedTexts }, mail: mailSendTexts, snapshot: snapshotLinksTexts });
  const actionData = useActionData<{ mailResult?: SubmissionResult<string[]>; paymentForm?: PaymentFormReply }>();
  const cancelWords = useCancelWords();
  // The rules were asked by the loader: an unknown status id shows as itself, as statusLabel does.
  const labelOf = (id: number | null) => (id === null ? "" : (rules.statusLabels[id] ?? String(id)));
  const { stage, next, allowed, totals, totalsRows, gaps } = rules;
  const base = kinds[kind].base;
  const editPath = kind === "receipt" ? `/receipts/edit/${document.id}` : `${base}/edit?id=${document.id}`;
  const name = `${kinds[kind].label} ${document.number}`;
  const confirmWords = (action: ConfirmedAction) => ({
    title: t(`documents.confirm.${action}.title`, { document: `${name}（${document.customer_name} ${document.customer_honorific}）` }),
    body: t(`documents.confirm.${action}.body`),
    button: t(`documents.confirm.${action}.button`),
  });
  const creditNoteReason = (
    <div className="field">
      <label htmlFor="credit-note-reason">{t("documents.confirm.creditNote.reason")}</label>
      <input id="credit-note-reason" name="reason" maxLength={200} />
    </div>
  );
  const extraOf = (action: ConfirmedAction) => (action === "creditNote" ? creditNoteReason : undefined);

  if (confirm) return <ConfirmPage action={confirm} words={confirmWords(confirm)} backTo={`${base}/detail/${document.id}`} extra={extraOf(confirm)} />;
  if (payments?.cancelling) {
    const payment = payments.cancelling;
    return <ConfirmPage action="cancelPayment" words={cancelWords(payment)} backTo={`${base}/detail/${document.id}`} extra={<CancelPaymentFields payment={payment} />} />;
  }

  return (
    <>
      <h1>
        {name} <span className={`stage-badge stage-badge--${stage}`}>{t(`documents.stages.${stage}`)}</span>
      </h1>
      <section className="card document-actions-panel" aria-labelledby="actions-heading">
        <h2 id="actions-heading" className="visually-hidden">
          {t("documents.actionsHeading")}
        </h2>
        <p className="document-actions">
          {rules.editable ? (
            <Link to={editPath} className="button" prefetch="none">
              {t("documents.edit")}
            </Link>
          ) : null}{" "}
          <Link to={`${base}/create?source=${document.id}&origin=duplicate`} className="button button--secondary" prefetch="none">
            {t("documents.duplicate")}
          </Link>{" "}
          {allowed.convert
            ? rules.conversions.map((target) => (
                <Link key={target} to={`${kinds[target].base}/create?source=${document.id}&origin=from_detail`} className="button button--secondary" prefetch="none">
                  {t("documents.makeInto", { kind: kinds[target].label })}
                </Link>
              ))
            : null}
        </p>
        {stage === "draft" ? (
          <Form method="post" className="document-actions">
            <button type="submit" name="intent" value="issue" className="button">
              {t("documents.issue")}
            </button>{" "}
            <button type="submit" name="intent" value="issue-print" className="button button--secondary">
              {t("documents.issueAndPrint")}
            </button>{" "}
            <button type="submit" name="intent" value="issue-pdf" className="button button--secondary">
              {t("documents.issueAndPdf")}
            </button>{" "}
            {/* Full page loads: the print page has its own layout. */}
            <a href={`${base}/snapshot/${document.id}`}>{t("documents.previewDraft")}</a>
          </Form>
        ) : (
          <p className="document-actions">
            <a href={`${base}/snapshot/${document.id}`}>{t("snapshot.openPrint")}</a>{" "}
            <a href={`${base}/pdf/${document.id}`} download>
              {t("snapshot.downloadPdf")}
            </a>
          </p>
        )}
        <p className="document-actions">
          <Link to={`${base}/mail/detail/${document.id}`} prefetch="none">
            {t("mail.historyLink")}
          </Link>
        </p>
        {allowed.void || allowed.delete || allowed.creditNote ? (
          <p className="document-actions document-actions--danger">
            {allowed.creditNote ? <ConfirmAction action="creditNote" label={t("documents.creditNote")} words={confirmWords("creditNote")} extra={creditNoteReason} /> : null}{" "}
            {allowed.void ? <ConfirmAction action="void" label={t("documents.void")} words={confirmWords("void")} /> : null}{" "}
            {allowed.delete ? <ConfirmAction action="delete" label={t("documents.delete")} words={confirmWords("delete")} /> : null}
          </p>
        ) : null}
      </section>

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
          <dd>{formatJapaneseDate(document.issue_date)}</dd>
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
              ["valid_until", document.valid_until && formatJapaneseDate(document.valid_until)],
              ["delivery_date", document.delivery_date && formatJapaneseDate(document.delivery_date)],
              ["due_date", document.due_date && formatJapaneseDate(document.due_date)],
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
                <td>{rules.taxCategoryLabels[line.tax_category]}</td>
                <td className="table__number">{formatDecimal(line.amount)}円</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="field__hint">{t("documents.reducedMark")}</p>
        <DocumentTotals totals={totals} rows={totalsRows} internal={document.tax_type_id === 2} />
        {rules.stampDuty ? <p className="notice-inline">{t("documents.stampDuty")}</p> : null}
        {document.notes ? <p className="document-notes">{document.notes}</p> : null}
      </section>

      {payments ? <InvoicePayments summary={payments.summary} values={payments.values} reply={actionData?.paymentForm ?? null} links={payments.links} /> : null}

      {next.length > 0 ? (
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
        </section>
      ) : null}

      {document.revisions.length > 0 ? (
        <section className="card" aria-labelledby="versions-heading">
          <h2 id="versions-heading">{t("documents.versions.heading")}</h2>
          <ol className="document-versions" data-testid="document-versions">
            {document.revisions.map((revision) => (
              <li key={revision.id}>
                <strong>{t("documents.versions.revision", { revision: revision.revision })}</strong> {t(`documents.versions.reasons.${revision.reason as "issue"}`)}（
                {t("documents.versions.by", { by: revision.created_by_name ?? revision.created_by, at: formatDateTimeJst(revision.created_at) })}）{" "}
                <a href={`${base}/snapshot/${document.id}?revision=${revision.revision}`}>{t("documents.versions.print")}</a>{" "}
                <a href={`${base}/pdf/${document.id}?revision=${revision.revision}`} download>
                  {t("documents.versions.pdf")}
                </a>
                {revision.mails.length > 0 ? (
                  <>
                    {" "}
                    <Link to={`${base}/mail/detail/${document.id}`} prefetch="none">
                      {t("documents.versions.mails", { count: revision.mails.length })}
                    </Link>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      {mail ? <MailSendForm defaultValue={mail} lastResult={actionData?.mailResult} /> : null}

      <section className="card" aria-labelledby="history-heading">
        <h2 id="history-heading">{t("documents.history")}</h2>
        <DocumentLinks kinds={kinds} label={t("documents.source")} links={document.source ? [document.source] : []} />
        <DocumentLinks kinds={kinds} label={t("documents.derived")} links={document.derived} />
        <DocumentLinks kinds={kinds} label={t("documents.creditNoteOf")} links={document.credit_note_of ? [document.credit_note_of] : []} />
        <DocumentLinks kinds={kinds} label={t("documents.creditNotes")} links={document.credit_notes} />
        <DocumentLinks kinds={kinds} label={t(kind === "invoice" ? "documents.closingSlips" : "documents.closingInvoice")} links={document.closing} />
        <ol data-testid="status-history">
          {document.history.map((entry) => {
            const what = t(`documents.events.${entry.event}`, { revision: entry.revision ?? 1 });
            const by = entry.changed_by_name ?? entry.changed_by;
            const at = formatDateTimeJst(entry.changed_at);
            return (
              <li key={entry.id}>
                {entry.from_status !== null && entry.from_status !== entry.to_status
                  ? t("documents.historyEntry", { what, from: labelOf(entry.from_status), to: labelOf(entry.to_status), by, at })
                  : t("documents.historyEvent", { what, by, at })}
              </li>
            );
          })}
        </ol>
      </section>
    </>
  );
}
