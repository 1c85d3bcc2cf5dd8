import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTexts } from "~/components/texts";
import companyTexts from "~/locales/ja/company.json";
import { companyEdit as companyEditTitle } from "~/locales/ja/titlesPages.json";
import type { z } from "zod";
import type { companyFormSchema } from "~/components/companies/company-validation";
import { CodeSelect } from "~/components/forms/CodeSelect";
import { FieldErrors } from "~/components/forms/FieldErrors";
import { FormErrors } from "~/components/forms/FormErrors";
import { useLiveValidation } from "~/components/forms/live-validation";
import { TextField } from "~/components/forms/TextField";
import { titleMeta } from "~/meta";
import { companyPageAction, companyPageLoader, type CompanyFormInput } from "~/services/company-form.server";

export const handle = { i18n: ["common"], screenName: "companies-create" };

export const meta = titleMeta(companyEditTitle);

export const loader = companyPageLoader;

export const action = companyPageAction;

/**
 * The saved image, and with JavaScript a preview of a newly chosen one
 * before it is sent; without JavaScript the choice is sent on save. The
 * API's refusal of the file (type, size) is said here; the schema has no
 * field for it, so the messages come straight from the action's answer.
 */
function ImageField({
  name,
  current,
  label,
  alt,
  errors,
}: {
  name: "logo" | "stamp";
  current: { path: string } | null;
  label: string;
  alt: string;
  errors: string[] | undefined;
}) {
  const { t } = useTexts({ company: companyTexts, titles: { companyEdit: companyEditTitle } });
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const source = preview ?? (current ? `/companies/file/${current.path}` : null);
  return (
    <fieldset className="field">
      <legend>{label}</legend>
      {source ? <img src={source} alt={alt} className={name === "logo" ? "company-logo" : "company-stamp"} data-testid={`${name}-preview`} /> : null}
      <label htmlFor={`company-${name}`}>{t("company.replaceImage")}</label>
      <input
        id={`company-${name}`}
        type="file"
        name={name}
        accept="image/png,image/jpeg,image/gif"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `company-${name}-error` : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          setPreview(file ? URL.createObjectURL(file) : null);
        }}
      />
      <FieldErrors id={`company-${name}-error`} errors={errors} />
      {current ? (
        <label>
          <input type="checkbox" name={`${name}_state`} value="delete" /> {t("company.deleteImage")}
        </label>
      ) : null}
    </fieldset>
  );
}

export default function CompanyEditPage() {
  const { t } = useTexts({ company: companyTexts, titles: { companyEdit: companyEditTitle } });
  const { version, images, defaultValue, constraint, codes } = useLoaderData<typeof loader>();
  const liveValidation = useLiveValidation(() => import("~/components/companies/company-validation"));
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [form, fields] = useForm<CompanyFormInput, z.output<typeof companyFormSchema>>({
    id: "company",
    lastResult,
    defaultValue,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: liveValidation.onValidate,
  });
  const accounts = fields.company_bank_accounts.getFieldList();
  const label = (name: keyof typeof fields) => t(`company.fields.${name as "company_name"}`);

  return (
    <>
      <h1>{t("titles.companyEdit")}</h1>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} {...liveValidation.formProps}>
        <FormErrors id={form.errorId} errors={form.errors} />
        {version !== null ? <input type="hidden" name="version" value={String(version)} /> : null}

        <section className="card">
          <h2>{t("company.basics")}</h2>
          <TextField meta={fields.company_name} label={label("company_name")} autoComplete="organization" />
          <TextField meta={fields.registered_name} label={label("registered_name")} />
          <TextField meta={fields.department_name} label={label("department_name")} />
          <TextField meta={fields.pic_name} label={label("pic_name")} />
          <TextField meta={fields.postal_code} label={label("postal_code")} hint={t("company.hints.postal_code")} autoComplete="postal-code" />
          <TextField meta={fields.address1} label={label("address1")} />
          <TextField meta={fields.address2} label={label("address2")} />
          <TextField meta={fields.tel} label={label("tel")} type="tel" />
          <TextField meta={fields.fax} label={label("fax")} type="tel" />
          <TextField meta={fields.email} label={label("email")} type="email" />
          <TextField meta={fields.registered_no} label={label("registered_no")} hint={t("company.hints.registered_no")} />
        </section>

        <section className="card">
          <h2>{t("company.taxSettings")}</h2>
          <CodeSelect meta={fields.tax_id} label={label("tax_id")} codes={codes.tax} />
          <CodeSelect meta={fields.tax_rounding_id} label={label("tax_rounding_id")} codes={codes.rounding} />
          <CodeSelect meta={fields.tax_withholding_id} label={label("tax_withholding_id")} codes={codes.withholding} />
          <CodeSelect meta={fields.item_rounding_id} label={label("item_rounding_id")} codes={codes.rounding} />
          <CodeSelect meta={fields.item_rounding_scale} label={label("item_rounding_scale")} codes={codes.scales} />
          <CodeSelect meta={fields.subtotal_rounding_id} label={label("subtotal_rounding_id")} codes={codes.rounding} />
          <CodeSelect meta={fields.fiscal_year_end_month} label={label("fiscal_year_end_month")} codes={codes.fiscalMonths} />
        </section>

        <section className="card">
          <h2>{t("company.images")}</h2>
          <ImageField name="logo" current={images.logo} label={t("company.fields.logo")} alt={t("company.logoAlt")} errors={lastResult?.error?.logo ?? undefined} />
          <ImageField name="stamp" current={images.stamp} label={t("company.fields.stamp")} alt={t("company.stampAlt")} errors={lastResult?.error?.stamp ?? undefined} />
        </section>

        <section className="card">
          <h2>{t("company.bankAccounts")}</h2>
          {accounts.length === 0 ? <p>{t("company.noAccounts")}</p> : null}
          {accounts.map((account, index) => {
            const row = account.getFieldset();
            return (
              <fieldset key={account.key} className="account-row" data-testid="account-row">
                <legend>
                  {t("company.bankAccounts")} {index + 1}
                </legend>
                {row.id.initialValue ? <input {...getInputProps(row.id, { type: "hidden" })} key={row.id.key} /> : null}
                <TextField meta={row.bank_name} label={t("company.fields.bank_name")} />
                <TextField meta={row.bank_code} label={t("company.fields.bank_code")} />
                <TextField meta={row.bank_branch_name} label={t("company.fields.bank_branch_name")} />
                <TextField meta={row.bank_branch_code} label={t("company.fields.bank_branch_code")} />
                <CodeSelect meta={row.bank_account_type_id} label={t("company.fields.bank_account_type_id")} codes={codes.bankAccount} />
                <TextField meta={row.bank_account_no} label={t("company.fields.bank_account_no")} />
                <TextField meta={row.bank_account_name} label={t("company.fields.bank_account_name")} />
                <div className="field">
                  <label>
                    <input {...getInputProps(row.displayed, { type: "checkbox", value: "on" })} key={row.displayed.key} />{" "}
                    {t("company.fields.displayed")}
                  </label>
                  <FieldErrors id={row.displayed.errorId} errors={row.displayed.errors} />
                </div>
                <button className="button button--secondary" {...form.remove.getButtonProps({ name: fields.company_bank_accounts.name, index })}>
                  {t("company.removeAccount")}
                </button>
              </fieldset>
            );
          })}
          <FieldErrors id={fields.company_bank_accounts.errorId} errors={fields.company_bank_accounts.errors} />
          <button className="button button--secondary" {...form.insert.getButtonProps({ name: fields.company_bank_accounts.name })}>
            {t("company.addAccount")}
          </button>
        </section>

        <p>
          <button type="submit" className="button">
            {t("company.save")}
          </button>{" "}
          <Link to="/companies/list" prefetch="none">
            {t("company.cancel")}
          </Link>
        </p>
      </Form>
    </>
  );
}
