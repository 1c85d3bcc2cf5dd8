import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { accountVersionInputSchema } from "@domain/account-input";
import { formatJapaneseDate } from "@domain/datetime";
import { isReceivePlan, sameMonth } from "@domain/plans";
import { todayJst } from "@domain/datetime";
import { yen } from "~/components/accounts/plans";
import { FormErrors } from "~/components/forms/FormErrors";
import { useTexts } from "~/components/texts";
import accountsTexts from "~/locales/ja/accounts.json";
import { accountSettings as accountSettingsTitle } from "~/locales/ja/titlesAccounts.json";
import { titleMeta } from "~/meta";
import { getPlanInfo, userAfterPlanChange, withdrawCancellation } from "~/services/accounts.server";
import { requireOwnerCaller } from "~/services/api-caller.server";
import { remixI18next } from "~/services/i18n.server";
import { PaymentApiValidationError } from "~/services/payment-api.server";
import { readFormData } from "~/services/read-form.server";
import { redirectWithNotice } from "~/services/session.server";

const SCREEN_NAME = "accounts-settings";

export const handle = { i18n: ["common"], screenName: SCREEN_NAME };

export const meta = titleMeta(accountSettingsTitle);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, caller } = await requireOwnerCaller(request, context, SCREEN_NAME);
  const plan = await getPlanInfo(caller);
  return {
    bankName: user.bankName,
    plan: {
      name: plan.plan_name,
      planId: plan.plan_id,
      status: plan.status,
      amount: plan.amount,
      totalAmount: plan.total_amount,
      currentTotalAmount: plan.current_total_amount,
      joinDate: plan.join_date,
      startDate: plan.start_date,
      withdrawalDate: plan.withdrawal_date,
      retainedUntil: plan.retained_until,
      campaignMonths: plan.applied_campaign_num_of_months,
      changedOn: plan.plan_changed_on,
      maxReceiveFiles: plan.max_receive_files,
      version: plan.version,
    },
    today: todayJst(),
  };
}

/** 「解約を取り消す」: not destructive (it keeps the service), so it needs no confirmation step. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user, caller } = await requireOwnerCaller(request, context, SCREEN_NAME);
  const parsed = accountVersionInputSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ errors: ["もう一度お試しください。"] }, { status: 400 });
  try {
    await withdrawCancellation(caller, parsed.data.version);
  } catch (error) {
    if (error instanceof PaymentApiValidationError) return data({ errors: [error.message] }, { status: error.status });
    throw error;
  }
  const t = await remixI18next.getFixedT(request);
  return redirectWithNotice(request, "/accounts/settings", "success", t("accounts.settings.withdrawn"), await userAfterPlanChange(caller, user));
}

export default function AccountSettingsPage() {
  const { t } = useTexts({ accounts: accountsTexts, titles: { accountSettings: accountSettingsTitle } });
  const { bankName, plan, today } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const date = (value: string | null) => (value ? formatJapaneseDate(value) : "—");
  const statusText = t(`accounts.settings.statuses.${plan.status}`, {
    date: date(plan.status === "cancellation_pending" || plan.status === "ended" ? plan.withdrawalDate : plan.startDate),
    months: plan.campaignMonths ?? 0,
  });
  const changedThisMonth = plan.changedOn !== null && sameMonth(plan.changedOn, today);
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
          <dd>{isReceivePlan(plan.planId) ? t("accounts.settings.receiveUsageValue", { used: 0, max: yen(plan.maxReceiveFiles) }) : t("accounts.settings.noReceive")}</dd>
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
            {changedThisMonth ? <p>{t("accounts.settings.changedThisMonth", { date: date(plan.changedOn) })}</p> : null}
            <p className="button-row">
              {isReceivePlan(plan.planId) ? null : (
                <Link to="/accounts/register/addplan" className="button" prefetch="none">
                  {t("accounts.settings.addplan")}
                </Link>
              )}{" "}
              <Link to="/accounts/register/changeplan" className="button button--secondary" prefetch="none">
                {t("accounts.settings.changeplan")}
              </Link>
            </p>
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
