import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useEffect } from "react";
import { useTexts } from "~/components/texts";
import documentsTexts from "~/locales/ja/documents.json";
import documentsFormTexts from "~/locales/ja/documentsForm.json";
import documentsSharedTexts from "~/locales/ja/documentsShared.json";
import type { z } from "zod";
import { TAX_CATEGORIES, TAX_TYPES } from "@domain/codes";
import { HONORIFICS } from "@domain/honorifics";
import { parseDecimalInput } from "@domain/decimal";
import { formatDecimal } from "@domain/decimal-display";
import type { DocumentKind } from "@domain/document-kinds";
import { needsRevenueStamp } from "@domain/revenue-stamp";
import { refreshedDueDate, type DueDateRules } from "@domain/due-date";
import { computeTotals, totalsRulesOf, type RoundingIds, type Totals } from "@domain/totals";
import { CodeSelect } from "~/components/forms/CodeSelect";
import { FieldErrors } from "~/components/forms/FieldErrors";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { FormErrors } from "~/components/forms/FormErrors";
import { useLiveValidation } from "~/components/forms/live-validation";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { TextField } from "~/components/forms/TextField";
import { useHydrated } from "~/components/hydrated";
import { totalsRows } from "@domain/snapshot";
import { DocumentTotals } from "./DocumentTotals";
import type { schemaOfIntent } from "./form-intents";
import type { DocumentChoices } from "./DocumentFormPage";
import type { DocumentFormValues } from "./document-form-values";

type Choice = { id: number; label: string };

/**
 * Totals of what the form holds now, with the same engine the server saves
 * with; null while a line's numbers cannot be read yet.
 */
function liveTotals(values: Partial<DocumentFormValues> | undefined, rounding: RoundingIds): Totals | null {
  const lines = (values?.lines ?? []).map((line) => ({
    quantity: parseDecimalInput(String(line?.quantity || "1")),
    unitPrice: parseDecimalInput(String(line?.unit_price ?? "")),
    taxCategory: TAX_CATEGORIES.find((category) => category.id === line?.tax_category)?.id ?? "standard",
  }));
  if (lines.length === 0 || lines.some((line) => line.quantity === null || line.unitPrice === null)) return null;
  return computeTotals(
    lines.map((line) => ({ quantity: line.quantity!, unitPrice: line.unitPrice!, taxCategory: line.taxCategory })),
    totalsRulesOf(rounding, values?.withholding === "on", Number(values?.tax_type_id ?? 1)),
  );
}

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
 * buttons (plain submits without JavaScript); totals follow the input live
 * with JavaScript and come back from 「再計算」 without it.
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
  serverTotals: Totals | null;
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
  const liveValidation = useLiveValidation(() => import("./document-validation"));
  const [form, fields] = useForm<DocumentFormValues, z.output<ReturnType<typeof schemaOfIntent>>>({
    id: `document-${kind}`,
    lastResult,
    defaultValue,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: liveValidation.onValidate,
  });
  const label = (name: string) => t(`documents.fields.${name as "issue_date"}`);
  const lines = fields.lines.getFieldList();
  const totals = (hydrated ? liveTotals(form.value as Partial<DocumentFormValues>, rounding) : null) ?? serverTotals ?? liveTotals(defaultValue, rounding);
  const honorifics = HONORIFICS.map((text) => ({ id: text, key: text, label: text }));
  const none = { id: "", key: "none", label: t("documents.none") };
  const { customers, items } = choices;

  const pickCustomer = (id: string) => {
    const customer = customers.find((entry) => String(entry.id) === id);
    if (!customer) return;
    form.update({ name: fields.customer_name.name, value: customer.name });
    form.update({ name: fields.customer_honorific.name, value: customer.honorific });
  };
  const pickItem = (index: number, id: string) => {
    const item = items.find((entry) => String(entry.id) === id);
    if (!item) return;
    const line = lines[index]!.getFieldset();
    form.update({ name: line.description.name, value: item.name });
    form.update({ name: line.unit.name, value: item.unit ?? "" });
    form.update({ name: line.unit_price.name, value: item.unit_price });
    form.update({ name: line.tax_category.name, value: item.tax_category });
  };
  const customerProps = getSelectProps(fields.customer_id);

  // A changed customer or issue date proposes the due date again, as 再計算 does on the server without JavaScript.
  const [issueDate, customerId, dueDateBasis] = [fields.issue_date.value ?? "", fields.customer_id.value ?? "", fields.due_date_basis.value ?? ""];
  useEffect(() => {
    const refreshed = dueDateRules && refreshedDueDate({ issueDate, customerId, basis: dueDateBasis }, dueDateRules, customers);
    if (!refreshed) return;
    form.update({ name: fields.due_date.name, value: refreshed.dueDate });
    form.update({ name: fields.due_date_basis.name, value: refreshed.basis });
  }, [issueDate, customerId, dueDateBasis, dueDateRules, customers, form, fields.due_date.name, fields.due_date_basis.name]);

  return (
    <Form method="post" className="document-form" {...getFormProps(form)} {...liveValidation.formProps}>
      {/* Enter in a field presses the form's first button: let that be 「再計算」, never a line's delete button or a save. */}
      <button type="submit" name="intent" value="recalculate" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <FormErrors id={form.errorId} errors={form.errors} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <section className="card" aria-labelledby="document-heading">
        <h2 id="document-heading">{t("documents.sections.document")}</h2>
        <div className="document-form__grid">
          <TextField meta={fields.issue_date} label={label("issue_date")} type="date" />
          {kind === "estimate" ? <TextField meta={fields.valid_until} label={label("valid_until")} type="date" /> : null}
          {kind === "delivery_slip" ? <TextField meta={fields.delivery_date} label={label("delivery_date")} type="date" /> : null}
          {kind === "invoice" ? <TextField meta={fields.due_date} label={label("due_date")} type="date" hint={t("documents.dueDateHint")} /> : null}
          {kind === "invoice" ? <input {...getInputProps(fields.due_date_basis, { type: "hidden" })} key={fields.due_date_basis.key} /> : null}
        </div>
        <MasterSearch name="customer_query" label={t("documents.findCustomer")} defaultValue={choices.customerQuery} />
        <div className="document-form__grid">
          <FieldFrame controlId={fields.customer_id.id} label={label("customer_id")} errorId={fields.customer_id.errorId} errors={fields.customer_id.errors}>
            <select {...customerProps} key={customerProps.key} onChange={(event) => pickCustomer(event.currentTarget.value)}>
              <option value="">{t("documents.typeCustomer")}</option>
              {customers.map((customer) => (
                <option key={customer.id} value={String(customer.id)}>
                  {customer.name}
                </option>
              ))}
            </select>
          </FieldFrame>
          <TextField meta={fields.customer_name} label={label("customer_name")} hint={t("documents.customerNameHint")} />
          <CodeSelect meta={fields.customer_honorific} label={label("customer_honorific")} codes={honorifics} />
        </div>
        <div className="field">
          <label>
            <input {...getInputProps(fields.save_customer, { type: "checkbox", value: "on" })} key={fields.save_customer.key} /> {t("documents.saveCustomer")}
          </label>
        </div>
        <div className="document-form__grid">
          <TextField meta={fields.subject} label={label("subject")} />
          <TextField meta={fields.person_in_charge} label={label("person_in_charge")} />
          <CodeSelect meta={fields.tax_type_id} label={label("tax_type_id")} codes={TAX_TYPES} />
        </div>
        {kind !== "receipt" ? (
          <div className="field">
            <label>
              <input {...getInputProps(fields.withholding, { type: "checkbox", value: "on" })} key={fields.withholding.key} /> {label("withholding")}
            </label>
          </div>
        ) : null}
        {kind === "invoice" ? <CodeSelect meta={fields.bank_account_id} label={label("bank_account_id")} codes={[none, ...bankAccounts.map((account) => ({ ...account, key: String(account.id) }))]} /> : null}
        {kind === "receipt" ? (
          <div className="document-form__grid">
            <TextField meta={fields.received_amount} label={label("received_amount")} hint={t("documents.receivedAmountHint")} />
            <TextField meta={fields.proviso} label={label("proviso")} />
            <TextField meta={fields.payment_method} label={label("payment_method")} />
          </div>
        ) : null}
      </section>

      <section className="card" aria-labelledby="lines-heading">
        <h2 id="lines-heading">{t("documents.sections.lines")}</h2>
        <MasterSearch name="item_query" label={t("documents.findItem")} defaultValue={choices.itemQuery} />
        <FieldErrors id={fields.lines.errorId} errors={fields.lines.errors} />
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
          {lines.map((line, index) => {
            const row = line.getFieldset();
            const itemProps = getSelectProps(row.item_id);
            return (
              <li key={line.key} className="document-lines__line">
                <div className="document-lines__name">
                  <FieldFrame controlId={row.item_id.id} label={t("documents.fields.item_id", { n: index + 1 })} errorId={row.item_id.errorId} errors={row.item_id.errors}>
                    <select {...itemProps} key={itemProps.key} onChange={(event) => pickItem(index, event.currentTarget.value)}>
                      <option value="">{t("documents.freeText")}</option>
                      {items.map((item) => (
                        <option key={item.id} value={String(item.id)}>
                          {[item.code, item.name].filter(Boolean).join(" ")}
                        </option>
                      ))}
                    </select>
                  </FieldFrame>
                  <TextField meta={row.description} label={t("documents.fields.description", { n: index + 1 })} />
                </div>
                <TextField meta={row.quantity} label={t("documents.fields.quantity", { n: index + 1 })} />
                <TextField meta={row.unit} label={t("documents.fields.unit", { n: index + 1 })} />
                <TextField meta={row.unit_price} label={t("documents.fields.unit_price", { n: index + 1 })} />
                <CodeSelect meta={row.tax_category} label={t("documents.fields.tax_category", { n: index + 1 })} codes={TAX_CATEGORIES} />
                <p className="document-lines__amount">
                  {totals?.lineAmounts[index] !== undefined ? (
                    <>
                      <span className="document-lines__amount-label">{t("documents.fields.amount")} </span>
                      {formatDecimal(totals.lineAmounts[index]!)}円
                    </>
                  ) : null}
                </p>
                <button className="button button--secondary" {...form.remove.getButtonProps({ name: fields.lines.name, index })} disabled={lines.length === 1}>
                  {t("documents.removeLine", { n: index + 1 })}
                </button>
              </li>
            );
          })}
        </ol>
        <button className="button button--secondary" {...form.insert.getButtonProps({ name: fields.lines.name, defaultValue: { quantity: "1", tax_category: "standard" } })}>
          {t("documents.addLine")}
        </button>
        <p className="field__hint">{t("documents.reducedMark")}</p>
        <p className="field__hint">{t("documents.taxCategoryHint")}</p>
      </section>

      <section className="card" aria-labelledby="totals-heading">
        <h2 id="totals-heading">{t("documents.sections.totals")}</h2>
        {totals ? <DocumentTotals totals={totals} rows={totalsRows(totals)} internal={fields.tax_type_id.value === "2"} /> : <p>{t("documents.totalsPending")}</p>}
        {totals && needsRevenueStamp(kind, totals) ? <p className="notice-inline">{t("documents.stampDuty")}</p> : null}
        {hydrated ? null : (
          <button type="submit" name="intent" value="recalculate" className="button button--secondary">
            {t("documents.recalculate")}
          </button>
        )}
      </section>

      <TextAreaField meta={fields.notes} label={label("notes")} rows={3} />
      {correcting ? (
        <div className="field">
          <label htmlFor="document-correction-reason">{t("documents.correction.reason")}</label>
          <input id="document-correction-reason" name="correction_reason" maxLength={200} defaultValue={String(form.value?.correction_reason ?? "")} />
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
