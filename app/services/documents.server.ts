import type { DocumentKind } from "@domain/document-kinds";
import type { DocumentInput } from "@domain/document-input";
import type { MailDisplayStatus } from "@domain/mail-status";
import { snapshotFromApi, type DocumentSnapshot } from "@domain/snapshot";
import { asJsonPost, callPaymentApi, type PaymentApiCaller } from "./payment-api.server";

export type DocumentLine = { id: number; position: number; item_id: number | null; description: string; quantity: string; unit: string | null; unit_price: string; tax_rate: number; amount: string };

export type DocumentSummary = {
  id: number;
  kind: DocumentKind;
  number: string;
  status: number;
  issue_date: string;
  customer_id: number | null;
  customer_name: string;
  customer_honorific: string;
  subject: string | null;
  tax_included: string;
  amount_due: string;
  issued_at: string | null;
  voided_at: string | null;
  version: number;
  updated_at: string;
  /** The latest send's status, in lists only; null when never sent. */
  mail_status?: MailDisplayStatus | null;
};

export type DocumentLink = { id: number; kind: DocumentKind; number: string };

export type DocumentDetail = DocumentSummary & {
  person_in_charge: string | null;
  notes: string | null;
  tax_type_id: number;
  withholding: boolean;
  item_rounding_id: number;
  item_rounding_scale: number;
  subtotal_rounding_id: number;
  tax_rounding_id: number;
  tax_withholding_id: number;
  valid_until: string | null;
  delivery_date: string | null;
  due_date: string | null;
  bank_account_id: number | null;
  received_amount: string | null;
  proviso: string | null;
  payment_method: string | null;
  tax_excluded: string;
  tax: string;
  withholding_amount: string;
  copy_mode: string;
  origin: string | null;
  created_by: string;
  lines: DocumentLine[];
  history: Array<{ id: number; from_status: number | null; to_status: number; changed_by: string; changed_at: string }>;
  source: DocumentLink | null;
  derived: DocumentLink[];
};

export type DocumentPage = { items: DocumentSummary[]; total: number; page: number; per_page: number; sum: { tax_included: string; amount_due: string } };

export function listDocuments(caller: PaymentApiCaller, params: URLSearchParams): Promise<DocumentPage> {
  return callPaymentApi<DocumentPage>(caller, `/documents?${params}`);
}

export function getDocument(caller: PaymentApiCaller, id: number): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, `/documents/${id}`);
}

/** What a create carries besides the fields: the form's one-time key and where the document came from. */
export type CreateMeta = { idempotency_key: string; source_document_id: number | null; origin: string | null };

export function createDocument(caller: PaymentApiCaller, kind: DocumentKind, input: DocumentInput, meta: CreateMeta): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, "/documents", asJsonPost({ ...input, kind, ...meta }));
}

export function updateDocument(caller: PaymentApiCaller, id: number, version: number, input: DocumentInput): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, `/documents/${id}`, asJsonPost({ ...input, _method: "PATCH", version }));
}

export function changeDocumentStatus(caller: PaymentApiCaller, id: number, status: number): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, `/documents/${id}/status`, asJsonPost({ status }));
}

export function changeStatuses(caller: PaymentApiCaller, ids: number[], status: number): Promise<{ results: Array<{ id: number; ok: boolean; message?: string; number?: string }> }> {
  return callPaymentApi(caller, "/documents-status", asJsonPost({ ids, status }));
}

export function issueDocument(caller: PaymentApiCaller, id: number): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, `/documents/${id}/issue`, { method: "POST" });
}

export function voidDocument(caller: PaymentApiCaller, id: number): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, `/documents/${id}/void`, { method: "POST" });
}

export function deleteDocument(caller: PaymentApiCaller, id: number): Promise<void> {
  return callPaymentApi<void>(caller, `/documents/${id}`, { method: "DELETE" });
}

/** The snapshot of the document as it is now, taken if this version has none (printing freezes it). */
export async function snapshotDocument(caller: PaymentApiCaller, id: number, reason: "print" | "send" = "print"): Promise<DocumentSnapshot> {
  return snapshotFromApi(await callPaymentApi<unknown>(caller, `/documents/${id}/snapshots`, asJsonPost({ reason })));
}
