import { Form, Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import mailTexts from "~/locales/ja/mail.json";
import mailFieldsTexts from "~/locales/ja/mailFields.json";
import { formatDateTimeJst } from "@domain/datetime";
import { DOCUMENT_KINDS, type DocumentKind } from "@domain/document-kinds";
import { DOCUMENT_PATHS } from "@domain/documents";
import { mailDisplayStatus, mailStatusLabel } from "@domain/mail-status";
import type { DocumentMail } from "~/routes/__mail/mails.server";

const at = (iso: string | null) => (iso ? formatDateTimeJst(iso) : "");

/** Every send of one document: who, what, when, and 送信済, 閲覧済 or 送信エラー with a resend. */
export function MailDetailPage({ kind, document, mails }: { kind: DocumentKind; document: { id: number; number: string }; mails: DocumentMail[] }) {
  const { t } = useTexts({ mail: { ...mailTexts, ...mailFieldsTexts } });
  const base = DOCUMENT_PATHS[kind].base;
  const kindLabel = DOCUMENT_KINDS.find((entry) => entry.id === kind)!.label;
  return (
    <>
      <h1>{t("mail.detailTitle", { kind: kindLabel, number: document.number })}</h1>
      <p>
        <Link to={`${base}/detail/${document.id}`} prefetch="none">
          {t("mail.backToDetail")}
        </Link>{" "}
        <Link to={`${base}/mail/detail/${document.id}`} prefetch="none" reloadDocument>
          {t("mail.refresh")}
        </Link>
      </p>
      {mails.length === 0 ? <p>{t("mail.none")}</p> : null}
      <ol className="mail-history" data-testid="mail-history">
        {mails.map((mail) => {
          const status = mailDisplayStatus(mail);
          const peppol = mail.delivery === "peppol";
          return (
            <li key={mail.id} className="card mail-history__entry" data-testid="mail-entry">
              <h2>
                {t("mail.number", { number: mail.number })} {mail.subject} <span className={`status-badge status-badge--${status}`} data-testid="mail-status">{mailStatusLabel(status)}</span>
              </h2>
              <dl className="details">
                <dt>{peppol ? t("mail.peppolRecipient") : t("mail.to")}</dt>
                <dd>{mail.to.join(", ")}</dd>
                {mail.cc.length > 0 ? (
                  <>
                    <dt>{t("mail.cc")}</dt>
                    <dd>{mail.cc.join(", ")}</dd>
                  </>
                ) : null}
                <dt>{t("mail.delivery")}</dt>
                <dd>{peppol ? t("mail.deliveryPeppol") : mail.delivery === "link" ? t("mail.deliveryLink") : t("mail.deliveryAttachment")}</dd>
                <dt>{t("mail.requestedAt")}</dt>
                <dd>{at(mail.created_at)}</dd>
                {mail.sent_at ? (
                  <>
                    <dt>{t("mail.sentAt")}</dt>
                    <dd>{at(mail.sent_at)}</dd>
                  </>
                ) : null}
                {mail.first_opened_at ? (
                  <>
                    <dt>{t("mail.openedAt")}</dt>
                    <dd data-testid="mail-opened">{t("mail.opened", { first: at(mail.first_opened_at), last: at(mail.last_opened_at) })}</dd>
                  </>
                ) : null}
                {mail.resent_from_number ? (
                  <>
                    <dt>{t("mail.resend")}</dt>
                    <dd>{t("mail.resentFrom", { number: mail.resent_from_number })}</dd>
                  </>
                ) : null}
                {mail.last_error ? (
                  <>
                    <dt>{t("mail.error")}</dt>
                    <dd data-testid="mail-error">
                      {mail.last_error}（{t("mail.attempts", { count: mail.attempts })}）
                    </dd>
                  </>
                ) : null}
              </dl>
              {peppol ? null : (
                <details>
                  <summary>{t("mail.body")}</summary>
                  <pre className="mail-history__body">{mail.body}</pre>
                </details>
              )}
              {mail.view_url ? (
                <p>
                  <a href={mail.view_url} target="_blank" rel="noreferrer">
                    {t("mail.preview")}
                  </a>
                </p>
              ) : null}
              {status === "error" ? (
                <Form method="post">
                  <input type="hidden" name="mail_id" value={mail.id} />
                  <button type="submit" name="intent" value="resend" className="button">
                    {t("mail.resend")}
                  </button>
                </Form>
              ) : null}
            </li>
          );
        })}
      </ol>
    </>
  );
}
