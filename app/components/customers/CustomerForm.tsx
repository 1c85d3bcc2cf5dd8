import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import customerTexts from "~/locales/ja/customer.json";
import type { z } from "zod";
import { HONORIFICS } from "@domain/honorifics";
import { HOLIDAY_SHIFTS } from "@domain/due-date";
import { CodeSelect } from "~/components/forms/CodeSelect";
import { FormErrors } from "~/components/forms/FormErrors";
import { useLiveValidation } from "~/components/forms/live-validation";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { TextField } from "~/components/forms/TextField";
import type { customerFormSchema, CustomerFormInput } from "./customer-schema";

export type CustomerFormValues = CustomerFormInput & { id?: number };

/** Create and edit share this form; edit adds the version and the archive and delete buttons. */
export function CustomerForm({
  defaultValue,
  lastResult,
  constraint,
  editing,
}: {
  defaultValue: CustomerFormInput;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The schema's HTML constraints, computed by the loader. */
  constraint: ReturnType<typeof getZodConstraint>;
  editing: boolean;
}) {
  const { t } = useTexts({ customer: customerTexts });
  const liveValidation = useLiveValidation(() => import("./customer-schema"));
  const [form, fields] = useForm<CustomerFormInput, z.output<typeof customerFormSchema>>({
    id: "customer",
    lastResult,
    defaultValue,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: liveValidation.onValidate,
  });
  const label = (name: string) => t(`customer.fields.${name as "name"}`);
  const unset = { id: "", key: "unset", label: t("customer.unset") };
  const day = (value: number) => ({ id: value, key: String(value), label: value === 99 ? t("customer.monthEnd") : t("customer.dayN", { day: value }) });
  const days = [unset, ...Array.from({ length: 28 }, (_, index) => day(index + 1)), day(99)];
  const offsets = [unset, ...(t("customer.offsets", { returnObjects: true }) as unknown as string[]).map((text, id) => ({ id, key: String(id), label: text }))];
  const honorifics = HONORIFICS.map((text) => ({ id: text, key: text, label: text }));

  return (
    <Form method="post" {...getFormProps(form)} {...liveValidation.formProps}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {editing ? <input type="hidden" name="version" value={String(defaultValue.version ?? "")} /> : null}
      <section className="card">
        <TextField meta={fields.name} label={label("name")} />
        <TextField meta={fields.name_kana} label={label("name_kana")} />
        <CodeSelect meta={fields.honorific} label={label("honorific")} codes={honorifics} />
        <TextField meta={fields.department} label={label("department")} />
        <TextField meta={fields.person_in_charge} label={label("person_in_charge")} />
        <TextField meta={fields.postal_code} label={label("postal_code")} />
        <TextField meta={fields.address1} label={label("address1")} />
        <TextField meta={fields.address2} label={label("address2")} />
        <TextField meta={fields.tel} label={label("tel")} type="tel" />
        <TextAreaField meta={fields.emails} label={label("emails")} hint={t("customer.emailsHint")} rows={3} />
        <TextField meta={fields.registered_no} label={label("registered_no")} />
        <CodeSelect meta={fields.closing_day} label={label("closing_day")} codes={days} />
        <CodeSelect meta={fields.payment_month_offset} label={label("payment_month_offset")} codes={offsets} />
        <CodeSelect meta={fields.payment_day} label={label("payment_day")} codes={days} />
        <CodeSelect meta={fields.holiday_shift} label={label("holiday_shift")} codes={HOLIDAY_SHIFTS} />
        <TextAreaField meta={fields.notes} label={label("notes")} rows={3} />
      </section>
      <p>
        <button type="submit" className="button">
          {t("customer.save")}
        </button>{" "}
        <Link to="/customers/list" prefetch="none">
          {t("customer.back")}
        </Link>
      </p>
      {editing ? (
        <p>
          <button type="submit" name="intent" value="archive" className="button button--secondary" formNoValidate>
            {t("customer.archive")}
          </button>{" "}
          <button type="submit" name="intent" value="delete" className="button button--secondary" formNoValidate>
            {t("customer.delete")}
          </button>
        </p>
      ) : null}
    </Form>
  );
}
