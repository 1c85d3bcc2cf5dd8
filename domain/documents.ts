import { z } from "zod";
import { DELIVERY_SLIP_STATUSES, ESTIMATE_STATUSES, INVOICE_STATUSES, RECEIPT_STATUSES, TAX_RATES, TAX_TYPES, idsOf, type Code } from "./codes";
import { HONORIFICS } from "./customer";
import { parseDecimalInput } from "./decimal";
import type { DocumentKind } from "./document-settings";
import { checkbox, codeOf, optionalDate, optionalText, requiredDate, requiredText } from "./form-fields";
import { UNIT_PRICE_MESSAGE } from "./item";
import { compare } from "./exact";
import type { Totals } from "./totals";
import { VALIDATION_MESSAGES } from "./validation-messages";

/** Where each kind lives in the web app (SPEC §2): receipts have no /list segment. */
export const DOCUMENT_PATHS: Record<DocumentKind, { base: string; list: string }> = {
  estimate: { base: "/estimates", list: "/estimates/list" },
  delivery_slip: { base: "/delivery-slips", list: "/delivery-slips/list" },
  invoice: { base: "/invoices", list: "/invoices/list" },
  receipt: { base: "/receipts", list: "/receipts" },
};

export const DOCUMENT_STATUSES: Record<DocumentKind, readonly Code[]> = {
  estimate: ESTIMATE_STATUSES,
  delivery_slip: DELIVERY_SLIP_STATUSES,
  invoice: INVOICE_STATUSES,
  receipt: RECEIPT_STATUSES,
};

/** The status a new document starts in: not yet ordered, delivered, billed or issued. */
export const INITIAL_STATUS: Record<DocumentKind, number> = { estimate: 1, delivery_slip: 1, invoice: 1, receipt: 2 };

/**
 * Which status may follow which (docs/decisions/011). Business moves forward,
 * 確認中 (a question is open) can be entered from and left to any status, and
 * each step can be taken back one step, because people click the wrong
 * button; jumping back past a step (入金済 → 未請求) is refused.
 */
export const STATUS_TRANSITIONS: Record<DocumentKind, Record<number, readonly number[]>> = {
  // 未受注 1, 受注 2, 失注 3, 確認中 4
  estimate: { 1: [2, 3, 4], 2: [1, 4], 3: [1, 4], 4: [1, 2, 3] },
  // 未納品 1, 納品済 2, 確認中 3
  delivery_slip: { 1: [2, 3], 2: [1, 3], 3: [1, 2] },
  // 未請求 1, 請求済 2, 未入金 3, 入金済 4, 確認中 5
  invoice: { 1: [2, 4, 5], 2: [1, 3, 4, 5], 3: [2, 4, 5], 4: [3, 5], 5: [1, 2, 3, 4] },
  // 発行済 1, 未発行 2
  receipt: { 1: [2], 2: [1] },
};

/** 「入金済」 for invoice status 4; an unknown id shows as itself. */
export function statusLabel(kind: DocumentKind, status: number): string {
  return DOCUMENT_STATUSES[kind].find((code) => code.id === status)?.label ?? String(status);
}

export function canChangeStatus(kind: DocumentKind, from: number, to: number): boolean {
  return STATUS_TRANSITIONS[kind][from]?.includes(to) ?? false;
}

export const COPY_MODES = ["new", "copy_estimate", "copy_delivery_slip", "copy_invoice"] as const;
export type CopyMode = (typeof COPY_MODES)[number];
export const ORIGINS = ["from_detail", "from_list", "duplicate"] as const;

/** SPEC §4 conversions: what each kind can be made into (a duplicate of any kind is always possible). */
export const CONVERSIONS: Record<DocumentKind, readonly DocumentKind[]> = {
  estimate: ["delivery_slip", "invoice"],
  delivery_slip: ["invoice"],
  invoice: ["receipt"],
  receipt: [],
};

/** The copy mode recorded for a document made from a source of this kind; SPEC §4 names no receipt mode, so a duplicated receipt is "new" with origin duplicate. */
export function copyModeOf(source: DocumentKind): CopyMode {
  return ({ estimate: "copy_estimate", delivery_slip: "copy_delivery_slip", invoice: "copy_invoice", receipt: "new" } as const)[source];
}

/** A paper receipt of ¥50,000 or more needs a revenue stamp (印紙税法 別表第一 第17号文書). */
const STAMP_DUTY_THRESHOLD = "50000";

/** Whether a paper copy of this document needs a revenue stamp: receipts, on the amount without the separately stated tax. */
export function needsRevenueStamp(kind: DocumentKind, totals: Pick<Totals, "taxExcluded">): boolean {
  return kind === "receipt" && compare(totals.taxExcluded, STAMP_DUTY_THRESHOLD) >= 0;
}

/** The document lists' sorts and what they do with voided documents: the API accepts these, the screens offer them. */
export const DOCUMENT_SORTS = ["issue_date", "number", "customer", "amount", "status", "updated"] as const;
export const VOIDED_FILTERS = ["exclude", "include", "only"] as const;

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

export const documentLineSchema = z.object({
  item_id: optionalId,
  description: requiredText(200),
  quantity: decimalField("数量は整数10桁・小数4桁までの数値で入力してください", "1"),
  unit: optionalText(10),
  unit_price: decimalField(UNIT_PRICE_MESSAGE),
  tax_rate: codeOf(idsOf(TAX_RATES), 10),
});

export const MAX_LINES = 100;

/** A document as the form and the Payment API receive it; fields of other kinds are ignored. */
export const documentInputSchema = z.object({
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

export type DocumentInput = z.output<typeof documentInputSchema>;
export type DocumentLineInput = z.output<typeof documentLineSchema>;
