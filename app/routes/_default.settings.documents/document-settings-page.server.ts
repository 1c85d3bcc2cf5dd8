import { getZodConstraint } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { DOCUMENT_KINDS, type DocumentKind } from "@domain/document-kinds";
import { CLOSING_LINE_MODE_CODES, DUE_DATE_RULES, MAIL_PLACEHOLDERS, NUMBER_DATE_PARTS, NUMBER_RESETS, documentSettingInputSchema } from "@domain/document-settings";
import { HONORIFICS } from "@domain/honorifics";
import { parseForm } from "~/components/forms/parse-form";
import { nextNumberOf, type Numbering } from "~/routes/_default.settings.documents/document-settings-form-live";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { apiErrorReply } from "../../services/api-form-errors.server";
import { getOwnCompany } from "../__companies/companies.server";
import { getDocumentSetting, saveDocumentSetting, type DocumentSetting } from "../__settings/document-settings.server";
import { remixI18next } from "../../services/i18n.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";

/**
 * The document settings page's server side. Kept out of the route module, whose browser chunk would
 * otherwise import zod and the schema with the page (the browser loads document-settings-form-live.ts
 * on first use instead).
 */

const SCREEN_NAME = "settings-documents";

/** The form's HTML constraints, from the schema here so the browser needs no zod to render them. */
const documentSettingConstraint = getZodConstraint(documentSettingInputSchema);

/** The form's choices, sent by the loader: their lists live beside the schema, which the page does not load. */
const DOCUMENT_SETTING_CODES = {
  dateParts: NUMBER_DATE_PARTS,
  resets: NUMBER_RESETS,
  dueDateRules: DUE_DATE_RULES,
  closingLineModes: CLOSING_LINE_MODE_CODES,
  honorifics: HONORIFICS.map((text) => ({ id: text, key: text, label: text })),
  placeholders: MAIL_PLACEHOLDERS.map((name) => `{${name}}`).join(" "),
};

export type DocumentSettingFormInput = z.input<typeof documentSettingInputSchema>;

/** The kind being edited travels in the URL, so each kind's form is a plain page. */
function kindOf(url: URL): DocumentKind {
  const kind = url.searchParams.get("kind");
  return DOCUMENT_KINDS.find((entry) => entry.id === kind)?.id ?? "invoice";
}

function formValuesOf(setting: DocumentSetting): DocumentSettingFormInput {
  return {
    number_prefix: setting.number_prefix,
    number_date_part: setting.number_date_part,
    number_digits: String(setting.number_digits),
    number_reset: setting.number_reset,
    default_subject: setting.default_subject ?? "",
    default_notes: setting.default_notes ?? "",
    default_remarks: setting.default_remarks ?? "",
    default_honorific: setting.default_honorific,
    print_stamp: setting.print_stamp ? "on" : "",
    bank_account_ids: setting.bank_account_ids.map(String),
    due_date_rule: setting.due_date_rule,
    due_days: setting.due_days === null ? "" : String(setting.due_days),
    closing_line_mode: setting.closing_line_mode,
    mail_subject: setting.mail_subject,
    mail_body: setting.mail_body,
  };
}

function numberingOf(setting: DocumentSetting): Numbering {
  const { number_prefix, number_date_part, number_digits, number_reset, next_number, next_sequence, today } = setting;
  return { number_prefix, number_date_part, number_digits, number_reset, next_number, next_sequence, today };
}

export async function documentSettingsPageLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  const kind = kindOf(new URL(request.url));
  const [setting, company] = await Promise.all([getDocumentSetting(caller, kind), kind === "invoice" ? getOwnCompany(caller) : null]);
  const accounts = (company?.company_bank_accounts ?? []).map((account) => ({
    id: account.id,
    label: `${account.bank_name} ${account.bank_branch_name} ${account.bank_account_no}`,
  }));
  return {
    kind,
    version: setting.version,
    values: formValuesOf(setting),
    numbering: numberingOf(setting),
    accounts,
    constraint: documentSettingConstraint,
    codes: DOCUMENT_SETTING_CODES,
  };
}

export async function documentSettingsPageAction({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  const kind = kindOf(new URL(request.url));
  const formData = await readFormData(request);
  // A refused form comes back with the number its format would give, as the page works it out once it is used.
  const answer = async (result: SubmissionResult<string[]>, status: number) =>
    data({ result, nextNumber: nextNumberOf(numberingOf(await getDocumentSetting(caller, kind)), result.initialValue ?? {}) }, { status });
  const submission = parseForm(formData, documentSettingInputSchema);
  if (submission.status !== "success") return answer(submission.reply(), 400);
  try {
    await saveDocumentSetting(caller, kind, submission.value, Number(formData.get("version") ?? 0) || 0);
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return answer(result, status);
  }
  const t = await remixI18next.getFixedT(request);
  return redirectWithNotice(request, `/settings/documents?kind=${kind}`, "success", t("documentSettings.saved"));
}
