import type { SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { formatDecimal } from "@domain/decimal-display";
import type { PERIOD_PLACEHOLDERS } from "@domain/recurrence";
import { CodeSelect, checkboxProps, TextAreaField, TextField } from "~/components/forms/fields";
import { FieldErrors, FormErrors } from "~/components/forms/field-frame";
import { useLazyValidation } from "~/components/forms/lazy-validation";
import { useLightForm } from "~/components/forms/light-form";
import { useTexts } from "~/components/texts";
import recurringTexts from "~/locales/ja/recurring.json";
import type { ScheduleFormValues } from "~/routes/__recurring/recurring.server";

export type TemplateLine = { quantity: string; unit: string | null; unitPrice: string };

const PLACEHOLDER_KEYS = { "{年}": "year", "{月}": "month", "{前月}": "previous", "{翌月}": "next" } as const;

/** What the form takes from domain/recurrence.ts, given by the loader so the page does not load the schedule rules and zod. */
export type ScheduleFacts = { monthEnd: number; placeholders: Array<(typeof PERIOD_PLACEHOLDERS)[number]> };

/** The words the subject and line names may carry, as the page documents them. */
function PlaceholderHelp({ placeholders }: { placeholders: ScheduleFacts["placeholders"] }) {
  const { t } = useTexts({ recurring: recurringTexts });
  return (
    <aside className="card recurring-placeholders" aria-labelledby="recurring-placeholders-title">
      <h2 id="recurring-placeholders-title">{t("recurring.placeholdersTitle")}</h2>
      <dl>
        {placeholders.map((placeholder) => (
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

/** What the create and detail pages pass on to the form from their loader and action. */
export type RecurringFormData = {
  /** The source invoice's amounts, shown beside each line's name (they are not changed here). */
  lines: TemplateLine[];
  lastResult: SubmissionResult<string[]> | undefined;
  /** The schema's HTML constraints, computed by the loader. */
  constraint: ReturnType<typeof getZodConstraint>;
  facts: ScheduleFacts;
};

/** The schedule's cycle, wording and sending; the create page and the detail page share it. */
export function RecurringForm({
  defaultValue,
  lines,
  lastResult,
  constraint,
  facts,
  version,
}: RecurringFormData & {
  defaultValue: ScheduleFormValues;
  /** Set when editing: the saved version the change is made against. */
  version?: number;
}) {
  const { t } = useTexts({ recurring: recurringTexts });
  const lazyValidation = useLazyValidation(() => import("./recurring-form-live"));
  const form = useLightForm({ id: "recurring", lastResult, defaultValue, constraint, lists: ["line_descriptions"], validation: lazyValidation.validation });
  const field = form.field;
  const label = (name: Exclude<keyof ScheduleFormValues, "line_descriptions">) => t(`recurring.fields.${name}`);
  const days = [
    ...Array.from({ length: 31 }, (_, index) => ({ id: index + 1, key: String(index + 1), label: t("recurring.dayN", { day: index + 1 }) })),
    { id: facts.monthEnd, key: "end", label: t("recurring.monthEnd") },
  ];
  const months = Array.from({ length: 12 }, (_, index) => ({ id: index + 1, key: String(index + 1), label: String(index + 1) }));
  const descriptions = form.list("line_descriptions");
  const checkbox = (name: "auto_issue" | "auto_send") => (
    <div className="field">
      <label>
        <input {...checkboxProps(field(name))} /> {label(name)}
      </label>
    </div>
  );

  return (
    <Form method="post" {...form.formProps} {...lazyValidation.formProps}>
      <FormErrors id={form.formErrorId} errors={form.formErrors} />
      {version === undefined ? null : (
        <>
          <input type="hidden" name="version" value={String(version)} />
          <input type="hidden" name="intent" value="save" />
        </>
      )}
      <section className="card">
        <div className="recurring-form__grid">
          <CodeSelect meta={field("day_of_month")} label={label("day_of_month")} codes={days} />
          <CodeSelect meta={field("interval_months")} label={label("interval_months")} codes={months} />
          <TextField meta={field("start_date")} label={label("start_date")} hint={t("recurring.hints.start_date")} type="date" />
          <TextField meta={field("end_date")} label={label("end_date")} hint={t("recurring.hints.end_date")} type="date" />
        </div>
        <p className="field__hint">{t("recurring.hints.day_of_month")}</p>
      </section>
      <section className="card">
        <TextField meta={field("subject")} label={label("subject")} />
        <h2>{t("recurring.lines")}</h2>
        <FieldErrors id={descriptions.errorId} errors={descriptions.errors} />
        <ol className="recurring-lines">
          {descriptions.rows.map((row, index) => {
            const line = lines[index];
            return (
              <li key={row.key}>
                <TextField meta={field(`line_descriptions[${index}]`)} label={t("recurring.fields.line_descriptions", { number: index + 1 })} />
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
        <TextAreaField meta={field("notes")} label={label("notes")} rows={3} />
      </section>
      <PlaceholderHelp placeholders={facts.placeholders} />
      <section className="card">
        {checkbox("auto_issue")}
        {checkbox("auto_send")}
        <TextAreaField meta={field("mail_to")} label={label("mail_to")} hint={t("recurring.hints.mail_to")} rows={2} />
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
