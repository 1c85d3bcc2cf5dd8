import { z } from "zod";
import { BANK_ACCOUNT_TYPES, MATCH_RESULTS, RECEIVE_FILTERS, idsOf, type Code } from "./codes";
import { optionalDate, optionalText, requiredDate, requiredText } from "./form-fields";
import { normalizeDashes, toHalfWidth } from "./normalize";
import { REGISTRATION_NUMBER_MESSAGES, normalizeRegistrationNumber, parseRegistrationNumber } from "./registration-number";
import { VALIDATION_MESSAGES } from "./validation-messages";

/** The three received kinds (SPEC §2): one module, a kind each, as the issued side has four. */
export const RECEIVED_KINDS = [
  { id: "invoice", key: "invoices", label: "受取請求書" },
  { id: "receipt", key: "receipts", label: "受取領収書" },
  { id: "other", key: "others", label: "その他の受取書類" },
] as const satisfies readonly Code<string>[];
export type ReceivedKind = (typeof RECEIVED_KINDS)[number]["id"];
export const RECEIVED_KIND_IDS = idsOf(RECEIVED_KINDS) as [ReceivedKind, ...ReceivedKind[]];

/** The kind's pages: /receive/invoices, /receive/receipts, /receive/others. */
export function receivedPath(kind: ReceivedKind): string {
  return `/receive/${RECEIVED_KINDS.find((entry) => entry.id === kind)!.key}`;
}

export function receivedKindOfSegment(segment: string): ReceivedKind | null {
  return RECEIVED_KINDS.find((entry) => entry.key === segment)?.id ?? null;
}

export function receivedKindLabel(kind: ReceivedKind): string {
  return RECEIVED_KINDS.find((entry) => entry.id === kind)!.label;
}

export type ReceiveFilter = (typeof RECEIVE_FILTERS)[number]["id"];
export const RECEIVE_FILTER_IDS = idsOf(RECEIVE_FILTERS) as [ReceiveFilter, ...ReceiveFilter[]];

/** Yen as people type it (全角, 「1,100円」, 「¥1,100」): integers only; a received amount has no fractions. */
const YEN = /^-?\d{1,12}$/;

export function parseYen(input: string): string | null {
  const text = normalizeDashes(toHalfWidth(input)).replace(/[\s,¥￥円]/g, "");
  if (!YEN.test(text)) return null;
  return String(BigInt(text));
}

const YEN_MESSAGE = "金額は円単位の整数で入力してください（12桁まで）";

const yenField = (required: boolean) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      const text = value === undefined ? "" : String(value).trim();
      if (text === "") {
        if (required) ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.required });
        return required ? z.NEVER : null;
      }
      const yen = parseYen(text);
      if (yen === null) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: YEN_MESSAGE });
        return z.NEVER;
      }
      return yen;
    });

/**
 * A supplier's registration number as printed on its document: kept even when
 * its check digit is wrong (that is what the supplier wrote, and the
 * verification says so), refused only when it is not T + 13 digits.
 */
const receivedRegistrationNumber = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value || value.trim() === "") return null;
    if (!parseRegistrationNumber(value)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: REGISTRATION_NUMBER_MESSAGES.format });
      return z.NEVER;
    }
    return normalizeRegistrationNumber(value);
  });

const customerId = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return null;
    const id = Number(value);
    if (!Number.isSafeInteger(id) || id < 1) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.invalidFormat });
      return z.NEVER;
    }
    return id;
  });

const accountType = z
  .union([z.string(), z.number()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === "") return null;
    const id = Number(value);
    if (!(idsOf(BANK_ACCOUNT_TYPES) as number[]).includes(id)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: VALIDATION_MESSAGES.invalidFormat });
      return z.NEVER;
    }
    return id;
  });

const accountNumber = z
  .string()
  .optional()
  .transform((value, ctx) => {
    const text = toHalfWidth(value ?? "").trim();
    if (text === "") return null;
    if (!/^\d{7}$/.test(text)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: "口座番号は7桁の数字で入力してください" });
      return z.NEVER;
    }
    return text;
  });

/** Where a document was received from: uploaded as sent (electronic) or a paper one scanned. */
export const RECEIVED_ORIGINS = [
  { id: "electronic", key: "electronic", label: "電子取引（受け取ったファイル）" },
  { id: "scanned", key: "scanned", label: "紙の書類をスキャン" },
] as const satisfies readonly Code<string>[];
export type ReceivedOrigin = (typeof RECEIVED_ORIGINS)[number]["id"];

export const RECEIVED_AMOUNT_MISMATCH = "税率ごとの金額（税込）の合計が、金額（税込）と一致しません";

/** A received document's data as the form or the Payment API receives it (files travel separately). */
export const receivedDocumentInputSchema = z
  .object({
    transaction_date: requiredDate,
    amount: yenField(true),
    amount_10: yenField(false),
    tax_10: yenField(false),
    amount_8: yenField(false),
    tax_8: yenField(false),
    amount_0: yenField(false),
    supplier_name: requiredText(100),
    customer_id: customerId,
    registration_number: receivedRegistrationNumber,
    document_number: optionalText(50),
    due_date: optionalDate,
    origin: z.enum(idsOf(RECEIVED_ORIGINS) as [ReceivedOrigin, ...ReceivedOrigin[]]).optional().default("electronic"),
    payee_bank_name: optionalText(50),
    payee_branch_name: optionalText(50),
    payee_account_type: accountType,
    payee_account_number: accountNumber,
    payee_account_name: optionalText(50),
    notes: optionalText(1000),
  })
  .superRefine((input, ctx) => {
    const perRate = [input.amount_10, input.amount_8, input.amount_0].filter((value): value is string => value !== null);
    // When the document shows amounts per rate, they make up its total.
    if (perRate.length > 0 && input.amount !== null && perRate.reduce((sum, value) => sum + BigInt(value), 0n) !== BigInt(input.amount)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["amount"], message: RECEIVED_AMOUNT_MISMATCH });
    }
  });

export type ReceivedDocumentInput = z.output<typeof receivedDocumentInputSchema>;

/** The recorded fields in the order the history and the CSV name them. */
export const RECEIVED_FIELD_LABELS: Record<keyof ReceivedDocumentInput, string> = {
  transaction_date: "取引年月日",
  amount: "金額（税込）",
  amount_10: "10%対象（税込）",
  tax_10: "10%消費税",
  amount_8: "8%対象（税込）",
  tax_8: "8%消費税",
  amount_0: "0%・非課税（税込）",
  supplier_name: "取引先",
  customer_id: "取引先マスタ",
  registration_number: "登録番号",
  document_number: "書類番号",
  due_date: "支払期日",
  origin: "受領の形態",
  payee_bank_name: "振込先金融機関",
  payee_branch_name: "振込先支店",
  payee_account_type: "振込先口座種別",
  payee_account_number: "振込先口座番号",
  payee_account_name: "振込先口座名義",
  notes: "備考",
};

export type FieldChange = { field: string; before: string | null; after: string | null };

/** What an edit changed, field by field, with the previous value (電子帳簿保存法's correction record). */
export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  return (Object.keys(RECEIVED_FIELD_LABELS) as Array<keyof ReceivedDocumentInput>)
    .filter((field) => text(before[field]) !== text(after[field]))
    .map((field) => ({ field, before: text(before[field]), after: text(after[field]) }));
}

/**
 * A recorded value as the form offers it, for the history (issue 33): a choice by its label (受領の形態, 振込先口座種別),
 * from the tables the form's choices come from; other values as recorded, which is how the form shows them. The record
 * keeps what was stored. 取引先マスタ records a customer's id, which only the caller can name.
 */
export function receivedValueText(field: string, value: string | null): string | null {
  if (value === null) return null;
  if (field === "origin") return RECEIVED_ORIGINS.find((origin) => origin.id === value)?.label ?? value;
  if (field === "payee_account_type") return BANK_ACCOUNT_TYPES.find((type) => String(type.id) === value)?.label ?? value;
  return value;
}

/** How many years records are kept: 7 by law, 10 for a company that carries losses forward (法人税法 欠損金). */
export const RETENTION_YEARS = [7, 10] as const;
export type RetentionYears = (typeof RETENTION_YEARS)[number];

/**
 * The last day of the retention period of a document of `transactionDate`
 * (電子帳簿保存法 / 法人税法施行規則59条): the business year containing the date
 * ends with `fiscalYearEndMonth`; the return is due two months after it; the
 * records are kept for `years` from the day after that deadline.
 */
export function retentionEndsOn(transactionDate: string, fiscalYearEndMonth: number, years: RetentionYears): string {
  const [year, month] = transactionDate.split("-").map(Number) as [number, number];
  const yearEndYear = month <= fiscalYearEndMonth ? year : year + 1;
  // The filing deadline: the last day of the second month after the year's end.
  const deadline = new Date(Date.UTC(yearEndYear, fiscalYearEndMonth + 2, 0));
  const end = new Date(Date.UTC(deadline.getUTCFullYear() + years, deadline.getUTCMonth(), deadline.getUTCDate()));
  return end.toISOString().slice(0, 10);
}

export const MATCH_RESULT_IDS = idsOf(MATCH_RESULTS);

/** The list's sorts and its search keys (SPEC §4 and 電子帳簿保存法's three keys). */
export const RECEIVED_SORTS = ["transaction_date", "amount", "supplier", "updated"] as const;
export type ReceivedSort = (typeof RECEIVED_SORTS)[number];

export const RECEIVED_PER_PAGE = 50;
