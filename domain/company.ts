import { z } from "zod";
import {
  BANK_ACCOUNT_TYPES,
  COMPANY_DEFAULTS,
  ROUNDING_MODES,
  TAX_TYPES,
  WITHHOLDING_TYPES,
  idsOf,
} from "./codes";
import { checkbox, codeOf, normalized, optionalText, peppolId, registrationNumber, requiredText } from "./form-fields";
import { normalizeDigits, normalizePhoneNumber, normalizePostalCode } from "./normalize";
import { VALIDATION_MESSAGES } from "./validation-messages";

const fileState = z.enum(["keep", "update", "delete"]).optional().default("keep");

export const bankAccountInputSchema = z.object({
  id: z.union([z.string(), z.number()]).optional().transform((value) => (value === undefined || value === "" ? null : Number(value))),
  bank_name: requiredText(50),
  bank_code: normalized((input) => (/^\d{4}$/.test(normalizeDigits(input.trim())) ? normalizeDigits(input.trim()) : null), "金融機関コードは4桁の数字で入力してください"),
  bank_branch_name: requiredText(50),
  bank_branch_code: normalized((input) => (/^\d{3}$/.test(normalizeDigits(input.trim())) ? normalizeDigits(input.trim()) : null), "支店コードは3桁の数字で入力してください"),
  bank_account_type_id: codeOf(idsOf(BANK_ACCOUNT_TYPES), COMPANY_DEFAULTS.bankAccountTypeId),
  bank_account_no: z
    .string({ required_error: VALIDATION_MESSAGES.required })
    .transform((value) => normalizeDigits(value.trim()))
    .pipe(z.string().min(1, VALIDATION_MESSAGES.required).regex(/^\d{1,8}$/, "口座番号は8桁以内の数字で入力してください")),
  bank_account_name: requiredText(100),
  displayed: checkbox,
});

/** Withholding choices never include 'disabled' (SPEC §5). */
const WITHHOLDING_CHOICES = WITHHOLDING_TYPES.filter((type) => type.key !== "disabled").map((type) => type.id);

/** The own-company profile as a form or the Payment API receives it (SPEC §3, §5). */
export const companyInputSchema = z.object({
  company_name: requiredText(100),
  registered_name: optionalText(100),
  department_name: optionalText(100),
  pic_name: optionalText(50),
  postal_code: normalized(normalizePostalCode, "郵便番号は7桁の数字で入力してください"),
  address1: optionalText(100),
  address2: optionalText(100),
  tel: normalized(normalizePhoneNumber, "電話番号の形式が正しくありません"),
  fax: normalized(normalizePhoneNumber, "FAX番号の形式が正しくありません"),
  email: z
    .string()
    .trim()
    .max(254)
    .optional()
    .transform((value) => value || null)
    .pipe(z.string().email(VALIDATION_MESSAGES.email).nullable()),
  registered_no: registrationNumber,
  peppol_id: peppolId,
  item_rounding_id: codeOf(idsOf(ROUNDING_MODES), COMPANY_DEFAULTS.itemRoundingId),
  item_rounding_scale: codeOf([0, 1, 2, 3, 4], COMPANY_DEFAULTS.itemRoundingScale),
  subtotal_rounding_id: codeOf(idsOf(ROUNDING_MODES), COMPANY_DEFAULTS.subtotalRoundingId),
  tax_id: codeOf(idsOf(TAX_TYPES), COMPANY_DEFAULTS.taxId),
  tax_rounding_id: codeOf(idsOf(ROUNDING_MODES), COMPANY_DEFAULTS.taxRoundingId),
  tax_withholding_id: codeOf(WITHHOLDING_CHOICES, COMPANY_DEFAULTS.taxWithholdingId),
  /** 決算月: the month the business year ends (1–12), March unless set; reports' 「今期」 follows it (decision 028). */
  fiscal_year_end_month: codeOf([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 3),
  logo_state: fileState,
  stamp_state: fileState,
  company_bank_accounts: z.array(bankAccountInputSchema).max(10, "口座は10件まで登録できます").optional().default([]),
});

export type CompanyInput = z.output<typeof companyInputSchema>;

/** zod's issue path as the form field name it came from: `company_bank_accounts[0][bank_name]`. */
export function fieldName(path: ReadonlyArray<string | number>): string {
  const [first, ...rest] = path;
  return `${String(first ?? "")}${rest.map((segment) => `[${String(segment)}]`).join("")}`;
}
