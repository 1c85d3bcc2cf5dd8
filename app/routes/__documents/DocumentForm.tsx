import type { SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useEffect } from "react";
import { useTexts } from "~/components/texts";
import documentsTexts from "~/locales/ja/documents.json";
import documentsFormTexts from "~/locales/ja/documentsForm.json";
import documentsSharedTexts from "~/locales/ja/documentsShared.json";
import { TAX_CATEGORIES, TAX_TYPES } from "@domain/codes";
import { HONORIFICS } from "@domain/honorifics";
import { formatDecimal } from "@domain/decimal-display";
import type { DocumentKind } from "@domain/document-kinds";
import { refreshedDueDate, type DueDateRules } from "@domain/due-date";
import type { RoundingIds } from "@domain/totals";
import { CodeSelect, checkboxProps, hiddenProps, selectProps, TextAreaField, TextField } from "~/components/forms/fields";
import { FieldErrors, FormErrors, FieldFrame } from "~/components/forms/field-frame";
import { useLazyValidation } from "~/components/forms/lazy-validation";
import { useLightForm } from "~/components/forms/light-form";
import { useHydrated } from "~/components/hydrated";
import { DocumentTotals } from "./DocumentTotals";
import type { FormTotals } from "./document-form-live";
import type { DocumentChoices } from "./DocumentFormPage";
import type { DocumentFormValues } from "./document-form-values";

type Choice = { id: number; label: string };

/**
 * A search of a master typed on the form: 「検索」 posts the whole form and it
 * comes back with the matching choices (and everything typed), with or
 * without JavaScript. With it, Enter in the box searches instead of
 * pressing the form's first button.
 */
function MasterSearch({ name, label, defaultValue }: { name: string; label: string; defaultValue: string }) {
  const { t } = useTexts({ documents: { ...documentsTexts, ...documentsFormTexts, ...documentsSharedTexts } });
  return (
    <div className="field master-search">
      <label htmlFor={`document-${name}`}>{label}</label>
      <input
        id={`document-${name}`}
        name={name}
        type="search"
        defaultValue={defaultValue}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          event.currentTarget.parentElement?.querySelector("button")?.click();
        }}
      />{" "}
      <button type="submit" name="intent" value="find" className="button button--secondary">
        {t("documents.search")}
      </button>
      <p className="field__hint">{t("documents.findHint")}</p>
    </div>
  );
}

/**
 * One form for every kind. Lines are added and removed with conform's
 * intents (plain submits without JavaScript, handled here with it: see
 * useLightForm); totals follow the input live with JavaScript and come back
 * from 「再計算」 without it.
 */
export function DocumentForm({
  kind,
  defaultValue,
  lastResult,
  serverTotals,
  rounding,
  constraint,
  dueDateRules,
  choices,
  bankAccounts,
  hidden,
  cancelTo,
  correcting,
}: {
  kind: DocumentKind;
  defaultValue: DocumentFormValues;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The totals of the values the page came with, computed by its loader or action; null while a line cannot be read. */
  serverTotals: FormTotals | null;
  rounding: RoundingIds;
  /** The schema's HTML constraints, computed by the loader. */
  constraint: ReturnType<typeof getZodConstraint>;
  dueDateRules: DueDateRules | null;
  choices: DocumentChoices;
  bankAccounts: Choice[];
  hidden: Record<string, string>;
  cancelTo: string;
  /** An issued document's edit: saved as a correction, whose reason is printed on it. */
  correcting: boolean;
}) {
  const { t } = useTexts({ documents: { ...documentsTexts, ...documentsFormTexts, ...documentsSharedTexts } });
  const hydrated = useHydrated();
  const lazyValidation = useLazyValidation(() => import("./document-form-live"));
  const live = lazyValidation.validation;
  const form = useLightForm({
    id: `document-${kind}`,
    lastResult,
    defaultValue,
    constraint,
    lists: ["lines"],
    validation: live,
  });
  const field = form.field;
  const values = form.values as Partial<DocumentFormValues>;
  const lines = form.list("lines");
  const label = (name: string) => t(`documents.fields.${name as "issue_date"}`);
  const totals = live ? live.liveTotals(values, rounding, kind) : serverTotals;
  const honorifics = HONORIFICS.map((text) => ({ id: text, key: text, label: text }));
  const none = { id: "", key: "none", label: t("documents.none") };
  const { customers, items } = choices;

  const pickCustomer = (id: string) => {
    const customer = customers.find((entry) => String(entry.id) === id);
    if (!customer) return;
    form.update("customer_name", customer.name);
    form.update("customer_honorific", customer.honorific);
  };
  const pickItem = (index: number, id: string) => {
    const item = items.find((entry) => String(entry.id) === id);
    if (!item) return;
    form.update(`lines[${index}].description`, item.name);
    form.update(`lines[${index}].unit`, item.unit ?? "");
    form.update(`lines[${index}].unit_price`, item.unit_price);
    form.update(`lines[${index}].tax_category`, item.tax_category);
  };

  // A changed customer or issue date proposes the due date again, as 再計算 does on the server without JavaScript.
  // Not from the lazily loaded check: a customer chosen before it came kept the old date on screen until some later
  // focus loaded it and the date changed out of sight, so what was saved was not what had been seen.
  const [issueDate, customerId, dueDateBasis] = [values.issue_date ?? "", String(values.customer_id ?? ""), values.due_date_basis ?? ""];
  const update = form.update;
  const customerField = field("customer_id");
  useEffect(() => {
    const refreshed = dueDateRules && refreshedDueDate({ issueDate, customerId, basis: dueDateBasis }, dueDateRules, customers);
    if (!refreshed) return;
    update("due_date", refreshed.dueDate);
    update("due_date_basis", refreshed.basis);
  }, [issueDate, customerId, dueDateBasis, dueDateRules, customers, update]);

  return (
    <Form method="post" className="document-form" {...form.formProps} {...lazyValidation.formProps}>
      {/* Enter in a field presses the form's first button: let that be 「再計算」, never a line's delete button or a save. */}
      <button type="submit" name="intent" value="recalculate" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <FormErrors id={form.formErrorId} errors={form.formErrors} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <section className="card" aria-labelledby="document-heading">
        <h2 id="document-heading">{t("documents.sections.document")}</h2>
        <div className="document-form__grid">
          <TextField meta={field("issue_date")} label={label("issue_date")} type="date" />
          {kind === "estimate" ? <TextField meta={field("valid_until")} label={label("valid_until")} type="date" /> : null}
          {kind === "delivery_slip" ? <TextField meta={field("delivery_date")} label={label("delivery_date")} type="date" /> : null}
          {kind === "invoice" ? <TextField meta={field("due_date")} label={label("due_date")} type="date" hint={t("documents.dueDateHint")} /> : null}
          {kind === "invoice" ? <input {...hiddenProps(field("due_date_basis"))} /> : null}
        </div>
        <MasterSearch name="customer_query" label={t("documents.findCustomer")} defaultValue={choices.customerQuery} />
        <div className="document-form__grid">
          <FieldFrame controlId={customerField.id} label={label("customer_id")} errorId={customerField.errorId} errors={customerField.errors}>
            <select {...selectProps(customerField)} onChange={(event) => pickCustomer(event.currentTarget.value)}>
              <option value="">{t("documents.typeCustomer")}</option>
              {customers.map((customer) => (
                <option key={customer.id} value={String(customer.id)}>
                  {customer.name}
                </option>
              ))}
            </select>
          </FieldFrame>
          <TextField meta={field("customer_name")} label={label("customer_name")} hint={t("documents.customerNameHint")} />
          <CodeSelect meta={field("customer_honorific")} label={label("customer_honorific")} codes={honorifics} />
        </div>
        <div className="field">
          <label>
            <input {...checkboxProps(field("save_customer"))} /> {t("documents.saveCustomer")}
          </label>
        </div>
        <div className="document-form__grid">
          <TextField meta={field("subject")} label={label("subject")} />
          <TextField meta={field("person_in_charge")} label={label("person_in_charge")} />
          <CodeSelect meta={field("tax_type_id")} label={label("tax_type_id")} codes={TAX_TYPES} />
        </div>
        {kind !== "receipt" ? (
          <div className="field">
            <label>
              <input {...checkboxProps(field("withholding"))} /> {label("withholding")}
            </label>
          </div>
        ) : null}
        {kind === "invoice" ? <CodeSelect meta={field("bank_account_id")} label={label("bank_account_id")} codes={[none, ...bankAccounts.map((account) => ({ ...account, key: String(account.id) }))]} /> : null}
        {kind === "receipt" ? (
          <div className="document-form__grid">
            <TextField meta={field("received_amount")} label={label("received_amount")} hint={t("documents.receivedAmountHint")} />
            <TextField meta={field("proviso")} label={label("proviso")} />
            <TextField meta={field("payment_method")} label={label("payment_method")} />
          </div>
        ) : null}
      </section>

      <section className="card" aria-labelledby="lines-heading">
        <h2 id="lines-heading">{t("documents.sections.lines")}</h2>
        <MasterSearch name="item_query" label={t("documents.findItem")} defaultValue={choices.itemQuery} />
        <FieldErrors id={lines.errorId} errors={lines.errors} />
        {/* Column headings for the one-row-per-line layout; each field keeps its own label for assistive technology. */}
        <div className="document-lines__head" aria-hidden="true">
          <span>{t("documents.columns.itemAndDescription")}</span>
          <span>{t("documents.columns.quantity")}</span>
          <span>{t("documents.columns.unit")}</span>
          <span>{t("documents.columns.unit_price")}</span>
          <span>{t("documents.columns.tax_rate")}</span>
          <span>{t("documents.fields.amount")}</span>
        </div>
        <ol className="document-lines" data-testid="document-lines">
          {lines.rows.map((line, index) => {
            const row = (name: string) => field(`lines[${index}].${name}`);
            const itemField = row("item_id");
            return (
              <li key={line.key} className="document-lines__line">
                <div className="document-lines__name">
                  <FieldFrame controlId={itemField.id} label={t("documents.fields.item_id", { n: index + 1 })} errorId={itemField.errorId} errors={itemField.errors}>
                    <select {...selectProps(itemField)} onChange={(event) => pickItem(index, event.currentTarget.value)}>
                      <option value="">{t("documents.freeText")}</option>
                      {items.map((item) => (
                        <option key={item.id} value={String(item.id)}>
                          {[item.code, item.name].filter(Boolean).join(" ")}
                        </option>
                      ))}
                    </select>
                  </FieldFrame>
                  <TextField meta={row("description")} label={t("documents.fields.description", { n: index + 1 })} />
                </div>
                <TextField meta={row("quantity")} label={t("documents.fields.quantity", { n: index + 1 })} />
                <TextField meta={row("unit")} label={t("documents.fields.unit", { n: index + 1 })} />
                <TextField meta={row("unit_price")} label={t("documents.fields.unit_price", { n: index + 1 })} />
                <CodeSelect meta={row("tax_category")} label={t("documents.fields.tax_category", { n: index + 1 })} codes={TAX_CATEGORIES} />
                <p className="document-lines__amount">
                  {totals?.lineAmounts[index] !== undefined ? (
                    <>
                      <span className="document-lines__amount-label">{t("documents.fields.amount")} </span>
                      {formatDecimal(totals.lineAmounts[index]!)}円
                    </>
                  ) : null}
                </p>
                <button className="button button--secondary" {...lines.removeButtonProps(index)} disabled={lines.rows.length === 1}>
                  {t("documents.removeLine", { n: index + 1 })}
                </button>
              </li>
            );
          })}
        </ol>
        <button className="button button--secondary" {...lines.insertButtonProps({ quantity: "1", tax_category: "standard" })}>
          {t("documents.addLine")}
        </button>
        <p className="field__hint">{t("documents.reducedMark")}</p>
        <p className="field__hint">{t("documents.taxCategoryHint")}</p>
      </section>

      <section className="card" aria-labelledby="totals-heading">
        <h2 id="totals-heading">{t("documents.sections.totals")}</h2>
        {totals ? <DocumentTotals totals={totals} rows={totals.rows} internal={values.tax_type_id === "2"} /> : <p>{t("documents.totalsPending")}</p>}
        {totals?.stampDuty ? <p className="notice-inline">{t("documents.stampDuty")}</p> : null}
        {hydrated ? null : (
          <button type="submit" name="intent" value="recalculate" className="button button--secondary">
            {t("documents.recalculate")}
          </button>
        )}
      </section>

      <TextAreaField meta={field("notes")} label={label("notes")} rows={3} />
      {correcting ? (
        <div className="field">
          <label htmlFor="document-correction-reason">{t("documents.correction.reason")}</label>
          <input id="document-correction-reason" name="correction_reason" maxLength={200} defaultValue={String(values.correction_reason ?? "")} />
        </div>
      ) : null}
      <p>
        <button type="submit" name="intent" value="save" className="button">
          {t("documents.save")}
        </button>{" "}
        <Link to={cancelTo} prefetch="none">
          {t("documents.cancel")}
        </Link>
      </p>
    </Form>
  );
}
