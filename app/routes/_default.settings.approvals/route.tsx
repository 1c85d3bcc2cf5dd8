import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmAction, ConfirmPage } from "~/components/forms/ConfirmAction";
import { useTexts } from "~/components/texts";
import approvalSettingsTexts from "~/locales/ja/approvalSettings.json";
import { approvalSettings as approvalSettingsTitle } from "~/locales/ja/titlesPages.json";
import { titleMeta } from "~/meta";
import { approvalSettingsAction, approvalSettingsLoader, type RuleReply, type RuleValues } from "~/routes/_default.settings.approvals/approval-settings-page.server";

export const handle = { i18n: ["common"], screenName: "settings-approvals" };

export const meta = titleMeta(approvalSettingsTitle);

export const loader = approvalSettingsLoader;

export const action = approvalSettingsAction;

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;
type KindData = PageData["kinds"][number];

const TEXTS = { approvals: approvalSettingsTexts };

/** One kind's rule: from which amount, on which basis, how many steps and who approves each, and self-approval. */
function RuleForm({ entry, data, reply }: { entry: KindData; data: PageData; reply: RuleReply | null }) {
  const { t } = useTexts(TEXTS);
  const values: RuleValues = reply?.values ?? entry.values;
  const id = (name: string) => `${entry.kind}-${name}`;
  const thresholdErrors = reply?.errors.threshold ?? [];
  const otherErrors = reply ? Object.entries(reply.errors).flatMap(([field, messages]) => (field === "threshold" ? [] : messages)) : [];
  return (
    <section className="card approval-rule" id={`rule-${entry.kind}`} aria-labelledby={id("heading")} data-testid={`approval-rule-${entry.kind}`}>
      <h2 id={id("heading")}>{entry.label}</h2>
      <p data-testid="approval-rule-summary">
        <strong>{entry.summary}</strong>
      </p>
      {/* A form per kind, so saving one never carries another's half-typed values. */}
      <Form method="post" key={reply ? JSON.stringify(reply.values) : "saved"}>
        <input type="hidden" name="kind" value={entry.kind} />
        {otherErrors.length > 0 ? (
          <ul className="form-errors" role="alert">
            {otherErrors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        ) : null}
        <div className="field">
          <label htmlFor={id("threshold")}>{t("approvals.threshold")}</label>
          <p className="field__hint" id={id("threshold-hint")}>
            {t("approvals.thresholdHint")}
          </p>
          <input
            id={id("threshold")}
            name="threshold"
            inputMode="numeric"
            required
            pattern="[0-9０-９,，]+"
            defaultValue={values.threshold}
            aria-invalid={thresholdErrors.length > 0 ? true : undefined}
            aria-describedby={thresholdErrors.length > 0 ? `${id("threshold-hint")} ${id("threshold-error")}` : id("threshold-hint")}
          />
          {thresholdErrors.length > 0 ? (
            <p className="field__error" id={id("threshold-error")}>
              {thresholdErrors.join(" ")}
            </p>
          ) : null}
        </div>
        <fieldset className="field">
          <legend>{t("approvals.basis")}</legend>
          {data.bases.map((basis) => (
            <label key={basis.id} className="field__choice">
              <input type="radio" name="amount_basis" value={basis.id} defaultChecked={values.amount_basis === basis.id} /> {basis.label}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={id("step-count")}>{t("approvals.stepCount")}</label>
          <select id={id("step-count")} name="step_count" defaultValue={values.step_count}>
            {data.steps.map((step) => (
              <option key={step} value={String(step)}>
                {t("approvals.stepsOption", { count: step })}
              </option>
            ))}
          </select>
          <p className="field__hint">{t("approvals.stepUnusedHint")}</p>
        </div>
        {data.steps.map((step) => {
          const stepValues = values.steps[step - 1]!;
          return (
            <fieldset key={step} className="field approval-rule__step" data-step={step}>
              <legend>{t("approvals.stepLegend", { step })}</legend>
              <label className="field__choice">
                <input type="radio" name={`step${step}_approver`} value="any_owner" defaultChecked={stepValues.approver === "any_owner"} /> {t("approvals.anyOwner")}
              </label>
              <label className="field__choice">
                <input type="radio" name={`step${step}_approver`} value="users" defaultChecked={stepValues.approver === "users"} /> {t("approvals.namedUsers")}
              </label>
              <ul className="approval-rule__users">
                {data.users.map((user) => (
                  <li key={user.code}>
                    <label className="field__choice">
                      <input type="checkbox" name={`step${step}_users`} value={user.code} defaultChecked={stepValues.users.includes(user.code)} /> {user.name}
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          );
        })}
        <label className="field__choice">
          <input type="checkbox" name="allow_self_approval" defaultChecked={values.allow_self_approval} /> {t("approvals.selfApproval")}
        </label>
        <p className="document-actions">
          <button type="submit" name="intent" value="save" className="button">
            {entry.words.save}
          </button>
        </p>
      </Form>
      {entry.saved ? (
        <p className="document-actions document-actions--danger">
          <ConfirmAction action="remove" label={entry.words.remove.button} words={entry.words.remove} query={`kind=${entry.kind}`} extra={<input type="hidden" name="kind" value={entry.kind} />} />
        </p>
      ) : null}
    </section>
  );
}

export default function ApprovalSettingsPage() {
  const { t } = useTexts(TEXTS);
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<{ rule?: RuleReply }>()?.rule ?? null;
  const removing = data.kinds.find((entry) => entry.kind === data.removing);
  if (removing) {
    return <ConfirmPage action="remove" words={removing.words.remove} backTo={`/settings/approvals#rule-${removing.kind}`} extra={<input type="hidden" name="kind" value={removing.kind} />} />;
  }
  return (
    <>
      <h1>{approvalSettingsTitle}</h1>
      <p>{t("approvals.settingsLead")}</p>
      <p>
        <Link to="/settings/approvals/audit" prefetch="none">
          {t("approvals.auditLink")}
        </Link>
      </p>
      {data.kinds.map((entry) => (
        <RuleForm key={entry.kind} entry={entry} data={data} reply={reply?.kind === entry.kind ? reply : null} />
      ))}
      <section className="card" aria-labelledby="recurring-heading" data-testid="approval-recurring">
        <h2 id="recurring-heading">{t("approvals.recurringHeading")}</h2>
        <Form method="post">
          <fieldset className="field">
            <legend>{t("approvals.recurringLead")}</legend>
            {data.recurring.modes.map((mode) => (
              <label key={mode} className="field__choice">
                <input type="radio" name="recurring_approval" value={mode} defaultChecked={data.recurring.value === mode} /> {t(`approvals.recurringModes.${mode}`)}
              </label>
            ))}
          </fieldset>
          <button type="submit" name="intent" value="recurring" className="button">
            {t("approvals.recurringSave")}
          </button>
        </Form>
      </section>
    </>
  );
}
