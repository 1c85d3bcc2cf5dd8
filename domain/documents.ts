import type { Code } from "./codes";
import { DELIVERY_SLIP_STATUSES, ESTIMATE_STATUSES, INVOICE_STATUSES, RECEIPT_STATUSES } from "./list-codes";
import { CONVERSIONS, DOCUMENT_PATHS, type DocumentKind } from "./document-kinds";

// Where kinds live and what they become are kinds' own facts; re-exported for the modules that read them here.
export { CONVERSIONS, DOCUMENT_PATHS };

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
 * button; jumping back past a step (入金済 → 未請求) is refused. What a draft,
 * an issued or a voided document may hold on top of this: domain/lifecycle.ts.
 */
export const STATUS_TRANSITIONS: Record<DocumentKind, Record<number, readonly number[]>> = {
  // 未受注 1, 受注 2, 失注 3, 確認中 4
  estimate: { 1: [2, 3, 4], 2: [1, 4], 3: [1, 4], 4: [1, 2, 3] },
  // 未納品 1, 納品済 2, 確認中 3
  delivery_slip: { 1: [2, 3], 2: [1, 3], 3: [1, 2] },
  // 未請求 1, 請求済 2, 未入金 3, 入金済 4, 確認中 5; 入金済 is reached and left by payments only (decision 033).
  invoice: { 1: [2, 5], 2: [1, 3, 5], 3: [2, 5], 4: [], 5: [1, 2, 3] },
  // 発行済 1, 未発行 2
  receipt: { 1: [2], 2: [1] },
};

/** 「入金済」 for invoice status 4; an unknown id shows as itself. */
export function statusLabel(kind: DocumentKind, status: number): string {
  return DOCUMENT_STATUSES[kind].find((code) => code.id === status)?.label ?? String(status);
}

export const COPY_MODES = ["new", "copy_estimate", "copy_delivery_slip", "copy_invoice"] as const;
export type CopyMode = (typeof COPY_MODES)[number];
export const ORIGINS = ["from_detail", "from_list", "duplicate"] as const;


/** The copy mode recorded for a document made from a source of this kind; SPEC §4 names no receipt mode, so a duplicated receipt is "new" with origin duplicate. */
export function copyModeOf(source: DocumentKind): CopyMode {
  return ({ estimate: "copy_estimate", delivery_slip: "copy_delivery_slip", invoice: "copy_invoice", receipt: "new" } as const)[source];
}

/** The document lists' sorts and what they do with voided documents: the API accepts these, the screens offer them. */
export const DOCUMENT_SORTS = ["issue_date", "number", "customer", "amount", "status", "updated"] as const;
export const VOIDED_FILTERS = ["exclude", "include", "only"] as const;
