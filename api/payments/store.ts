import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DocumentKind } from "../../domain/document-kinds";
import { factsOfRecord, refusalOf as lifecycleRefusalOf } from "../../domain/lifecycle";
import type { Database } from "../db/client";
import { bankStatementLines, documents, payments } from "../db/schema";
import { followBalance } from "../documents/lifecycle";
import { inScope, type DocumentScope } from "../documents/scope";
import type { Actor } from "../documents/snapshots";
import type { Writer } from "../documents/store";
import { conflict, notFound } from "../errors";
import { clearedSum, notCancelled } from "./cleared";
import { fromUnits, toUnits } from "../reports/money";

/** How a payment arrived. 振込 is what the bank's statement shows; the others are entered by hand. */
export const PAYMENT_METHODS = ["transfer", "cash", "card", "bill", "offset", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type PaymentInput = { paidOn: string; amount: number; fee: number; method: PaymentMethod; statementLineId?: number | null };

type InvoiceRow = {
  id: number;
  kind: DocumentKind;
  status: number;
  number: string;
  customerId: number | null;
  amountDue: string;
  issuedAt: Date | null;
  voidedAt: Date | null;
  creditNoteOf: number | null;
};

const NOT_FOUND = "請求書が見つかりません。";

/**
 * The invoice in the caller's scope; any other kind, another company's or another user's invoice is answered as not there.
 * `lock` holds its row to the end of the transaction, so payments recorded at once settle its status one after the other.
 */
export async function invoiceInScope(db: Writer, scope: DocumentScope, id: number, lock = false): Promise<InvoiceRow> {
  const query = db
    .select({
      id: documents.id,
      kind: documents.kind,
      status: documents.status,
      number: documents.number,
      customerId: documents.customerId,
      amountDue: documents.amountDue,
      issuedAt: documents.issuedAt,
      voidedAt: documents.voidedAt,
      creditNoteOf: documents.creditNoteOf,
    })
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.kind, "invoice"), inScope(scope)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Why a payment cannot be recorded against the invoice; null when it can (domain/lifecycle.ts, which the detail page asks too). */
export function refusalOf(invoice: InvoiceRow): string | null {
  return lifecycleRefusalOf(factsOfRecord(invoice), "recordPayment");
}

/**
 * The invoice's payments and what is left: balance = amount due − Σ(amount + fee), in whole yen as
 * decimal text like every amount the API answers. A negative balance is an over-payment, kept and flagged. `known`:
 * the invoice's payments, in the order of paid_on and id, when the caller read them already.
 */
export async function paymentSummary(db: Writer, invoice: InvoiceRow, known?: Array<typeof payments.$inferSelect>) {
  const rows = known ?? (await db.select().from(payments).where(eq(payments.documentId, invoice.id)).orderBy(asc(payments.paidOn), asc(payments.id)));
  const cleared = rows.filter((row) => row.cancelledAt === null).reduce((total, row) => total + BigInt(row.amount) + BigInt(row.fee), 0n) * 10_000n;
  const balance = toUnits(invoice.amountDue) - cleared;
  return {
    documentId: invoice.id,
    number: invoice.number,
    amountDue: fromUnits(toUnits(invoice.amountDue)),
    paid: fromUnits(cleared),
    balance: fromUnits(balance),
    overpaid: balance < 0n,
    payments: rows.map((row) => ({
      id: row.id,
      paidOn: row.paidOn,
      amount: String(row.amount),
      fee: String(row.fee),
      method: row.method,
      statementLineId: row.statementLineId,
      createdBy: row.createdBy,
      createdAt: row.createdAt,
      cancelledAt: row.cancelledAt,
      cancelledBy: row.cancelledBy,
      cancelReason: row.cancelReason,
    })),
  };
}

/** Records a payment against an issued invoice of the caller's scope; 入金済 follows the balance in the same transaction (decision 033). */
export async function recordPayment(db: Database, scope: DocumentScope, id: number, input: PaymentInput, actor: Actor) {
  return db.transaction(async (tx) => {
    const invoice = await invoiceInScope(tx, scope, id, true);
    const refusal = refusalOf(invoice);
    if (refusal) throw conflict(refusal);
    const paymentId = await insertPayment(tx, scope, invoice, input, actor);
    await followBalance(tx, scope, invoice.id, actor);
    return { paymentId, ...(await paymentSummary(tx, invoice)) };
  });
}

/** Inserts a payment of an invoice already found, locked and allowed; the caller settles the status after. */
export async function insertPayment(tx: Writer, scope: DocumentScope, invoice: InvoiceRow, input: PaymentInput, actor: Actor): Promise<number> {
  const [row] = await tx
    .insert(payments)
    .values({
      documentId: invoice.id,
      companyUniqueCode: scope.tenant,
      paidOn: input.paidOn,
      amount: input.amount,
      fee: input.fee,
      method: input.method,
      statementLineId: input.statementLineId ?? null,
      createdBy: actor.code,
    })
    .returning({ id: payments.id });
  return row!.id;
}

/**
 * Cancels a payment entered by mistake: it stays listed as cancelled with who, when and why, stops counting
 * toward the balance, and gives its statement line back to the unmatched deposits. A line that paid several
 * invoices (まとめ払い) is given back whole: its other invoices' payments are cancelled with it. 入金済 follows.
 */
export async function cancelPayment(db: Database, scope: DocumentScope, id: number, paymentId: number, reason: string | null, actor: Actor) {
  return db.transaction(async (tx) => {
    const invoice = await invoiceInScope(tx, scope, id, true);
    if (invoice.voidedAt) throw conflict("無効にした請求書の入金は取り消せません。");
    const [payment] = await tx
      .select({ id: payments.id, cancelledAt: payments.cancelledAt, statementLineId: payments.statementLineId })
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.documentId, invoice.id)));
    if (!payment) throw notFound("入金の記録が見つかりません。");
    if (payment.cancelledAt) throw conflict("この入金の記録は、すでに取り消されています。");
    const cancelled = { cancelledAt: new Date(), cancelledBy: actor.code, cancelReason: reason };
    if (payment.statementLineId === null) {
      await tx.update(payments).set(cancelled).where(eq(payments.id, payment.id));
      await followBalance(tx, scope, invoice.id, actor);
      return paymentSummary(tx, invoice);
    }
    const lineMates = await tx
      .select({ id: payments.id, documentId: payments.documentId })
      .from(payments)
      .where(and(eq(payments.statementLineId, payment.statementLineId), notCancelled))
      .orderBy(asc(payments.documentId));
    // Each invoice of the lump must be the caller's to change too; its row is held like the first's.
    for (const mate of lineMates) if (mate.documentId !== invoice.id) await invoiceInScope(tx, scope, mate.documentId, true);
    await tx.update(payments).set(cancelled).where(inArray(payments.id, lineMates.map((mate) => mate.id)));
    await tx.update(bankStatementLines).set({ matchedAt: null, matchedBy: null }).where(eq(bankStatementLines.id, payment.statementLineId));
    for (const documentId of new Set(lineMates.map((mate) => mate.documentId))) await followBalance(tx, scope, documentId, actor);
    return paymentSummary(tx, invoice);
  });
}

/** Σ(amount + fee) per invoice of the company, as a subquery to join: what its payments cleared; a cancelled payment clears nothing. */
export function clearedPerInvoice(db: Writer, tenant: string) {
  return db
    .select({ documentId: payments.documentId, cleared: sql<string>`${clearedSum}`.as("cleared") })
    .from(payments)
    .where(and(eq(payments.companyUniqueCode, tenant), notCancelled))
    .groupBy(payments.documentId)
    .as("cleared");
}
