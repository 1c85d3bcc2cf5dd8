import { formatDecimal } from "@domain/decimal-display";
import { useTexts } from "~/components/texts";
import accountsTexts from "~/locales/ja/accounts.json";
import type { OfferedPlan } from "~/routes/__accounts/accounts.server";

const yen = (amount: number) => formatDecimal(String(amount));

/** 「月額 2,000円（税込 2,200円）」 and what the plan holds. */
export function PlanFacts({ plan }: { plan: OfferedPlan }) {
  const { t } = useTexts({ accounts: accountsTexts });
  return (
    <>
      <span className="plan__amount">{t("accounts.monthly", { amount: yen(plan.amount), total: yen(plan.total_amount) })}</span>
      <span className="plan__limit">{plan.max_receive_files > 0 ? t("accounts.maxReceiveFiles", { count: yen(plan.max_receive_files) }) : t("accounts.issueOnly")}</span>
    </>
  );
}

/** The plans to choose from, as radio buttons; works as a plain form field without JavaScript. */
export function PlanChoices({
  plans,
  name = "plan_id",
  selected,
  errorId,
  errors,
}: {
  plans: OfferedPlan[];
  name?: string;
  selected: number | null;
  errorId: string;
  errors?: string[];
}) {
  const { t } = useTexts({ accounts: accountsTexts });
  return (
    <fieldset className="field plan-choices" aria-describedby={errors ? errorId : undefined}>
      <legend>{t("accounts.register.plan")}</legend>
      {plans.map((plan) => (
        <label key={plan.plan_id} className="plan">
          <input type="radio" name={name} value={plan.plan_id} defaultChecked={plan.plan_id === selected} required />
          <span className="plan__name">{plan.plan_name}</span>
          <PlanFacts plan={plan} />
        </label>
      ))}
      {errors ? (
        <p id={errorId} className="field__error">
          {errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Where the person is in a flow of input, confirmation and completion. */
export function Steps({ current }: { current: "input" | "confirm" | "done" }) {
  const { t } = useTexts({ accounts: accountsTexts });
  const steps = ["input", "confirm", "done"] as const;
  return (
    <ol className="steps" aria-label={t("accounts.steps.label")}>
      {steps.map((step) => (
        <li key={step} className={step === current ? "steps__step is-current" : "steps__step"} aria-current={step === current ? "step" : undefined}>
          {t(`accounts.steps.${step}`)}
        </li>
      ))}
    </ol>
  );
}

export { yen };
