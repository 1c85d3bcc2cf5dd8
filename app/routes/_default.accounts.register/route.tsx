import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatJapaneseDate } from "@domain/datetime";
import { PlanChoices, Steps } from "~/routes/__accounts/plans";
import { FormErrors } from "~/components/forms/field-frame";
import { useLazyValidation } from "~/components/forms/lazy-validation";
import { useLightForm } from "~/components/forms/light-form";
import { TextField } from "~/components/forms/fields";
import { useTexts } from "~/components/texts";
import accountsTexts from "~/locales/ja/accounts.json";
import { faq as faqTitle } from "~/locales/ja/titlesPages.json";
import { register as registerTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { registerAction, registerLoader } from "~/routes/__accounts/accounts-register.server";

export const handle = { i18n: ["common"], screenName: "accounts-register" };

export const meta = titleMeta(registerTitle);

export const loader = registerLoader;

export const action = registerAction;

/** Whether a radio or checkbox group's value (one, or several) holds a choice. */
const holds = (value: unknown, choice: string | number) => (Array.isArray(value) ? value : [value]).map(String).includes(String(choice));

export default function RegisterPage() {
  const { t } = useTexts({ accounts: accountsTexts, titles: { faq: faqTitle, register: registerTitle } });
  const { blocked, bankName, plans, terms, campaign, asksPaymentMethod, values, accountTypes } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const lazyValidation = useLazyValidation(() => import("~/routes/_default.accounts.register/registration-form-live"));
  const form = useLightForm({ id: "registration", lastResult, defaultValue: values, validation: lazyValidation.validation });
  // What the form shows comes from the answer's values after a refusal, so a choice made without JavaScript is kept too.
  const [plan, agreed, method] = [form.field("plan_id"), form.field("agreed_terms"), form.field("payment_method")];
  if (blocked) {
    return (
      <>
        <h1>{t("titles.register")}</h1>
        <p className="card">{t(`accounts.register.${blocked}`)}</p>
      </>
    );
  }

  return (
    <>
      <h1>{t("titles.register")}</h1>
      <Steps current="input" />
      <p>{t("accounts.register.lead")}</p>
      {campaign ? (
        <p className="card card--info">
          {t("accounts.register.campaign", { bankName, start: formatJapaneseDate(campaign.start_date), finish: formatJapaneseDate(campaign.finish_date), months: campaign.free_months })}
        </p>
      ) : null}
      <Form method="post" {...form.formProps} {...lazyValidation.formProps} className="account-form">
        <FormErrors id={form.formErrorId} errors={form.formErrors} />
        <section className="card">
          <h2>{t("accounts.register.planHeading")}</h2>
          <PlanChoices plans={plans} selected={plan.initialValue ? Number(plan.initialValue) : null} errorId={plan.errorId} errors={plan.errors} />
        </section>

        <section className="card">
          <h2>{t("accounts.register.termsHeading")}</h2>
          <p>{t("accounts.register.termsLead")}</p>
          <fieldset className="field terms-agreements" aria-describedby={agreed.errors ? agreed.errorId : undefined}>
            <legend className="visually-hidden">{t("accounts.register.termsHeading")}</legend>
            {terms.map((item) => (
              <div key={item.id} className="terms-agreement">
                <h3>{item.title}</h3>
                <p className="field__hint">{t("accounts.register.termsVersion", { version: item.version, date: formatJapaneseDate(item.publishedAt) })}</p>
                <details>
                  <summary>{t("accounts.register.readTerms")}</summary>
                  <div className="terms-body" tabIndex={0} role="region" aria-label={item.title}>
                    {item.body.split(/\n+/).map((paragraph, index) => (
                      <p key={index}>{paragraph}</p>
                    ))}
                  </div>
                </details>
                <label className="field__choice">
                  <input type="checkbox" name="agreed_terms" value={item.id} defaultChecked={holds(agreed.initialValue, item.id)} required />
                  {t("accounts.register.agree", { title: item.title })}
                </label>
              </div>
            ))}
            {agreed.errors ? (
              <p id={agreed.errorId} className="field__error">
                {agreed.errors.join(" ")}
              </p>
            ) : null}
          </fieldset>
        </section>

        {asksPaymentMethod ? (
          <section className="card">
            <h2>{t("accounts.register.paymentHeading")}</h2>
            <p>{t("accounts.register.paymentWhy", { bankName })}</p>
            <fieldset className="field" aria-describedby={method.errors ? method.errorId : undefined}>
              <legend>{t("accounts.register.paymentMethod")}</legend>
              {(["debit", "card"] as const).map((choice) => (
                <label key={choice} className="field__choice">
                  <input type="radio" name="payment_method" value={choice} defaultChecked={holds(method.initialValue, choice)} required />
                  {t(`accounts.register.methods.${choice}`, { bankName })}
                </label>
              ))}
              {method.errors ? (
                <p id={method.errorId} className="field__error">
                  {method.errors.join(" ")}
                </p>
              ) : null}
            </fieldset>
            <p className="field__hint">{t("accounts.register.cardNote", { bankName })}</p>
            <div className="field-row">
              <TextField meta={form.field("debit_bank_code")} label={t("accounts.register.debitBankCode")} hint="例：0001" />
              <TextField meta={form.field("debit_branch_code")} label={t("accounts.register.debitBranchCode")} hint="例：001" />
              <div className="field">
                <label htmlFor="debit_account_type">{t("accounts.register.debitAccountType")}</label>
                <select id="debit_account_type" name="debit_account_type" defaultValue={String(form.field("debit_account_type").initialValue ?? 1)}>
                  {accountTypes.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.label}
                    </option>
                  ))}
                </select>
              </div>
              <TextField meta={form.field("debit_account_no")} label={t("accounts.register.debitAccountNo")} />
              <TextField meta={form.field("debit_account_name")} label={t("accounts.register.debitAccountName")} />
            </div>
          </section>
        ) : null}

        <p className="form-footer">
          <button type="submit" className="button">
            {t("accounts.register.next")}
          </button>{" "}
          <Link to="/support/faq" prefetch="none">
            {t("titles.faq")}
          </Link>
        </p>
      </Form>
    </>
  );
}
