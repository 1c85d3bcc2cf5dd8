import { z } from "zod";
import { TAX_CATEGORIES, TAX_RATES, idsOf, taxCategoryOfRate, type TaxCategoryId } from "./codes";
import { normalizeIsoDate } from "./normalize";
import { PEPPOL_ID_MESSAGES, formatPeppolId, parsePeppolId } from "./peppol-id";
import { REGISTRATION_NUMBER_MESSAGES, normalizeRegistrationNumber, registrationNumberProblem } from "./registration-number";
import { VALIDATION_MESSAGES } from "./validation-messages";

/** Field rules shared by the master-data forms and the Payment API: text in, normalised values out. */
/** Text that may be left empty: stored as null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value ? value : null));

export const requiredText = (max: number) => z.string({ required_error: VALIDATION_MESSAGES.required }).trim().min(1, VALIDATION_MESSAGES.required).max(max);

/** A normalised value, or an issue with the given message when the normaliser refuses it. */
export const normalized = (normalize: (input: string) => string | null, message: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value || value.trim() === "") return null;
      const result = normalize(value);
      if (result === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return result;
    });

/** A code sent as text (forms) or a number (JSON); unset means the SPEC §5 default. */
export const codeOf = (ids: readonly number[], fallback: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === "") return fallback;
      const id = Number(value);
      if (!Number.isInteger(id) || !ids.includes(id)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.invalidFormat });
        return z.NEVER;
      }
      return id;
    });

const taxCategoryId = z
  .string()
  .optional()
  .transform((value, ctx): TaxCategoryId | null => {
    if (value === undefined || value === "") return null;
    const category = TAX_CATEGORIES.find((candidate) => candidate.id === value);
    if (!category) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.invalidFormat });
      return z.NEVER;
    }
    return category.id;
  });

/**
 * A TAX_CATEGORIES id (`tax_category`); callers from before categories send
 * `tax_rate` (10, 8, 0) instead. Spread into an object schema, then resolve
 * the two with `resolveTaxCategory`.
 */
export const taxCategoryFields = { tax_category: taxCategoryId, tax_rate: codeOf(idsOf(TAX_RATES), 10) };

export function resolveTaxCategory<T extends { tax_category: TaxCategoryId | null; tax_rate: number }>({ tax_category, tax_rate, ...rest }: T) {
  return { ...rest, tax_category: tax_category ?? taxCategoryOfRate(tax_rate) };
}

export const checkbox = z
  .union([z.string(), z.boolean()])
  .optional()
  .transform((value) => value === true || value === "true" || value === "1" || value === "on");

/** Optional 「T」+13 digits with its check digit; full width accepted, stored normalised. */
export const registrationNumber = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value || value.trim() === "") return null;
    const problem = registrationNumberProblem(value);
    if (problem) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: REGISTRATION_NUMBER_MESSAGES[problem] });
      return z.NEVER;
    }
    return normalizeRegistrationNumber(value);
  });

/** Optional Peppol participant ID (0188 法人番号 or 0221 登録番号, check digit verified), stored as "scheme:identifier". */
export const peppolId = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value || value.trim() === "") return null;
    const parsed = parsePeppolId(value);
    if (parsed.problem) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: PEPPOL_ID_MESSAGES[parsed.problem] });
      return z.NEVER;
    }
    return formatPeppolId(parsed.id);
  });

export const DATE_MESSAGE = "日付はYYYY-MM-DDの形式で入力してください";

/** A calendar date typed as 2026-11-22, 2026/11/22 or in full width; stored as "2026-11-22". */
const dateField = (required: boolean) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value || value.trim() === "") {
        if (required) ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.required });
        return required ? z.NEVER : null;
      }
      const date = normalizeIsoDate(value);
      if (date === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: DATE_MESSAGE });
        return z.NEVER;
      }
      return date;
    });

export const requiredDate = dateField(true).transform((date) => date as string);
export const optionalDate = dateField(false);
