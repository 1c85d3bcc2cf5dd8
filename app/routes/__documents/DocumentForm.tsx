import type { SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTexts } from "~/components/texts";
import documentsTexts from "~/locales/ja/documents.json";
import documentsFormTexts from "~/locales/ja/documentsForm.json";
import documentsSharedTexts from "~/locales/ja/documentsShared.json";
import type { Code } from "@domain/codes";
import { formatDecimal } from "@domain/decimal-display";
import { hasField, type DocumentKind } from "@domain/document-kinds";
import { refreshedDueDate, type DueDateRules, type HolidayCalendar } from "@domain/due-date";
import type { RoundingIds } from "@domain/totals";
import { CodeSelect, checkboxProps, hiddenProps, selectProps, TextAreaField, TextField } from "~/components/forms/fields";
import { FieldErrors, FormErrors, FieldFrame } from "~/components/forms/field-frame";
import { useLazyValidation } from "~/components/forms/lazy-validation";
import { useLightForm } from "~/components/forms/light-form";
import { useHydrated } from "~/components/hydrated";
import { DocumentPreviewPane } from "./DocumentPreviewPane";
import { DocumentTotals } from "./DocumentTotals";
import type { PreviewFacts } from "./preview-content";
import { createPreviewStore, wantPreview } from "./preview-store";
import type { FormTotals } from "./document-form-live";
import type { DocumentChoices } from "./DocumentFormPage";
import type { DocumentFormValues } from "./document-form-values";


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
 * One form for every kind, beside the document as it will print (DocumentPreviewPane). Lines are a table; they are
 * added, removed and moved with conform's intents (plain submits without JavaScript, handled here with it: see
 * useLightForm); totals follow the input live with JavaScript and come back from 「プレビュー・再計算」 without it, and stay in
 * sight at the bottom of the form.
 */
export function DocumentForm({
  kind,
  defaultValue,
  lastResult,
  serverTotals,
  rounding,
  constraint,
  dueDateRules,
  codes,
  choices,
  preview,
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
  /** The due date's rules, the holidays as one string of dates joined by commas. */
  dueDateRules: (Omit<DueDateRules, "calendar"> & { calendar: Omit<HolidayCalendar, "holidays"> & { holidays: string } }) | null;
  /** The code lists offered (tax types, tax categories, honorifics), from the loader. */
  codes: Record<"taxTypes" | "taxCategories" | "honorifics", Array<Pick<Code<number | string>, "id" | "label">>>;
  choices: DocumentChoices;
  preview: PreviewFacts;
  hidden: Record<string, string>;
  cancelTo: string;
  /** An issued document's edit: saved as a correction, whose reason is printed on it. */
  correcting: boolean;
}) {
  const { t } = useTexts({ documents: { ...documentsTexts, ...documentsFormTexts, ...documentsSharedTexts } });
  const hydrated = useHydrated();
  const lazyValidation = useLazyValidation(() => import("./document-form-live"));
  const live = lazyValidation.validation;
  const formId = `document-${kind}`;
  const form = useLightForm({
    id: formId,
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
  const none = { id: "", label: t("documents.none") };
  const { customers } = choices;
  // With JavaScript 品名 searches the whole items master as it is typed; the page came with the first hundred.
  // A plain fetch of the resource route, not a fetcher: useFetcher's code would be in every page's shared chunk.
  const [suggested, setSuggested] = useState<{ index: number; items: DocumentChoices["items"] } | null>(null);
  const suggestTimer = useRef<ReturnType<typeof setTimeout>>();
  const asking = useRef<AbortController | null>(null);
  const items = [...choices.items, ...(suggested?.items ?? []).filter((item) => !choices.items.some((offered) => offered.id === item.id))];
  const customer = customers.find((entry) => String(entry.id) === String(values.customer_id ?? ""));
  // The customer's closing and payment terms in words (「20日締め 翌月末日払い」), as the due date is proposed from them.
  const day = (value: number) => (value === 99 ? t("documents.customerFacts.monthEnd") : t("documents.customerFacts.day", { day: value }));
  const customerTerms =
    customer?.closing_day && customer.payment_month_offset !== null && customer.payment_day
      ? t("documents.customerFacts.terms", {
          closing: day(customer.closing_day),
          month: t(`documents.customerFacts.month${Math.min(customer.payment_month_offset, 2) as 0 | 1 | 2}`),
          payment: day(customer.payment_day),
        })
      : null;
  const customerAddress = customer ? [customer.postal_code ? `〒${customer.postal_code}` : "", customer.address1 ?? "", customer.address2 ?? ""].filter(Boolean).join(" ") : "";

  const previewState = { kind, values, totals, facts: preview, customers };
  const [previewStore] = useState(() => createPreviewStore(previewState));
  useEffect(() => previewStore.set(previewState));
  // A form React draws in the browser (a client navigation) has no server HTML to show meanwhile: its preview loads at once.
  const [drawnInBrowser] = useState(hydrated);
  useEffect(() => {
    if (drawnInBrowser) wantPreview();
  }, [drawnInBrowser]);
  // Focus, a press, or a value changed without either (a choice made by assistive technology or a script).
  const firstUse = () => {
    lazyValidation.formProps.onFocus();
    wantPreview();
  };

  const pickCustomer = (id: string) => {
    const chosen = customers.find((entry) => String(entry.id) === id);
    if (!chosen) return;
    form.update("customer_name", chosen.name);
    form.update("customer_honorific", chosen.honorific);
  };
  const pickItem = (index: number, id: string) => {
    const item = items.find((entry) => String(entry.id) === id);
    if (!item) return;
    form.update(`lines[${index}].item_id`, String(item.id));
    form.update(`lines[${index}].description`, item.name);
    form.update(`lines[${index}].unit`, item.unit ?? "");
    form.update(`lines[${index}].unit_price`, item.unit_price);
    form.update(`lines[${index}].tax_category`, item.tax_category);
  };
  // A name typed or picked from the list that is an item's fills in its unit, price and tax category, as choosing it
  // does; any other text asks the master for the items it matches.
  const typedItem = (index: number, name: string) => {
    const item = items.find((entry) => entry.name === name);
    if (item) {
      if (String(values.lines?.[index]?.item_id ?? "") !== String(item.id)) pickItem(index, String(item.id));
      return;
    }
    clearTimeout(suggestTimer.current);
    if (!name.trim()) return;
    // Once the typing pauses, and only the last question: a request per keystroke would mostly be answered too late.
    suggestTimer.current = setTimeout(() => {
      asking.current?.abort();
      const controller = (asking.current = new AbortController());
      fetch(`/items/suggest?${new URLSearchParams({ q: name.trim() })}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ items: DocumentChoices["items"] }>) : null))
        .then((answer) => answer && setSuggested({ index, items: answer.items }))
        // Suggestions are a help: a failed or cancelled one leaves the line as typed.
        .catch(() => {});
    }, 250);
  };
  // Suggestions that came after the whole name was typed: the line takes the item it names.
  useEffect(() => {
    if (!suggested) return;
    const line = document.getElementById(`${formId}-lines[${suggested.index}].description`) as HTMLInputElement | null;
    const item = suggested.items.find((entry) => entry.name === line?.value);
    if (item) pickItem(suggested.index, String(item.id));
    // pickItem is this render's; only new suggestions should run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [suggested]);
  const newLine = { quantity: "1", tax_category: "standard" };
  // Enter in a line goes to the same column of the next line, adding one after the last, as in a spreadsheet.
  const enterInLines = (event: KeyboardEvent<HTMLTableSectionElement>) => {
    const input = event.target;
    if (event.key !== "Enter" || event.nativeEvent.isComposing || !(input instanceof HTMLInputElement)) return;
    const match = /^lines\[(\d+)\]\.(\w+)$/.exec(input.name);
    if (!match) return;
    event.preventDefault();
    const [next, column] = [Number(match[1]) + 1, match[2]];
    const focusNext = () => document.getElementById(`${formId}-lines[${next}].${column}`)?.focus();
    if (next < lines.rows.length) focusNext();
    else {
      lines.insert(newLine);
      requestAnimationFrame(focusNext);
    }
  };

  // A changed customer or issue date proposes the due date again, as 再計算 does on the server without JavaScript.
  // Not from the lazily loaded check: a customer chosen before it came kept the old date on screen until some later
  // focus loaded it and the date changed out of sight, so what was saved was not what had been seen.
  const rules = useMemo(() => dueDateRules && { ...dueDateRules, calendar: { ...dueDateRules.calendar, holidays: dueDateRules.calendar.holidays.split(",") } }, [dueDateRules]);
  const [issueDate, customerId, dueDateBasis] = [values.issue_date ?? "", String(values.customer_id ?? ""), values.due_date_basis ?? ""];
  const update = form.update;
  const customerField = field("customer_id");
  useEffect(() => {
    const refreshed = rules && refreshedDueDate({ issueDate, customerId, basis: dueDateBasis }, rules, customers);
    if (!refreshed) return;
    update("due_date", refreshed.dueDate);
    update("due_date_basis", refreshed.basis);
  }, [issueDate, customerId, dueDateBasis, rules, customers, update]);

  return (
    <Form method="post" className="document-editor" {...form.formProps} onFocus={firstUse} onPointerDown={firstUse} onInput={firstUse}>
      {/* Enter in a field presses the form's first button: let that be 「プレビュー」 (再計算), never a line's delete button or a save. */}
      <button type="submit" name="intent" value="recalculate" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="document-editor__form">
        <p className="document-editor__to-preview">
          <a href="#document-preview">{t("documents.preview.jump")}</a>
        </p>
        <FormErrors id={form.formErrorId} errors={form.formErrors} />
        <section className="card" aria-labelledby="document-heading">
          <h2 id="document-heading">{t("documents.sections.document")}</h2>
          <div className="document-form__grid">
            <TextField meta={field("issue_date")} label={label("issue_date")} type="date" />
            {hasField(kind, "valid_until") ? <TextField meta={field("valid_until")} label={label("valid_until")} type="date" /> : null}
            {hasField(kind, "delivery_date") ? <TextField meta={field("delivery_date")} label={label("delivery_date")} type="date" /> : null}
            {hasField(kind, "due_date") ? <TextField meta={field("due_date")} label={label("due_date")} type="date" hint={t("documents.dueDateHint")} /> : null}
            {hasField(kind, "due_date") ? <input {...hiddenProps(field("due_date_basis"))} /> : null}
          </div>
          <MasterSearch name="customer_query" label={t("documents.findCustomer")} defaultValue={choices.customerQuery} />
          <div className="document-form__grid">
            <FieldFrame controlId={customerField.id} label={label("customer_id")} errorId={customerField.errorId} errors={customerField.errors}>
              <select {...selectProps(customerField)} onChange={(event) => pickCustomer(event.currentTarget.value)}>
                <option value="">{t("documents.typeCustomer")}</option>
                {customers.map((entry) => (
                  <option key={entry.id} value={String(entry.id)}>
                    {entry.name}
                  </option>
                ))}
              </select>
            </FieldFrame>
            <TextField meta={field("customer_name")} label={label("customer_name")} hint={t("documents.customerNameHint")} />
            <CodeSelect meta={field("customer_honorific")} label={label("customer_honorific")} codes={codes.honorifics} />
          </div>
          {customer ? (
            <dl className="document-form__customer" data-testid="customer-facts">
              <div>
                <dt>{t("documents.customerFacts.address")}</dt>
                <dd>{customerAddress || t("documents.customerFacts.none")}</dd>
              </div>
              <div>
                <dt>{t("documents.customerFacts.termsLabel")}</dt>
                <dd>{customerTerms ?? t("documents.customerFacts.noTerms")}</dd>
              </div>
            </dl>
          ) : null}
          <div className="field">
            <label>
              <input {...checkboxProps(field("save_customer"))} /> {t("documents.saveCustomer")}
            </label>
          </div>
          <div className="document-form__grid">
            <TextField meta={field("subject")} label={label("subject")} />
            <TextField meta={field("person_in_charge")} label={label("person_in_charge")} />
            <CodeSelect meta={field("tax_type_id")} label={label("tax_type_id")} codes={codes.taxTypes} />
          </div>
          {hasField(kind, "withholding") ? (
            <div className="field">
              <label>
                <input {...checkboxProps(field("withholding"))} /> {label("withholding")}
              </label>
            </div>
          ) : null}
          {hasField(kind, "bank_account_id") ? <CodeSelect meta={field("bank_account_id")} label={label("bank_account_id")} codes={[none, ...preview.bankAccounts.map((account) => ({ id: account.id, label: `${account.bankName} ${account.branchName} ${account.accountNo}` }))]} /> : null}
          {hasField(kind, "received_amount") ? (
            <div className="document-form__grid">
              <TextField meta={field("received_amount")} label={label("received_amount")} hint={t("documents.receivedAmountHint")} inputMode="decimal" />
              <TextField meta={field("proviso")} label={label("proviso")} />
              <TextField meta={field("payment_method")} label={label("payment_method")} />
            </div>
          ) : null}
        </section>

        <section className="card document-lines" aria-labelledby="lines-heading">
          <h2 id="lines-heading">{t("documents.sections.lines")}</h2>
          <MasterSearch name="item_query" label={t("documents.findItem")} defaultValue={choices.itemQuery} />
          <FieldErrors id={lines.errorId} errors={lines.errors} />
          {hydrated ? (
            <datalist id={`${formId}-items`}>
              {items.map((item) => (
                <option key={item.id} value={item.name}>
                  {[item.code, `${formatDecimal(item.unit_price)}円`].filter(Boolean).join(" ")}
                </option>
              ))}
            </datalist>
          ) : null}
          <table className="document-lines__table" data-testid="document-lines">
            <caption className="visually-hidden">{t("documents.sections.lines")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("documents.columns.itemAndDescription")}</th>
                <th scope="col" className="table__number">{t("documents.columns.quantity")}</th>
                <th scope="col">{t("documents.columns.unit")}</th>
                <th scope="col" className="table__number">{t("documents.columns.unit_price")}</th>
                <th scope="col">{t("documents.lineColumns.taxCategory")}</th>
                <th scope="col" className="table__number">{t("documents.fields.amount")}</th>
                <th scope="col">
                  <span className="visually-hidden">{t("documents.lineColumns.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody onKeyDown={enterInLines}>
              {lines.rows.map((line, index) => {
                const row = (name: string) => field(`lines[${index}].${name}`);
                const itemField = row("item_id");
                const n = index + 1;
                return (
                  <tr key={line.key} className="document-lines__line">
                    <td className="document-lines__name">
                      {hydrated ? (
                        <input {...hiddenProps(itemField)} />
                      ) : (
                        <FieldFrame controlId={itemField.id} label={t("documents.fields.item_id", { n })} errorId={itemField.errorId} errors={itemField.errors}>
                          <select {...selectProps(itemField)}>
                            <option value="">{t("documents.freeText")}</option>
                            {items.map((item) => (
                              <option key={item.id} value={String(item.id)}>
                                {[item.code, item.name].filter(Boolean).join(" ")}
                              </option>
                            ))}
                          </select>
                        </FieldFrame>
                      )}
                      <div onInput={(event) => typedItem(index, (event.target as HTMLInputElement).value)}>
                        <TextField meta={row("description")} label={t("documents.fields.description", { n })} list={hydrated ? `${formId}-items` : undefined} />
                      </div>
                    </td>
                    <td className="document-lines__quantity">
                      <TextField meta={row("quantity")} label={t("documents.fields.quantity", { n })} inputMode="decimal" />
                    </td>
                    <td className="document-lines__unit">
                      <TextField meta={row("unit")} label={t("documents.fields.unit", { n })} />
                    </td>
                    <td className="document-lines__price">
                      <TextField meta={row("unit_price")} label={t("documents.fields.unit_price", { n })} inputMode="decimal" />
                    </td>
                    <td className="document-lines__category">
                      <CodeSelect meta={row("tax_category")} label={t("documents.fields.tax_category", { n })} codes={codes.taxCategories} />
                    </td>
                    <td className="document-lines__amount" data-testid="line-amount">
                      <span className="document-lines__amount-label">{t("documents.fields.amount")} </span>
                      {totals?.lineAmounts[index] !== undefined ? `${formatDecimal(totals.lineAmounts[index]!)}円` : "—"}
                    </td>
                    <td className="document-lines__actions">
                      <button className="icon-button" {...lines.reorderButtonProps(index, index - 1)} disabled={index === 0} aria-label={t("documents.moveLineUp", { n })} title={t("documents.moveLineUp", { n })}>
                        ↑
                      </button>
                      <button className="icon-button" {...lines.reorderButtonProps(index, index + 1)} disabled={index === lines.rows.length - 1} aria-label={t("documents.moveLineDown", { n })} title={t("documents.moveLineDown", { n })}>
                        ↓
                      </button>
                      <button className="icon-button icon-button--danger" {...lines.removeButtonProps(index)} disabled={lines.rows.length === 1} aria-label={t("documents.removeLine", { n })} title={t("documents.removeLine", { n })}>
                        ×
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <button className="button button--secondary" {...lines.insertButtonProps(newLine)}>
            {t("documents.addLine")}
          </button>
          <p className="field__hint">{hydrated ? t("documents.linesEnterHint") : null} {t("documents.reducedMark")}</p>
          <p className="field__hint">{t("documents.taxCategoryHint")}</p>
        </section>

        <TextAreaField meta={field("notes")} label={label("notes")} rows={3} />
        {correcting ? (
          <div className="field">
            <label htmlFor="document-correction-reason">{t("documents.correction.reason")}</label>
            <input id="document-correction-reason" name="correction_reason" maxLength={200} defaultValue={String(values.correction_reason ?? "")} />
          </div>
        ) : null}

        {/* The totals and the save stay in sight at the bottom of the form while it scrolls. */}
        <section className="document-editor__totals" aria-labelledby="totals-heading">
          <h2 id="totals-heading" className="visually-hidden">
            {t("documents.sections.totals")}
          </h2>
          {totals ? <DocumentTotals totals={totals} rows={totals.rows} internal={values.tax_type_id === "2"} /> : <p>{t("documents.totalsPending")}</p>}
          {totals?.stampDuty ? <p className="notice-inline">{t("documents.stampDuty")}</p> : null}
          <p className="document-editor__actions">
            <button type="submit" name="intent" value="save" className="button">
              {t("documents.save")}
            </button>{" "}
            {hydrated ? null : (
              <button type="submit" name="intent" value="recalculate" className="button button--secondary">
                {t("documents.preview.update")}
              </button>
            )}{" "}
            <Link to={cancelTo} prefetch="none">
              {t("documents.cancel")}
            </Link>
          </p>
        </section>
      </div>
      <DocumentPreviewPane store={previewStore} />
    </Form>
  );
}
