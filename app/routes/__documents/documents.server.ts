import {
  documentAnswer,
  documentCopyAnswer,
  documentDetailPageAnswer,
  documentMailAnswer,
  documentPageAnswer,
  statusChangesAnswer,
  type DocumentAnswer,
  type DocumentDetailPageAnswer,
  type DocumentLineAnswer,
  type DocumentLinkAnswer,
  type DocumentMailAnswer,
  type DocumentPageAnswer,
  type DocumentSummaryAnswer,
  type HistoryEntryAnswer,
  type RevisionAnswer,
  type StatusChangesAnswer,
} from "@domain/document-answers";
import type { z } from "zod";
import type { DocumentKind } from "@domain/document-kinds";
import type { DocumentInput } from "@domain/document-input";
import { stageOf, type LifecycleStage } from "@domain/lifecycle";
import type { MailDisplayStatus } from "@domain/mail-status";
import { snapshotFromApi, type CopyMark, type DocumentSnapshot } from "@domain/snapshot";
import { askPaymentApi, asJsonPost, sendToPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";

export type DocumentLine = DocumentLineAnswer;
export type DocumentSummary = DocumentSummaryAnswer;
export type DocumentLink = DocumentLinkAnswer;
export type HistoryEntry = HistoryEntryAnswer;
export type Revision = RevisionAnswer;
export type DocumentDetail = DocumentAnswer;
export type DocumentPage = DocumentPageAnswer;

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
      mail_status: document.mail_status,
    })),
    total: page.total,
    per_page: page.per_page,
    sum: { tax_included: page.sum.tax_included },
  };
}

export function listDocuments(caller: PaymentApiCaller, params: URLSearchParams): Promise<DocumentPage> {
  return askPaymentApi(caller, `/documents?${params}`, documentPageAnswer);
}

/** The document of the id and kind: another kind's document is a page that does not exist (404). Null asks for any kind (a conversion's source). */
export function getDocument(caller: PaymentApiCaller, id: number, kind: DocumentKind | null): Promise<DocumentDetail> {
  return askPaymentApi(caller, kind ? `/documents/${id}?kind=${kind}` : `/documents/${id}`, documentAnswer);
}

/** What a create carries besides the fields: the form's one-time key and where the document came from. */
export type CreateMeta = { idempotency_key: string; source_document_id: number | null; origin: string | null };

export function createDocument(caller: PaymentApiCaller, kind: DocumentKind, input: DocumentInput, meta: CreateMeta): Promise<DocumentDetail> {
  return askPaymentApi(caller, "/documents", documentAnswer, asJsonPost({ ...input, kind, ...meta }));
}

/** Saves an edit: a draft in place, an issued document as a correction with its reason. */
export function updateDocument(caller: PaymentApiCaller, kind: DocumentKind, id: number, version: number, input: DocumentInput, correctionReason: string | null): Promise<DocumentDetail> {
  return askPaymentApi(caller, `/documents/${id}?kind=${kind}`, documentAnswer, asJsonPost({ ...input, _method: "PATCH", version, correction_reason: correctionReason }));
}

export function changeDocumentStatus(caller: PaymentApiCaller, kind: DocumentKind, id: number, status: number): Promise<DocumentDetail> {
  return askPaymentApi(caller, `/documents/${id}/status?kind=${kind}`, documentAnswer, asJsonPost({ status }));
}

export function changeStatuses(caller: PaymentApiCaller, ids: number[], status: number): Promise<StatusChangesAnswer> {
  return askPaymentApi(caller, "/documents-status", statusChangesAnswer, asJsonPost({ ids, status }));
}

export function issueDocument(caller: PaymentApiCaller, kind: DocumentKind, id: number): Promise<DocumentDetail> {
  return askPaymentApi(caller, `/documents/${id}/issue?kind=${kind}`, documentAnswer, { method: "POST" });
}

export function voidDocument(caller: PaymentApiCaller, kind: DocumentKind, id: number): Promise<DocumentDetail> {
  return askPaymentApi(caller, `/documents/${id}/void?kind=${kind}`, documentAnswer, { method: "POST" });
}

export function deleteDocument(caller: PaymentApiCaller, kind: DocumentKind, id: number): Promise<void> {
  return sendToPaymentApi(caller, `/documents/${id}?kind=${kind}`, { method: "DELETE" });
}

/** A credit note (赤伝) against an issued invoice, issued at once; answers the new invoice. */
export function issueCreditNote(caller: PaymentApiCaller, id: number, reason: string | null): Promise<DocumentDetail> {
  return askPaymentApi(caller, `/documents/${id}/credit-note`, documentAnswer, asJsonPost({ reason }));
}

/** 「デジタルインボイスで送る」: queued for the Peppol access point (decision 045); refused with the check's problems. */
export function sendDigitalInvoice(caller: PaymentApiCaller, id: number): Promise<DocumentMailAnswer> {
  return askPaymentApi(caller, `/documents/${id}/jp-pint/send`, documentMailAnswer, asJsonPost({}));
}

/** What a detail page shows, in one call: the document, its copy, an issued invoice's payments, the company's profile and the mail form's template and addresses. */
export type DocumentDetailPage = Omit<DocumentDetailPageAnswer, "copy"> & { copy: CopyOfDocument };

export async function getDocumentPage(caller: PaymentApiCaller, id: number, kind: DocumentKind): Promise<DocumentDetailPage> {
  const { copy, ...page } = await askPaymentApi(caller, `/documents/${id}/page?kind=${kind}`, documentDetailPageAnswer);
  return { ...page, copy: copyFromApi(copy) };
}

type CopyOfDocument = { snapshot: DocumentSnapshot; mark: CopyMark; latestRevision: number };

const copyFromApi = (body: z.output<typeof documentCopyAnswer>): CopyOfDocument => ({ snapshot: snapshotFromApi(body), mark: body.mark, latestRevision: body.latest_revision });

/** The customer's copy: a draft's preview (marked), the issued revision's snapshot, or an earlier revision's. */
export async function documentCopy(caller: PaymentApiCaller, kind: DocumentKind, id: number, revision: number | null): Promise<CopyOfDocument> {
  const query = new URLSearchParams({ kind });
  if (revision !== null) query.set("revision", String(revision));
  return copyFromApi(await askPaymentApi(caller, `/documents/${id}/snapshots?${query}`, documentCopyAnswer, asJsonPost({ reason: "print" })));
}
