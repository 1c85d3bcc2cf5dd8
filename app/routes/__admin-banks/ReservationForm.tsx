import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { TextField } from "~/components/forms/fields";
import { FormErrors, FieldFrame } from "~/components/forms/field-frame";
import { useLiveValidation } from "~/components/forms/live-validation";
import { useTexts } from "~/components/texts";
import adminBanksTexts from "~/locales/ja/adminBanks.json";
import type { Branch } from "~/routes/__admin-banks/admin-banks.server";
import type { ReservationFormInput, ReservationFormValue } from "@domain/admin-banks";

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

/** Create and edit share this form; an edit carries the version it was opened with. */
export function ReservationForm({
  defaultValue,
  branches,
  lastResult,
  constraint,
  submitLabel,
}: {
  defaultValue: ReservationFormInput;
  branches: Branch[];
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: ReturnType<typeof getZodConstraint>;
  submitLabel: string;
}) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  // Checked in the browser once loaded: without a check of its own, conform would send each blur to the action.
  const { onValidate, formProps } = useLiveValidation(() => import("./reservation-form-live"));
  const [form, fields] = useForm<ReservationFormInput, ReservationFormValue>({
    id: "reservation",
    lastResult,
    defaultValue,
    constraint,
    onValidate,
    shouldValidate: "onBlur",
  });
  const label = (name: keyof typeof adminBanksTexts.reservation.fields) => t(`adminBanks.reservation.fields.${name}`);
  const branch = getSelectProps(fields.branch_code);
  const months = getSelectProps(fields.free_months);
  return (
    <Form method="post" {...getFormProps(form)} {...formProps} data-testid="reservation-form">
      <FormErrors id={form.errorId} errors={form.errors} />
      {defaultValue.version === undefined ? null : <input {...getInputProps(fields.version, { type: "hidden" })} key={fields.version.key} />}
      <input type="hidden" name="intent" value="save" />
      <div className="field-row">
        <FieldFrame controlId={fields.branch_code.id} label={label("branch_code")} errorId={fields.branch_code.errorId} errors={fields.branch_code.errors}>
          <select {...branch} key={branch.key}>
            <option value="">{t("adminBanks.reservations.allBranches")}</option>
            {branches.map((entry) => (
              <option key={entry.branch_code} value={entry.branch_code}>
                {entry.branch_code} {entry.name}
              </option>
            ))}
          </select>
        </FieldFrame>
        <FieldFrame controlId={fields.free_months.id} label={label("free_months")} errorId={fields.free_months.errorId} errors={fields.free_months.errors}>
          <select {...months} key={months.key}>
            {MONTHS.map((count) => (
              <option key={count} value={String(count)}>
                {t("adminBanks.reservations.months", { count })}
              </option>
            ))}
          </select>
        </FieldFrame>
      </div>
      <div className="field-row">
        <TextField meta={fields.start_date} label={label("start_date")} type="date" />
        <TextField meta={fields.finish_date} label={label("finish_date")} type="date" />
      </div>
      <p>
        <button type="submit" className="button">
          {submitLabel}
        </button>
      </p>
    </Form>
  );
}
