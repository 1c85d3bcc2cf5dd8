import { eq } from "drizzle-orm";
import type { ApprovalRequestStatus } from "../../domain/approvals";
import { recurringRuns } from "../db/schema";
import type { Writer } from "../documents/store";

/*
 * 定期請求 runs held for a per-run approval (decision 049): the run names the request its invoice waits for, in the
 * transaction that asked for it. The request's outcome, in the transaction that decides it, settles the run: approved,
 * the run is queued again and the worker (any instance: it claims with FOR UPDATE SKIP LOCKED) issues and sends the
 * invoice as the schedule says; returned or withdrawn, the wait ends and the draft stays for a person.
 */

export const AWAITING_APPROVAL = "請求書は作成し、承認を申請しました。承認されると、定期請求の設定どおりに発行・送信します。";
const RETURNED = "請求書は作成しましたが、承認の申請が差し戻されました。請求書は下書きのままです。直して申請し、承認後に請求書の画面から発行・送信してください。";
const WITHDRAWN = "請求書は作成しましたが、編集されたため承認の申請が取り下げられました。請求書は下書きのままです。申請し、承認後に請求書の画面から発行・送信してください。";

/** The run being performed, and the time its worker's clock reads. */
export type HeldRun = { id: number; documentId: number; at: Date };

/** The run is done for now and waits for this request, whose outcome comes back to it (see releaseHeldRun). */
export async function holdRun(tx: Writer, run: HeldRun, requestId: number): Promise<void> {
  await tx
    .update(recurringRuns)
    .set({ status: "done", documentId: run.documentId, error: AWAITING_APPROVAL, awaitingRequestId: requestId, lockedUntil: null, finishedAt: run.at })
    .where(eq(recurringRuns.id, run.id));
}

/**
 * Settles the run that waited for the request, if one did, and answers whether one did. Conditional on the wait, so
 * two outcomes of one request (which the request's own conditional update already rules out) could not both act.
 */
export async function releaseHeldRun(tx: Writer, requestId: number, outcome: Exclude<ApprovalRequestStatus, "pending">): Promise<boolean> {
  const settled =
    outcome === "approved"
      ? // Its next_attempt_at was due when it was first claimed, so it is due now for any worker's clock.
        { status: "queued", attempts: 0, lockedUntil: null, finishedAt: null, error: null }
      : { error: outcome === "returned" ? RETURNED : WITHDRAWN };
  const released = await tx
    .update(recurringRuns)
    .set({ ...settled, awaitingRequestId: null })
    .where(eq(recurringRuns.awaitingRequestId, requestId))
    .returning({ id: recurringRuns.id });
  return released.length > 0;
}
