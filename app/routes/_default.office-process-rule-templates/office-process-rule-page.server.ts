import { getZodConstraint } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { officeProcessRuleFormSchema } from "~/routes/_default.office-process-rule-templates/office-process-rule-form-live";
import { parseForm } from "~/components/forms/parse-form";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { apiErrorReply } from "../../services/api-form-errors.server";
import { remixI18next } from "../../services/i18n.server";
import { getOfficeProcessRule, ruleDocumentOf, saveOfficeProcessRule, type OfficeProcessRule } from "../__office-process-rules/office-process-rules.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";

/**
 * The office process rules page's server side. Kept out of the route module, whose browser chunk would
 * otherwise import zod and the schema with the page (the browser loads office-process-rule-form-live.ts
 * on first use instead).
 */

const SCREEN_NAME = "office-process-rule-templates";

/** The form's HTML constraints, from the schema here so the browser needs no zod to render them. */
const officeProcessRuleConstraint = getZodConstraint(officeProcessRuleFormSchema);

export type OfficeProcessRuleFormInput = z.input<typeof officeProcessRuleFormSchema>;

function formValuesOf(rule: OfficeProcessRule): OfficeProcessRuleFormInput {
  return {
    version: rule.version,
    kind: rule.kind,
    company_name: rule.company_name,
    responsible_title: rule.responsible_title,
    responsible_name: rule.responsible_name,
    effective_date: rule.effective_date ?? "",
  };
}

export async function officeProcessRulePageLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  const rule = await getOfficeProcessRule(caller);
  // Filled here, so the templates' text stays out of the browser bundle.
  return { values: formValuesOf(rule), document: ruleDocumentOf(rule), constraint: officeProcessRuleConstraint };
}

export async function officeProcessRulePageAction({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  const submission = parseForm(await readFormData(request), officeProcessRuleFormSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: submission.status === "error" ? 400 : 200 });
  const { version, ...input } = submission.value;
  try {
    await saveOfficeProcessRule(caller, input, version);
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data(result, { status });
  }
  const t = await remixI18next.getFixedT(request);
  return redirectWithNotice(request, "/office-process-rule-templates", "success", t("officeRules.saved"));
}
