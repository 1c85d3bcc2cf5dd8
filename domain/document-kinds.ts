import type { Code } from "./codes";

/** The four issued kinds; free of zod, so any page may name them. */
export const DOCUMENT_KINDS = [
  { id: "estimate", key: "estimate", label: "見積書" },
  { id: "delivery_slip", key: "deliverySlip", label: "納品書" },
  { id: "invoice", key: "invoice", label: "請求書" },
  { id: "receipt", key: "receipt", label: "領収書" },
] as const satisfies readonly Code<string>[];
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]["id"];
export const DOCUMENT_KIND_IDS = DOCUMENT_KINDS.map((kind) => kind.id) as [DocumentKind, ...DocumentKind[]];

/** The kind's name as documents print it (見積書, 納品書, 請求書, 領収書). */
export function kindLabel(kind: DocumentKind): string {
  return DOCUMENT_KINDS.find((entry) => entry.id === kind)!.label;
}

/** Where each kind lives in the web app (SPEC §2): receipts have no /list segment. */
export const DOCUMENT_PATHS: Record<DocumentKind, { base: string; list: string }> = {
  estimate: { base: "/estimates", list: "/estimates/list" },
  delivery_slip: { base: "/delivery-slips", list: "/delivery-slips/list" },
  invoice: { base: "/invoices", list: "/invoices/list" },
  receipt: { base: "/receipts", list: "/receipts" },
};

/** SPEC §4 conversions: what each kind can be made into (a duplicate of any kind is always possible). */
export const CONVERSIONS: Record<DocumentKind, readonly DocumentKind[]> = {
  estimate: ["delivery_slip", "invoice"],
  delivery_slip: ["invoice"],
  invoice: ["receipt"],
  receipt: [],
};

/**
 * The fields only some kinds have (SPEC §4): the form shows them, its constraints check them, the preview and the API
 * keep them for these kinds alone. A field not named here belongs to every kind.
 */
export const KIND_FIELDS = {
  valid_until: ["estimate"],
  delivery_date: ["delivery_slip"],
  due_date: ["invoice"],
  bank_account_id: ["invoice"],
  withholding: ["estimate", "delivery_slip", "invoice"],
  received_amount: ["receipt"],
  proviso: ["receipt"],
  payment_method: ["receipt"],
} as const satisfies Record<string, readonly DocumentKind[]>;
export type KindField = keyof typeof KIND_FIELDS;

export function hasField(kind: DocumentKind, field: KindField): boolean {
  return (KIND_FIELDS[field] as readonly DocumentKind[]).includes(kind);
}

/** The date each kind adds to its issue date (有効期限, 納品日, 支払期限); a receipt has none. */
export function kindDateField(kind: DocumentKind): "valid_until" | "delivery_date" | "due_date" | null {
  return (["valid_until", "delivery_date", "due_date"] as const).find((field) => hasField(kind, field)) ?? null;
}
