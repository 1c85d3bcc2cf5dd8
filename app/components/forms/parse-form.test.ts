import { describe, expect, it } from "vitest";
import { parseForm } from "./parse-form";
import { z } from "zod";
import { capitalLetters, excluding, formatMessage, integer, numeric, VALIDATION_MESSAGES } from "@domain/validation-messages";

/** What conform reports for one field, the way an action sees it. */
function errorsFor(schema: z.ZodTypeAny, entries: Array<[string, string]>, field = "value") {
  const formData = new FormData();
  for (const [name, value] of entries) formData.append(name, value);
  const submission = parseForm(formData, schema);
  return submission.status === "error" ? submission.error?.[field] : undefined;
}

describe("default validation messages through conform", () => {
  it.each([
    ["required (field left empty)", z.object({ value: z.string() }), [["value", ""]], "このフィールドは必須です"],
    ["e-mail", z.object({ value: z.string().email() }), [["value", "taro@"]], "有効なメールアドレスを入力してください"],
    ["numbers only", z.object({ value: numeric() }), [["value", "12a"]], "数字のみで入力してください"],
    ["integers only", z.object({ value: integer() }), [["value", "1.5"]], "整数で入力してください"],
    ["capital letters only", z.object({ value: capitalLetters() }), [["value", "Abc"]], "英大文字のみで入力してください"],
    ["maximum length", z.object({ value: z.string().max(5) }), [["value", "あいうえおか"]], "5文字以内で入力してください"],
    ["minimum length", z.object({ value: z.string().min(3) }), [["value", "ab"]], "3文字以上で入力してください"],
    ["strict length", z.object({ value: numeric(z.string().length(7)) }), [["value", "123456"]], "文字数が正しくありません（7文字で入力してください）"],
    ["excluded character", z.object({ value: excluding("<>") }), [["value", "a<b"]], "使用できない文字が含まれています"],
    ["invalid format", z.object({ value: z.string().regex(/^T\d{13}$/) }), [["value", "X1"]], "形式が正しくありません"],
    ["invalid choice", z.object({ value: z.enum(["a", "b"]) }), [["value", "c"]], "形式が正しくありません"],
  ] as const)("%s", (_name, schema, entries, message) => {
    expect(errorsFor(schema, entries.map(([k, v]) => [k, v]))).toEqual([message]);
  });

  it("asks for at least one choice when no checkbox is ticked", () => {
    const schema = z.object({ value: z.array(z.string()).min(1), other: z.string().optional() });
    expect(errorsFor(schema, [["other", "x"]])).toEqual([VALIDATION_MESSAGES.atLeastOne]);
  });

  it("accepts valid input with no message", () => {
    const schema = z.object({ value: numeric(z.string().length(7)) });
    expect(errorsFor(schema, [["value", "1000001"]])).toBeUndefined();
  });

  it("numbers-only refuses full-width digits and signs; integers accept a minus sign", () => {
    expect(errorsFor(z.object({ value: numeric() }), [["value", "１２３"]])).toEqual([VALIDATION_MESSAGES.numeric]);
    expect(errorsFor(z.object({ value: numeric() }), [["value", "-1"]])).toEqual([VALIDATION_MESSAGES.numeric]);
    expect(errorsFor(z.object({ value: integer() }), [["value", "-12"]])).toBeUndefined();
  });
});

describe("formatMessage", () => {
  it("fills {0} and leaves a placeholder without a value as it is", () => {
    expect(formatMessage("maxLength", 20)).toBe("20文字以内で入力してください");
    expect(formatMessage("maxLength")).toBe("{0}文字以内で入力してください");
  });
});
