import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { formatDecimal } from "@domain/decimal-display";
import { MONTH_END, PERIOD_PLACEHOLDERS } from "@domain/recurrence";
import { CodeSelect } from "~/components/forms/CodeSelect";
import { FieldErrors } from "~/components/forms/FieldErrors";
import { FormErrors } from "~/components/forms/FormErrors";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { TextField } from "~/components/forms/TextField";
import { useTexts } from "~/components/texts";
import recurringTexts from "~/locales/ja/recurring.json";
import type { ScheduleFormValues } from "~/services/recurring.server";

export type TemplateLine = { quantity: string; unit: string | null; unitPrice: string };

const PLACEHOLDER_KEYS = { "{年}": "year", "{月}": "month", "{前月}": "previous", "{翌月}": "next" } as const;

/** The words the subject and line names may carry, as the page documents them. */
export function PlaceholderHelp() {
  const { t } = useTexts({ recurring: recurringTexts });
  return (
    <aside className="card recurring-placeholders" aria-labelledby="recurring-placeholders-title">
      <h2 id="recurring-placeholders-title">{t("recurring.placeholdersTitle")}</h2>
      <dl>
        {PERIOD_PLACEHOLDERS.map((placeholder) => (
          <div key={placeholder}>
            <dt>
              <code>{placeholder}</code>
            </dt>
            <dd>{t(`recurring.placeholders.${PLACEHOLDER_KEYS[placeholder]}`)}</dd>
          </div>
        ))}
      </dl>
      <p>{t("recurring.placeholdersExample")}</p>
    </aside>
  );
}

/** The schedule's cycle, wording and sending; the create page and the detail page share it. */
export function RecurringForm({
  defaultValue,
  lines,
  lastResult,
  constraint,
  version,
}: {
  defaultValue: ScheduleFormValues;
  /** The source invoice's amounts, shown beside each line's name (they are not changed here). */
  lines: TemplateLine[];
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: ReturnType<typeof getZodConstraint>;
  /** Set when editing: the saved version the change is made against. */
  version?: number;
}) {
  const { t } = useTexts({ recurring: recurringTexts });
  const [form, fields] = useForm<ScheduleFormValues>({
    id: "recurring",
    lastResult,
    defaultValue,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const label = (name: Exclude<keyof ScheduleFormValues, "line_descriptions">) => t(`recurring.fields.${name}`);
  const days = [
    ...Array.from({ length: 31 }, (_, index) => ({ id: index + 1, key: String(index + 1), label: t("recurring.dayN", { day: index + 1 }) })),
    { id: MONTH_END, key: "end", label: t("recurring.monthEnd") },
  ];
  const months = Array.from({ length: 12 }, (_, index) => ({ id: index + 1, key: String(index + 1), label: String(index + 1) }));
  const descriptions = fields.line_descriptions.getFieldList();
  const checkbox = (name: "auto_issue" | "auto_send") => (
    <div className="field">
      <label>
        <input {...getInputProps(fields[name], { type: "checkbox", value: "on" })} key={fields[name].key} /> {label(name)}
      </label>
    </div>
  );

  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {version === undefined ? null : (
        <>
          <input type="hidden" name="version" value={String(version)} />
          <input type="hidden" name="intent" value="save" />
        </>
      )}
      <section className="card">
        <div className="recurring-form__grid">
          <CodeSelect meta={fields.day_of_month} label={label("day_of_month")} codes={days} />
          <CodeSelect meta={fields.interval_months} label={label("interval_months")} codes={months} />
          <TextField meta={fields.start_date} label={label("start_date")} hint={t("recurring.hints.start_date")} type="date" />
          <TextField meta={fields.end_date} label={label("end_date")} hint={t("recurring.hints.end_date")} type="date" />
        </div>
        <p className="field__hint">{t("recurring.hints.day_of_month")}</p>
      </section>
      <section className="card">
        <TextField meta={fields.subject} label={label("subject")} />
        <h2>{t("recurring.lines")}</h2>
        <FieldErrors id={fields.line_descriptions.errorId} errors={fields.line_descriptions.errors} />
        <ol className="recurring-lines">
          {descriptions.map((meta, index) => {
            const line = lines[index];
            return (
              <li key={meta.key}>
                <TextField meta={meta} label={t("recurring.fields.line_descriptions", { number: index + 1 })} />
                {line ? (
                  <p className="recurring-lines__amounts">
                    {formatDecimal(line.quantity)}
                    {line.unit ?? ""} × {formatDecimal(line.unitPrice)}円
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
        <TextAreaField meta={fields.notes} label={label("notes")} rows={3} />
      </section>
      <PlaceholderHelp />
      <section className="card">
        {checkbox("auto_issue")}
        {checkbox("auto_send")}
        <TextAreaField meta={fields.mail_to} label={label("mail_to")} hint={t("recurring.hints.mail_to")} rows={2} />
      </section>
      <p>
        <button type="submit" className="button">
          {version === undefined ? t("recurring.create") : t("recurring.save")}
        </button>{" "}
        <Link to="/billing/recurring" prefetch="none">
          {t("recurring.back")}
        </Link>
      </p>
    </Form>
  );
}
