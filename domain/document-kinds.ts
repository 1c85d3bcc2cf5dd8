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
