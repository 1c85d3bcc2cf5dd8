import { z } from "zod";
import { codeEnum, listPageAnswer } from "./answer-fields";
import { CLOSING_LINE_MODES } from "./closing";
import { TAX_CATEGORIES } from "./codes";
import { DOCUMENT_KIND_IDS } from "./document-kinds";
import { DUE_DATE_RULES, NUMBER_DATE_PARTS, NUMBER_RESETS } from "./document-settings";
import { HOLIDAY_SHIFTS } from "./due-date";
import { HONORIFICS } from "./honorifics";
import { OFFICE_PROCESS_RULE_KINDS } from "./office-process-rules";

/**
 * The Payment API's answers about master data, as they arrive (snake_case, decimals as strings, times as ISO text):
 * the API's tests read its answers with these and the web app parses with them, so neither side restates the other's
 * types (issue 35). Fields the web app does not use are left out and dropped by parsing.
 */

export const customerAnswer = z.object({
  id: z.number().int(),
  version: z.number().int(),
  name: z.string(),
  name_kana: z.string().nullable(),
  honorific: z.string(),
  department: z.string().nullable(),
  person_in_charge: z.string().nullable(),
  postal_code: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  tel: z.string().nullable(),
  emails: z.array(z.string()),
  registered_no: z.string().nullable(),
  peppol_id: z.string().nullable(),
  closing_day: z.number().int().nullable(),
  payment_month_offset: z.number().int().nullable(),
  payment_day: z.number().int().nullable(),
  holiday_shift: codeEnum(HOLIDAY_SHIFTS),
  notes: z.string().nullable(),
  archived_at: z.string().nullable(),
  updated_at: z.string(),
});
export type CustomerAnswer = z.output<typeof customerAnswer>;

export const customerPageAnswer = listPageAnswer(customerAnswer);
export type CustomerPageAnswer = z.output<typeof customerPageAnswer>;

export const itemAnswer = z.object({
  id: z.number().int(),
  version: z.number().int(),
  code: z.string().nullable(),
  name: z.string(),
  unit: z.string().nullable(),
  unit_price: z.string(),
  tax_category: codeEnum(TAX_CATEGORIES),
  tax_rate: z.number(),
  updated_at: z.string(),
});
export type ItemAnswer = z.output<typeof itemAnswer>;

export const itemPageAnswer = listPageAnswer(itemAnswer);
export type ItemPageAnswer = z.output<typeof itemPageAnswer>;

/** The company's office process rules (事務処理規程), or (version 0) the defaults of a company that never saved them. */
export const officeProcessRuleAnswer = z.object({
  version: z.number().int(),
  kind: z.enum(OFFICE_PROCESS_RULE_KINDS),
  company_name: z.string(),
  responsible_title: z.string(),
  responsible_name: z.string(),
  /** YYYY-MM-DD; null until saved. */
  effective_date: z.string().nullable(),
});
export type OfficeProcessRuleAnswer = z.output<typeof officeProcessRuleAnswer>;

/** A terms row as the signed-in endpoints answer it (GET /terms/cookie, /bank/{product}term). */
export const termsRecordAnswer = z.object({ title: z.string(), version: z.string(), body: z.string(), published_at: z.string() });

/** Terms as the public endpoints answer them, with the day they take effect. */
export const termsTextAnswer = z.object({ title: z.string(), version: z.string(), effective_date: z.string(), body: z.string() });

/** A master-data CSV import: how many rows were added and how many updated. */
export const csvImportAnswer = z.object({ created: z.number().int(), updated: z.number().int() });

/** One of the company's bank accounts; displayed: shown on invoices when a kind's settings name none. */
export const companyBankAccountAnswer = z.object({
  id: z.number().int(),
  bank_name: z.string(),
  bank_code: z.string().nullable(),
  bank_branch_name: z.string(),
  bank_branch_code: z.string().nullable(),
  bank_account_type_id: z.number().int(),
  bank_account_no: z.string(),
  bank_account_name: z.string(),
  displayed: z.boolean(),
});
export type CompanyBankAccountAnswer = z.output<typeof companyBankAccountAnswer>;

/** A stored image of the company (logo, stamp): the path is the file's id. */
const storedImage = z.object({ path: z.string() }).nullable();

/** The own-company profile (自社情報, api/routes/companies.ts present) with its bank accounts, logo and stamp. */
export const companyAnswer = z.object({
  id: z.number().int(),
  version: z.number().int(),
  company_name: z.string(),
  registered_name: z.string().nullable(),
  department_name: z.string().nullable(),
  pic_name: z.string().nullable(),
  postal_code: z.string().nullable(),
  address1: z.string().nullable(),
  address2: z.string().nullable(),
  tel: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  registered_no: z.string().nullable(),
  peppol_id: z.string().nullable(),
  item_rounding_id: z.number().int(),
  item_rounding_scale: z.number().int(),
  subtotal_rounding_id: z.number().int(),
  tax_id: z.number().int(),
  tax_rounding_id: z.number().int(),
  tax_withholding_id: z.number().int(),
  /** 決算月 (1–12). */
  fiscal_year_end_month: z.number().int(),
  logo: storedImage,
  stamp: storedImage,
  company_bank_accounts: z.array(companyBankAccountAnswer),
});
export type CompanyAnswer = z.output<typeof companyAnswer>;

/** GET /companies: the company's profile, or none before it is first saved. */
export const companiesAnswer = z.array(companyAnswer);

/** One kind's document settings (its defaults until saved: version 0), with the number the next document would get today. */
export const documentSettingAnswer = z.object({
  kind: z.enum(DOCUMENT_KIND_IDS),
  version: z.number().int(),
  number_prefix: z.string(),
  number_date_part: codeEnum(NUMBER_DATE_PARTS),
  number_digits: z.number().int(),
  number_reset: codeEnum(NUMBER_RESETS),
  default_subject: z.string().nullable(),
  default_notes: z.string().nullable(),
  default_remarks: z.string().nullable(),
  default_honorific: z.enum(HONORIFICS),
  print_stamp: z.boolean(),
  bank_account_ids: z.array(z.number().int()),
  due_date_rule: codeEnum(DUE_DATE_RULES),
  /** Only for days_after_issue. */
  due_days: z.number().int().nullable(),
  closing_line_mode: z.enum(CLOSING_LINE_MODES),
  mail_subject: z.string(),
  mail_body: z.string(),
  next_number: z.string(),
  next_sequence: z.number().int(),
  /** Japan's date on the server, so a live preview numbers like the server will. */
  today: z.string(),
});
export type DocumentSettingAnswer = z.output<typeof documentSettingAnswer>;
