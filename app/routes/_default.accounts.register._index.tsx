import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { registrationInputSchema } from "@domain/account-input";
import { BANK_ACCOUNT_TYPES } from "@domain/codes";
import { formatJapaneseDate } from "@domain/datetime";
import { PlanChoices, Steps } from "~/components/accounts/plans";
import { FormErrors } from "~/components/forms/FormErrors";
import { TextField } from "~/components/forms/TextField";
import { useTexts } from "~/components/texts";
import accountsTexts from "~/locales/ja/accounts.json";
import { faq as faqTitle } from "~/locales/ja/titlesPages.json";
import { register as registerTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { getRegistration, keepRegistrationDraft, redirectAfterRegistration, registrationDraftOf, userAfterPlanChange } from "~/services/accounts.server";
import { remixI18next } from "~/services/i18n.server";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { forbidden } from "~/services/errors.server";
import { parseForm } from "~/components/forms/parse-form";
import { readFormData } from "~/services/read-form.server";

const SCREEN_NAME = "accounts-register";

export const handle = { i18n: ["common"], screenName: SCREEN_NAME };

export const meta = titleMeta(registerTitle);

/**
 * A company already registered (in another tab, or by another owner) sends
 * its members to TOP with the session brought up to date; anyone else is
 * told why they cannot register here instead of being sent back and forth.
 */
async function registrationOf(request: Request, context: LoaderFunctionArgs["context"]) {
  const { user, caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  const registration = await getRegistration(caller);
  if (registration.registered) {
    const updated = await userAfterPlanChange(caller, user);
    if (updated.paymentRole !== null) {
      const t = await remixI18next.getFixedT(request);
      throw await redirectAfterRegistration(request, updated, t("accounts.register.alreadyDone"));
    }
  }
  // Registration is the bank's company owner's: a company user waits for them.
  const blocked = registration.registered ? ("registeredByAnother" as const) : user.userType !== "company_owner" ? ("ownerRegisters" as const) : null;
  return { user, registration, blocked };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, registration, blocked } = await registrationOf(request, context);
  return {
    blocked,
    bankName: user.bankName,
    plans: registration.plans,
    terms: registration.terms.map(({ id, title, version, body, published_at }) => ({ id, title, version, body, publishedAt: published_at })),
    campaign: registration.campaign,
    asksPaymentMethod: registration.asksPaymentMethod,
    draft: await registrationDraftOf(request),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { registration, blocked } = await registrationOf(request, context);
  if (blocked) throw forbidden();
  const formData = await readFormData(request);
  const submission = parseForm(formData, registrationInputSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const fieldErrors: Record<string, string[]> = {};
  if (!registration.plans.some((plan) => plan.plan_id === submission.value.plan_id)) fieldErrors.plan_id = ["このプランはお選びいただけません"];
  if (registration.terms.some((item) => !submission.value.agreed_terms.includes(item.id))) fieldErrors.agreed_terms = ["すべての規約をお読みいただき、同意してください"];
  if (registration.asksPaymentMethod && !submission.value.payment_method) fieldErrors.payment_method = ["お支払い方法を選択してください"];
  if (Object.keys(fieldErrors).length > 0) return data(submission.reply({ fieldErrors }), { status: 400 });
  return redirect("/accounts/register/confirm", { headers: { "Set-Cookie": await keepRegistrationDraft(request, submission.value) } });
}

export default function RegisterPage() {
  const { t } = useTexts({ accounts: accountsTexts, titles: { faq: faqTitle, register: registerTitle } });
  const { blocked, bankName, plans, terms, campaign, asksPaymentMethod, draft } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const [form, fields] = useForm({
    id: "registration",
    lastResult,
    defaultValue: draft ? { ...draft, agreed_terms: draft.agreed_terms.map(String) } : undefined,
    shouldValidate: "onSubmit",
  });
  const agreed = new Set((draft?.agreed_terms ?? []).map(Number));
  const accountTypeId = draft?.debit_account_type ?? 1;
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
      <Form method="post" {...getFormProps(form)} className="account-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <section className="card">
          <h2>{t("accounts.register.planHeading")}</h2>
          <PlanChoices plans={plans} selected={draft?.plan_id ?? null} errorId={fields.plan_id.errorId} errors={fields.plan_id.errors} />
        </section>

        <section className="card">
          <h2>{t("accounts.register.termsHeading")}</h2>
          <p>{t("accounts.register.termsLead")}</p>
          <fieldset className="field terms-agreements" aria-describedby={fields.agreed_terms.errors ? fields.agreed_terms.errorId : undefined}>
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
                  <input type="checkbox" name="agreed_terms" value={item.id} defaultChecked={agreed.has(item.id)} required />
                  {t("accounts.register.agree", { title: item.title })}
                </label>
              </div>
            ))}
            {fields.agreed_terms.errors ? (
              <p id={fields.agreed_terms.errorId} className="field__error">
                {fields.agreed_terms.errors.join(" ")}
              </p>
            ) : null}
          </fieldset>
        </section>

        {asksPaymentMethod ? (
          <section className="card">
            <h2>{t("accounts.register.paymentHeading")}</h2>
            <p>{t("accounts.register.paymentWhy", { bankName })}</p>
            <fieldset className="field" aria-describedby={fields.payment_method.errors ? fields.payment_method.errorId : undefined}>
              <legend>{t("accounts.register.paymentMethod")}</legend>
              {(["debit", "card"] as const).map((method) => (
                <label key={method} className="field__choice">
                  <input type="radio" name="payment_method" value={method} defaultChecked={draft?.payment_method === method} required />
                  {t(`accounts.register.methods.${method}`, { bankName })}
                </label>
              ))}
              {fields.payment_method.errors ? (
                <p id={fields.payment_method.errorId} className="field__error">
                  {fields.payment_method.errors.join(" ")}
                </p>
              ) : null}
            </fieldset>
            <p className="field__hint">{t("accounts.register.cardNote", { bankName })}</p>
            <div className="field-row">
              <TextField meta={fields.debit_bank_code} label={t("accounts.register.debitBankCode")} hint="例：0001" />
              <TextField meta={fields.debit_branch_code} label={t("accounts.register.debitBranchCode")} hint="例：001" />
              <div className="field">
                <label htmlFor="debit_account_type">{t("accounts.register.debitAccountType")}</label>
                <select id="debit_account_type" name="debit_account_type" defaultValue={String(accountTypeId)}>
                  {BANK_ACCOUNT_TYPES.map((type) => (
                    <option key={type.id} value={type.id}>
                      {type.label}
                    </option>
                  ))}
                </select>
              </div>
              <TextField meta={fields.debit_account_no} label={t("accounts.register.debitAccountNo")} />
              <TextField meta={fields.debit_account_name} label={t("accounts.register.debitAccountName")} />
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
