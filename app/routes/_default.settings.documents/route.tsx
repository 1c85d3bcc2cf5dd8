import type { SubmissionResult } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import documentSettingsTexts from "~/locales/ja/documentSettings.json";
import { companies as companiesTitle, documentSettings as documentSettingsTitle } from "~/locales/ja/titlesPages.json";
import { DOCUMENT_KINDS } from "@domain/document-kinds";
import { CodeSelect, checkboxProps, choicesProps, TextAreaField, TextField } from "~/components/forms/fields";
import { FieldErrors, FormErrors } from "~/components/forms/field-frame";
import { useLazyValidation } from "~/components/forms/lazy-validation";
import { useLightForm } from "~/components/forms/light-form";
import { titleMeta } from "~/meta";
import { documentSettingsPageAction, documentSettingsPageLoader } from "~/routes/_default.settings.documents/document-settings-page.server";

export const handle = { i18n: ["common"], screenName: "settings-documents" };

export const meta = titleMeta(documentSettingsTitle);

export const loader = documentSettingsPageLoader;

export const action = documentSettingsPageAction;

type PageData = SerializeFrom<typeof loader>;

const TEXTS = { documentSettings: documentSettingsTexts, titles: { companies: companiesTitle, documentSettings: documentSettingsTitle } };

export default function DocumentSettingsPage() {
  const { t } = useTexts(TEXTS);
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <h1>{t("titles.documentSettings")}</h1>
      <nav className="tabs" aria-label={t("documentSettings.kinds")}>
        {DOCUMENT_KINDS.map((entry) => (
          <Link key={entry.id} to={`/settings/documents?kind=${entry.id}`} prefetch="none" aria-current={entry.id === data.kind ? "page" : undefined} className="tabs__tab">
            {entry.label}
          </Link>
        ))}
      </nav>
      <DocumentSettingForm
        key={`${data.kind}-${data.version}`}
        data={data}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        serverNextNumber={actionData ? actionData.nextNumber : data.numbering.next_number}
      />
    </>
  );
}

function DocumentSettingForm({ data, lastResult, serverNextNumber }: { data: PageData; lastResult: SubmissionResult<string[]> | undefined; serverNextNumber: string }) {
  const { t } = useTexts(TEXTS);
  const { kind, accounts, codes } = data;
  const lazyValidation = useLazyValidation(() => import("~/routes/_default.settings.documents/document-settings-form-live"));
  const live = lazyValidation.validation;
  const form = useLightForm({ id: `document-setting-${kind}`, lastResult, defaultValue: data.values, constraint: data.constraint, validation: live });
  const field = form.field;
  const label = (name: string) => t(`documentSettings.fields.${name as "number_prefix"}`);
  const kindLabel = DOCUMENT_KINDS.find((entry) => entry.id === kind)!.label;
  const nextNumber = live ? live.nextNumberOf(data.numbering, form.values) : serverNextNumber;
  const printStamp = field("print_stamp");
  const bankAccounts = field("bank_account_ids");

  return (
    <Form method="post" action={`/settings/documents?kind=${kind}`} {...form.formProps} {...lazyValidation.formProps}>
      <FormErrors id={form.formErrorId} errors={form.formErrors} />
      <input type="hidden" name="version" value={String(data.version)} />
      <section className="card" aria-labelledby="numbering-heading">
        <h2 id="numbering-heading">{t("documentSettings.numbering", { kind: kindLabel })}</h2>
        <TextField meta={field("number_prefix")} label={label("number_prefix")} hint={t("documentSettings.prefixHint")} />
        <CodeSelect meta={field("number_date_part")} label={label("number_date_part")} codes={codes.dateParts} />
        <TextField meta={field("number_digits")} label={label("number_digits")} />
        <CodeSelect meta={field("number_reset")} label={label("number_reset")} codes={codes.resets} />
        <p aria-live="polite">
          {t("documentSettings.nextNumber")} <strong data-testid="next-number">{nextNumber}</strong>
        </p>
      </section>
      <section className="card" aria-labelledby="defaults-heading">
        <h2 id="defaults-heading">{t("documentSettings.defaults")}</h2>
        <TextField meta={field("default_subject")} label={label("default_subject")} />
        <TextAreaField meta={field("default_notes")} label={label("default_notes")} rows={3} />
        <TextAreaField meta={field("default_remarks")} label={label(kind === "receipt" ? "proviso" : "default_remarks")} rows={2} />
        <CodeSelect meta={field("default_honorific")} label={label("default_honorific")} codes={codes.honorifics} />
        <div className="field">
          <label>
            <input {...checkboxProps(printStamp)} /> {label("print_stamp")}
          </label>
          <FieldErrors id={printStamp.errorId} errors={printStamp.errors} />
        </div>
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
                {choicesProps(
                  bankAccounts,
                  "checkbox",
                  accounts.map((account) => String(account.id)),
                ).map(({ key, ...props }) => (
                  <label key={key} className="field__choice">
                    <input {...props} /> {accounts.find((account) => String(account.id) === props.value)?.label}
                  </label>
                ))}
              </>
            )}
            <FieldErrors id={bankAccounts.errorId} errors={bankAccounts.errors} />
          </fieldset>
          <CodeSelect meta={field("due_date_rule")} label={label("due_date_rule")} codes={codes.dueDateRules} />
          <TextField meta={field("due_days")} label={label("due_days")} hint={t("documentSettings.dueDaysHint")} />
          <CodeSelect meta={field("closing_line_mode")} label={label("closing_line_mode")} codes={codes.closingLineModes} />
        </section>
      ) : null}
      <section className="card" aria-labelledby="mail-heading">
        <h2 id="mail-heading">{t("documentSettings.mail")}</h2>
        <p className="field__hint">{t("documentSettings.placeholders", { names: codes.placeholders })}</p>
        <TextField meta={field("mail_subject")} label={label("mail_subject")} />
        <TextAreaField meta={field("mail_body")} label={label("mail_body")} rows={8} />
      </section>
      <p>
        <button type="submit" className="button">
          {t("documentSettings.save")}
        </button>
      </p>
    </Form>
  );
}
