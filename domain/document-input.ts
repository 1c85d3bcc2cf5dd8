import { z } from "zod";
import { TAX_TYPES, idsOf } from "./codes";
import { HONORIFICS } from "./honorifics";
import { parseDecimalInput } from "./decimal";
import { checkbox, codeOf, optionalDate, optionalText, requiredDate, requiredText, resolveTaxCategory, taxCategoryFields } from "./form-fields";
import { UNIT_PRICE_MESSAGE } from "./item";
import { VALIDATION_MESSAGES } from "./validation-messages";

/*
 * A document as the form and the Payment API receive it. Apart from
 * documents.ts (paths, statuses, conversions), so pages that only show
 * documents do not load zod.
 */
const decimalField = (message: string, fallback?: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      const text = value === undefined ? "" : String(value).trim();
      if (text === "" && fallback !== undefined) return fallback;
      if (text === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.required });
        return z.NEVER;
      }
      const parsed = parseDecimalInput(text);
      if (parsed === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return parsed;
    });

const optionalId = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return null;
    const id = Number(value);
    if (!Number.isInteger(id) || id < 1 || id > 999_999_999) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.invalidFormat });
      return z.NEVER;
    }
    return id;
  });

/** A line's tax is its `tax_category`; callers from before categories send `tax_rate` (10, 8, 0) instead. */
export const documentLineSchema = z
  .object({
    item_id: optionalId,
    description: requiredText(200),
    quantity: decimalField("数量は整数10桁・小数4桁までの数値で入力してください", "1"),
    unit: optionalText(10),
    unit_price: decimalField(UNIT_PRICE_MESSAGE),
    ...taxCategoryFields,
  })
  .transform(resolveTaxCategory);

export const MAX_LINES = 100;

export const DUE_DATE_BEFORE_ISSUE = "支払期限は発行日以降の日付を入力してください";

/** The fields one by one; `documentInputSchema` adds the rules between them. */
export const documentFieldsSchema = z.object({
  issue_date: requiredDate,
  customer_id: optionalId,
  customer_name: requiredText(100),
  customer_honorific: z.enum(HONORIFICS).optional().default("御中"),
  /** Typed once: also register the customer in the master. */
  save_customer: checkbox,
  subject: optionalText(100),
  person_in_charge: optionalText(50),
  notes: optionalText(1000),
  tax_type_id: codeOf(idsOf(TAX_TYPES), 1),
  withholding: checkbox,
  lines: z
    .array(documentLineSchema, { required_error: "明細を1行以上入力してください" })
    .min(1, "明細を1行以上入力してください")
    .max(MAX_LINES, `明細は${MAX_LINES}行までです`),
  valid_until: optionalDate,
  delivery_date: optionalDate,
  due_date: optionalDate,
  bank_account_id: optionalId,
  received_amount: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      const text = value === undefined ? "" : String(value).trim();
      if (text === "") return null;
      const parsed = parseDecimalInput(text);
      if (parsed === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "金額は数値で入力してください" });
        return z.NEVER;
      }
      return parsed;
    }),
  proviso: optionalText(100),
  payment_method: optionalText(50),
});

/** A document as the form and the Payment API receive it; fields of other kinds are ignored. */
export const documentInputSchema = documentFieldsSchema.superRefine((document, ctx) => {
  if (document.due_date !== null && document.due_date < document.issue_date) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["due_date"], message: DUE_DATE_BEFORE_ISSUE });
  }
});

export type DocumentInput = z.output<typeof documentInputSchema>;
export type DocumentLineInput = z.output<typeof documentLineSchema>;
