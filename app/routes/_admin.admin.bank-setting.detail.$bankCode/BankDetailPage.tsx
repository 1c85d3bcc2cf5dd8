import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod";
import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { formatDateTimeJst, formatListDate } from "@domain/datetime";
import { ConfirmAction, ConfirmPage } from "~/components/forms/ConfirmAction";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { FieldErrors, FormErrors, FieldFrame } from "~/components/forms/field-frame";
import { useLiveValidation } from "~/components/forms/live-validation";
import { useTexts, type TFunction } from "~/components/texts";
import adminBanksTexts from "~/locales/ja/adminBanks.json";
import type { BankDetail, BankNotice } from "~/routes/__admin-banks/admin-banks.server";
import { AuditTrail } from "../__admin-banks/AuditTrail";
import { OnOffBadge } from "../__admin-banks/BankListPage";
import { ReservationTable } from "../__admin-banks/ReservationTable";
import { NOTICE_KINDS, type BankSettingsFormInput, type NoticeFormInput, type NoticeFormValue } from "@domain/admin-banks";
import { ScrollBox } from "../__admin-banks/ScrollBox";

type Constraint = ReturnType<typeof getZodConstraint>;
/** What the action answers: which of the page's forms it was, and conform's result for it. */
export type BankDetailActionData = { intent: string; result: SubmissionResult<string[]> } | undefined;

const yen = (amount: number) => `${amount.toLocaleString("ja-JP")}円`;

const SWITCHES = ["enable_payment_receive", "check_payment_method_filled", "is_payment_method_filled"] as const;

/** The bank config of SPEC §3: a form with the version it was read at for those who may change it, the values otherwise. */
function SettingsSection({ bank, lastResult, constraint }: { bank: BankDetail; lastResult: SubmissionResult<string[]> | undefined; constraint: Constraint }) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  const defaultValue: BankSettingsFormInput = {
    version: bank.version,
    ba_name: bank.ba_name,
    enable_payment_receive: bank.enable_payment_receive,
    check_payment_method_filled: bank.check_payment_method_filled,
    is_payment_method_filled: bank.is_payment_method_filled,
  };
  // Checked in the browser once loaded: without a check of its own, conform would send each blur to the action.
  const { onValidate, formProps } = useLiveValidation(() => import("./bank-settings-form-live"));
  const [form, fields] = useForm<BankSettingsFormInput>({
    id: "bank-settings",
    lastResult,
    defaultValue,
    constraint,
    onValidate,
    shouldValidate: "onBlur",
  });
  if (!bank.can_change) {
    return (
      <section className="card" aria-labelledby="config-title">
        <h2 id="config-title">{t("adminBanks.config.title")}</h2>
        <p className="field__hint">{t("adminBanks.readOnly")}</p>
        <dl className="details" data-testid="bank-config">
          <div>
            <dt>{t("adminBanks.config.ba_name")}</dt>
            <dd>{bank.ba_name}</dd>
          </div>
          {SWITCHES.map((name) => (
            <div key={name}>
              <dt>{t(`adminBanks.config.${name}`)}</dt>
              <dd>{bank[name] ? t("adminBanks.config.yes") : t("adminBanks.config.no")}</dd>
            </div>
          ))}
        </dl>
      </section>
    );
  }
  return (
    <section className="card" aria-labelledby="config-title">
      <h2 id="config-title">
        {t("adminBanks.config.title")} <span className="field__hint">{t("adminBanks.config.version", { version: bank.version })}</span>
      </h2>
      <Form method="post" {...getFormProps(form)} {...formProps} data-testid="bank-config-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="settings" />
        {/* The version typed against: a refused save keeps it, so saving again is refused until the page is reloaded. */}
        <input {...getInputProps(fields.version, { type: "hidden" })} key={fields.version.key} />
        <TextField meta={fields.ba_name} label={t("adminBanks.config.ba_name")} hint={t("adminBanks.config.ba_nameHint")} />
        {SWITCHES.map((name) => (
          <div className="field" key={name}>
            <label className="field__choice">
              <input
                {...getInputProps(fields[name], {
                  type: "checkbox",
                  value: "on",
                })}
                key={fields[name].key}
              />{" "}
              {t(`adminBanks.config.${name}`)}
            </label>
            {name === "enable_payment_receive" ? <p className="field__hint">{t("adminBanks.config.enable_payment_receiveHint")}</p> : null}
            <FieldErrors id={fields[name].errorId} errors={fields[name].errors} />
          </div>
        ))}
        <p>
          <button type="submit" className="button">
            {t("adminBanks.config.save")}
          </button>
        </p>
      </Form>
    </section>
  );
}

function PlansSection({ bank }: { bank: BankDetail }) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  return (
    <section className="card" aria-labelledby="plans-title">
      <h2 id="plans-title">{t("adminBanks.plans.title")}</h2>
      {bank.plans.length === 0 ? (
        <p>{t("adminBanks.plans.empty")}</p>
      ) : (
        <ScrollBox labelledBy="plans-title">
          <table className="table" data-testid="bank-plans">
            <thead>
              <tr>
                <th scope="col">{t("adminBanks.plans.name")}</th>
                <th scope="col" className="table__number">
                  {t("adminBanks.plans.amount")}
                </th>
                <th scope="col" className="table__number">
                  {t("adminBanks.plans.totalAmount")}
                </th>
                <th scope="col" className="table__number">
                  {t("adminBanks.plans.maxReceiveFiles")}
                </th>
              </tr>
            </thead>
            <tbody>
              {bank.plans.map((plan) => (
                <tr key={plan.plan_id}>
                  <th scope="row">{plan.plan_name}</th>
                  <td className="table__number">{yen(plan.amount)}</td>
                  <td className="table__number">{yen(plan.total_amount)}</td>
                  <td className="table__number">{plan.max_receive_files > 0 ? plan.max_receive_files.toLocaleString("ja-JP") : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}

function TermsSection({ bank }: { bank: BankDetail }) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  return (
    <section className="card" aria-labelledby="terms-title">
      <h2 id="terms-title">{t("adminBanks.terms.title")}</h2>
      {bank.terms.length === 0 ? (
        <p>{t("adminBanks.terms.empty")}</p>
      ) : (
        <ScrollBox labelledBy="terms-title">
          <table className="table" data-testid="bank-terms">
            <thead>
              <tr>
                <th scope="col">{t("adminBanks.terms.name")}</th>
                <th scope="col">{t("adminBanks.terms.version")}</th>
                <th scope="col">{t("adminBanks.terms.publishedAt")}</th>
              </tr>
            </thead>
            <tbody>
              {bank.terms.map((terms) => (
                <tr key={terms.id}>
                  <th scope="row">{terms.title}</th>
                  <td>{terms.version}</td>
                  <td>{formatDateTimeJst(terms.published_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}

const withdrawWords = (t: TFunction<{ adminBanks: typeof adminBanksTexts }>, notice: BankNotice) => ({
  title: t("adminBanks.notices.withdrawTitle", { title: notice.title }),
  body: t("adminBanks.notices.withdrawBody"),
  button: t("adminBanks.notices.withdraw"),
});

function NoticeForm({ lastResult, constraint }: { lastResult: SubmissionResult<string[]> | undefined; constraint: Constraint }) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  // As the settings form: without a check of its own, conform would send each blur to the action, and the loading
  // overlay of that round trip could take the release of a press on 「お知らせを登録する」 (ADR 041, a lost press).
  const { onValidate, formProps } = useLiveValidation(() => import("./notice-form-live"));
  const [form, fields] = useForm<NoticeFormInput, NoticeFormValue>({
    id: "bank-notice",
    lastResult,
    defaultValue: { kind: "info" },
    constraint,
    onValidate,
    shouldValidate: "onBlur",
  });
  const label = (name: keyof typeof adminBanksTexts.notices.fields) => t(`adminBanks.notices.fields.${name}`);
  const kind = getSelectProps(fields.kind);
  return (
    <details className="admin-notice-form" open={lastResult !== undefined}>
      <summary>{t("adminBanks.notices.add")}</summary>
      <Form method="post" {...getFormProps(form)} {...formProps}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="notice" />
        <FieldFrame controlId={fields.kind.id} label={label("kind")} errorId={fields.kind.errorId} errors={fields.kind.errors}>
          <select {...kind} key={kind.key}>
            {NOTICE_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`adminBanks.notices.kinds.${value}`)}
              </option>
            ))}
          </select>
        </FieldFrame>
        <TextField meta={fields.title} label={label("title")} />
        <TextAreaField meta={fields.body} label={label("body")} rows={3} />
        <div className="field-row">
          <DateTimeField meta={fields.starts_at} label={label("starts_at")} hint={t("adminBanks.notices.windowHint")} />
          <DateTimeField meta={fields.ends_at} label={label("ends_at")} />
        </div>
        <div className="field-row">
          <TextField meta={fields.publish_from} label={label("publish_from")} type="date" />
          <TextField meta={fields.publish_until} label={label("publish_until")} type="date" hint={t("adminBanks.notices.untilHint")} />
        </div>
        <p>
          <button type="submit" className="button">
            {t("adminBanks.notices.submit")}
          </button>
        </p>
      </Form>
    </details>
  );
}

/** A datetime-local field (a maintenance window, Japan time), labelled like the others. */
function DateTimeField({ meta, label, hint }: { meta: Parameters<typeof getInputProps>[0]; label: string; hint?: string }) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getInputProps(meta, {
    type: "datetime-local",
    ariaDescribedBy: hintId,
  });
  return (
    <FieldFrame controlId={meta.id} label={label} hint={hint} errorId={meta.errorId} errors={meta.errors}>
      <input {...props} key={props.key} />
    </FieldFrame>
  );
}

function NoticesSection({ bank, lastResult, constraint }: { bank: BankDetail; lastResult: SubmissionResult<string[]> | undefined; constraint: Constraint }) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  const location = useLocation();
  return (
    <section className="card" aria-labelledby="notices-title">
      <h2 id="notices-title">{t("adminBanks.notices.title")}</h2>
      {bank.notices.length === 0 ? (
        <p>{t("adminBanks.notices.empty")}</p>
      ) : (
        <ScrollBox labelledBy="notices-title">
          <table className="table" data-testid="bank-notices">
            <thead>
              <tr>
                <th scope="col">{t("adminBanks.notices.subject")}</th>
                <th scope="col">{t("adminBanks.notices.kind")}</th>
                <th scope="col">{t("adminBanks.notices.period")}</th>
                <th scope="col">{t("adminBanks.notices.window")}</th>
                <th scope="col">{t("adminBanks.notices.status")}</th>
                {bank.can_change ? (
                  <th scope="col">
                    <span className="visually-hidden">{t("adminBanks.notices.actions")}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {bank.notices.map((notice) => (
                <tr key={notice.id}>
                  <th scope="row">{notice.title}</th>
                  <td>{t(`adminBanks.notices.kinds.${notice.kind}`)}</td>
                  <td className="table__nowrap">
                    {formatListDate(notice.publish_from)}〜{notice.publish_until ? formatListDate(notice.publish_until) : ""}
                  </td>
                  <td>{notice.starts_at && notice.ends_at ? `${formatDateTimeJst(notice.starts_at)}〜${formatDateTimeJst(notice.ends_at)}` : "—"}</td>
                  <td>
                    <span className={`admin-badge admin-badge--${notice.status}`}>{t(`adminBanks.notices.statuses.${notice.status}`)}</span>
                  </td>
                  {bank.can_change ? (
                    <td>
                      {notice.status === "withdrawn" ? null : (
                        <ConfirmAction
                          key={location.key}
                          action={`withdraw-notice-${notice.id}`}
                          label={t("adminBanks.notices.withdraw")}
                          words={withdrawWords(t, notice)}
                          extra={<input type="hidden" name="version" value={String(notice.version)} />}
                        />
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {bank.can_change ? (
        <NoticeForm
          // A new notice listed starts an empty form.
          key={bank.notices.length}
          lastResult={lastResult}
          constraint={constraint}
        />
      ) : null}
    </section>
  );
}

/** A bank's settings page: config, plans with amounts, terms versions, notices, free-trial reservations and the audit trail. */
export function BankDetailPage({
  title,
  bank,
  constraints,
  actionData,
}: {
  title: string;
  bank: BankDetail;
  constraints: { settings: Constraint; notice: Constraint };
  actionData: BankDetailActionData;
}) {
  const { t } = useTexts({ adminBanks: adminBanksTexts });
  const [searchParams] = useSearchParams();
  const base = `/admin/bank-setting/detail/${bank.bank_code}`;
  const confirming = bank.can_change ? /^withdraw-notice-(\d+)$/.exec(searchParams.get("confirm") ?? "") : null;
  const notice = confirming ? bank.notices.find((entry) => entry.id === Number(confirming[1]) && entry.status !== "withdrawn") : undefined;
  if (notice) {
    return (
      <ConfirmPage
        action={`withdraw-notice-${notice.id}`}
        words={withdrawWords(t, notice)}
        backTo={base}
        extra={<input type="hidden" name="version" value={String(notice.version)} />}
      />
    );
  }
  const resultFor = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <>
      <h1>
        {title}
        <span className="admin-subtitle">
          {bank.bank_code} {bank.name}
        </span>{" "}
        <OnOffBadge
          on={bank.enable_payment_receive}
          onText={`${t("adminBanks.columns.receive")} ${t("adminBanks.on")}`}
          offText={`${t("adminBanks.columns.receive")} ${t("adminBanks.off")}`}
        />
      </h1>
      <div className="admin-detail">
        <div className="admin-detail__main">
          <SettingsSection bank={bank} lastResult={resultFor("settings")} constraint={constraints.settings} />
          <section className="card" aria-labelledby="reservations-title">
            <h2 id="reservations-title">{t("adminBanks.reservations.title")}</h2>
            <p className="field__hint">{t("adminBanks.reservations.lead")}</p>
            {bank.can_change ? (
              <p>
                <Link to={`${base}/free-trial-reservation/create`} className="button" prefetch="none">
                  {t("adminBanks.reservations.create")}
                </Link>
              </p>
            ) : null}
            <ReservationTable bankCode={bank.bank_code} reservations={bank.reservations} />
          </section>
          <NoticesSection bank={bank} lastResult={resultFor("notice")} constraint={constraints.notice} />
          <PlansSection bank={bank} />
          <TermsSection bank={bank} />
        </div>
        <div className="admin-detail__side">
          <AuditTrail entries={bank.audit} />
        </div>
      </div>
      <p>
        <Link to="/admin/bank-setting/list" prefetch="none">
          {t("adminBanks.back")}
        </Link>
      </p>
    </>
  );
}
