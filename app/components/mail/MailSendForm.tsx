import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MAIL_DELIVERIES, mailRequestSchema } from "@domain/mail";
import { FieldErrors } from "~/components/forms/FieldErrors";
import { FormErrors } from "~/components/forms/FormErrors";
import { parseForm } from "~/components/forms/parse-form";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { TextField } from "~/components/forms/TextField";

export type MailFormValues = { to: string; cc: string; subject: string; body: string; delivery: "attachment" | "link" };

/**
 * Send the document: recipients from the customer, subject and body from the
 * document settings' templates, the PDF attached or a link. A refused send
 * comes back with everything typed.
 */
export function MailSendForm({ defaultValue, lastResult }: { defaultValue: MailFormValues; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "mail-send",
    lastResult,
    defaultValue,
    constraint: getZodConstraint(mailRequestSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, mailRequestSchema),
  });
  return (
    <section className="card" aria-labelledby="mail-heading">
      <h2 id="mail-heading">{t("mail.heading")}</h2>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextAreaField meta={fields.to} label={t("mail.to")} hint={t("mail.addressesHint")} rows={2} />
        <TextAreaField meta={fields.cc} label={t("mail.cc")} rows={1} />
        <TextField meta={fields.subject} label={t("mail.subject")} />
        <TextAreaField meta={fields.body} label={t("mail.body")} rows={8} />
        <fieldset className="field" aria-describedby={fields.delivery.errorId}>
          <legend>{t("mail.delivery")}</legend>
          {MAIL_DELIVERIES.map((delivery) => {
            const props = getInputProps(fields.delivery, { type: "radio", value: delivery.id });
            return (
              <label key={delivery.id} className="field__choice">
                <input {...props} key={props.key} /> {delivery.label}
              </label>
            );
          })}
          <FieldErrors id={fields.delivery.errorId} errors={fields.delivery.errors} />
        </fieldset>
        <p className="field__hint">{t("mail.sendHint")}</p>
        <button type="submit" name="intent" value="send" className="button">
          {t("mail.send")}
        </button>
      </Form>
    </section>
  );
}
