import { getCollectionProps, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import devTexts from "~/locales/ja/dev.json";
import { devNotice as devNoticeTitle } from "~/locales/ja/titlesPages.json";
import { z } from "zod";
import { capitalLetters, integer, numeric } from "@domain/validation-messages";
import { FieldErrors } from "~/components/forms/field-frame";
import { parseForm } from "~/components/forms/parse-form";
import { useRestoredForm } from "~/components/forms/restored-form";
import { titleMeta } from "~/meta";
import { remixI18next } from "~/services/i18n.server";
import { requireCompanyUser, requireDevRoutes } from "~/services/route-checks.server";
import { redirectWithNotice } from "~/services/session.server";

/**
 * Development and test page, signed in like every business form: leaves a
 * notice through the session (flash), shows the default validation messages
 * on a form of every rule, and gets its input back after an expired sign-in.
 */
export const handle = { i18n: ["common"], screenName: "dev-notice" };

export const meta = titleMeta(devNoticeTitle);

const noticeSchema = z.object({
  intent: z.literal("notice"),
  type: z.enum(["success", "error"]),
  message: z.string().max(100),
});

const validationSchema = z.object({
  intent: z.literal("validate"),
  name: z.string().max(20),
  email: z.string().email(),
  code: capitalLetters(z.string().max(5)),
  quantity: integer(),
  postalCode: numeric(z.string().length(7)),
  colors: z.array(z.enum(["red", "blue"])).min(1),
});

const schema = z.discriminatedUnion("intent", [noticeSchema, validationSchema]);

export function loader({ request }: LoaderFunctionArgs) {
  requireDevRoutes(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  requireDevRoutes(request);
  await requireCompanyUser(request);
  const submission = parseForm(await request.formData(), schema);
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  const path = new URL(request.url).pathname;
  if (submission.value.intent === "notice") {
    return redirectWithNotice(request, path, submission.value.type, submission.value.message);
  }
  const t = await remixI18next.getFixedT(request);
  return redirectWithNotice(request, path, "success", t("dev.validation.saved", { name: submission.value.name }));
}

export default function DevNoticePage() {
  const { t } = useTexts({ dev: devTexts, titles: { devNotice: devNoticeTitle } });
  const lastResult = useActionData<typeof action>();
  const restored = useRestoredForm();
  const [form, fields] = useForm({
    id: "validation",
    lastResult,
    // The kept input is what this form posted, so it has this form's fields.
    defaultValue: restored?.intent === "validate" ? (restored as z.input<typeof validationSchema>) : undefined,
    constraint: getZodConstraint(validationSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, validationSchema),
  });
  const textFields = [
    { field: fields.name, label: t("dev.validation.name"), type: "text" as const },
    { field: fields.email, label: t("dev.validation.email"), type: "email" as const },
    { field: fields.code, label: t("dev.validation.code"), type: "text" as const },
    { field: fields.quantity, label: t("dev.validation.quantity"), type: "text" as const },
    { field: fields.postalCode, label: t("dev.validation.postalCode"), type: "text" as const },
  ];

  return (
    <>
      <h1>{t("titles.devNotice")}</h1>
      <Form method="post" className="card">
        <p>{t("dev.notice.lead")}</p>
        <input type="hidden" name="intent" value="notice" />
        <fieldset className="field">
          <legend>{t("dev.notice.type")}</legend>
          <label>
            <input type="radio" name="type" value="success" defaultChecked /> {t("dev.notice.success")}
          </label>
          <label>
            <input type="radio" name="type" value="error" /> {t("dev.notice.error")}
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor="notice-message">{t("dev.notice.message")}</label>
          <input id="notice-message" type="text" name="message" required maxLength={100} />
        </div>
        <button type="submit" className="button">
          {t("dev.notice.submit")}
        </button>
      </Form>

      <h2>{t("dev.validation.heading")}</h2>
      <Form method="post" className="card" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="validate" />
        {textFields.map(({ field, label, type }) => (
          <div className="field" key={field.name}>
            <label htmlFor={field.id}>{label}</label>
            <input {...getInputProps(field, { type })} key={field.key} />
            <FieldErrors id={field.errorId} errors={field.errors} />
          </div>
        ))}
        <fieldset className="field" aria-describedby={fields.colors.errors ? fields.colors.errorId : undefined}>
          <legend>{t("dev.validation.colors")}</legend>
          {getCollectionProps(fields.colors, { type: "checkbox", options: ["red", "blue"] }).map(({ key, ...props }) => (
            <label key={key}>
              <input {...props} /> {t(`dev.validation.${props.value as "red" | "blue"}`)}
            </label>
          ))}
          <FieldErrors id={fields.colors.errorId} errors={fields.colors.errors} />
        </fieldset>
        <button type="submit" className="button">
          {t("dev.validation.submit")}
        </button>
      </Form>
    </>
  );
}
