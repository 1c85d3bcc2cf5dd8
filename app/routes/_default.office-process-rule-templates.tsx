import { getCollectionProps, getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTexts } from "~/components/texts";
import officeRulesTexts from "~/locales/ja/officeRules.json";
import { officeProcessRules as officeProcessRulesTitle } from "~/locales/ja/titlesPages.json";
import { z } from "zod";
import { officeProcessRuleInputSchema } from "@domain/office-process-rule-input";
import { OFFICE_PROCESS_RULE_KINDS, OFFICE_PROCESS_RULE_LABELS } from "@domain/office-process-rules";
import { FieldErrors } from "~/components/forms/FieldErrors";
import { FormErrors } from "~/components/forms/FormErrors";
import { parseForm } from "~/components/forms/parse-form";
import { TextField } from "~/components/forms/TextField";
import { RuleDocumentView } from "~/components/office-process-rules/RuleDocumentView";
import { titleMeta } from "~/meta";
import { requireCompanyCaller } from "~/services/api-caller.server";
import { apiErrorReply } from "~/services/api-form-errors.server";
import { remixI18next } from "~/services/i18n.server";
import { getOfficeProcessRule, ruleDocumentOf, saveOfficeProcessRule, type OfficeProcessRule } from "~/services/office-process-rules.server";
import { readFormData } from "~/services/read-form.server";
import { redirectWithNotice } from "~/services/session.server";

const SCREEN_NAME = "office-process-rule-templates";
const PATH = "/office-process-rule-templates";

export const handle = { i18n: ["common"], screenName: SCREEN_NAME };

export const meta = titleMeta(officeProcessRulesTitle);

/** The values to fill in plus the version the page showed (0: never saved). */
const schema = officeProcessRuleInputSchema.extend({ version: z.coerce.number().int().min(0) });

type RuleFormInput = z.input<typeof schema>;

function formValuesOf(rule: OfficeProcessRule): RuleFormInput {
  return {
    version: rule.version,
    kind: rule.kind,
    company_name: rule.company_name,
    responsible_title: rule.responsible_title,
    responsible_name: rule.responsible_name,
    effective_date: rule.effective_date ?? "",
  };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  const rule = await getOfficeProcessRule(caller);
  // Filled here, so the templates' text stays out of the browser bundle.
  return { values: formValuesOf(rule), document: ruleDocumentOf(rule) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  const submission = parseForm(await readFormData(request), schema);
  if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  const { version, ...input } = submission.value;
  try {
    await saveOfficeProcessRule(caller, input, version);
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data(result, { status });
  }
  const t = await remixI18next.getFixedT(request);
  return redirectWithNotice(request, PATH, "success", t("officeRules.saved"));
}

function RuleForm({ defaultValue, lastResult }: { defaultValue: RuleFormInput; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTexts({ officeRules: officeRulesTexts, titles: { officeProcessRules: officeProcessRulesTitle } });
  const [form, fields] = useForm<RuleFormInput, z.output<typeof schema>>({
    id: "office-process-rule",
    lastResult,
    defaultValue,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, schema),
  });
  const label = (name: "company_name" | "responsible_title" | "responsible_name" | "effective_date") => t(`officeRules.fields.${name}`);
  const dateProps = getInputProps(fields.effective_date, { type: "date" });

  return (
    <Form method="post" className="card" {...getFormProps(form)}>
      <h2>{t("officeRules.formHeading")}</h2>
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="version" value={String(defaultValue.version)} />
      <fieldset className="field" aria-describedby={fields.kind.errors ? fields.kind.errorId : undefined}>
        <legend>{t("officeRules.kind")}</legend>
        {getCollectionProps(fields.kind, { type: "radio", options: [...OFFICE_PROCESS_RULE_KINDS] }).map(({ key, ...props }) => (
          <label key={key}>
            <input {...props} /> {OFFICE_PROCESS_RULE_LABELS[props.value as (typeof OFFICE_PROCESS_RULE_KINDS)[number]]}
          </label>
        ))}
        <FieldErrors id={fields.kind.errorId} errors={fields.kind.errors} />
      </fieldset>
      <TextField meta={fields.company_name} label={label("company_name")} autoComplete="organization" />
      <TextField meta={fields.responsible_title} label={label("responsible_title")} hint={t("officeRules.responsibleTitleHint")} />
      <TextField meta={fields.responsible_name} label={label("responsible_name")} autoComplete="name" />
      <div className="field">
        <label htmlFor={fields.effective_date.id}>{label("effective_date")}</label>
        <input {...dateProps} key={dateProps.key} />
        <FieldErrors id={fields.effective_date.errorId} errors={fields.effective_date.errors} />
      </div>
      <button type="submit" className="button">
        {t("officeRules.save")}
      </button>
    </Form>
  );
}

export default function OfficeProcessRuleTemplatesPage() {
  const { t } = useTexts({ officeRules: officeRulesTexts, titles: { officeProcessRules: officeProcessRulesTitle } });
  const { values, document } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  return (
    <>
      <h1>{t("titles.officeProcessRules")}</h1>
      <p>{t("officeRules.purpose")}</p>
      <p>{t("officeRules.review")}</p>
      {/* A new version remounts the form, so it starts from what was just saved. */}
      <RuleForm key={String(values.version)} defaultValue={values} lastResult={lastResult} />
      {values.version === 0 ? <p>{t("officeRules.blanks")}</p> : null}
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
        <RuleDocumentView document={document} titleLevel={2} />
      </section>
    </>
  );
}
