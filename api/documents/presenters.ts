import type { Response } from "express";
import { and, asc, eq, or, sql } from "drizzle-orm";
import { attachmentDisposition } from "../../domain/attachment";
import { canonicalDecimal } from "../../domain/decimal";
import type { DocumentKind } from "../../domain/document-kinds";
import { snapshotFileName, type SnapshotContent } from "../../domain/snapshot";
import { approvalOf, presentRequest, type DocumentApproval } from "../approvals/gate";
import { closingInvoiceSlips, type documentLines, documentMails, documents, documentStatusHistory, payments } from "../db/schema";
import { notFound } from "../errors";
import { clearedSum, notCancelled } from "../payments/cleared";
import { inScope, type DocumentScope } from "./scope";
import { linesOf, revisionsOf } from "./snapshots";
import type { Writer } from "./store";

export type DocumentRow = typeof documents.$inferSelect;
type LineRow = typeof documentLines.$inferSelect;

export const NOT_FOUND = "書類が見つかりません。";

/** One of the tenant's documents: every read and write by id names the tenant too. */
export const ownedBy = (tenant: string, id: number) => and(eq(documents.id, id), eq(documents.companyUniqueCode, tenant));

/**
 * The document of the id in the caller's scope, of the kind when the page
 * names one (a page never shows another kind's document); 404 otherwise.
 */
export async function ownDocument(db: Writer, scope: DocumentScope, id: number, kind?: DocumentKind): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), inScope(scope), kind ? eq(documents.kind, kind) : undefined))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** A document row as the API answers it: decimals in canonical form, internal columns left out. */
export function presentRow(row: DocumentRow) {
  const { companyUniqueCode: _company, customerSearchKey: _key, idempotencyKey: _idempotency, ...document } = row;
  const decimal = (value: string | null) => (value === null ? null : canonicalDecimal(value));
  return {
    ...document,
    receivedAmount: decimal(document.receivedAmount),
    taxExcluded: canonicalDecimal(document.taxExcluded),
    tax: canonicalDecimal(document.tax),
    taxIncluded: canonicalDecimal(document.taxIncluded),
    withholdingAmount: canonicalDecimal(document.withholdingAmount),
    amountDue: canonicalDecimal(document.amountDue),
  };
}

/** What a list row carries: the columns lists show, and what a caller needs to open or change the document. */
export const LIST_COLUMNS = {
  id: documents.id,
  kind: documents.kind,
  number: documents.number,
  status: documents.status,
  issueDate: documents.issueDate,
  customerId: documents.customerId,
  customerName: documents.customerName,
  customerHonorific: documents.customerHonorific,
  subject: documents.subject,
  taxIncluded: documents.taxIncluded,
  amountDue: documents.amountDue,
  issuedAt: documents.issuedAt,
  voidedAt: documents.voidedAt,
  version: documents.version,
  updatedAt: documents.updatedAt,
};

type ListRow = { [Column in keyof typeof LIST_COLUMNS]: DocumentRow[Column] };

export function presentListRow(row: ListRow) {
  return { ...row, taxIncluded: canonicalDecimal(row.taxIncluded), amountDue: canonicalDecimal(row.amountDue) };
}

const linkColumns = { id: documents.id, kind: documents.kind, number: documents.number };

/**
 * One document with its lines, its history, its revisions (the version
 * history of what was issued), where it came from and what was made from it
 * — those links only as far as the caller's scope reaches.
 */
/** One payment of the document not cancelled, if any: an invoice with one is not voided (decision 033). */
export const activePayment = (db: Writer, documentId: number) =>
  db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.documentId, documentId), notCancelled))
    .limit(1);

/** Whole yen the document's payments not cancelled have cleared, the fees their payers deducted included. */
export async function clearedOf(db: Writer, documentId: number): Promise<number> {
  const [row] = await db
    .select({ cleared: sql<string>`${clearedSum}::text` })
    .from(payments)
    .where(and(eq(payments.documentId, documentId), notCancelled));
  return Number(row!.cleared);
}

/** The document as the API answers it, with its lines, history, links and approval; `known` holds rows the caller read already. */
export async function fullDocument(db: Writer, row: DocumentRow, scope: DocumentScope, known: { lines?: LineRow[]; approval?: DocumentApproval } = {}) {
  const linked = (id: number) => and(eq(documents.id, id), inScope(scope));
  const [lines, history, derived, source, creditNoteOf, sent, revisions, payment, closing, approval] = await Promise.all([
    known.lines ?? linesOf(db, row.id),
    db.select().from(documentStatusHistory).where(eq(documentStatusHistory.documentId, row.id)).orderBy(asc(documentStatusHistory.changedAt), asc(documentStatusHistory.id)),
    db
      .select({ ...linkColumns, creditNoteOf: documents.creditNoteOf })
      .from(documents)
      .where(and(or(eq(documents.sourceDocumentId, row.id), eq(documents.creditNoteOf, row.id)), inScope(scope)))
      .orderBy(asc(documents.id)),
    row.sourceDocumentId === null ? Promise.resolve([]) : db.select(linkColumns).from(documents).where(linked(row.sourceDocumentId)),
    row.creditNoteOf === null ? Promise.resolve([]) : db.select(linkColumns).from(documents).where(linked(row.creditNoteOf)),
    db.select({ id: documentMails.id, snapshotId: documentMails.snapshotId, status: documentMails.status, createdAt: documentMails.createdAt }).from(documentMails).where(eq(documentMails.documentId, row.id)).orderBy(asc(documentMails.id)),
    revisionsOf(db, row.id),
    activePayment(db, row.id),
    closingLinksOf(db, row, scope),
    known.approval ?? approvalOf(db, row),
  ]);
  return {
    ...presentRow(row),
    lines: lines.map(({ documentId: _document, ...line }) => ({
      ...line,
      quantity: canonicalDecimal(line.quantity),
      unitPrice: canonicalDecimal(line.unitPrice),
      amount: canonicalDecimal(line.amount),
    })),
    history: history.map(({ documentId: _document, ...entry }) => entry),
    // Each revision with the mails that sent it: an earlier version's sends stay reachable after a correction.
    revisions: revisions.map((revision) => ({ ...revision, mails: sent.filter((mail) => mail.snapshotId === revision.id).map(({ snapshotId: _snapshot, ...mail }) => mail) })),
    source: source[0] ?? null,
    creditNoteOf: creditNoteOf[0] ?? null,
    derived: derived.filter((link) => link.creditNoteOf !== row.id).map(({ creditNoteOf: _of, ...link }) => link),
    creditNotes: derived.filter((link) => link.creditNoteOf === row.id).map(({ creditNoteOf: _of, ...link }) => link),
    sent: sent.length > 0,
    paid: payment.length > 0,
    closing,
    // Decision 049: whether it needs approval now, and the request of its current revision.
    approval: { state: approval.state, request: approval.request && presentRequest(approval.request) },
  };
}

/**
 * 合算請求's link both ways (decision 030): the delivery slips a closing invoice bills, or the closing invoice
 * that bills a slip; empty for other kinds and documents no closing touched.
 */
function closingLinksOf(db: Writer, row: DocumentRow, scope: DocumentScope) {
  if (row.kind === "invoice") {
    return db
      .select(linkColumns)
      .from(closingInvoiceSlips)
      .innerJoin(documents, eq(documents.id, closingInvoiceSlips.slipId))
      .where(and(eq(closingInvoiceSlips.invoiceId, row.id), inScope(scope)))
      .orderBy(asc(documents.number));
  }
  if (row.kind === "delivery_slip") {
    return db
      .select(linkColumns)
      .from(closingInvoiceSlips)
      .innerJoin(documents, eq(documents.id, closingInvoiceSlips.invoiceId))
      .where(and(eq(closingInvoiceSlips.slipId, row.id), inScope(scope)));
  }
  return Promise.resolve([]);
}

/** A PDF download named by kind, number and customer; the ASCII name is for browsers that ignore filename*. */
export function sendPdf(res: Response, pdf: Buffer, content: SnapshotContent) {
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Disposition", attachmentDisposition(`${content.kind}-${content.number.replace(/[^\w.-]+/g, "_")}.pdf`, snapshotFileName(content)));
  res.setHeader("Cache-Control", "private, no-store");
  res.send(pdf);
}
