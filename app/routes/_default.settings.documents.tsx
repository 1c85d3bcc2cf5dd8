import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { useTexts } from "~/components/texts";
import documentSettingsTexts from "~/locales/ja/documentSettings.json";
import { companies as companiesTitle, documentSettings as documentSettingsTitle } from "~/locales/ja/titlesPages.json";
import type { z } from "zod";
import { HONORIFICS } from "@domain/honorifics";
import { toHalfWidth } from "@domain/normalize";
import { DOCUMENT_KINDS, type DocumentKind } from "@domain/document-kinds";
import { CLOSING_LINE_MODE_CODES, DUE_DATE_RULES, MAIL_PLACEHOLDERS, NUMBER_DATE_PARTS, NUMBER_RESETS, documentSettingInputSchema, formatDocumentNumber, MAX_NUMBER_DIGITS, NUMBER_PREFIX_PATTERN, type NumberFormat } from "@domain/document-settings";
import { CodeSelect } from "~/components/forms/CodeSelect";
import { FieldErrors } from "~/components/forms/FieldErrors";
import { FormErrors } from "~/components/forms/FormErrors";
import { parseForm } from "~/components/forms/parse-form";
import { TextAreaField } from "~/components/forms/TextAreaField";
import { TextField } from "~/components/forms/TextField";
import { titleMeta } from "~/meta";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { apiErrorReply } from "~/services/api-form-errors.server";
import { getOwnCompany } from "~/services/companies.server";
import { getDocumentSetting, saveDocumentSetting, type DocumentSetting } from "~/services/document-settings.server";
import { remixI18next } from "~/services/i18n.server";
import { readFormData } from "~/services/read-form.server";
import { redirectWithNotice } from "~/services/session.server";

export const handle = { i18n: ["common"], screenName: "settings-documents" };

export const meta = titleMeta(documentSettingsTitle);

type FormInput = z.input<typeof documentSettingInputSchema>;

/** The kind being edited travels in the URL, so each kind's form is a plain page. */
function kindOf(url: URL): DocumentKind {
  const kind = url.searchParams.get("kind");
  return DOCUMENT_KINDS.find((entry) => entry.id === kind)?.id ?? "invoice";
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "settings-documents");
  const kind = kindOf(new URL(request.url));
  const [setting, company] = await Promise.all([getDocumentSetting(caller, kind), kind === "invoice" ? getOwnCompany(caller) : null]);
  const accounts = (company?.company_bank_accounts ?? []).map((account) => ({
    id: account.id,
    label: `${account.bank_name} ${account.bank_branch_name} ${account.bank_account_no}`,
    displayed: account.displayed,
  }));
  return { kind, setting, accounts };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "settings-documents");
  const kind = kindOf(new URL(request.url));
  const formData = await readFormData(request);
  const t = await remixI18next.getFixedT(request);
  const submission = parseForm(formData, documentSettingInputSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    await saveDocumentSetting(caller, kind, submission.value, Number(formData.get("version") ?? 0) || 0);
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data(result, { status });
  }
  return redirectWithNotice(request, `/settings/documents?kind=${kind}`, "success", t("documentSettings.saved"));
}

function formValuesOf(setting: DocumentSetting): FormInput {
  return {
    ...setting,
    number_digits: String(setting.number_digits),
    default_subject: setting.default_subject ?? "",
    default_notes: setting.default_notes ?? "",
    default_remarks: setting.default_remarks ?? "",
    default_honorific: setting.default_honorific as FormInput["default_honorific"],
    print_stamp: setting.print_stamp ? "on" : "",
    bank_account_ids: setting.bank_account_ids.map(String),
    due_date_rule: setting.due_date_rule as FormInput["due_date_rule"],
    due_days: setting.due_days === null ? "" : String(setting.due_days),
    closing_line_mode: setting.closing_line_mode as FormInput["closing_line_mode"],
  };
}

/** The number the next document would get: the server's until the format is changed, then worked out here. */
function nextNumberOf(setting: DocumentSetting, values: Partial<Record<keyof NumberFormat, unknown>>): string {
  const digits = Number(values.number_digits);
  const datePart = NUMBER_DATE_PARTS.find((part) => part.id === values.number_date_part)?.id;
  const prefix = typeof values.number_prefix === "string" ? toHalfWidth(values.number_prefix).trim() : setting.number_prefix;
  if (!datePart || !Number.isInteger(digits) || digits < 1 || digits > MAX_NUMBER_DIGITS || !NUMBER_PREFIX_PATTERN.test(prefix)) return setting.next_number;
  const unchanged = prefix === setting.number_prefix && datePart === setting.number_date_part && digits === setting.number_digits && values.number_reset === setting.number_reset;
  // Another reset rule counts in another period, whose counter the page does not know: it starts at 1 unless unchanged.
  return unchanged ? setting.next_number : formatDocumentNumber({ number_prefix: prefix, number_date_part: datePart, number_digits: digits }, setting.today, values.number_reset === setting.number_reset ? setting.next_sequence : 1);
}

export default function DocumentSettingsPage() {
  const { t } = useTexts({ documentSettings: documentSettingsTexts, titles: { companies: companiesTitle, documentSettings: documentSettingsTitle } });
  const { kind, setting, accounts } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <>
      <h1>{t("titles.documentSettings")}</h1>
      <nav className="tabs" aria-label={t("documentSettings.kinds")}>
        {DOCUMENT_KINDS.map((entry) => (
          <Link key={entry.id} to={`/settings/documents?kind=${entry.id}`} prefetch="none" aria-current={entry.id === kind ? "page" : undefined} className="tabs__tab">
            {entry.label}
          </Link>
        ))}
      </nav>
      <DocumentSettingForm key={`${kind}-${setting.version}`} kind={kind} setting={setting} accounts={accounts} lastResult={lastResult} />
    </>
  );
}

function DocumentSettingForm({
  kind,
  setting,
  accounts,
  lastResult,
}: {
  kind: DocumentKind;
  setting: DocumentSetting;
  accounts: { id: number; label: string; displayed: boolean }[];
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTexts({ documentSettings: documentSettingsTexts, titles: { companies: companiesTitle, documentSettings: documentSettingsTitle } });
  const [form, fields] = useForm<FormInput, z.output<typeof documentSettingInputSchema>>({
    id: `document-setting-${kind}`,
    lastResult,
    defaultValue: formValuesOf(setting),
    constraint: getZodConstraint(documentSettingInputSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, documentSettingInputSchema),
  });
  const label = (name: string) => t(`documentSettings.fields.${name as "number_prefix"}`);
  const honorifics = HONORIFICS.map((text) => ({ id: text, key: text, label: text }));
  const kindLabel = DOCUMENT_KINDS.find((entry) => entry.id === kind)!.label;
  const nextNumber = nextNumberOf(setting, {
    number_prefix: fields.number_prefix.value,
    number_date_part: fields.number_date_part.value,
    number_digits: fields.number_digits.value,
    number_reset: fields.number_reset.value,
  });
  const checkbox = (meta: typeof fields.print_stamp, text: string) => (
    <div className="field">
      <label>
        <input {...getInputProps(meta, { type: "checkbox", value: "on" })} key={meta.key} /> {text}
      </label>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );

  return (
    <Form method="post" action={`/settings/documents?kind=${kind}`} {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="version" value={String(setting.version)} />
      <section className="card" aria-labelledby="numbering-heading">
        <h2 id="numbering-heading">{t("documentSettings.numbering", { kind: kindLabel })}</h2>
        <TextField meta={fields.number_prefix} label={label("number_prefix")} hint={t("documentSettings.prefixHint")} />
        <CodeSelect meta={fields.number_date_part} label={label("number_date_part")} codes={NUMBER_DATE_PARTS} />
        <TextField meta={fields.number_digits} label={label("number_digits")} />
        <CodeSelect meta={fields.number_reset} label={label("number_reset")} codes={NUMBER_RESETS} />
        <p aria-live="polite">
          {t("documentSettings.nextNumber")} <strong data-testid="next-number">{nextNumber}</strong>
        </p>
      </section>
      <section className="card" aria-labelledby="defaults-heading">
        <h2 id="defaults-heading">{t("documentSettings.defaults")}</h2>
        <TextField meta={fields.default_subject} label={label("default_subject")} />
        <TextAreaField meta={fields.default_notes} label={label("default_notes")} rows={3} />
        <TextAreaField meta={fields.default_remarks} label={label(kind === "receipt" ? "proviso" : "default_remarks")} rows={2} />
        <CodeSelect meta={fields.default_honorific} label={label("default_honorific")} codes={honorifics} />
        {checkbox(fields.print_stamp, label("print_stamp"))}
      </section>
      {kind === "invoice" ? (
        <section className="card" aria-labelledby="invoice-heading">
          <h2 id="invoice-heading">{t("documentSettings.invoiceOnly")}</h2>
          <fieldset className="field">
            <legend>{label("bank_account_ids")}</legend>
            {accounts.length === 0 ? (
              <p className="field__hint">
                {t("documentSettings.noAccounts")} <Link to="/companies/list">{t("titles.companies")}</Link>
              </p>
            ) : (
              <>
                <p className="field__hint">{t("documentSettings.accountsHint")}</p>
                {getCollectionProps(fields.bank_account_ids, { type: "checkbox", options: accounts.map((account) => String(account.id)) }).map(({ key, ...props }) => (
                  <label key={key} className="field__choice">
                    <input {...props} /> {accounts.find((account) => String(account.id) === props.value)?.label}
                  </label>
                ))}
              </>
            )}
            <FieldErrors id={fields.bank_account_ids.errorId} errors={fields.bank_account_ids.errors} />
          </fieldset>
          <CodeSelect meta={fields.due_date_rule} label={label("due_date_rule")} codes={DUE_DATE_RULES} />
          <TextField meta={fields.due_days} label={label("due_days")} hint={t("documentSettings.dueDaysHint")} />
          <CodeSelect meta={fields.closing_line_mode} label={label("closing_line_mode")} codes={CLOSING_LINE_MODE_CODES} />
        </section>
      ) : null}
      <section className="card" aria-labelledby="mail-heading">
        <h2 id="mail-heading">{t("documentSettings.mail")}</h2>
        <p className="field__hint">{t("documentSettings.placeholders", { names: MAIL_PLACEHOLDERS.map((name) => `{${name}}`).join(" ") })}</p>
        <TextField meta={fields.mail_subject} label={label("mail_subject")} />
        <TextAreaField meta={fields.mail_body} label={label("mail_body")} rows={8} />
      </section>
      <p>
        <button type="submit" className="button">
          {t("documentSettings.save")}
        </button>
      </p>
    </Form>
  );
}
