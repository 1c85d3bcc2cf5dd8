import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { textsOf } from "~/components/texts";
import type mailSendTexts from "~/locales/ja/mailSend.json";
import { FieldErrors, FieldFrame, FormErrors } from "~/components/forms/field-frame";
import { checkedControls } from "./CheckedFields";

export type MailFormValues = { to: string; cc: string; subject: string; body: string; delivery: "attachment" | "link" };

const DELIVERIES = ["attachment", "link"] as const;

/**
 * Send the document: recipients from the customer, subject and body from the
 * document settings' templates, the PDF attached or a link. Checked on the
 * server only, so the detail page — opened far more often than a mail is
 * sent — loads no validation library; a refused send comes back with
 * everything typed and each message beside its field.
 */
export function MailSendForm({
  defaultValue,
  words,
  lastResult,
}: {
  defaultValue: MailFormValues;
  /** The form's words (mailSend.json) and the names of a mail's fields (which the send history shows too), from the loader. */
  words: Omit<typeof mailSendTexts, "historyLink"> & Record<"to" | "cc" | "body" | "delivery", string>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = textsOf({ mail: words });
  const typed = (lastResult?.initialValue ?? {}) as Partial<Record<keyof MailFormValues, string>>;
  const value = (name: keyof MailFormValues) => (lastResult ? (typed[name] ?? "") : defaultValue[name]);
  const errors = (name: string) => lastResult?.error?.[name] ?? undefined;
  const control = checkedControls("mail", value, errors);
  // A new answer from the server re-renders the fields with what it kept.
  const key = JSON.stringify(lastResult ?? null);
  return (
    <section className="card" aria-labelledby="mail-heading">
      <h2 id="mail-heading">{t("mail.heading")}</h2>
      <Form method="post" id="mail-send" key={key}>
        <FormErrors id="mail-send-error" errors={errors("")} />
        <FieldFrame controlId="mail-to" label={words.to} hint={t("mail.addressesHint")} errorId="mail-to-error" errors={errors("to")}>
          <textarea {...control("to", true)} rows={2} />
        </FieldFrame>
        <FieldFrame controlId="mail-cc" label={words.cc} errorId="mail-cc-error" errors={errors("cc")}>
          <textarea {...control("cc")} rows={1} />
        </FieldFrame>
        <FieldFrame controlId="mail-subject" label={t("mail.subject")} errorId="mail-subject-error" errors={errors("subject")}>
          <input type="text" {...control("subject")} />
        </FieldFrame>
        <FieldFrame controlId="mail-body" label={words.body} errorId="mail-body-error" errors={errors("body")}>
          <textarea {...control("body")} rows={8} />
        </FieldFrame>
        <fieldset className="field">
          <legend>{words.delivery}</legend>
          {DELIVERIES.map((delivery) => (
            <label key={delivery} className="field__choice">
              <input type="radio" name="delivery" value={delivery} defaultChecked={value("delivery") === delivery} /> {t(`mail.deliveries.${delivery}`)}
            </label>
          ))}
          <FieldErrors id="mail-delivery-error" errors={errors("delivery")} />
        </fieldset>
        <p className="field__hint">{t("mail.sendHint")}</p>
        <button type="submit" name="intent" value="send" className="button">
          {t("mail.send")}
        </button>
      </Form>
    </section>
  );
}
