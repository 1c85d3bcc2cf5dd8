import { Form, Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import receivedFormTexts from "~/locales/ja/receivedForm.json";
import type { Code } from "@domain/codes";
import { FieldErrors, FormErrors, FieldFrame } from "~/components/forms/field-frame";
import type { ReceivedFormValues } from "~/routes/__received/received-pages.server";

type Upload = { id: string; file_name: string; content_type: string; size: number };

export type ReceivedFormProps = {
  kindLabel: string;
  base: string;
  values: ReceivedFormValues;
  document: { id: number; version: number; deleted: boolean; files: Array<{ id: number; file_name: string; content_type: string }> } | null;
  customers: Array<{ id: number; name: string }>;
  usage: { used: number; max: number };
  idempotencyKey: string;
  origins: readonly Code<string>[];
  accountTypes: readonly Code[];
  uploads: Upload[];
  proposed: string[];
  notice: string | null;
  fileNotices: string[];
  errors: Record<string, string[]>;
  formError: string | null;
};

type TextName = Exclude<keyof ReceivedFormValues, "origin" | "customer_id" | "payee_account_type">;

/**
 * Registering or correcting a received document. Files chosen go up with
 * either button; 「読み取る」 proposes fields from a PDF's text for the person
 * to confirm. Validation is the server's (the same zod schema as the API's),
 * so the page needs no form library in the browser.
 */
export function ReceivedForm(props: ReceivedFormProps) {
  const { kindLabel, base, values, document, customers, usage, idempotencyKey, origins, accountTypes, uploads, proposed, notice, fileNotices, errors, formError } = props;
  const { t } = useTexts({ received: receivedFormTexts });
  const label = (name: TextName) => t(`received.fields.${name}`);
  const describedBy = (name: string) => (errors[name]?.length ? `received-${name}-error` : undefined);
  const text = (name: TextName, options: { type?: "text" | "date"; required?: boolean; inputMode?: "numeric" } = {}) => (
    <FieldFrame controlId={`received-${name}`} label={label(name)} errorId={`received-${name}-error`} errors={errors[name]}>
      <input
        id={`received-${name}`}
        name={name}
        type={options.type ?? "text"}
        defaultValue={values[name]}
        required={options.required}
        inputMode={options.inputMode}
        aria-invalid={errors[name]?.length ? true : undefined}
        aria-describedby={describedBy(name)}
        className={proposed.includes(name) ? "field--proposed" : undefined}
      />
    </FieldFrame>
  );
  const left = Math.max(0, usage.max - usage.used);
  const proposedNames = proposed.map((name) => t(`received.fields.${name as TextName}`)).join("、");
  const noticeText = [notice === "proposed" || notice === "stated" ? t(`received.form.${notice}`, { fields: proposedNames }) : notice ? t(`received.form.${notice as "noText"}`) : "", ...fileNotices].join("");

  return (
    <Form method="post" encType="multipart/form-data" className="received-form" aria-label={kindLabel}>
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
      {document ? <input type="hidden" name="version" value={String(document.version)} /> : null}
      {formError || Object.keys(errors).length > 0 ? <FormErrors id="received-form-errors" errors={[formError ?? t("received.form.errors")]} /> : null}
      {noticeText ? (
        <p className="card notice" role="status" data-testid="received-proposal">
          {noticeText}
        </p>
      ) : null}
      <section className="card">
        <h2>{t("received.form.files")}</h2>
        {document && document.files.length > 0 ? (
          <fieldset>
            <legend>{t("received.form.current")}</legend>
            <ul className="received-files">
              {document.files.map((file) => (
                <li key={file.id}>
                  <a href={`/receive/files/${document.id}/${file.id}`} target="_blank" rel="noreferrer">
                    {file.file_name}
                  </a>{" "}
                  <label>
                    <input type="checkbox" name="remove_file_ids" value={String(file.id)} /> {t("received.form.removeFile")}
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        {uploads.length > 0 ? (
          <fieldset>
            <legend>{t("received.form.attached")}</legend>
            <ul className="received-files" data-testid="received-uploads">
              {uploads.map((upload) => (
                <li key={upload.id}>
                  <input type="hidden" name="upload_ids" value={upload.id} />
                  {upload.file_name}
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        <FieldFrame controlId="received-files" label={t("received.form.files")} hint={t("received.form.filesHint", { left })} errorId="received-files-error" errors={errors.files}>
          <input
            id="received-files"
            type="file"
            name="files"
            multiple
            accept=".pdf,.jpg,.jpeg,.png,.xml,application/pdf,image/jpeg,image/png,application/xml,text/xml"
            aria-describedby={`received-files-hint${errors.files?.length ? " received-files-error" : ""}`}
          />
        </FieldFrame>
        <p>
          <button type="submit" name="intent" value="read" className="button button--secondary" formNoValidate aria-describedby="received-read-hint">
            {t("received.form.read")}
          </button>
        </p>
        <p id="received-read-hint" className="field__hint">
          {t("received.form.readHint")}
        </p>
      </section>
      <section className="card">
        <fieldset>
          <legend>{t("received.form.origin")}</legend>
          {origins.map((origin) => (
            <label key={origin.id} className="choice">
              <input type="radio" name="origin" value={origin.id} defaultChecked={(values.origin || "electronic") === origin.id} /> {origin.label}
            </label>
          ))}
        </fieldset>
        {text("transaction_date", { type: "date", required: true })}
        {text("amount", { required: true, inputMode: "numeric" })}
        {text("supplier_name", { required: true })}
        <FieldFrame controlId="received-customer_id" label={t("received.form.customer")} errorId="received-customer_id-error" errors={errors.customer_id}>
          <select id="received-customer_id" name="customer_id" defaultValue={values.customer_id} aria-describedby={describedBy("customer_id")}>
            <option value="">{t("received.form.customerNone")}</option>
            {customers.map((customer) => (
              <option key={customer.id} value={String(customer.id)}>
                {customer.name}
              </option>
            ))}
          </select>
        </FieldFrame>
        {text("registration_number")}
        {text("document_number")}
        {text("due_date", { type: "date" })}
        <details open={Boolean(values.amount_10 || values.amount_8 || values.amount_0 || errors.amount_10 || errors.amount_8 || errors.amount_0)}>
          <summary>{t("received.form.perRate")}</summary>
          {text("amount_10", { inputMode: "numeric" })}
          {text("tax_10", { inputMode: "numeric" })}
          {text("amount_8", { inputMode: "numeric" })}
          {text("tax_8", { inputMode: "numeric" })}
          {text("amount_0", { inputMode: "numeric" })}
        </details>
        <details open={Boolean(values.payee_account_number || errors.payee_account_number)}>
          <summary>{t("received.form.payee")}</summary>
          {text("payee_bank_name")}
          {text("payee_branch_name")}
          <FieldFrame controlId="received-payee_account_type" label={t("received.fields.payee_account_type")} errorId="received-payee_account_type-error" errors={errors.payee_account_type}>
            <select id="received-payee_account_type" name="payee_account_type" defaultValue={values.payee_account_type}>
              <option value="">{t("received.form.accountTypeNone")}</option>
              {accountTypes.map((type) => (
                <option key={type.id} value={String(type.id)}>
                  {type.label}
                </option>
              ))}
            </select>
          </FieldFrame>
          {text("payee_account_number", { inputMode: "numeric" })}
          {text("payee_account_name")}
        </details>
        <FieldFrame controlId="received-notes" label={label("notes")} errorId="received-notes-error" errors={errors.notes}>
          <textarea id="received-notes" name="notes" rows={3} defaultValue={values.notes} aria-describedby={describedBy("notes")} />
        </FieldFrame>
      </section>
      {errors.allow_duplicate?.length ? (
        <div className="field">
          <FieldErrors id="received-allow_duplicate-error" errors={errors.allow_duplicate} />
          <label>
            <input type="checkbox" name="allow_duplicate" aria-describedby="received-allow_duplicate-error" /> {t("received.form.allowDuplicate")}
          </label>
        </div>
      ) : null}
      <p>
        <button type="submit" name="intent" value="save" className="button">
          {document ? t("received.form.update") : t("received.form.save")}
        </button>{" "}
        <Link to={document ? `${base}/detail/${document.id}` : base} prefetch="none">
          {t("received.form.back")}
        </Link>
      </p>
    </Form>
  );
}
