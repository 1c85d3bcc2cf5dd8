import type { Response } from "express";
import { and, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { attachmentDisposition } from "../../domain/attachment";
import { canonicalDecimal } from "../../domain/decimal";
import type { DocumentKind } from "../../domain/document-kinds";
import { snapshotFileName, type SnapshotContent } from "../../domain/snapshot";
import { approvalOf, presentRequest, type DocumentApproval } from "../approvals/gate";
import { preparedPerHandle } from "../db/prepared";
import { closingInvoiceSlips, type documentLines, documentMails, documents, documentSnapshots, documentStatusHistory, payments } from "../db/schema";
import { notFound } from "../errors";
import { clearedSum, notCancelled } from "../payments/cleared";
import { inScopePlaceholders, reachOf, scopeValues, type DocumentScope, type Reach } from "./scope";
import { linesOf } from "./snapshots";
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
  const statement = ownDocumentStatements[reachOf(scope)][kind ? "ofKind" : "anyKind"](db);
  const [row] = await statement.execute({ id, ...scopeValues(scope), kind });
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** ownDocument's statement: over the whole company's or the caller's own documents, of a kind or of any. */
const ownDocumentStatement = (reach: Reach, kinds: "ofKind" | "anyKind") =>
  preparedPerHandle((db: Writer) =>
    db
      .select()
      .from(documents)
      .where(and(eq(documents.id, sql.placeholder("id")), inScopePlaceholders(reach), kinds === "ofKind" ? eq(documents.kind, sql.placeholder("kind")) : undefined))
      .limit(1),
  );

const ownDocumentStatements = {
  company: { ofKind: ownDocumentStatement("company", "ofKind"), anyKind: ownDocumentStatement("company", "anyKind") },
  own: { ofKind: ownDocumentStatement("own", "ofKind"), anyKind: ownDocumentStatement("own", "anyKind") },
};

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

/** A JSON object of the columns under the keys given (constants of this module), for a statement that reads several tables at once. */
function jsonOf(columns: Record<string, AnyPgColumn>): SQL {
  return sql`json_build_object(${sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  )})`;
}

/** The rows of a subquery as one JSON array, in `order`; an empty array when it has none. */
const jsonRows = (columns: Record<string, AnyPgColumn>, order: SQL) => sql`coalesce(json_agg(${jsonOf(columns)} order by ${order}), '[]'::json)`;

type Link = { id: number; kind: DocumentKind; number: string };
/** Timestamps come out of JSON as text. */
type Dated<Row, Key extends keyof Row> = Omit<Row, Key> & { [K in Key]: string };

const historyColumns = {
  id: documentStatusHistory.id,
  fromStatus: documentStatusHistory.fromStatus,
  toStatus: documentStatusHistory.toStatus,
  event: documentStatusHistory.event,
  revision: documentStatusHistory.revision,
  changedBy: documentStatusHistory.changedBy,
  changedByName: documentStatusHistory.changedByName,
  comment: documentStatusHistory.comment,
  approvalStep: documentStatusHistory.approvalStep,
  changedAt: documentStatusHistory.changedAt,
};
const mailColumns = { id: documentMails.id, snapshotId: documentMails.snapshotId, status: documentMails.status, createdAt: documentMails.createdAt };
const revisionColumns = {
  id: documentSnapshots.id,
  revision: documentSnapshots.revision,
  reason: documentSnapshots.reason,
  createdAt: documentSnapshots.createdAt,
  createdBy: documentSnapshots.createdBy,
  createdByName: documentSnapshots.createdByName,
};
type Columns<C extends Record<string, AnyPgColumn>> = { [K in keyof C]: C[K]["_"]["data"] };

type Relations = {
  history: Array<Dated<Columns<typeof historyColumns>, "changedAt">>;
  derived: Array<Link & { creditNoteOf: number | null }>;
  source: Link | null;
  creditNoteOf: Link | null;
  sent: Array<Dated<Columns<typeof mailColumns>, "createdAt">>;
  revisions: Array<Dated<Columns<typeof revisionColumns>, "createdAt">>;
  paid: boolean;
  closing: Link[];
};

/** Which way a document's 合算請求 links go (decision 030): an invoice's to the slips it bills, a slip's to its closing invoice. */
export type ClosingSide = "invoice" | "delivery_slip" | "none";

export const closingSideOf = (kind: DocumentKind): ClosingSide => (kind === "invoice" || kind === "delivery_slip" ? kind : "none");

/** Where relationColumns find the document: values of the statement, or columns of a row it reads itself. */
export type RelationRefs = { id: SQLWrapper; sourceId: SQLWrapper; creditNoteOf: SQLWrapper };

/**
 * What the document's answer shows beside its own row, as columns of one statement (issue 39: a statement was most
 * of a detail page's cost on PGlite): its history, the documents made from it or crediting it, the one it was made
 * from and the one it credits, its sends, its revisions, whether a payment not cancelled is recorded, and 合算請求's
 * links both ways (decision 030: the slips a closing invoice bills, or the closing invoice that bills a slip). Linked
 * documents only as far as the caller's scope reaches (the `tenant` and `createdBy` values). A reader of `documents`
 * itself names its row by an alias: these subqueries read `documents` too.
 */
export function relationColumns(reach: Reach, side: ClosingSide, { id, sourceId, creditNoteOf }: RelationRefs) {
  const inReach = inScopePlaceholders(reach);
  const linked = (linkId: RelationRefs["sourceId"]) => sql`(select ${jsonOf(linkColumns)} from ${documents} where ${documents.id} = ${linkId} and ${inReach})`;
  const closing =
    side === "invoice"
      ? sql`(select ${jsonRows(linkColumns, sql`${documents.number}`)} from ${closingInvoiceSlips} join ${documents} on ${documents.id} = ${closingInvoiceSlips.slipId} where ${closingInvoiceSlips.invoiceId} = ${id} and ${inReach})`
      : side === "delivery_slip"
        ? sql`(select ${jsonRows(linkColumns, sql`${documents.id}`)} from ${closingInvoiceSlips} join ${documents} on ${documents.id} = ${closingInvoiceSlips.invoiceId} where ${closingInvoiceSlips.slipId} = ${id} and ${inReach})`
        : sql`'[]'::json`;
  return {
    history: sql<Relations["history"]>`(select ${jsonRows(historyColumns, sql`${documentStatusHistory.changedAt}, ${documentStatusHistory.id}`)} from ${documentStatusHistory} where ${documentStatusHistory.documentId} = ${id})`,
    derived: sql<Relations["derived"]>`(select ${jsonRows({ ...linkColumns, creditNoteOf: documents.creditNoteOf }, sql`${documents.id}`)} from ${documents}
      where (${documents.sourceDocumentId} = ${id} or ${documents.creditNoteOf} = ${id}) and ${inReach})`,
    // A document made from none (or crediting none) finds no row for the null id: null, as the answer says.
    source: sql<Relations["source"]>`${linked(sourceId)}`,
    creditNoteOf: sql<Relations["creditNoteOf"]>`${linked(creditNoteOf)}`,
    sent: sql<Relations["sent"]>`(select ${jsonRows(mailColumns, sql`${documentMails.id}`)} from ${documentMails} where ${documentMails.documentId} = ${id})`,
    revisions: sql<Relations["revisions"]>`(select ${jsonRows(revisionColumns, sql`${documentSnapshots.revision}`)} from ${documentSnapshots} where ${documentSnapshots.documentId} = ${id})`,
    paid: sql<boolean>`exists (select 1 from ${payments} where ${payments.documentId} = ${id} and ${notCancelled})`,
    closing: sql<Link[]>`${closing}`,
  };
}

/** relationColumns alone, prepared once per scope's reach and closing side: building it was a third of a millisecond of every detail page. */
const relationsStatement = (reach: Reach, side: ClosingSide) =>
  preparedPerHandle((db: Writer) =>
    db
      .select(relationColumns(reach, side, { id: sql.placeholder("id"), sourceId: sql.placeholder("sourceId"), creditNoteOf: sql.placeholder("creditNoteOf") }))
      .from(sql`(select 1) as page`),
  );

/** One prepared statement for each reach of a scope and closing side. */
export function byReachAndSide<Statement>(make: (reach: Reach, side: ClosingSide) => Statement): Record<`${Reach} ${ClosingSide}`, Statement> {
  return Object.fromEntries(
    (["company", "own"] as const).flatMap((reach) => (["invoice", "delivery_slip", "none"] as const).map((side) => [`${reach} ${side}`, make(reach, side)])),
  ) as Record<`${Reach} ${ClosingSide}`, Statement>;
}

const relationsStatements = byReachAndSide(relationsStatement);

async function relationsOf(db: Writer, row: DocumentRow, scope: DocumentScope): Promise<Relations> {
  const statement = relationsStatements[`${reachOf(scope)} ${closingSideOf(row.kind)}`](db);
  const [relations] = await statement.execute({ id: row.id, ...scopeValues(scope), sourceId: row.sourceDocumentId, creditNoteOf: row.creditNoteOf });
  return relations!;
}

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

/**
 * One document as the API answers it, with its lines, its history, its revisions (the version history of what was
 * issued), where it came from and what was made from it — those links only as far as the caller's scope reaches —
 * and its approval; `known` holds rows the caller read already.
 */
export async function fullDocument(db: Writer, row: DocumentRow, scope: DocumentScope, known: { lines?: LineRow[]; approval?: DocumentApproval; relations?: Relations } = {}) {
  const [lines, relations, approval] = await Promise.all([known.lines ?? linesOf(db, row.id), known.relations ?? relationsOf(db, row, scope), known.approval ?? approvalOf(db, row)]);
  const { history, derived, source, creditNoteOf, sent, revisions, paid, closing } = relations;
  return {
    ...presentRow(row),
    lines: lines.map(({ documentId: _document, ...line }) => ({
      ...line,
      quantity: canonicalDecimal(line.quantity),
      unitPrice: canonicalDecimal(line.unitPrice),
      amount: canonicalDecimal(line.amount),
    })),
    history: history.map((entry) => ({ ...entry, changedAt: new Date(entry.changedAt) })),
    // Each revision with the mails that sent it: an earlier version's sends stay reachable after a correction.
    revisions: revisions.map((revision) => ({
      ...revision,
      createdAt: new Date(revision.createdAt),
      mails: sent.filter((mail) => mail.snapshotId === revision.id).map(({ snapshotId: _snapshot, createdAt, ...mail }) => ({ ...mail, createdAt: new Date(createdAt) })),
    })),
    source,
    creditNoteOf,
    derived: derived.filter((link) => link.creditNoteOf !== row.id).map(({ creditNoteOf: _of, ...link }) => link),
    creditNotes: derived.filter((link) => link.creditNoteOf === row.id).map(({ creditNoteOf: _of, ...link }) => link),
    sent: sent.length > 0,
    paid,
    closing,
    // Decision 049: whether it needs approval now, and the request of its current revision.
    approval: { state: approval.state, request: approval.request && presentRequest(approval.request) },
  };
}

/** A PDF download named by kind, number and customer; the ASCII name is for browsers that ignore filename*. */
export function sendPdf(res: Response, pdf: Buffer, content: SnapshotContent) {
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Disposition", attachmentDisposition(`${content.kind}-${content.number.replace(/[^\w.-]+/g, "_")}.pdf`, snapshotFileName(content)));
  res.setHeader("Cache-Control", "private, no-store");
  res.send(pdf);
}
