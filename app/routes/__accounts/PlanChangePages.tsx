import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatJapaneseDate } from "@domain/datetime";
import { FormErrors } from "~/components/forms/field-frame";
import { useTexts } from "~/components/texts";
import accountsTexts from "~/locales/ja/accounts.json";
import { addplan, addplanConfirm, changeplan, changeplanConfirm } from "~/locales/ja/titlesAccounts.json";
import type { planChoiceLoader, planConfirmAction, planConfirmLoader } from "~/routes/__accounts/plan-change-pages.server";
import { PlanChoices, PlanFacts, Steps } from "./plans";

/** The first step of addplan or changeplan: choose the new plan (a GET form, so it needs no JavaScript and keeps no state). */
export function PlanChoicePage() {
  const { t } = useTexts({ accounts: accountsTexts, titles: { addplan, addplanConfirm, changeplan, changeplanConfirm } });
  const { kind, currentPlan, plans, chosen, addplanInstead } = useLoaderData<Awaited<ReturnType<typeof planChoiceLoader>>>();
  return (
    <>
      <h1>{t(`titles.${kind}`)}</h1>
      <Steps current="input" />
      <p>{t(`accounts.change.${kind}Lead`)}</p>
      {currentPlan ? (
        <p className="card">
          {t("accounts.change.current")}：<strong>{currentPlan.plan_name}</strong> <PlanFacts plan={currentPlan} />
        </p>
      ) : null}
      {plans.length === 0 ? (
        <div className="card">
          <p>{t("accounts.change.none")}</p>
          {addplanInstead ? (
            <p>
              {t("accounts.change.addplanInstead")}{" "}
              <Link to="/accounts/register/addplan" prefetch="none">
                {t("accounts.settings.addplan")}
              </Link>
            </p>
          ) : null}
        </div>
      ) : (
        <Form method="get" action={`/accounts/register/${kind}/confirm`} className="card">
          <h2>{t("accounts.change.choose")}</h2>
          <PlanChoices plans={plans} selected={chosen} errorId={`${kind}-plan-error`} />
          <p className="form-footer">
            <Link to="/accounts/settings" className="button button--secondary" prefetch="none">
              {t("accounts.reserved.back")}
            </Link>{" "}
            <button type="submit" className="button">
              {t("accounts.change.next")}
            </button>
          </p>
        </Form>
      )}
    </>
  );
}

/** The confirmation: amounts before and after, and from which day the new amount is charged. */
export function PlanConfirmPage() {
  const { t } = useTexts({ accounts: accountsTexts, titles: { addplan, addplanConfirm, changeplan, changeplanConfirm } });
  const { kind, currentPlan, plan, version, chargedFrom } = useLoaderData<Awaited<ReturnType<typeof planConfirmLoader>>>();
  const refused = useActionData<Awaited<ReturnType<typeof planConfirmAction>>>() as { errors?: string[] } | undefined;
  return (
    <>
      <h1>{t(`titles.${kind}Confirm`)}</h1>
      <Steps current="confirm" />
      <FormErrors id="plan-change-errors" errors={refused?.errors} />
      <table className="table plan-comparison">
        <caption className="visually-hidden">{t(`titles.${kind}Confirm`)}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{t("accounts.change.before")}</th>
            <th scope="col">{t("accounts.change.after")}</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">{t("accounts.settings.plan")}</th>
            <td>{currentPlan?.plan_name ?? ""}</td>
            <td>
              <strong>{plan.plan_name}</strong>
            </td>
          </tr>
          <tr>
            <th scope="row">{t("accounts.settings.amount")}</th>
            <td>{currentPlan ? <PlanFacts plan={currentPlan} /> : null}</td>
            <td>
              <PlanFacts plan={plan} />
            </td>
          </tr>
        </tbody>
      </table>
      <p>{t("accounts.change.appliesAt", { date: formatJapaneseDate(chargedFrom) })}</p>
      <p>{t("accounts.change.onceAMonth")}</p>
      <Form method="post" className="form-footer">
        <input type="hidden" name="plan_id" value={plan.plan_id} />
        <input type="hidden" name="version" value={version} />
        <Link to={`/accounts/register/${kind}?plan_id=${plan.plan_id}`} className="button button--secondary" prefetch="none">
          {t("accounts.change.back")}
        </Link>{" "}
        <button type="submit" className="button">
          {t("accounts.change.submit")}
        </button>
      </Form>
    </>
  );
}
