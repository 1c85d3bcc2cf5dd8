import { z } from "zod";
import { HONORIFICS } from "./honorifics";
import { checkbox, optionalText, requiredText } from "./form-fields";
import { normalizeDigits, toHalfWidth } from "./normalize";
import { CLOSING_LINE_MODES, type ClosingLineMode } from "./closing";
import type { Code } from "./codes";
import { DOCUMENT_KINDS, type DocumentKind } from "./document-kinds";

export const NUMBER_DATE_PARTS = [
  { id: "none", key: "none", label: "付けない" },
  { id: "yyyy", key: "year", label: "年（2026）" },
  { id: "yyyymm", key: "month", label: "年月（202611）" },
  { id: "yyyymmdd", key: "day", label: "年月日（20261122）" },
] as const satisfies readonly Code<string>[];

export const NUMBER_RESETS = [
  { id: "never", key: "never", label: "振り直さない（通し番号）" },
  { id: "yearly", key: "yearly", label: "毎年1から" },
  { id: "monthly", key: "monthly", label: "毎月1から" },
] as const satisfies readonly Code<string>[];

export const DUE_DATE_RULES = [
  { id: "customer_terms", key: "customerTerms", label: "取引先の支払条件から（未設定なら翌月末）" },
  { id: "end_of_next_month", key: "endOfNextMonth", label: "発行日の翌月末" },
  { id: "days_after_issue", key: "daysAfterIssue", label: "発行日から指定日数後" },
] as const satisfies readonly Code<string>[];

/** How a closing invoice (合算請求, decision 030) lays out its slips' lines: the invoice settings choose. */
export const CLOSING_LINE_MODE_CODES = [
  { id: "per_slip", key: "perSlip", label: "納品書ごと（納品書番号と日付の見出しの下に明細）" },
  { id: "per_item", key: "perItem", label: "品目ごとに合算（品目・単価・税率が同じ明細を1行に）" },
] as const satisfies readonly Code<ClosingLineMode>[];

/** Letters, digits and - _ / only: the number goes into file names and mail subjects. */
export const NUMBER_PREFIX_PATTERN = /^[A-Za-z0-9_/-]*$/;
export const MAX_NUMBER_DIGITS = 10;

const idsOf = <T extends readonly Code<string>[]>(codes: T) => codes.map((code) => code.id) as [T[number]["id"], ...T[number]["id"][]];

/**
 * What a mail template may insert. Written in Japanese braces so the person
 * writing the template reads them as words, not code.
 */
export const MAIL_PLACEHOLDERS = ["宛名", "取引先名", "取引先担当者名", "書類名", "書類番号", "件名", "合計金額", "支払期限", "自社名", "自社担当者名"] as const;
export type MailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];
const PLACEHOLDER = /\{([^{}\s]{1,20})\}/g;

/** Fills {取引先名} and the like; a placeholder without a value is left empty. */
export function renderMailTemplate(template: string, values: Partial<Record<MailPlaceholder, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => ((MAIL_PLACEHOLDERS as readonly string[]).includes(name) ? (values[name as MailPlaceholder] ?? "") : whole));
}

function unknownPlaceholders(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!).filter((name) => !(MAIL_PLACEHOLDERS as readonly string[]).includes(name));
}

export type NumberFormat = { number_prefix: string; number_date_part: (typeof NUMBER_DATE_PARTS)[number]["id"]; number_digits: number; number_reset: (typeof NUMBER_RESETS)[number]["id"] };

/** "2026-11-22" and sequence 7 → "INV-202611-0007" for prefix INV, year and month, four digits. */
export function formatDocumentNumber(format: Omit<NumberFormat, "number_reset">, isoDate: string, sequence: number): string {
  const [year = "", month = "", day = ""] = isoDate.split("-");
  const datePart = { none: "", yyyy: year, yyyymm: `${year}${month}`, yyyymmdd: `${year}${month}${day}` }[format.number_date_part];
  return [format.number_prefix, datePart, String(sequence).padStart(format.number_digits, "0")].filter(Boolean).join("-");
}

/** The counter a number is taken from: one sequence per period. */
export function numberingPeriod(reset: NumberFormat["number_reset"], isoDate: string): string {
  if (reset === "yearly") return isoDate.slice(0, 4);
  if (reset === "monthly") return isoDate.slice(0, 7);
  return "";
}

const DEFAULT_PREFIX: Record<DocumentKind, string> = { estimate: "EST", delivery_slip: "DLV", invoice: "INV", receipt: "RCP" };
const DEFAULT_SUBJECT: Record<DocumentKind, string> = { estimate: "御見積", delivery_slip: "納品のご案内", invoice: "ご請求", receipt: "お買い上げ" };

/** Settings a kind has before the company saves its own. */
export function documentSettingDefaults(kind: DocumentKind) {
  const name = DOCUMENT_KINDS.find((entry) => entry.id === kind)!.label;
  return {
    number_prefix: DEFAULT_PREFIX[kind],
    number_date_part: "yyyymm" as NumberFormat["number_date_part"],
    number_digits: 4,
    number_reset: "never" as NumberFormat["number_reset"],
    default_subject: kind === "receipt" ? null : DEFAULT_SUBJECT[kind],
    default_notes: kind === "invoice" ? "お振込手数料は貴社にてご負担くださいますようお願いいたします。" : null,
    default_remarks: kind === "receipt" ? "お品代として" : null,
    default_honorific: "御中" as (typeof HONORIFICS)[number],
    print_stamp: true,
    bank_account_ids: [] as number[],
    due_date_rule: "customer_terms" as (typeof DUE_DATE_RULES)[number]["id"],
    due_days: null as number | null,
    closing_line_mode: "per_slip" as ClosingLineMode,
    mail_subject: `【{自社名}】${name}送付のご案内（{書類番号}）`,
    mail_body: `{宛名}\n\nいつもお世話になっております。{自社名}の{自社担当者名}です。\n${name}（{書類番号}）をお送りいたします。\nご確認のほど、よろしくお願いいたします。\n\n{自社名}`,
  };
}

const mailTemplate = (max: number) =>
  requiredText(max).superRefine((template, ctx) => {
    const unknown = unknownPlaceholders(template);
    if (unknown.length > 0) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `使えない差し込み項目があります（${unknown.map((name) => `{${name}}`).join("、")}）` });
  });

const integerIn = (min: number, max: number, message: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const number = Number(normalizeDigits(String(value).trim()));
    if (String(value).trim() === "" || !Number.isInteger(number) || number < min || number > max) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message });
      return z.NEVER;
    }
    return number;
  });

/** One kind's settings as the form and the Payment API receive them. */
export const documentSettingInputSchema = z
  .object({
    number_prefix: z
      .string()
      .optional()
      .transform((value) => toHalfWidth(value ?? "").trim())
      .pipe(z.string().max(10, "10文字以内で入力してください").regex(NUMBER_PREFIX_PATTERN, "英数字と - _ / で入力してください")),
    number_date_part: z.enum(idsOf(NUMBER_DATE_PARTS)),
    number_digits: integerIn(1, MAX_NUMBER_DIGITS, `連番の桁数は1〜${MAX_NUMBER_DIGITS}で入力してください`),
    number_reset: z.enum(idsOf(NUMBER_RESETS)),
    default_subject: optionalText(100),
    default_notes: optionalText(1000),
    default_remarks: optionalText(1000),
    default_honorific: z.enum(HONORIFICS),
    print_stamp: checkbox,
    bank_account_ids: z
      .union([z.array(z.union([z.string(), z.number()])), z.string(), z.number()])
      .optional()
      .transform((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]).map(Number).filter((id) => Number.isInteger(id) && id > 0)),
    due_date_rule: z.enum(idsOf(DUE_DATE_RULES)),
    due_days: z.union([z.string(), z.number()]).optional(),
    // Only the invoice form has it; the other kinds keep the default.
    closing_line_mode: z.enum(CLOSING_LINE_MODES).optional().default("per_slip"),
    mail_subject: mailTemplate(200),
    mail_body: mailTemplate(5000),
  })
  .transform((input, ctx) => {
    let dueDays: number | null = null;
    if (input.due_date_rule === "days_after_issue") {
      const parsed = integerIn(1, 365, "日数は1〜365で入力してください").safeParse(input.due_days ?? "");
      if (!parsed.success) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["due_days"], message: "日数は1〜365で入力してください" });
        return z.NEVER;
      }
      dueDays = parsed.data;
    }
    // A sequence that restarts needs the period in the number, or two documents would share one.
    if (input.number_reset === "monthly" && !["yyyymm", "yyyymmdd"].includes(input.number_date_part)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["number_date_part"], message: "毎月振り直すときは、日付部分に年月を含めてください" });
      return z.NEVER;
    }
    if (input.number_reset === "yearly" && input.number_date_part === "none") {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["number_date_part"], message: "毎年振り直すときは、日付部分に年を含めてください" });
      return z.NEVER;
    }
    return { ...input, due_days: dueDays };
  });

export type DocumentSettingInput = z.output<typeof documentSettingInputSchema>;
