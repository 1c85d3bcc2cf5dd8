import { and, eq, or } from "drizzle-orm";
import { describeChanges } from "../../domain/corrections";
import type { DocumentInput } from "../../domain/document-input";
import type { DocumentKind } from "../../domain/document-kinds";
import { INITIAL_STATUS } from "../../domain/documents";
import { factsOfRecord, INVOICE_PAID, INVOICE_UNPAID, refusalOf, statusOnIssue, type HistoryEvent, type LifecycleAction, type LifecycleFacts } from "../../domain/lifecycle";
import type { SnapshotReference } from "../../domain/snapshot";
import { holdCorrectionForApproval, requireApproval, withdrawApproval } from "../approvals/gate";
import type { Database } from "../db/client";
import { documentLines, documentMails, documents, documentStatusHistory } from "../db/schema";
import { conflict, validationFailed } from "../errors";
import type { FileStorage } from "../storage/storage";
import { activePayment, clearedOf, ownDocument, ownedBy, type DocumentRow } from "./presenters";
import type { DocumentScope } from "./scope";
import { contentOf, insertSnapshot, issuerImagesOf, snapshotOfRevision, type Actor } from "./snapshots";
import { allocateNumber, checkReferences, documentColumnsOf, savedCustomerId, totalsOf, writeLines, type Writer } from "./store";

/*
 * The lifecycle's transitions (domain/lifecycle.ts says which are allowed):
 * each one re-reads the document in its transaction, asks the rules, and
 * moves the optimistic-lock version so a concurrent change is refused.
 */

const STALE_SAVE = "ほかの操作でこの書類が更新されています。最新の内容を確認してから、もう一度保存してください。";


/** What the rules need to know, read from the database. */
export async function factsOf(db: Writer, row: DocumentRow): Promise<LifecycleFacts> {
  const [[mail], [made], [payment]] = await Promise.all([
    db.select({ id: documentMails.id }).from(documentMails).where(eq(documentMails.documentId, row.id)).limit(1),
    db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.companyUniqueCode, row.companyUniqueCode), or(eq(documents.sourceDocumentId, row.id), eq(documents.creditNoteOf, row.id))))
      .limit(1),
    activePayment(db, row.id),
  ]);
  return factsOfRecord(row, { sent: Boolean(mail), converted: Boolean(made), paid: Boolean(payment) });
}

/**
 * 入金済 follows the balance (decision 033): an issued invoice whose payments (with the fees the payer
 * deducted) cover its amount due becomes 入金済; one that was 入金済 and no longer is covered — a payment
 * cancelled, a correction raising the amount — goes back to 未入金. Called in the transaction that changed
 * the payments or the amount, after the change.
 */
export async function followBalance(tx: Writer, scope: DocumentScope, id: number, actor: Actor): Promise<DocumentRow> {
  const current = await ownDocument(tx, scope, id);
  if (current.kind !== "invoice" || !current.issuedAt || current.voidedAt || current.creditNoteOf !== null) return current;
  const cleared = await clearedOf(tx, id);
  const covered = cleared > 0 && cleared >= Number(current.amountDue);
  const to = covered ? INVOICE_PAID : current.status === INVOICE_PAID ? INVOICE_UNPAID : current.status;
  if (to === current.status) return current;
  const row = await advance(tx, current, { status: to });
  await recordHistory(tx, row, { event: "status", from: current.status, to }, actor);
  return row;
}

/** Refuses (409, with the rule's words) what the lifecycle does not allow. */
export async function requireAllowed(db: Writer, row: DocumentRow, action: LifecycleAction): Promise<void> {
  const refusal = refusalOf(await factsOf(db, row), action);
  if (refusal) throw conflict(refusal);
}

export async function recordHistory(db: Writer, row: Pick<DocumentRow, "id">, entry: { event: HistoryEvent; from: number | null; to: number; revision?: number }, actor: Actor) {
  await db.insert(documentStatusHistory).values({
    documentId: row.id,
    event: entry.event,
    fromStatus: entry.from,
    toStatus: entry.to,
    revision: entry.revision ?? null,
    changedBy: actor.code,
    changedByName: actor.name,
  });
}

/** Moves the row from the version read to the next one; a concurrent change makes this a 409. */
async function advance(tx: Writer, current: DocumentRow, set: Partial<typeof documents.$inferInsert>): Promise<DocumentRow> {
  const [row] = await tx
    .update(documents)
    .set({ ...set, version: current.version + 1, updatedAt: new Date() })
    .where(and(ownedBy(current.companyUniqueCode, current.id), eq(documents.version, current.version)))
    .returning();
  if (!row) throw conflict(STALE_SAVE);
  return row;
}

/**
 * Issues a draft: issued_at, the status issuing implies (請求済, 発行済) and
 * the snapshot of revision 1, all in one transaction. Issuing what is already
 * issued answers it as it is, so 送信 and 印刷 may call this every time.
 */
export async function issue(db: Database, storage: FileStorage, scope: DocumentScope, id: number, actor: Actor, expectedKind?: DocumentKind): Promise<DocumentRow> {
  const before = await ownDocument(db, scope, id, expectedKind);
  if (before.issuedAt && !before.voidedAt) return before;
  const images = await issuerImagesOf(db, storage, before, true);
  return db.transaction(async (tx) => {
    const current = await ownDocument(tx, scope, id);
    if (current.issuedAt && !current.voidedAt) return current;
    await requireAllowed(tx, current, "issue");
    await requireApproval(tx, current, "issue");
    const status = statusOnIssue(current.kind, current.status);
    const row = await advance(tx, current, { issuedAt: new Date(), status });
    await insertSnapshot(tx, row, await contentOf(tx, row, images), "issue", actor);
    await recordHistory(tx, row, { event: "issued", from: current.status, to: status, revision: row.revision }, actor);
    return row;
  });
}

/**
 * Saves an edit: a draft in place; an issued document as a correction — a
 * new revision whose snapshot states the original's number and date and
 * what changed, while earlier revisions' snapshots (and the mails that sent
 * them) stay as they were.
 */
export async function saveEdit(
  db: Database,
  storage: FileStorage,
  scope: DocumentScope,
  id: number,
  edit: { version: number; input: DocumentInput; reason: string | null; kind?: DocumentKind },
  actor: Actor,
): Promise<DocumentRow> {
  const { tenant } = scope;
  const before = await ownDocument(db, scope, id, edit.kind);
  const images = before.issuedAt ? await issuerImagesOf(db, storage, before, true) : null;
  return db.transaction(async (tx) => {
    const current = await ownDocument(tx, scope, id);
    if (current.version !== edit.version) throw conflict(STALE_SAVE);
    const facts = await factsOf(tx, current);
    const correcting = facts.issued;
    await requireAllowed(tx, current, correcting ? "correct" : "edit");
    if (correcting && !images) throw conflict(STALE_SAVE);
    await checkReferences(tx, tenant, edit.input);
    // Totals follow the rules frozen into the document when it was made.
    const totals = totalsOf(edit.input, current);
    const customerId = await savedCustomerId(tx, tenant, edit.input);
    const columns = documentColumnsOf(current.kind, edit.input, totals, customerId);
    await withdrawApproval(tx, current, actor);
    if (!correcting) {
      const row = await advance(tx, current, columns);
      await writeLines(tx, id, edit.input, totals);
      return row;
    }
    // The revision being replaced keeps its snapshot; one issued before snapshots existed gets it now.
    const previous = (await snapshotOfRevision(tx, id, current.revision)) ?? (await insertSnapshot(tx, current, await contentOf(tx, current, images!), "issue", actor));
    const original = (await snapshotOfRevision(tx, id, 1)) ?? previous;
    const row = await advance(tx, current, { ...columns, revision: current.revision + 1, correctionReason: edit.reason });
    await holdCorrectionForApproval(tx, row);
    await writeLines(tx, id, edit.input, totals);
    const draft = await contentOf(tx, row, images!);
    const reference: SnapshotReference = {
      type: "correction",
      number: original.content.number,
      issueDate: original.content.issueDate,
      revision: row.revision,
      changes: describeChanges(previous.content, draft),
      reason: edit.reason,
    };
    if (reference.changes.length === 0) throw validationFailed({}, "修正する内容がありません。変更してから保存してください。");
    await insertSnapshot(tx, row, await contentOf(tx, row, images!, reference), "correction", actor);
    await recordHistory(tx, row, { event: "corrected", from: current.status, to: row.status, revision: row.revision }, actor);
    // A corrected amount due may be covered by the payments, or no longer be.
    return followBalance(tx, scope, id, actor);
  });
}

/** Changes the status along the allowed transitions, keeping who and when; of the kind the page names, when it names one. */
export async function changeStatus(db: Database, scope: DocumentScope, id: number, to: number, actor: Actor, expectedKind?: DocumentKind): Promise<DocumentRow> {
  return db.transaction((tx) => statusChangeIn(tx, scope, id, to, actor, expectedKind));
}

export type StatusChangeResult = { id: number; ok: boolean; message?: string; number?: string };

/** A bulk change from the list: each document in a transaction of its own, succeeding or saying why by its number, so one refusal does not undo the others. */
export async function changeStatuses(db: Database, scope: DocumentScope, ids: readonly number[], to: number, actor: Actor): Promise<StatusChangeResult[]> {
  const results: StatusChangeResult[] = [];
  for (const id of ids) {
    try {
      const row = await changeStatus(db, scope, id, to, actor);
      results.push({ id, ok: true, number: row.number });
    } catch (error) {
      results.push({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  }
  return results;
}

async function statusChangeIn(tx: Writer, scope: DocumentScope, id: number, to: number, actor: Actor, expectedKind?: DocumentKind): Promise<DocumentRow> {
  const current = await ownDocument(tx, scope, id, expectedKind);
  const facts = await factsOf(tx, current);
  const refusal = refusalOf(facts, { status: to });
  if (refusal) throw conflict(`${current.number}：${refusal}`);
  if (current.status === to) return current;
  const row = await advance(tx, current, { status: to });
  await recordHistory(tx, row, { event: "status", from: current.status, to }, actor);
  return row;
}

/** Voids an issued document: it keeps its number (numbers stay gapless) and leaves the list and its totals. */
export async function voidDocument(db: Database, scope: DocumentScope, id: number, actor: Actor, expectedKind?: DocumentKind): Promise<DocumentRow> {
  return db.transaction(async (tx) => {
    const current = await ownDocument(tx, scope, id, expectedKind);
    await requireAllowed(tx, current, "void");
    const row = await advance(tx, current, { voidedAt: new Date() });
    await recordHistory(tx, row, { event: "voided", from: current.status, to: current.status }, actor);
    return row;
  });
}

/** Deletes a draft that was never issued, sent or converted. */
export async function deleteDraft(db: Database, scope: DocumentScope, id: number, expectedKind?: DocumentKind): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await ownDocument(tx, scope, id, expectedKind);
    await requireAllowed(tx, current, "delete");
    await tx.delete(documents).where(and(ownedBy(scope.tenant, id), eq(documents.version, current.version)));
  });
}

/**
 * A credit note (赤伝) against an issued invoice: a new invoice with every
 * line's quantity negated, its own number, issued at once with a snapshot
 * that names the original's number and date.
 */
export async function issueCreditNote(db: Database, storage: FileStorage, scope: DocumentScope, id: number, reason: string | null, issueDate: string, actor: Actor): Promise<DocumentRow> {
  const { tenant } = scope;
  const original = await ownDocument(db, scope, id, "invoice");
  const images = await issuerImagesOf(db, storage, original, true);
  return db.transaction(async (tx) => {
    const current = await ownDocument(tx, scope, id, "invoice");
    await requireAllowed(tx, current, "creditNote");
    const lines = await tx.select().from(documentLines).where(eq(documentLines.documentId, id)).orderBy(documentLines.position);
    const originalCopy = await snapshotOfRevision(tx, id, 1);
    const input: DocumentInput = {
      issue_date: issueDate,
      customer_id: current.customerId,
      customer_name: current.customerName,
      customer_honorific: current.customerHonorific,
      save_customer: false,
      subject: current.subject,
      person_in_charge: current.personInCharge,
      notes: current.notes,
      tax_type_id: current.taxTypeId,
      withholding: current.withholding,
      lines: lines.map((line) => ({
        item_id: line.itemId,
        description: line.description,
        quantity: line.quantity.startsWith("-") ? line.quantity.slice(1) : `-${line.quantity}`,
        unit: line.unit,
        unit_price: line.unitPrice,
        tax_category: line.taxCategory,
        tax_rate: line.taxRate,
      })),
      valid_until: null,
      delivery_date: null,
      due_date: null,
      bank_account_id: current.bankAccountId,
      received_amount: null,
      proviso: null,
      payment_method: null,
    };
    const totals = totalsOf(input, current);
    const number = await allocateNumber(tx, tenant, "invoice", issueDate);
    const status = statusOnIssue("invoice", INITIAL_STATUS.invoice);
    const [row] = await tx
      .insert(documents)
      .values({
        ...documentColumnsOf("invoice", input, totals, current.customerId),
        itemRoundingId: current.itemRoundingId,
        itemRoundingScale: current.itemRoundingScale,
        subtotalRoundingId: current.subtotalRoundingId,
        taxRoundingId: current.taxRoundingId,
        taxWithholdingId: current.taxWithholdingId,
        companyUniqueCode: tenant,
        kind: "invoice",
        number,
        status,
        creditNoteOf: current.id,
        correctionReason: reason,
        issuedAt: new Date(),
        createdBy: actor.code,
      })
      .returning();
    await writeLines(tx, row!.id, input, totals);
    const reference: SnapshotReference = {
      type: "creditNote",
      number: current.number,
      issueDate: originalCopy?.content.issueDate ?? current.issueDate,
      revision: 1,
      changes: [],
      reason,
    };
    await insertSnapshot(tx, row!, await contentOf(tx, row!, images, reference), "issue", actor);
    await recordHistory(tx, row!, { event: "created", from: null, to: status }, actor);
    await recordHistory(tx, row!, { event: "issued", from: null, to: status, revision: 1 }, actor);
    await recordHistory(tx, current, { event: "credit_note", from: current.status, to: current.status }, actor);
    return row!;
  });
}

