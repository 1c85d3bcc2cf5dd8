import type { SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import customerTexts from "~/locales/ja/customer.json";
import type { Code } from "@domain/codes";
import { HONORIFICS } from "@domain/honorifics";
import { CodeSelect, TextAreaField, TextField } from "~/components/forms/fields";
import { FormErrors } from "~/components/forms/field-frame";
import { useLazyValidation } from "~/components/forms/lazy-validation";
import { useLightForm } from "~/components/forms/light-form";
import type { CustomerFormInput } from "./customer-schema";

/**
 * Create and edit share this form; edit adds the version (its archive and
 * delete ask first, apart from the form, on the edit page). Plain posts, so it
 * works without JavaScript; with it, the check (zod and the customer's rules)
 * is loaded on first use.
 */
export function CustomerForm({
  defaultValue,
  lastResult,
  constraint,
  holidayShifts,
  editing,
}: {
  defaultValue: CustomerFormInput;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The schema's HTML constraints, computed by the loader. */
  constraint: ReturnType<typeof getZodConstraint>;
  holidayShifts: readonly Code<string>[];
  editing: boolean;
}) {
  const { t } = useTexts({ customer: customerTexts });
  const lazyValidation = useLazyValidation(() => import("./customer-schema"));
  const form = useLightForm({ id: "customer", lastResult, defaultValue, constraint, validation: lazyValidation.validation });
  const field = form.field;
  const label = (name: string) => t(`customer.fields.${name as "name"}`);
  const unset = { id: "", key: "unset", label: t("customer.unset") };
  const day = (value: number) => ({ id: value, key: String(value), label: value === 99 ? t("customer.monthEnd") : t("customer.dayN", { day: value }) });
  const days = [unset, ...Array.from({ length: 28 }, (_, index) => day(index + 1)), day(99)];
  const offsets = [unset, ...customerTexts.offsets.map((text, id) => ({ id, key: String(id), label: text }))];
  const honorifics = HONORIFICS.map((text) => ({ id: text, key: text, label: text }));

  return (
    <Form method="post" {...form.formProps} {...lazyValidation.formProps}>
      <FormErrors id={form.formErrorId} errors={form.formErrors} />
      {editing ? <input type="hidden" name="version" value={String(defaultValue.version ?? "")} /> : null}
      <section className="card">
        <TextField meta={field("name")} label={label("name")} />
        <TextField meta={field("name_kana")} label={label("name_kana")} />
        <CodeSelect meta={field("honorific")} label={label("honorific")} codes={honorifics} />
        <TextField meta={field("department")} label={label("department")} />
        <TextField meta={field("person_in_charge")} label={label("person_in_charge")} />
        <TextField meta={field("postal_code")} label={label("postal_code")} />
        <TextField meta={field("address1")} label={label("address1")} />
        <TextField meta={field("address2")} label={label("address2")} />
        <TextField meta={field("tel")} label={label("tel")} type="tel" />
        <TextAreaField meta={field("emails")} label={label("emails")} hint={t("customer.emailsHint")} rows={3} />
        <TextField meta={field("registered_no")} label={label("registered_no")} />
        <TextField meta={field("peppol_id")} label={label("peppol_id")} hint={t("customer.peppolIdHint")} />
        <CodeSelect meta={field("closing_day")} label={label("closing_day")} codes={days} />
        <CodeSelect meta={field("payment_month_offset")} label={label("payment_month_offset")} codes={offsets} />
        <CodeSelect meta={field("payment_day")} label={label("payment_day")} codes={days} />
        <CodeSelect meta={field("holiday_shift")} label={label("holiday_shift")} codes={holidayShifts} />
        <TextAreaField meta={field("notes")} label={label("notes")} rows={3} />
      </section>
      <p>
        <button type="submit" className="button">
          {t("customer.save")}
        </button>{" "}
        <Link to="/customers/list" prefetch="none">
          {t("customer.back")}
        </Link>
      </p>
    </Form>
  );
}
