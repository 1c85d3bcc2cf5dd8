import type { SubmissionResult } from "@conform-to/react";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import officeRulesTexts from "~/locales/ja/officeRules.json";
import { officeProcessRules as officeProcessRulesTitle } from "~/locales/ja/titlesPages.json";
import { OFFICE_PROCESS_RULE_KINDS, OFFICE_PROCESS_RULE_LABELS } from "@domain/office-process-rules";
import { FieldErrors, FormErrors } from "~/components/forms/field-frame";
import { choicesProps, TextField } from "~/components/forms/fields";
import { useLazyValidation } from "~/components/forms/lazy-validation";
import { useLightForm } from "~/components/forms/light-form";
import { RuleDocumentView } from "~/routes/__office-process-rules/RuleDocumentView";
import { titleMeta } from "~/meta";
import { officeProcessRulePageAction, officeProcessRulePageLoader } from "~/routes/_default.office-process-rule-templates/office-process-rule-page.server";

const PATH = "/office-process-rule-templates";

export const handle = { i18n: ["common"], screenName: "office-process-rule-templates" };

export const meta = titleMeta(officeProcessRulesTitle);

export const loader = officeProcessRulePageLoader;

export const action = officeProcessRulePageAction;

const TEXTS = { officeRules: officeRulesTexts, titles: { officeProcessRules: officeProcessRulesTitle } };

function RuleForm({ data, lastResult }: { data: SerializeFrom<typeof loader>; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTexts(TEXTS);
  const lazyValidation = useLazyValidation(() => import("~/routes/_default.office-process-rule-templates/office-process-rule-form-live"));
  const form = useLightForm({ id: "office-process-rule", lastResult, defaultValue: data.values, constraint: data.constraint, validation: lazyValidation.validation });
  const field = form.field;
  const kind = field("kind");
  const label = (name: "company_name" | "responsible_title" | "responsible_name" | "effective_date") => t(`officeRules.fields.${name}`);

  return (
    <Form method="post" className="card" {...form.formProps} {...lazyValidation.formProps}>
      <h2>{t("officeRules.formHeading")}</h2>
      <FormErrors id={form.formErrorId} errors={form.formErrors} />
      <input type="hidden" name="version" value={String(data.values.version)} />
      <fieldset className="field" aria-describedby={kind.errors ? kind.errorId : undefined}>
        <legend>{t("officeRules.kind")}</legend>
        {choicesProps(kind, "radio", OFFICE_PROCESS_RULE_KINDS).map(({ key, ...props }) => (
          <label key={key}>
            <input {...props} /> {OFFICE_PROCESS_RULE_LABELS[props.value as (typeof OFFICE_PROCESS_RULE_KINDS)[number]]}
          </label>
        ))}
        <FieldErrors id={kind.errorId} errors={kind.errors} />
      </fieldset>
      <TextField meta={field("company_name")} label={label("company_name")} autoComplete="organization" />
      <TextField meta={field("responsible_title")} label={label("responsible_title")} hint={t("officeRules.responsibleTitleHint")} />
      <TextField meta={field("responsible_name")} label={label("responsible_name")} autoComplete="name" />
      <TextField meta={field("effective_date")} label={label("effective_date")} type="date" />
      <button type="submit" className="button">
        {t("officeRules.save")}
      </button>
    </Form>
  );
}

export default function OfficeProcessRuleTemplatesPage() {
  const { t } = useTexts(TEXTS);
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <>
      <h1>{t("titles.officeProcessRules")}</h1>
      <p>{t("officeRules.purpose")}</p>
      <p>{t("officeRules.review")}</p>
      {/* A new version remounts the form, so it starts from what was just saved. */}
      <RuleForm key={String(data.values.version)} data={data} lastResult={lastResult} />
      {data.values.version === 0 ? <p>{t("officeRules.blanks")}</p> : null}
      <p>
        <Link to={`${PATH}/print`} prefetch="none">
          {t("officeRules.openPrint")}
        </Link>{" "}
        {/* A file, not a page: the browser downloads it instead of the router fetching it. */}
        <Link to={`${PATH}/download`} reloadDocument>
          {t("officeRules.downloadDocx")}
        </Link>
      </p>
      <section className="card">
        <RuleDocumentView document={data.document} titleLevel={2} />
      </section>
    </>
  );
}
