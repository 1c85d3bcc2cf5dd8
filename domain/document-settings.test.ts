import { describe, expect, it } from "vitest";
import { documentSettingDefaults, documentSettingInputSchema, formatDocumentNumber, numberingPeriod, renderMailTemplate } from "./document-settings";

describe("formatDocumentNumber", () => {
  it.each([
    ["INV", "yyyymm", 4, 7, "INV-202611-0007"],
    ["INV", "none", 6, 123, "INV-000123"],
    ["", "yyyymmdd", 3, 1, "20261122-001"],
    ["EST", "yyyy", 2, 345, "EST-2026-345"],
    ["", "none", 1, 9, "9"],
  ] as const)("prefix %j, date %s, %i digits, sequence %i → %s", (prefix, datePart, digits, sequence, expected) => {
    expect(formatDocumentNumber({ number_prefix: prefix, number_date_part: datePart, number_digits: digits }, "2026-11-22", sequence)).toBe(expected);
  });
});

describe("numberingPeriod", () => {
  it.each([
    ["never", ""],
    ["yearly", "2026"],
    ["monthly", "2026-11"],
  ] as const)("%s counts in period %j", (reset, period) => {
    expect(numberingPeriod(reset, "2026-11-22")).toBe(period);
  });
});

describe("renderMailTemplate", () => {
  it("fills known placeholders, empties known ones without a value and keeps other braces", () => {
    expect(renderMailTemplate("{取引先名}様 {書類番号} {支払期限} {foo}", { 取引先名: "青空商事", 書類番号: "INV-1" })).toBe("青空商事様 INV-1  {foo}");
  });
});

describe("documentSettingInputSchema", () => {
  // Forms and the web client leave empty fields out rather than sending null.
  const withoutNulls = (values: object) => Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null));
  const valid = () => {
    const defaults = withoutNulls(documentSettingDefaults("invoice")) as ReturnType<typeof documentSettingDefaults>;
    return { ...defaults, number_digits: String(defaults.number_digits), print_stamp: "on", bank_account_ids: ["3", "5"] };
  };
  const messagesOf = (input: Record<string, unknown>) => {
    const result = documentSettingInputSchema.safeParse(input);
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  };

  it("accepts the defaults of every kind and normalises full-width input", () => {
    expect(documentSettingInputSchema.parse({ ...valid(), number_prefix: "ＩＮＶ", number_digits: "５" })).toMatchObject({ number_prefix: "INV", number_digits: 5, print_stamp: true, bank_account_ids: [3, 5], due_days: null });
    for (const kind of ["estimate", "delivery_slip", "receipt"] as const) expect(documentSettingInputSchema.safeParse(withoutNulls(documentSettingDefaults(kind))).success).toBe(true);
  });

  it.each([
    [{ number_prefix: "請求" }, "number_prefix", "英数字と - _ / で入力してください"],
    [{ number_digits: "11" }, "number_digits", "連番の桁数は1〜10で入力してください"],
    [{ number_reset: "monthly", number_date_part: "yyyy" }, "number_date_part", "毎月振り直すときは、日付部分に年月を含めてください"],
    [{ number_reset: "yearly", number_date_part: "none" }, "number_date_part", "毎年振り直すときは、日付部分に年を含めてください"],
    [{ due_date_rule: "days_after_issue", due_days: "0" }, "due_days", "日数は1〜365で入力してください"],
    [{ mail_subject: "{請求額}のご案内" }, "mail_subject", "使えない差し込み項目があります（{請求額}）"],
  ])("refuses %j", (change, path, message) => {
    expect(messagesOf({ ...valid(), ...change })[path]).toBe(message);
  });

  it("keeps the days only for the days-after-issue rule", () => {
    expect(documentSettingInputSchema.parse({ ...valid(), due_date_rule: "days_after_issue", due_days: "３０" }).due_days).toBe(30);
    expect(documentSettingInputSchema.parse({ ...valid(), due_date_rule: "end_of_next_month", due_days: "30" }).due_days).toBeNull();
  });
});
