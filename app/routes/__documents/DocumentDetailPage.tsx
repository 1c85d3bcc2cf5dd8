import { Fragment } from "react";
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, type MetaFunction } from "@remix-run/react";
import { ServerHtml } from "~/components/server-html";
import { textsOf } from "~/components/texts";
import { MailSendForm } from "~/routes/__mail/MailSendForm";
import type { DetailLoader } from "~/routes/__documents/detail.server";
import { titleMeta } from "~/meta";
import { ConfirmAction, ConfirmPage } from "~/components/forms/ConfirmAction";
import { CancelPaymentFields, InvoicePayments, cancelWordsOf } from "~/routes/__payments/InvoicePayments";
import type { PaymentFormReply } from "~/routes/__payments/payments.server";
import { ApprovalPanel } from "~/routes/__approvals/ApprovalPanel";
import type { DecisionReply } from "~/routes/__approvals/approvals.server";
import type { ConfirmedAction } from "./lifecycle-facts";

/** The kinds' detail routes' meta: the title comes with the page's data, so the page loads no titles file. */
export const detailMeta: MetaFunction<DetailLoader> = (args) => titleMeta(args.data?.title ?? "")(args);

/** The draft's issue buttons: issue, and issue before printing or downloading the customer's copy. */
const ISSUE_INTENTS = [
  ["issue", "documents.issue"],
  ["issue-print", "documents.issueAndPrint"],
  ["issue-pdf", "documents.issueAndPdf"],
] as const;

/**
 * One document: as its copy prints, what the lifecycle lets be done with it, its versions, what it lacks as a qualified
 * invoice, its payments, sending and history. The loader has asked the rules and written out the dates, amounts and
 * history; this shows them and holds the forms. From 1025 px the document is on the left and the rest in a column
 * beside it; below, the actions come first, then the document, then the rest.
 */
export function DocumentDetailPage() {
  const { words, document, sheet, mail, confirm, confirmDigitalInvoice, payments, digitalInvoice, approval } = useLoaderData<DetailLoader>();
  // The page's words come with its data (of the confirmations only those it can show), so its JavaScript carries no texts file.
  const { t } = textsOf(words);
  const actionData = useActionData<{ mailResult?: SubmissionResult<string[]>; paymentForm?: PaymentFormReply; decision?: DecisionReply }>();
  const { id, base, stage, labels } = document;
  const here = `${base}/detail/${id}`;
  const confirmWords = (action: ConfirmedAction) => ({
    title: t(`documents.confirm.${action}.title`, { document: `${document.name}（${document.customer}）` }),
    body: t(`documents.confirm.${action}.body`),
    button: t(`documents.${action}`),
  });
  const creditNoteReason = (
    <div className="field">
      <label htmlFor="credit-note-reason">{t("documents.confirm.creditNote.reason")}</label>
      <input id="credit-note-reason" name="reason" maxLength={200} />
    </div>
  );

  if (confirm) return <ConfirmPage action={confirm} words={confirmWords(confirm)} backTo={here} extra={confirm === "creditNote" ? creditNoteReason : undefined} />;
  if (confirmDigitalInvoice && digitalInvoice?.send) return <ConfirmPage action={digitalInvoice.send.intent} words={digitalInvoice.send.words} backTo={here} tone="normal" />;
  if (payments?.cancelling) {
    const payment = payments.cancelling;
    return <ConfirmPage action="cancelPayment" words={cancelWordsOf(payments.words)(payment)} backTo={here} extra={<CancelPaymentFields payment={payment} words={payments.words} />} />;
  }

  return (
    <>
      <h1>
        {document.name} <span className={`stage-badge stage-badge--${stage}`}>{document.stageLabel}</span>
      </h1>
      <div className="document-detail">
        <section className="card document-actions-panel document-detail__actions" data-testid="document-actions" aria-labelledby="actions-heading">
          <h2 id="actions-heading" className="visually-hidden">
            {t("documents.actionsHeading")}
          </h2>
          <dl className="details">
            <dt>{t("documents.statusLabel")}</dt>
            <dd data-testid="document-status">{document.status}</dd>
          </dl>
          <p className="document-actions">
            {document.editPath ? (
              <Link to={document.editPath} className="button" prefetch="none">
                {t("documents.edit")}
              </Link>
            ) : null}{" "}
            <Link to={`${base}/create?source=${id}&origin=duplicate`} className="button button--secondary" prefetch="none">
              {t("documents.duplicate")}
            </Link>{" "}
            {document.conversions.map((conversion) => (
              <Link key={conversion.path} to={conversion.path} className="button button--secondary" prefetch="none">
                {conversion.label}
              </Link>
            ))}
          </p>
          {approval ? <ApprovalPanel approval={approval} subject={document.name} reply={actionData?.decision} /> : null}
          {document.copies ? (
            <p className="document-actions">
              <a href={`${base}/snapshot/${id}`}>{document.copies.print}</a>{" "}
              <a href={`${base}/pdf/${id}`} download>
                {document.copies.pdf}
              </a>
            </p>
          ) : approval?.awaiting ? (
            <p className="document-actions">
              <a href={`${base}/snapshot/${id}`}>{t("documents.previewDraft")}</a>
            </p>
          ) : (
            <Form method="post" className="document-actions">
              {ISSUE_INTENTS.map(([intent, label], index) => (
                <Fragment key={intent}>
                  <button type="submit" name="intent" value={intent} className={index === 0 ? "button" : "button button--secondary"}>
                    {t(label)}
                  </button>{" "}
                </Fragment>
              ))}
              {/* Full page loads: the print page has its own layout. */}
              <a href={`${base}/snapshot/${id}`}>{t("documents.previewDraft")}</a>
            </Form>
          )}
          <p className="document-actions">
            <Link to={`${base}/mail/detail/${id}`} prefetch="none">
              {t("mail.historyLink")}
            </Link>
          </p>
          {document.confirmed.length > 0 ? (
            <p className="document-actions document-actions--danger">
              {document.confirmed.map((action) => (
                <Fragment key={action}>
                  <ConfirmAction action={action} label={t(`documents.${action}`)} words={confirmWords(action)} extra={action === "creditNote" ? creditNoteReason : undefined} />{" "}
                </Fragment>
              ))}
            </p>
          ) : null}
        </section>

        <section className="document-detail__sheet" aria-labelledby="sheet-heading">
          <h2 id="sheet-heading" className="visually-hidden">
            {t("documents.sheet")}
          </h2>
          {/* The loader's rendering of the print page's view (sheet.server.tsx): React escaped what it holds. */}
          <ServerHtml name="sheet" html={sheet} />
        </section>
        <div className="document-detail__side" data-testid="document-side">
          {document.stampDuty ? <p className="notice-inline">{document.stampDuty}</p> : null}
          {document.revisions.length > 0 ? (
            <section className="card" aria-labelledby="versions-heading">
              <h2 id="versions-heading">{t("documents.versions.heading")}</h2>
              <ol className="document-versions" data-testid="document-versions">
                {document.revisions.map((revision) => (
                  <li key={revision.revision}>
                    <strong>{revision.title}</strong> {revision.made}{" "}
                    <a href={`${base}/snapshot/${id}?revision=${revision.revision}`}>{t("documents.versions.print")}</a>{" "}
                    <a href={`${base}/pdf/${id}?revision=${revision.revision}`} download>
                      {t("documents.versions.pdf")}
                    </a>
                    {revision.mails ? (
                      <>
                        {" "}
                        <Link to={`${base}/mail/detail/${id}`} prefetch="none">
                          {revision.mails}
                        </Link>
                      </>
                    ) : null}
                  </li>
                ))}
              </ol>
            </section>
          ) : null}

          {document.next.length > 0 ? (
            <section className="card" aria-labelledby="status-heading">
              <h2 id="status-heading">{labels.changeStatus}</h2>
              <Form method="post" className="search-form">
                <input type="hidden" name="intent" value="status" />
                <label htmlFor="status-select">{t("documents.statusLabel")}</label>
                <select id="status-select" name="status" defaultValue="">
                  <option value="">{labels.none}</option>
                  {document.next.map((status) => (
                    <option key={status.id} value={String(status.id)}>
                      {status.label}
                    </option>
                  ))}
                </select>
                <button type="submit" className="button">
                  {labels.changeStatus}
                </button>
              </Form>
            </section>
          ) : null}

          {document.qualified ? (
            <section className="card" aria-labelledby="qualified-heading" data-testid="qualified-check">
              <h2 id="qualified-heading">{t("documents.qualified.heading")}</h2>
              <p>{document.qualified.message}</p>
              {document.qualified.gaps.length > 0 ? (
                <ul>
                  {document.qualified.gaps.map((gap) => (
                    <li key={gap}>{gap}</li>
                  ))}
                </ul>
              ) : null}
            </section>
          ) : null}

          {payments ? <InvoicePayments payments={payments} reply={actionData?.paymentForm ?? null} /> : null}

          {digitalInvoice ? (
            <section className="card" aria-labelledby="digital-invoice-heading" data-testid="digital-invoice">
              <h2 id="digital-invoice-heading">{digitalInvoice.heading}</h2>
              {digitalInvoice.problems.length === 0 ? (
                <>
                  <p>
                    <a href={`${base}/jp-pint/${id}`} download>
                      {digitalInvoice.download}
                    </a>
                  </p>
                  {digitalInvoice.send ? (
                    <>
                      <p className="field__hint">{digitalInvoice.send.hint}</p>
                      <p className="document-actions">
                        <ConfirmAction action={digitalInvoice.send.intent} label={digitalInvoice.send.label} words={digitalInvoice.send.words} tone="normal" />
                      </p>
                    </>
                  ) : null}
                </>
              ) : (
                <>
                  <p>{digitalInvoice.missing}</p>
                  <ul>
                    {digitalInvoice.problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                </>
              )}
            </section>
          ) : null}

          {mail ? <MailSendForm defaultValue={mail.values} words={mail.words} lastResult={actionData?.mailResult} /> : null}

          <section className="card" aria-labelledby="history-heading">
            <h2 id="history-heading">{t("documents.history")}</h2>
            {document.related.map((group) => (
              <p key={group.label}>
                {group.label}:{" "}
                {group.links.map((link) => (
                  <Link key={link.path} to={link.path} className="document-link">
                    {link.text}
                  </Link>
                ))}
              </p>
            ))}
            <ol data-testid="status-history">
              {document.history.map((entry) => (
                <li key={entry.id}>
                  {entry.text}
                  {entry.comment ? <q>{entry.comment}</q> : null}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </>
  );
}
