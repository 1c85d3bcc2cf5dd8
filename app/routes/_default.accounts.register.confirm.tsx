import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { BANK_ACCOUNT_TYPES } from "@domain/codes";
import { formatJapaneseDate } from "@domain/datetime";
import { lastOfMonth } from "@domain/plans";
import { PlanFacts, Steps, yen } from "~/components/accounts/plans";
import { FormErrors } from "~/components/forms/FormErrors";
import { useTexts } from "~/components/texts";
import accountsTexts from "~/locales/ja/accounts.json";
import { registerConfirm as registerConfirmTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { getRegistration, redirectAfterRegistration, register, registrationDraftOf, userAfterPlanChange } from "~/services/accounts.server";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { forbidden } from "~/services/errors.server";
import { PaymentApiValidationError } from "~/services/payment-api.server";
import { remixI18next } from "~/services/i18n.server";
import { redirectWithNotice } from "~/services/session.server";

const SCREEN_NAME = "accounts-register-confirm";

export const handle = { i18n: ["common"], screenName: SCREEN_NAME };

export const meta = titleMeta(registerConfirmTitle);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  if (user.userType !== "company_owner") throw forbidden();
  const [registration, draft] = await Promise.all([getRegistration(caller), registrationDraftOf(request)]);
  if (registration.registered) throw redirect("/top");
  const plan = registration.plans.find((candidate) => candidate.plan_id === draft?.plan_id);
  if (!draft || !plan) {
    const t = await remixI18next.getFixedT(request);
    throw await redirectWithNotice(request, "/accounts/register", "error", t("accounts.confirm.expired"));
  }
  const { schedule } = registration;
  const accountType = BANK_ACCOUNT_TYPES.find((type) => type.id === draft.debit_account_type)?.label ?? "";
  return {
    plan,
    schedule,
    terms: registration.terms.filter((item) => draft.agreed_terms.includes(item.id)).map(({ id, title, version }) => ({ id, title, version })),
    payment: draft.payment_method
      ? {
          method: draft.payment_method,
          account: draft.payment_method === "debit" ? [draft.debit_bank_code, draft.debit_branch_code, accountType, draft.debit_account_no, draft.debit_account_name].join(" ") : null,
        }
      : null,
    bankName: user.bankName,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { user, caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  if (user.userType !== "company_owner") throw forbidden();
  const draft = await registrationDraftOf(request);
  const t = await remixI18next.getFixedT(request);
  if (!draft) return redirectWithNotice(request, "/accounts/register", "error", t("accounts.confirm.expired"));
  try {
    await register(caller, draft);
  } catch (error) {
    // A second submit (double click, back button, another tab): the first one registered, so this is done too.
    if (error instanceof PaymentApiValidationError && error.status === 409) {
      return redirectAfterRegistration(request, await userAfterPlanChange(caller, user), t("accounts.register.alreadyDone"));
    }
    if (error instanceof PaymentApiValidationError) return data({ errors: [error.message, ...Object.values(error.fields).flat()] }, { status: error.status });
    throw error;
  }
  return redirectAfterRegistration(request, await userAfterPlanChange(caller, user), t("accounts.confirm.done"));
}

export default function RegisterConfirmPage() {
  const { t } = useTexts({ accounts: accountsTexts, titles: { registerConfirm: registerConfirmTitle } });
  const { plan, schedule, terms, payment, bankName } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const date = formatJapaneseDate;
  return (
    <>
      <h1>{t("titles.registerConfirm")}</h1>
      <Steps current="confirm" />
      <p>{t("accounts.confirm.lead")}</p>
      <FormErrors id="registration-errors" errors={refused?.errors} />
      <dl className="card facts">
        <dt>{t("accounts.confirm.plan")}</dt>
        <dd>
          <strong>{plan.plan_name}</strong> <PlanFacts plan={plan} />
        </dd>
        <dt>{t("accounts.confirm.charges")}</dt>
        <dd>
          <ul className="plain-list" data-testid="charges">
            <li>{t("accounts.confirm.freeUntil", { join: date(schedule.join_date), end: date(lastOfMonth(schedule.join_date)) })}</li>
            {schedule.campaign ? (
              <li>
                {t("accounts.confirm.campaignFree", {
                  start: date(schedule.campaign.applied_start_date),
                  finish: date(schedule.campaign.applied_finish_date),
                  months: schedule.campaign.free_months,
                })}
              </li>
            ) : null}
            <li>{t("accounts.confirm.chargedFrom", { start: date(schedule.start_date), amount: yen(plan.amount), total: yen(plan.total_amount) })}</li>
          </ul>
        </dd>
        <dt>{t("accounts.confirm.terms")}</dt>
        <dd>
          <ul className="plain-list">
            {terms.map((item) => (
              <li key={item.id}>
                {item.title}（{item.version}）
              </li>
            ))}
          </ul>
        </dd>
        {payment ? (
          <>
            <dt>{t("accounts.confirm.payment")}</dt>
            <dd>
              {t(`accounts.register.methods.${payment.method}`, { bankName })}
              {payment.account ? <span className="facts__sub">{payment.account}</span> : null}
            </dd>
          </>
        ) : null}
      </dl>
      <Form method="post" className="form-footer">
        <Link to="/accounts/register" className="button button--secondary" prefetch="none">
          {t("accounts.confirm.back")}
        </Link>{" "}
        <button type="submit" className="button">
          {t("accounts.confirm.submit")}
        </button>
      </Form>
    </>
  );
}
