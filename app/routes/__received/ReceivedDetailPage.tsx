import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import receivedDetailTexts from "~/locales/ja/receivedDetail.json";
import receivedFormTexts from "~/locales/ja/receivedForm.json";
import type { Code } from "@domain/codes";
import { formatDateTimeJst, formatListDate } from "@domain/datetime";
import { formatYen } from "@domain/decimal-display";
import { ConfirmAction, ConfirmPage } from "~/components/forms/ConfirmAction";
import type { ReceivedDetail } from "~/routes/__received/received.server";
import { DigitalInvoiceView } from "./DigitalInvoiceView";

/** The form's field names and the detail's own words: not the list's, which the detail and snapshot pages do not load. */
export const detailTexts = { received: { ...receivedFormTexts, ...receivedDetailTexts } };

type Props = { kindLabel: string; base: string; document: ReceivedDetail; accountTypes: readonly Code[] };

export function fileSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The recorded data: the three search keys first, then what the document shows. */
export function ReceivedRecord({ document, accountTypes }: { document: ReceivedDetail; accountTypes: readonly Code[] }) {
  const { t } = useTexts(detailTexts);
  const rows: Array<[string, string | null]> = [
    [t("received.fields.transaction_date"), formatListDate(document.transaction_date)],
    [t("received.fields.amount"), formatYen(document.amount)],
    [t("received.fields.supplier_name"), document.supplier_name],
    [t("received.form.customer"), document.customer_name],
    [t("received.fields.amount_10"), document.amount_10 === null ? null : formatYen(document.amount_10)],
    [t("received.fields.tax_10"), document.tax_10 === null ? null : formatYen(document.tax_10)],
    [t("received.fields.amount_8"), document.amount_8 === null ? null : formatYen(document.amount_8)],
    [t("received.fields.tax_8"), document.tax_8 === null ? null : formatYen(document.tax_8)],
    [t("received.fields.amount_0"), document.amount_0 === null ? null : formatYen(document.amount_0)],
    [t("received.fields.registration_number"), document.registration_number],
    [t("received.fields.document_number"), document.document_number],
    [t("received.fields.due_date"), document.due_date ? formatListDate(document.due_date) : null],
    [t("received.form.origin"), document.origin_label],
    [
      t("received.detail.payee"),
      document.payee_account_number
        ? [document.payee_bank_name, document.payee_branch_name, accountTypes.find((type) => type.id === document.payee_account_type)?.label, document.payee_account_number, document.payee_account_name]
            .filter(Boolean)
            .join(" ")
        : null,
    ],
    [t("received.fields.notes"), document.notes],
  ];
  return (
    <dl className="details" data-testid="received-record">
      {rows
        .filter(([, value]) => value !== null && value !== "")
        .map(([name, value]) => (
          <div key={name}>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

/** The match result (SPEC §4) with why, and what it means for the input tax credit. */
export function ReceivedVerification({ document }: { document: ReceivedDetail }) {
  const { t } = useTexts(detailTexts);
  return (
    <dl className="details" data-testid="received-verification">
      <div>
        <dt>{t("received.detail.verification")}</dt>
        <dd>
          <strong data-testid="received-match-result">{document.match_result_label ?? (document.registration_number ? t("received.detail.notChecked") : t("received.detail.noNumber"))}</strong>
          {document.match_reason ? `：${document.match_reason}` : ""}
          {document.match_registered_name ? <span className="field__hint"> {t("received.detail.registeredName", { name: document.match_registered_name })}</span> : null}
          {document.match_checked_at ? <span className="field__hint"> {t("received.detail.checkedAt", { at: formatDateTimeJst(document.match_checked_at) })}</span> : null}
        </dd>
      </div>
      {document.credit_label ? (
        <div>
          <dt>{t("received.detail.credit")}</dt>
          <dd data-testid="received-credit">{document.credit_label}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** What the document's XML files state, each beside its file's name. */
export function DigitalInvoices({ document }: { document: ReceivedDetail }) {
  return (
    <>
      {document.digital_invoices.map(({ file_id, invoice }) => (
        <DigitalInvoiceView key={file_id} invoice={invoice} fileName={document.files.find((file) => file.id === file_id)?.file_name ?? ""} />
      ))}
    </>
  );
}

/** A received document: its record, verification, files with their hashes, and every version. */
export function ReceivedDetailPage({ kindLabel, base, document, accountTypes }: Props) {
  const { t } = useTexts(detailTexts);
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const deleteWords = { title: t("received.detail.deleteTitle"), body: t("received.detail.deleteBody"), button: t("received.detail.delete") };
  const deleteFields = (
    <>
      <input type="hidden" name="version" value={String(document.version)} />
      <div className="field">
        <label htmlFor="received-delete-reason">{t("received.detail.deleteReason")}</label>
        <input id="received-delete-reason" name="reason" required maxLength={200} />
      </div>
    </>
  );
  if (searchParams.get("confirm") === "delete") {
    return <ConfirmPage action="delete" words={deleteWords} backTo={`${base}/detail/${document.id}`} extra={deleteFields} />;
  }
  const label = (field: string) => document.field_labels[field] ?? field;
  return (
    <>
      <h1>
        {kindLabel} <span className="field__hint">{t("received.detail.version", { version: document.version })}</span>
      </h1>
      {document.deleted_at ? (
        <p className="card form-errors" role="status" data-testid="received-deleted">
          {t("received.detail.deleted", { at: formatDateTimeJst(document.deleted_at), reason: document.delete_reason ?? "" })}
        </p>
      ) : null}
      <p>
        {document.deleted_at ? null : (
          <>
            <Link to={`${base}/edit/${document.id}`} className="button" prefetch="none">
              {t("received.detail.edit")}
            </Link>{" "}
          </>
        )}
        <Link to={`${base}/snapshot/${document.id}`} className="button button--secondary" prefetch="none">
          {t("received.detail.snapshot")}
        </Link>
      </p>
      <section className="card">
        <ReceivedRecord document={document} accountTypes={accountTypes} />
        <ReceivedVerification document={document} />
        {document.registration_number && !document.deleted_at ? (
          <Form method="post">
            <button type="submit" name="intent" value="verify" className="button button--secondary">
              {t("received.detail.verify")}
            </button>
          </Form>
        ) : null}
      </section>
      <DigitalInvoices document={document} />
      <section className="card">
        <h2>{t("received.detail.files")}</h2>
        <div className="table-scroll">
          <table className="table" data-testid="received-files">
            <thead>
              <tr>
                {(["name", "type", "size", "receivedAt", "sha256", "state"] as const).map((column) => (
                  <th scope="col" key={column}>
                    {t(`received.detail.fileColumns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {document.files.map((file) => (
                <tr key={file.id}>
                  <td>
                    <a href={`/receive/files/${document.id}/${file.id}`} target="_blank" rel="noreferrer">
                      {file.file_name}
                    </a>
                  </td>
                  <td>{file.content_type}</td>
                  <td className="table__number">{fileSize(file.size)}</td>
                  <td>{formatDateTimeJst(file.received_at)}</td>
                  <td className="received-hash">{file.sha256}</td>
                  <td>{file.removed_in_version ? t("received.detail.removedIn", { version: file.removed_in_version }) : t("received.detail.addedIn", { version: file.added_in_version })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card">
        <h2>{t("received.detail.history")}</h2>
        <div className="table-scroll">
          <table className="table" data-testid="received-history">
            <thead>
              <tr>
                {(["version", "at", "by", "action", "field", "before", "after"] as const).map((column) => (
                  <th scope="col" key={column}>
                    {t(`received.detail.historyColumns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {document.versions.flatMap((version) =>
                version.changes.map((change, index) => (
                  <tr key={`${version.version}-${change.field}`}>
                    {index === 0 ? (
                      <>
                        <td rowSpan={version.changes.length}>{version.version}</td>
                        <td rowSpan={version.changes.length}>{formatDateTimeJst(version.changed_at)}</td>
                        <td rowSpan={version.changes.length}>{version.changed_by_name ?? version.changed_by}</td>
                        <td rowSpan={version.changes.length}>{t(`received.detail.actions.${version.action}`)}</td>
                      </>
                    ) : null}
                    <td>{label(change.field)}</td>
                    <td>{change.before_text ?? ""}</td>
                    <td>{change.after_text ?? ""}</td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      </section>
      <section className="card">
        <p data-testid="received-retention">{t("received.detail.retention", { date: formatListDate(document.retention_end) })}</p>
        {/* Keyed by the location: the page the action redirects back to (say, with its refusal) closes the dialog. */}
        {document.deleted_at ? null : <ConfirmAction key={location.key} action="delete" label={t("received.detail.delete")} words={deleteWords} extra={deleteFields} />}
      </section>
      <p>
        <Link to={base} prefetch="none">
          {t("received.form.back")}
        </Link>
      </p>
    </>
  );
}
