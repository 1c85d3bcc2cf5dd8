import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatJapaneseDate } from "@domain/datetime";
import { PlanFacts, Steps, yen } from "~/routes/__accounts/plans";
import { FormErrors } from "~/components/forms/field-frame";
import { useTexts } from "~/components/texts";
import accountsTexts from "~/locales/ja/accounts.json";
import { registerConfirm as registerConfirmTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { registerConfirmAction, registerConfirmLoader } from "~/routes/__accounts/accounts-register.server";

export const handle = { i18n: ["common"], screenName: "accounts-register-confirm" };

export const meta = titleMeta(registerConfirmTitle);

export const loader = registerConfirmLoader;

export const action = registerConfirmAction;

export default function RegisterConfirmPage() {
  const { t } = useTexts({ accounts: accountsTexts, titles: { registerConfirm: registerConfirmTitle } });
  const { plan, schedule, freeUntil, terms, payment, bankName } = useLoaderData<typeof loader>();
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
            <li>{t("accounts.confirm.freeUntil", { join: date(schedule.join_date), end: date(freeUntil) })}</li>
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
