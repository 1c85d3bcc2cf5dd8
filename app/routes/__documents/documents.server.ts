import type { TaxCategoryId } from "@domain/codes";
import type { DocumentKind } from "@domain/document-kinds";
import type { DocumentInput } from "@domain/document-input";
import { stageOf, type LifecycleStage } from "@domain/lifecycle";
import type { MailDisplayStatus } from "@domain/mail-status";
import { snapshotFromApi, type CopyMark, type DocumentSnapshot } from "@domain/snapshot";
import { asJsonPost, callPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";

export type DocumentLine = { id: number; position: number; item_id: number | null; description: string; quantity: string; unit: string | null; unit_price: string; tax_category: TaxCategoryId; tax_rate: number; amount: string };

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

/** One entry of a document's history: what happened, from which status to which, by whom. */
export type HistoryEntry = {
  id: number;
  event: "created" | "issued" | "status" | "corrected" | "voided" | "credit_note" | "reminder";
  from_status: number | null;
  to_status: number;
  revision: number | null;
  changed_by: string;
  changed_by_name: string | null;
  changed_at: string;
};

/** An issued revision: its snapshot, and the mails that sent it. */
export type Revision = { id: number; revision: number; reason: string; created_at: string; created_by: string; created_by_name: string | null; mails: Array<{ id: number; status: string; created_at: string }> };

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
  revision: number;
  correction_reason: string | null;
  credit_note_of: DocumentLink | null;
  history: HistoryEntry[];
  revisions: Revision[];
  source: DocumentLink | null;
  derived: DocumentLink[];
  credit_notes: DocumentLink[];
  sent: boolean;
  /** A payment is recorded against it (an invoice); decision 033. */
  paid: boolean;
  /** 合算請求 (decision 030): a closing invoice's slips, or the closing invoice of a slip. */
  closing: DocumentLink[];
};

export type DocumentPage = { items: DocumentSummary[]; total: number; page: number; per_page: number; sum: { tax_included: string; amount_due: string } };

/** A list row as the page shows it, and nothing more: the rows are repeated in the page's hydration data. */
export type DocumentListRow = Pick<DocumentSummary, "id" | "number" | "status" | "issue_date" | "customer_name" | "customer_honorific" | "subject" | "tax_included"> & {
  state: LifecycleStage;
  mail_status: MailDisplayStatus | null;
};

export type DocumentListPage = { items: DocumentListRow[]; total: number; per_page: number; sum: { tax_included: string } };

/** The page's part of a list answer. */
export function listPageOf(page: DocumentPage): DocumentListPage {
  return {
    items: page.items.map((document) => ({
      id: document.id,
      number: document.number,
      status: document.status,
      issue_date: document.issue_date,
      customer_name: document.customer_name,
      customer_honorific: document.customer_honorific,
      subject: document.subject,
      tax_included: document.tax_included,
      state: stageOf({ issued: document.issued_at !== null, voided: document.voided_at !== null }),
      mail_status: document.mail_status ?? null,
    })),
    total: page.total,
    per_page: page.per_page,
    sum: { tax_included: page.sum.tax_included },
  };
}

export function listDocuments(caller: PaymentApiCaller, params: URLSearchParams): Promise<DocumentPage> {
  return callPaymentApi<DocumentPage>(caller, `/documents?${params}`);
}

/** The document of the id and kind: another kind's document is a page that does not exist (404). Null asks for any kind (a conversion's source). */
export function getDocument(caller: PaymentApiCaller, id: number, kind: DocumentKind | null): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, kind ? `/documents/${id}?kind=${kind}` : `/documents/${id}`);
}

/** What a create carries besides the fields: the form's one-time key and where the document came from. */
export type CreateMeta = { idempotency_key: string; source_document_id: number | null; origin: string | null };

export function createDocument(caller: PaymentApiCaller, kind: DocumentKind, input: DocumentInput, meta: CreateMeta): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, "/documents", asJsonPost({ ...input, kind, ...meta }));
}

/** Saves an edit: a draft in place, an issued document as a correction with its reason. */
export function updateDocument(caller: PaymentApiCaller, kind: DocumentKind, id: number, version: number, input: DocumentInput, correctionReason: string | null): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, `/documents/${id}?kind=${kind}`, asJsonPost({ ...input, _method: "PATCH", version, correction_reason: correctionReason }));
}

export function changeDocumentStatus(caller: PaymentApiCaller, kind: DocumentKind, id: number, status: number): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, `/documents/${id}/status?kind=${kind}`, asJsonPost({ status }));
}

export function changeStatuses(caller: PaymentApiCaller, ids: number[], status: number): Promise<{ results: Array<{ id: number; ok: boolean; message?: string; number?: string }> }> {
  return callPaymentApi(caller, "/documents-status", asJsonPost({ ids, status }));
}

export function issueDocument(caller: PaymentApiCaller, kind: DocumentKind, id: number): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, `/documents/${id}/issue?kind=${kind}`, { method: "POST" });
}

export function voidDocument(caller: PaymentApiCaller, kind: DocumentKind, id: number): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, `/documents/${id}/void?kind=${kind}`, { method: "POST" });
}

export function deleteDocument(caller: PaymentApiCaller, kind: DocumentKind, id: number): Promise<void> {
  return callPaymentApi<void>(caller, `/documents/${id}?kind=${kind}`, { method: "DELETE" });
}

/** A credit note (赤伝) against an issued invoice, issued at once; answers the new invoice. */
export function issueCreditNote(caller: PaymentApiCaller, id: number, reason: string | null): Promise<DocumentDetail> {
  return callPaymentApi<DocumentDetail>(caller, `/documents/${id}/credit-note`, asJsonPost({ reason }));
}

/** What keeps an issued invoice from leaving as a JP PINT digital invoice, in Japanese (empty when it passes), and the customer's Peppol ID it would go to. */
export function digitalInvoiceCheck(caller: PaymentApiCaller, id: number): Promise<{ problems: string[]; recipient: string | null }> {
  return callPaymentApi<{ problems: string[]; recipient: string | null }>(caller, `/documents/${id}/jp-pint/check`);
}

/** 「デジタルインボイスで送る」: queued for the Peppol access point (decision 045); refused with the check's problems. */
export function sendDigitalInvoice(caller: PaymentApiCaller, id: number): Promise<{ id: number; status: string }> {
  return callPaymentApi<{ id: number; status: string }>(caller, `/documents/${id}/jp-pint/send`, asJsonPost({}));
}

/** The customer's copy: a draft's preview (marked), the issued revision's snapshot, or an earlier revision's. */
export async function documentCopy(caller: PaymentApiCaller, kind: DocumentKind, id: number, revision: number | null): Promise<{ snapshot: DocumentSnapshot; mark: CopyMark; latestRevision: number }> {
  const query = new URLSearchParams({ kind });
  if (revision !== null) query.set("revision", String(revision));
  const body = await callPaymentApi<{ mark: CopyMark; latest_revision: number }>(caller, `/documents/${id}/snapshots?${query}`, asJsonPost({ reason: "print" }));
  return { snapshot: snapshotFromApi(body), mark: body.mark, latestRevision: body.latest_revision };
}
