import type { Code } from "./codes";

/** The codes the document lists show — statuses, mail states — apart from codes.ts, whose tax and company tables a list does not need. */

export const ESTIMATE_STATUSES = [
  { id: 1, key: "unordered", label: "未受注" },
  { id: 2, key: "ordered", label: "受注" },
  { id: 3, key: "lost", label: "失注" },
  { id: 4, key: "confirming", label: "確認中" },
] as const satisfies readonly Code[];

export const DELIVERY_SLIP_STATUSES = [
  { id: 1, key: "undelivered", label: "未納品" },
  { id: 2, key: "delivered", label: "納品済" },
  { id: 3, key: "confirming", label: "確認中" },
] as const satisfies readonly Code[];

export const INVOICE_STATUSES = [
  { id: 1, key: "unbilled", label: "未請求" },
  { id: 2, key: "billed", label: "請求済" },
  { id: 3, key: "unpaid", label: "未入金" },
  { id: 4, key: "paid", label: "入金済" },
  { id: 5, key: "confirming", label: "確認中" },
] as const satisfies readonly Code[];

export const RECEIPT_STATUSES = [
  { id: 1, key: "published", label: "発行済" },
  { id: 2, key: "unpublished", label: "未発行" },
] as const satisfies readonly Code[];

export const MAIL_STATUSES = [
  { id: 0, key: "none", label: "" },
  { id: 1, key: "sent", label: "送信済" },
  { id: 2, key: "browsed", label: "閲覧済" },
  { id: 3, key: "error", label: "送信エラー" },
] as const satisfies readonly Code[];

// The encodings live apart, so a page whose only code list is the export form's loads no status lists.
export { EXPORT_ENCODINGS } from "./export-encodings";
