import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { formatJapaneseDate } from "@domain/datetime";
import { yen } from "~/routes/__accounts/plans";
import { FormErrors } from "~/components/forms/field-frame";
import { useTexts } from "~/components/texts";
import accountsTexts from "~/locales/ja/accounts.json";
import { accountSettings as accountSettingsTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { settingsAction, settingsLoader } from "~/routes/__accounts/accounts-settings.server";

export const handle = { i18n: ["common"], screenName: "accounts-settings" };

export const meta = titleMeta(accountSettingsTitle);

export const loader = settingsLoader;

export const action = settingsAction;

export default function AccountSettingsPage() {
  const { t } = useTexts({ accounts: accountsTexts, titles: { accountSettings: accountSettingsTitle } });
  const { bankName, plan, changes } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const date = (value: string | null) => (value ? formatJapaneseDate(value) : "—");
  const statusText = t(`accounts.settings.statuses.${plan.status}`, {
    date: date(plan.status === "cancellation_pending" || plan.status === "ended" ? plan.withdrawalDate : plan.startDate),
    months: plan.campaignMonths ?? 0,
  });
  const open = plan.status !== "cancellation_pending" && plan.status !== "ended";
  return (
    <>
      <h1>{t("titles.accountSettings")}</h1>
      <FormErrors id="account-errors" errors={refused?.errors} />
      <section className="card">
        <h2>{t("accounts.settings.planHeading")}</h2>
        <dl className="facts" data-testid="plan-facts">
          <dt>{t("accounts.settings.plan")}</dt>
          <dd>{plan.name}</dd>
          <dt>{t("accounts.settings.amount")}</dt>
          <dd>{t("accounts.monthly", { amount: yen(plan.amount), total: yen(plan.totalAmount) })}</dd>
          <dt>{t("accounts.settings.status")}</dt>
          <dd data-testid="plan-status">{statusText}</dd>
          <dt>{t("accounts.settings.thisMonth")}</dt>
          <dd>{t("accounts.taxIncluded", { amount: yen(plan.currentTotalAmount) })}</dd>
          <dt>{t("accounts.settings.joinDate")}</dt>
          <dd>{date(plan.joinDate)}</dd>
          <dt>{t("accounts.settings.startDate")}</dt>
          <dd>{date(plan.startDate)}</dd>
          <dt>{t("accounts.settings.receiveUsage")}</dt>
          <dd>{plan.receives ? t("accounts.settings.receiveUsageValue", { used: 0, max: yen(plan.maxReceiveFiles) }) : t("accounts.settings.noReceive")}</dd>
        </dl>
      </section>

      <section className="card">
        <h2>{t("accounts.settings.actionsHeading")}</h2>
        {plan.status === "cancellation_pending" ? (
          <Form method="post">
            <p>{t("accounts.settings.pendingLead", { date: date(plan.withdrawalDate) })}</p>
            <input type="hidden" name="version" value={plan.version} />
            <button type="submit" className="button">
              {t("accounts.settings.withdraw")}
            </button>
          </Form>
        ) : null}
        {plan.status === "ended" ? (
          <p>
            <Link to="/accounts/register" className="button" prefetch="none">
              {t("accounts.settings.registerAgain")}
            </Link>
          </p>
        ) : null}
        {open ? (
          <>
            {plan.nextChangeOn ? (
              <p data-testid="next-plan-change">{t("accounts.settings.changedThisMonth", { date: date(plan.changedOn), next: date(plan.nextChangeOn) })}</p>
            ) : changes.addplan || changes.changeplan ? (
              <p className="button-row">
                {changes.addplan ? (
                  <Link to="/accounts/register/addplan" className="button" prefetch="none">
                    {t("accounts.settings.addplan")}
                  </Link>
                ) : null}{" "}
                {changes.changeplan ? (
                  <Link to="/accounts/register/changeplan" className={changes.addplan ? "button button--secondary" : "button"} prefetch="none">
                    {t("accounts.settings.changeplan")}
                  </Link>
                ) : null}
              </p>
            ) : (
              <p>{t("accounts.settings.noOtherPlan")}</p>
            )}
            <p className="button-row button-row--danger">
              <Link to="/accounts/settings/unregister/confirm" className="button button--danger-outline" prefetch="none">
                {t("accounts.settings.unregister")}
              </Link>
            </p>
          </>
        ) : null}
      </section>
      <p>
        {t("accounts.settings.termsLinks")}：
        <Link to="/terms/chohyo-term" prefetch="none">
          {t("accounts.settings.productTerms", { bankName })}
        </Link>{" "}
        <Link to="/terms/kokopelli-id-term" prefetch="none">
          {t("accounts.settings.idTerms")}
        </Link>
      </p>
    </>
  );
}
