import { z } from "zod";
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
