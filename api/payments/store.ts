import { and, asc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { documents, payments } from "../db/schema";
import { inScope, type DocumentScope } from "../documents/scope";
import { conflict, notFound } from "../errors";
import { fromUnits, toUnits } from "../reports/money";

/** How a payment arrived. 振込 is what the bank's statement shows; the others are entered by hand. */
export const PAYMENT_METHODS = ["transfer", "cash", "card", "bill", "offset", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type PaymentInput = { paidOn: string; amount: number; fee: number; method: PaymentMethod; statementLineId?: number | null };

type InvoiceRow = {
  id: number;
  number: string;
  customerId: number | null;
  amountDue: string;
  issuedAt: Date | null;
  voidedAt: Date | null;
  creditNoteOf: number | null;
};

const NOT_FOUND = "請求書が見つかりません。";

/** The invoice in the caller's scope; any other kind, another company's or another user's invoice is answered as not there. */
export async function invoiceInScope(db: Database, scope: DocumentScope, id: number): Promise<InvoiceRow> {
  const [row] = await db
    .select({
      id: documents.id,
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
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** Why a payment cannot be recorded against the invoice; null when it can. */
export function refusalOf(invoice: InvoiceRow): string | null {
  if (!invoice.issuedAt) return "下書きの請求書には入金を記録できません。発行してから記録してください。";
  if (invoice.voidedAt) return "無効にした請求書には入金を記録できません。";
  if (invoice.creditNoteOf !== null) return "赤伝（取消の請求書）には入金を記録できません。";
  return null;
}

/**
 * The invoice's payments and what is left: balance = amount due − Σ(amount + fee), in whole yen as
 * decimal text like every amount the API answers. A negative balance is an over-payment, kept and flagged.
 */
export async function paymentSummary(db: Database, invoice: InvoiceRow) {
  const rows = await db.select().from(payments).where(eq(payments.documentId, invoice.id)).orderBy(asc(payments.paidOn), asc(payments.id));
  const cleared = rows.reduce((total, row) => total + BigInt(row.amount) + BigInt(row.fee), 0n) * 10_000n;
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
    })),
  };
}

/** Records a payment against an issued invoice of the caller's scope. The document's status is not changed here (decision 029). */
export async function recordPayment(db: Database, scope: DocumentScope, id: number, input: PaymentInput, createdBy: string) {
  const invoice = await invoiceInScope(db, scope, id);
  const refusal = refusalOf(invoice);
  if (refusal) throw conflict(refusal);
  const [row] = await db
    .insert(payments)
    .values({
      documentId: invoice.id,
      companyUniqueCode: scope.tenant,
      paidOn: input.paidOn,
      amount: input.amount,
      fee: input.fee,
      method: input.method,
      statementLineId: input.statementLineId ?? null,
      createdBy,
    })
    .returning({ id: payments.id });
  return { paymentId: row!.id, ...(await paymentSummary(db, invoice)) };
}
