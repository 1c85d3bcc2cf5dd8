import { and, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import { ruleApplies, unapprovedRefusal, type ApprovalEvent, type ApprovalRequestStatus, type ApprovalState } from "../../domain/approvals";
import { preparedPerHandle } from "../db/prepared";
import { approvalCorrections, approvalEvents, approvalRequests, documents, documentStatusHistory } from "../db/schema";
import type { Actor } from "../documents/snapshots";
import type { Writer } from "../documents/store";
import { conflict } from "../errors";
import { releaseHeldRun } from "./held-runs";
import { ruleFor } from "./rules";

/*
 * What a document's approval allows (decision 049), asked by the lifecycle before issuing, by the outbox before
 * sending and by the copy before printing the seal. A company without rules has neither requests nor a rule to
 * find, so every document of it answers not_needed and nothing changes for it.
 */

type DocumentRow = typeof documents.$inferSelect;
export type RequestRow = typeof approvalRequests.$inferSelect;
export type DocumentApproval = { state: ApprovalState; request: RequestRow | null };

/** The statuses of a revision's live request: at most one per revision (approval_requests_live_document_idx). */
export const LIVE: ApprovalRequestStatus[] = ["pending", "approved"];

/**
 * A draft needs approval when the kind's rule applies to its amounts now; an issued document when a correction made
 * its current revision while a rule applied. A voided document needs nothing more.
 */
async function needsApproval(db: Writer, row: DocumentRow, corrected?: boolean): Promise<boolean> {
  if (row.voidedAt) return false;
  if (row.issuedAt && !(corrected ?? (await isHeldCorrection(db, row)))) return false;
  const rule = await ruleFor(db, row.companyUniqueCode, row.kind);
  if (!rule) return false;
  return row.issuedAt !== null || ruleApplies(rule, row);
}

async function isHeldCorrection(db: Writer, row: DocumentRow): Promise<boolean> {
  const [found] = await db.select({ held: heldCorrection(sql`${row.id}`, sql`${row.revision}`) }).from(sql`(select 1) as page`);
  return found!.held;
}

/** Whether holdCorrectionForApproval held the document's current revision, as a column of a caller's statement. */
export const heldCorrection = (documentId: SQLWrapper, revision: SQLWrapper) =>
  sql<boolean>`exists (select 1 from ${approvalCorrections} where ${approvalCorrections.documentId} = ${documentId} and ${approvalCorrections.revision} = ${revision})`;

/** A correction the kind's rule applies to is sent or printed with the seal only once approved: noted in its transaction. */
export async function holdCorrectionForApproval(tx: Writer, corrected: DocumentRow): Promise<void> {
  const rule = await ruleFor(tx, corrected.companyUniqueCode, corrected.kind);
  if (rule && ruleApplies(rule, corrected)) await tx.insert(approvalCorrections).values({ documentId: corrected.id, revision: corrected.revision });
}

const liveRequestStatement = preparedPerHandle((db: Writer) =>
  db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.documentId, sql.placeholder("documentId")), eq(approvalRequests.revision, sql.placeholder("revision")), inArray(approvalRequests.status, LIVE)))
    .limit(1),
);

export async function approvalOf(db: Writer, row: DocumentRow): Promise<DocumentApproval> {
  const [live] = await liveRequestStatement(db).execute({ documentId: row.id, revision: row.revision });
  return approvalWith(db, row, live);
}

/** approvalOf, given the revision's live request as its caller read it (none: undefined), and whether heldCorrection holds it when it read that too. */
export async function approvalWith(db: Writer, row: DocumentRow, live: RequestRow | undefined, corrected?: boolean): Promise<DocumentApproval> {
  if (live && !row.voidedAt) return { state: live.status === "approved" ? "approved" : "pending", request: live };
  return { state: (await needsApproval(db, row, corrected)) ? "needed" : "not_needed", request: null };
}

/** Before approval a copy carries no seal and says 承認前. */
export const awaitsApproval = (approval: DocumentApproval) => approval.state === "needed" || approval.state === "pending";

/** Refuses (409, in the lifecycle's words and shape) issuing or sending what still waits for approval. */
export async function requireApproval(db: Writer, row: DocumentRow, action: "issue" | "send"): Promise<void> {
  const refusal = unapprovedRefusal((await approvalOf(db, row)).state, action);
  if (refusal) throw conflict(refusal);
}

/**
 * Records an approval event in the company's audit and, for a document, in its history (who, when, the comment), in
 * the caller's transaction.
 */
export async function recordApprovalEvent(
  tx: Writer,
  request: Pick<RequestRow, "id" | "companyUniqueCode" | "documentId" | "scheduleId" | "revision">,
  entry: { event: ApprovalEvent; step?: number | null; comment?: string | null },
  actor: Actor,
): Promise<void> {
  const step = entry.step ?? null;
  const comment = entry.comment ?? null;
  await tx.insert(approvalEvents).values({
    companyUniqueCode: request.companyUniqueCode,
    requestId: request.id,
    documentId: request.documentId,
    scheduleId: request.scheduleId,
    event: entry.event,
    step,
    actor: actor.code,
    actorName: actor.name,
    comment,
  });
  if (request.documentId === null) return;
  const [document] = await tx.select({ status: documents.status }).from(documents).where(eq(documents.id, request.documentId));
  await tx.insert(documentStatusHistory).values({
    documentId: request.documentId,
    event: entry.event,
    fromStatus: document!.status,
    toStatus: document!.status,
    revision: request.revision,
    changedBy: actor.code,
    changedByName: actor.name,
    comment,
    approvalStep: step,
  });
}

/**
 * An edit withdraws the approval of the revision it changes: a draft's pending or approved request, an issued
 * document's pending one (an approved revision that was sent stays approved; the correction is a new revision).
 */
export async function withdrawApproval(tx: Writer, row: DocumentRow, actor: Actor): Promise<void> {
  const statuses: ApprovalRequestStatus[] = row.issuedAt ? ["pending"] : LIVE;
  const withdrawn = await tx
    .update(approvalRequests)
    .set({ status: "withdrawn", decidedAt: new Date() })
    .where(and(eq(approvalRequests.documentId, row.id), eq(approvalRequests.revision, row.revision), inArray(approvalRequests.status, statuses)))
    .returning();
  for (const request of withdrawn) {
    await recordApprovalEvent(tx, request, { event: "approval_withdrawn", comment: "書類が編集されたため、承認を取り下げました。" }, actor);
    // A 定期請求 run waiting for it does not send what was edited: the draft is left for a person.
    await releaseHeldRun(tx, request.id, "withdrawn");
  }
}

/** A schedule's edit withdraws its approval: the runs it covered are no longer what was approved. */
export async function withdrawScheduleApproval(tx: Writer, scheduleId: number, actor: Actor): Promise<void> {
  const withdrawn = await tx
    .update(approvalRequests)
    .set({ status: "withdrawn", decidedAt: new Date() })
    .where(and(eq(approvalRequests.scheduleId, scheduleId), inArray(approvalRequests.status, LIVE)))
    .returning();
  for (const request of withdrawn) await recordApprovalEvent(tx, request, { event: "approval_withdrawn", comment: "定期請求が変更されたため、承認を取り下げました。" }, actor);
}

/** The schedule's live request (pending or approved), if any. */
export async function liveScheduleRequest(db: Writer, scheduleId: number): Promise<RequestRow | null> {
  const [live] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.scheduleId, scheduleId), inArray(approvalRequests.status, LIVE)))
    .limit(1);
  return live ?? null;
}

/** A request as the API answers it: the frozen rule's steps as counted, who asked and why. */
export function presentRequest(request: RequestRow) {
  return {
    id: request.id,
    status: request.status,
    step: request.step,
    steps: request.rule.steps.length,
    allowSelfApproval: request.rule.allowSelfApproval,
    revision: request.revision,
    requestedBy: request.requestedBy,
    requestedByName: request.requestedByName,
    comment: request.comment,
    createdAt: request.createdAt,
    decidedAt: request.decidedAt,
  };
}
