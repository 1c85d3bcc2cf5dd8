import type { SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import mailSendTexts from "~/locales/ja/mailSend.json";
import { FieldErrors } from "~/components/forms/FieldErrors";
import { FieldFrame } from "~/components/forms/FieldFrame";
import { FormErrors } from "~/components/forms/FormErrors";

export type MailFormValues = { to: string; cc: string; subject: string; body: string; delivery: "attachment" | "link" };

const DELIVERIES = ["attachment", "link"] as const;

/**
 * Send the document: recipients from the customer, subject and body from the
 * document settings' templates, the PDF attached or a link. Checked on the
 * server only, so the detail page — opened far more often than a mail is
 * sent — loads no validation library; a refused send comes back with
 * everything typed and each message beside its field.
 */
export function MailSendForm({ defaultValue, lastResult }: { defaultValue: MailFormValues; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTexts({ mail: mailSendTexts });
  const typed = (lastResult?.initialValue ?? {}) as Partial<Record<keyof MailFormValues, string>>;
  const value = (name: keyof MailFormValues) => (lastResult ? (typed[name] ?? "") : defaultValue[name]);
  const errors = (name: string) => lastResult?.error?.[name] ?? undefined;
  // A new answer from the server re-renders the fields with what it kept.
  const key = JSON.stringify(lastResult ?? null);
  const field = (name: keyof MailFormValues) => {
    const invalid = Boolean(errors(name)?.length);
    return { id: `mail-${name}`, name, defaultValue: value(name), "aria-invalid": invalid || undefined, "aria-describedby": invalid ? `mail-${name}-error` : undefined };
  };
  return (
    <section className="card" aria-labelledby="mail-heading">
      <h2 id="mail-heading">{t("mail.heading")}</h2>
      <Form method="post" id="mail-send" key={key}>
        <FormErrors id="mail-send-error" errors={errors("")} />
        <FieldFrame controlId="mail-to" label={t("mail.to")} hint={t("mail.addressesHint")} errorId="mail-to-error" errors={errors("to")}>
          <textarea {...field("to")} rows={2} />
        </FieldFrame>
        <FieldFrame controlId="mail-cc" label={t("mail.cc")} errorId="mail-cc-error" errors={errors("cc")}>
          <textarea {...field("cc")} rows={1} />
        </FieldFrame>
        <FieldFrame controlId="mail-subject" label={t("mail.subject")} errorId="mail-subject-error" errors={errors("subject")}>
          <input type="text" {...field("subject")} />
        </FieldFrame>
        <FieldFrame controlId="mail-body" label={t("mail.body")} errorId="mail-body-error" errors={errors("body")}>
          <textarea {...field("body")} rows={8} />
        </FieldFrame>
        <fieldset className="field">
          <legend>{t("mail.delivery")}</legend>
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
