import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTexts } from "~/components/texts";
import companyTexts from "~/locales/ja/company.json";
import { companyEdit as companyEditTitle } from "~/locales/ja/titlesPages.json";
import { CodeSelect, checkboxProps, hiddenProps, TextField } from "~/components/forms/fields";
import { FieldErrors, FormErrors } from "~/components/forms/field-frame";
import { useLazyValidation } from "~/components/forms/lazy-validation";
import { useLightForm } from "~/components/forms/light-form";
import { titleMeta } from "~/meta";
import { companyPageAction, companyPageLoader } from "~/routes/_default.companies.create/company-form.server";

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
  const input = useRef<HTMLInputElement>(null);
  // A refused file goes: with JavaScript the input kept it (and its preview) after the answer, so the next save sent it again.
  useEffect(() => {
    if (!errors?.length || !input.current) return;
    input.current.value = "";
    setPreview(null);
  }, [errors]);
  const source = preview ?? (current ? `/companies/file/${current.path}` : null);
  return (
    <fieldset className="field">
      <legend>{label}</legend>
      {source ? <img src={source} alt={alt} className={name === "logo" ? "company-logo" : "company-stamp"} data-testid={`${name}-preview`} /> : null}
      <label htmlFor={`company-${name}`}>{t("company.replaceImage")}</label>
      <input
        ref={input}
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
  const lazyValidation = useLazyValidation(() => import("~/routes/_default.companies.create/company-validation"));
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const form = useLightForm({ id: "company", lastResult, defaultValue, constraint, lists: ["company_bank_accounts"], validation: lazyValidation.validation });
  const field = form.field;
  const accounts = form.list("company_bank_accounts");
  const label = (name: string) => t(`company.fields.${name as "company_name"}`);

  return (
    <>
      <h1>{t("titles.companyEdit")}</h1>
      <Form method="post" encType="multipart/form-data" {...form.formProps} {...lazyValidation.formProps}>
        <FormErrors id={form.formErrorId} errors={form.formErrors} />
        {version !== null ? <input type="hidden" name="version" value={String(version)} /> : null}

        <section className="card">
          <h2>{t("company.basics")}</h2>
          <TextField meta={field("company_name")} label={label("company_name")} autoComplete="organization" />
          <TextField meta={field("registered_name")} label={label("registered_name")} />
          <TextField meta={field("department_name")} label={label("department_name")} />
          <TextField meta={field("pic_name")} label={label("pic_name")} />
          <TextField meta={field("postal_code")} label={label("postal_code")} hint={t("company.hints.postal_code")} autoComplete="postal-code" />
          <TextField meta={field("address1")} label={label("address1")} />
          <TextField meta={field("address2")} label={label("address2")} />
          <TextField meta={field("tel")} label={label("tel")} type="tel" />
          <TextField meta={field("fax")} label={label("fax")} type="tel" />
          <TextField meta={field("email")} label={label("email")} type="email" />
          <TextField meta={field("registered_no")} label={label("registered_no")} hint={t("company.hints.registered_no")} />
          <TextField meta={field("peppol_id")} label={label("peppol_id")} hint={t("company.hints.peppol_id")} />
        </section>

        <section className="card">
          <h2>{t("company.taxSettings")}</h2>
          <CodeSelect meta={field("tax_id")} label={label("tax_id")} codes={codes.tax} />
          <CodeSelect meta={field("tax_rounding_id")} label={label("tax_rounding_id")} codes={codes.rounding} />
          <CodeSelect meta={field("tax_withholding_id")} label={label("tax_withholding_id")} codes={codes.withholding} />
          <CodeSelect meta={field("item_rounding_id")} label={label("item_rounding_id")} codes={codes.rounding} />
          <CodeSelect meta={field("item_rounding_scale")} label={label("item_rounding_scale")} codes={codes.scales} />
          <CodeSelect meta={field("subtotal_rounding_id")} label={label("subtotal_rounding_id")} codes={codes.rounding} />
          <CodeSelect meta={field("fiscal_year_end_month")} label={label("fiscal_year_end_month")} codes={codes.fiscalMonths} />
        </section>

        <section className="card">
          <h2>{t("company.images")}</h2>
          <ImageField name="logo" current={images.logo} label={t("company.fields.logo")} alt={t("company.logoAlt")} errors={lastResult?.error?.logo ?? undefined} />
          <ImageField name="stamp" current={images.stamp} label={t("company.fields.stamp")} alt={t("company.stampAlt")} errors={lastResult?.error?.stamp ?? undefined} />
        </section>

        <section className="card">
          <h2>{t("company.bankAccounts")}</h2>
          {accounts.rows.length === 0 ? <p>{t("company.noAccounts")}</p> : null}
          {accounts.rows.map((account, index) => {
            const row = (name: string) => field(`company_bank_accounts[${index}].${name}`);
            const [accountId, displayed] = [row("id"), row("displayed")];
            return (
              <fieldset key={account.key} className="account-row" data-testid="account-row">
                <legend>
                  {t("company.bankAccounts")} {index + 1}
                </legend>
                {/* A saved account's id follows its row, not its place: right after a removal the values still hold the rows' old order. */}
                {accountId.initialValue ? <input {...hiddenProps({ ...accountId, value: undefined })} /> : null}
                <TextField meta={row("bank_name")} label={t("company.fields.bank_name")} />
                <TextField meta={row("bank_code")} label={t("company.fields.bank_code")} />
                <TextField meta={row("bank_branch_name")} label={t("company.fields.bank_branch_name")} />
                <TextField meta={row("bank_branch_code")} label={t("company.fields.bank_branch_code")} />
                <CodeSelect meta={row("bank_account_type_id")} label={t("company.fields.bank_account_type_id")} codes={codes.bankAccount} />
                <TextField meta={row("bank_account_no")} label={t("company.fields.bank_account_no")} />
                <TextField meta={row("bank_account_name")} label={t("company.fields.bank_account_name")} />
                <div className="field">
                  <label>
                    <input {...checkboxProps(displayed)} />{" "}
                    {t("company.fields.displayed")}
                  </label>
                  <FieldErrors id={displayed.errorId} errors={displayed.errors} />
                </div>
                <button className="button button--secondary" {...accounts.removeButtonProps(index)}>
                  {t("company.removeAccount")}
                </button>
              </fieldset>
            );
          })}
          <FieldErrors id={accounts.errorId} errors={accounts.errors} />
          <button className="button button--secondary" {...accounts.insertButtonProps()}>
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
