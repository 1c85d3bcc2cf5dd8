/**
 * The default validation messages of SPEC §5. Every form shows these for zod
 * failures: parsing passes the error map below (app/components/forms/parse-form.ts).
 */
import { z } from "zod";

export const VALIDATION_MESSAGES = {
  required: "このフィールドは必須です",
  email: "有効なメールアドレスを入力してください",
  numeric: "数字のみで入力してください",
  integer: "整数で入力してください",
  capitalLetters: "英大文字のみで入力してください",
  maxLength: "{0}文字以内で入力してください",
  minLength: "{0}文字以上で入力してください",
  exactLength: "文字数が正しくありません（{0}文字で入力してください）",
  excludedCharacter: "使用できない文字が含まれています",
  atLeastOne: "少なくとも1つ選択してください",
  invalidFormat: "形式が正しくありません",
} as const;

export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

/** Fills `{0}`, `{1}`… in a message with the given values. */
export function formatMessage(key: ValidationMessageKey, ...values: Array<string | number>): string {
  return VALIDATION_MESSAGES[key].replace(/\{(\d+)\}/g, (placeholder, index: string) => {
    const value = values[Number(index)];
    return value === undefined ? placeholder : String(value);
  });
}

/** Maps zod's own issues onto the messages above, so schemas need no message of their own. */
export const japaneseErrorMap: z.ZodErrorMap = (issue, ctx) => {
  // A schema's own message (invalid_type_error, required_error, errorMap) reaches here as the default; zod's own English one is replaced.
  if (ctx.defaultError !== z.defaultErrorMap(issue, { ...ctx, defaultError: "" }).message) return { message: ctx.defaultError };
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      // A checkbox group with nothing ticked arrives as no value at all.
      if (issue.expected === z.ZodParsedType.array) return { message: VALIDATION_MESSAGES.atLeastOne };
      if (issue.received === z.ZodParsedType.undefined || issue.received === z.ZodParsedType.null) {
        return { message: VALIDATION_MESSAGES.required };
      }
      if (issue.expected === z.ZodParsedType.number || issue.expected === z.ZodParsedType.bigint) {
        return { message: VALIDATION_MESSAGES.numeric };
      }
      return { message: VALIDATION_MESSAGES.invalidFormat };
    case z.ZodIssueCode.invalid_string:
      if (issue.validation === "email") return { message: VALIDATION_MESSAGES.email };
      return { message: VALIDATION_MESSAGES.invalidFormat };
    case z.ZodIssueCode.too_small:
      if (issue.type === "string") {
        if (issue.exact) return { message: formatMessage("exactLength", Number(issue.minimum)) };
        return { message: formatMessage("minLength", Number(issue.minimum)) };
      }
      if (issue.type === "array" || issue.type === "set") return { message: VALIDATION_MESSAGES.atLeastOne };
      return { message: VALIDATION_MESSAGES.invalidFormat };
    case z.ZodIssueCode.too_big:
      if (issue.type === "string") {
        if (issue.exact) return { message: formatMessage("exactLength", Number(issue.maximum)) };
        return { message: formatMessage("maxLength", Number(issue.maximum)) };
      }
      return { message: VALIDATION_MESSAGES.invalidFormat };
    case z.ZodIssueCode.invalid_enum_value:
    case z.ZodIssueCode.invalid_literal:
      return { message: VALIDATION_MESSAGES.invalidFormat };
    default:
      return { message: ctx.defaultError };
  }
};

const DIGITS_ONLY = /^[0-9]+$/;
const INTEGER = /^-?[0-9]+$/;
const CAPITAL_LETTERS_ONLY = /^[A-Z]+$/;

/**
 * Rules zod has no issue code of its own for. Each refines a string schema
 * (conform hands every field over as text), so they chain with zod's own:
 * `numeric(z.string().length(7))`.
 */
export function numeric(schema: z.ZodString = z.string()) {
  return schema.regex(DIGITS_ONLY, VALIDATION_MESSAGES.numeric);
}

export function integer(schema: z.ZodString = z.string()) {
  return schema.regex(INTEGER, VALIDATION_MESSAGES.integer);
}

export function capitalLetters(schema: z.ZodString = z.string()) {
  return schema.regex(CAPITAL_LETTERS_ONLY, VALIDATION_MESSAGES.capitalLetters);
}

/** Refuses text containing any of the given characters. */
export function excluding(characters: string, schema: z.ZodString = z.string()) {
  return schema.refine((value) => ![...characters].some((c) => value.includes(c)), VALIDATION_MESSAGES.excludedCharacter);
}
