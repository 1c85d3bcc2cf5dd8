import { z } from "zod";
import { BANK_ACCOUNT_TYPES, COMPANY_DEFAULTS, idsOf } from "./codes";
import { bankAccountInputSchema } from "./company";
import { codeOf, requiredText } from "./form-fields";
import { PAYMENT_METHODS } from "./plans";
import { VALIDATION_MESSAGES } from "./validation-messages";

/** Nothing chosen is the same message as a plan that does not exist: the form offers radios, not a number field. */
const CHOOSE_PLAN = "プランを選択してください";
const planId = z.coerce.number({ invalid_type_error: CHOOSE_PLAN, required_error: CHOOSE_PLAN }).int(CHOOSE_PLAN).min(1, CHOOSE_PLAN).max(4, CHOOSE_PLAN);

/** A form sends one id per ticked box (or one string); the API sends an array. */
const termsIds = z
  .union([z.array(z.coerce.number().int().positive()), z.coerce.number().int().positive()])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
  .pipe(z.array(z.number()).max(10));

/**
 * Plan registration as the form posts it and the Payment API receives it.
 * The debit account is asked only when the bank needs a payment method and
 * the company pays by debit; a card stays with the bank.
 */
export const registrationInputSchema = z
  .object({
    plan_id: planId,
    agreed_terms: termsIds,
    payment_method: z.enum(PAYMENT_METHODS, { errorMap: () => ({ message: "お支払い方法を選択してください" }) }).optional(),
    debit_bank_code: bankAccountInputSchema.shape.bank_code.optional(),
    debit_branch_code: bankAccountInputSchema.shape.bank_branch_code.optional(),
    debit_account_type: codeOf(idsOf(BANK_ACCOUNT_TYPES), COMPANY_DEFAULTS.bankAccountTypeId),
    debit_account_no: bankAccountInputSchema.shape.bank_account_no.optional(),
    debit_account_name: requiredText(100).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.payment_method !== "debit") return;
    for (const field of ["debit_bank_code", "debit_branch_code", "debit_account_no", "debit_account_name"] as const) {
      if (!input[field]) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message: VALIDATION_MESSAGES.required });
    }
  });

export type RegistrationInput = z.output<typeof registrationInputSchema>;

/** addplan and changeplan: the plan chosen and the plan version the page showed. */
export const planChangeInputSchema = z.object({
  plan_id: planId,
  version: z.coerce.number().int().min(1),
});
export type PlanChangeInput = z.output<typeof planChangeInputSchema>;

/** Cancelling, or withdrawing a cancellation: only the version the page showed. */
export const accountVersionInputSchema = z.object({ version: z.coerce.number().int().min(1) });
