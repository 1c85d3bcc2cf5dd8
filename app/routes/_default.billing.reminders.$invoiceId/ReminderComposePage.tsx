import type { SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FieldErrors, FieldFrame } from "~/components/forms/field-frame";
import { useTexts } from "~/components/texts";
import reminderTexts from "~/locales/ja/reminders.json";
import { REMINDERS_PATH } from "../__reminders/paths";

type FormValues = { level: string; to: string; cc: string; subject: string; body: string; delivery: string; idempotency_key: string };

type Invoice = { id: number; number: string; customer: string; dueDate: string; days: number | null; amountDue: string; balance: string };

type HistoryEntry = {
  id: number;
  level: string;
  sentAt: string;
  sentBy: string;
  to: string;
  subject: string;
  body: string;
  status: "sending" | "sent" | "browsed" | "error";
  statusLabel: string;
  error: string | null;
};

type Confirm = { posted: FormValues; level: string; to: string; cc: string; subject: string; body: string; delivery: string };

export type ReminderActionData = { stage: "edit" | "confirm"; result: SubmissionResult<string[]> | null; confirm: Confirm | null };

type Props = {
  invoice: Invoice;
  refusal: string | null;
  defaultLevel: number | null;
  form: FormValues | null;
  history: HistoryEntry[];
  actionData: ReminderActionData | undefined;
};

const LEVELS = ["1", "2"] as const;
const DELIVERIES = ["attachment", "link"] as const;

const texts = { reminders: reminderTexts };

function InvoiceFacts({ invoice }: { invoice: Invoice }) {
  const { t } = useTexts(texts);
  const fact = (name: keyof typeof reminderTexts.compose.facts) => t(`reminders.compose.facts.${name}`);
  return (
    <dl className="facts card" data-testid="reminder-invoice">
      <dt>{fact("number")}</dt>
      <dd>
        <Link to={`/invoices/detail/${invoice.id}`} prefetch="none">
          {invoice.number}
        </Link>
      </dd>
      <dt>{fact("customer")}</dt>
      <dd>{invoice.customer}</dd>
      <dt>{fact("dueDate")}</dt>
      <dd>{invoice.dueDate}</dd>
      {invoice.days === null ? null : (
        <>
          <dt>{fact("days")}</dt>
          <dd>{t("reminders.compose.days", { days: invoice.days })}</dd>
        </>
      )}
      <dt>{fact("amountDue")}</dt>
      <dd className="reminder-amount">{invoice.amountDue}</dd>
      <dt>{fact("balance")}</dt>
      <dd className="reminder-amount">{invoice.balance}</dd>
    </dl>
  );
}

/** The template to start from: a GET form, so switching works without JavaScript and the URL says which. */
function LevelChoice({ level, defaultLevel }: { level: string; defaultLevel: number | null }) {
  const { t } = useTexts(texts);
  return (
    <Form method="get" className="card reminder-level" aria-labelledby="reminder-level-heading">
      <fieldset className="field">
        <legend id="reminder-level-heading">{t("reminders.compose.levelHeading")}</legend>
        {LEVELS.map((value) => (
          <label key={value} className="field__choice">
            <input type="radio" name="level" value={value} defaultChecked={level === value} /> {t(`reminders.compose.levels.${value}`)}
            {String(defaultLevel) === value ? t("reminders.compose.recommended") : null}
          </label>
        ))}
        <p className="field__hint">{t("reminders.compose.levelHint")}</p>
      </fieldset>
      <button type="submit" className="button button--secondary">
        {t("reminders.compose.useLevel")}
      </button>
    </Form>
  );
}

/** Recipients, subject and body as prefilled and editable; checked on the server, which answers with the confirmation. */
function ComposeForm({ form, result }: { form: FormValues; result: SubmissionResult<string[]> | null }) {
  const { t } = useTexts(texts);
  const typed = (result?.initialValue ?? {}) as Partial<Record<keyof FormValues, string>>;
  const value = (name: keyof FormValues) => (result ? typed[name] ?? "" : form[name]);
  const errors = (name: string) => result?.error?.[name] ?? undefined;
  const field = (name: keyof FormValues) => {
    const invalid = Boolean(errors(name)?.length);
    return {
      id: `reminder-${name}`,
      name,
      defaultValue: value(name),
      "aria-invalid": invalid || undefined,
      "aria-describedby": invalid ? `reminder-${name}-error` : undefined,
    };
  };
  return (
    <section className="card" aria-labelledby="reminder-form-heading">
      <h2 id="reminder-form-heading">{t("reminders.compose.formHeading")}</h2>
      <Form method="post" id="reminder-form" key={JSON.stringify(result ?? null)}>
        <input type="hidden" name="level" value={value("level") || form.level} />
        <input type="hidden" name="idempotency_key" value={value("idempotency_key") || form.idempotency_key} />
        <FieldFrame
          controlId="reminder-to"
          label={t("reminders.compose.to")}
          hint={t("reminders.compose.addressesHint")}
          errorId="reminder-to-error"
          errors={errors("to")}
        >
          <textarea {...field("to")} rows={2} />
        </FieldFrame>
        <FieldFrame controlId="reminder-cc" label={t("reminders.compose.cc")} errorId="reminder-cc-error" errors={errors("cc")}>
          <textarea {...field("cc")} rows={1} />
        </FieldFrame>
        <FieldFrame controlId="reminder-subject" label={t("reminders.compose.subject")} errorId="reminder-subject-error" errors={errors("subject")}>
          <input type="text" {...field("subject")} />
        </FieldFrame>
        <FieldFrame controlId="reminder-body" label={t("reminders.compose.body")} errorId="reminder-body-error" errors={errors("body")}>
          <textarea {...field("body")} rows={16} />
        </FieldFrame>
        <fieldset className="field" id="reminder-delivery">
          <legend>{t("reminders.compose.delivery")}</legend>
          {DELIVERIES.map((delivery) => (
            <label key={delivery} className="field__choice">
              <input type="radio" name="delivery" value={delivery} defaultChecked={value("delivery") === delivery} />{" "}
              {t(`reminders.compose.deliveries.${delivery}`)}
            </label>
          ))}
          <FieldErrors id="reminder-delivery-error" errors={errors("delivery")} />
        </fieldset>
        <button type="submit" name="intent" value="confirm" className="button">
          {t("reminders.compose.toConfirm")}
        </button>
      </Form>
    </section>
  );
}

const SHOWN_FIELDS = ["to", "cc", "subject", "body", "delivery"] as const;

/**
 * A refusal's messages at the top of the page, each a link to its field, with those of what the form does not show
 * (the level, the key, the API's). Beside the field alone the message was out of view at 375 px: below the fold
 * without JavaScript, above the button just pressed with it. With JavaScript it takes the focus, which scrolls it
 * into view.
 */
function RefusalSummary({ result }: { result: SubmissionResult<string[]> }) {
  const { t } = useTexts(texts);
  const summary = useRef<HTMLDivElement>(null);
  useEffect(() => summary.current?.focus(), [result]);
  const refusals = Object.entries(result.error ?? {}).flatMap(([name, messages]) => (messages ?? []).map((message) => ({ name, message })));
  if (refusals.length === 0) return null;
  return (
    <div className="card form-errors" role="alert" id="reminder-form-error" tabIndex={-1} ref={summary}>
      <p>{t("reminders.compose.refused")}</p>
      <ul>
        {refusals.map(({ name, message }) => (
          <li key={`${name} ${message}`}>
            {(SHOWN_FIELDS as readonly string[]).includes(name) ? (
              <a href={`#reminder-${name}`}>
                {t(`reminders.compose.${name as (typeof SHOWN_FIELDS)[number]}`)}：{message}
              </a>
            ) : (
              message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The final text before it goes: sending is irreversible, so it is shown once more; going back keeps everything typed. */
function ConfirmStep({ confirm, customer }: { confirm: Confirm; customer: string }) {
  const { t } = useTexts(texts);
  return (
    <section className="card reminder-confirm" aria-labelledby="reminder-confirm-heading">
      <h2 id="reminder-confirm-heading">{t("reminders.compose.confirmHeading")}</h2>
      <p>{t("reminders.compose.confirmText", { customer })}</p>
      <dl className="facts">
        <dt>{t("reminders.compose.level")}</dt>
        <dd>{confirm.level}</dd>
        <dt>{t("reminders.compose.to")}</dt>
        <dd data-testid="confirm-to">{confirm.to}</dd>
        {confirm.cc ? (
          <>
            <dt>{t("reminders.compose.cc")}</dt>
            <dd>{confirm.cc}</dd>
          </>
        ) : null}
        <dt>{t("reminders.compose.subject")}</dt>
        <dd data-testid="confirm-subject">{confirm.subject}</dd>
        <dt>{t("reminders.compose.delivery")}</dt>
        <dd>{confirm.delivery}</dd>
      </dl>
      <h3 className="reminder-confirm__body-heading">{t("reminders.compose.body")}</h3>
      <pre className="reminder-body" data-testid="confirm-body">
        {confirm.body}
      </pre>
      <Form method="post" className="button-row">
        {Object.entries(confirm.posted).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="intent" value="edit" className="button button--secondary">
          {t("reminders.compose.edit")}
        </button>
        <button type="submit" name="intent" value="send" className="button">
          {t("reminders.compose.send")}
        </button>
      </Form>
    </section>
  );
}

function History({ history }: { history: HistoryEntry[] }) {
  const { t } = useTexts(texts);
  return (
    <section className="card" aria-labelledby="reminder-history-heading">
      <h2 id="reminder-history-heading">{t("reminders.compose.historyHeading")}</h2>
      {history.length === 0 ? (
        <p>{t("reminders.compose.historyEmpty")}</p>
      ) : (
        <ol className="mail-history" data-testid="reminder-history">
          {history.map((entry) => (
            <li key={entry.id} className="reminder-history__entry">
              <p>
                <strong>{t("reminders.compose.historyEntry", { date: entry.sentAt, level: entry.level })}</strong>{" "}
                <span
                  className={`status-badge${entry.status === "error" ? " status-badge--error" : entry.status === "browsed" ? " status-badge--browsed" : ""}`}
                >
                  {entry.statusLabel}
                </span>
              </p>
              {entry.error ? <p className="field__error">{entry.error}</p> : null}
              <p>{entry.subject}</p>
              <p className="field__hint">
                <span>{t("reminders.compose.sentTo", { to: entry.to })}</span> <span>{t("reminders.compose.sentBy", { name: entry.sentBy })}</span>
              </p>
              <details>
                <summary>{t("reminders.compose.showBody")}</summary>
                <pre className="mail-history__body">{entry.body}</pre>
              </details>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** One invoice's reminders: its figures, the template and text to send (then the confirmation), and what was sent before. */
export function ReminderComposePage({ invoice, refusal, defaultLevel, form, history, actionData }: Props) {
  const { t } = useTexts(texts);
  const confirm = actionData?.stage === "confirm" ? actionData.confirm : null;
  return (
    <>
      <h1>
        {t("reminders.compose.heading")} <span className="reminder-number">{invoice.number}</span>
      </h1>
      <p>
        <Link to={REMINDERS_PATH} prefetch="none">
          {t("reminders.compose.back")}
        </Link>
      </p>
      <div className="reminder-layout">
        <div className="reminder-layout__main">
          {!refusal && !confirm && form && actionData?.result ? <RefusalSummary result={actionData.result} /> : null}
          <InvoiceFacts invoice={invoice} />
          {refusal ? (
            <p className="card reminder-refusal" data-testid="reminder-refusal">
              {refusal}
            </p>
          ) : confirm ? (
            <ConfirmStep confirm={confirm} customer={invoice.customer} />
          ) : form ? (
            <>
              <LevelChoice level={form.level} defaultLevel={defaultLevel} />
              <ComposeForm form={form} result={actionData?.result ?? null} />
            </>
          ) : null}
        </div>
        <div className="reminder-layout__side">
          <History history={history} />
        </div>
      </div>
    </>
  );
}
