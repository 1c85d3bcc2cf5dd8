import { eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { approvalMails } from "../db/schema";
import { pollingLoop } from "../jobs/polling";
import { retryOutcome, type MailSettings } from "./outbox";
import type { MailTransport } from "./transport";

export type ApprovalMailRow = typeof approvalMails.$inferSelect;

/**
 * Sends approval mails (decision 049; rows written by api/approvals/notices.ts) through the same transport as the
 * outbox, the same way: each server polls, claims one due row at a time (FOR UPDATE SKIP LOCKED in one conditional
 * update, so two servers never take one row), sends it, records the outcome, and retries with backoff up to the
 * outbox's attempts. Unlike a document's send, a row whose lease ran out (its server stopped mid-send) is tried again:
 * a colleague's note twice is better than none, while a customer's invoice twice is not (ADR 013).
 */
export function createApprovalMailer(deps: {
  db: Database;
  transport: MailTransport;
  settings: Pick<MailSettings, "from" | "publicUrl" | "maxAttempts" | "retryBaseMs" | "leaseMs">;
  logger?: Logger;
  now?: () => Date;
}) {
  const { db, transport, settings, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const loop = pollingLoop(() => drain(), { logger, name: "approval mail worker" });

  /** The text as sent: the words written with the event, and the page to open. */
  const textOf = (row: ApprovalMailRow) => `${row.body}\n\n次のページから開けます。\n${settings.publicUrl}${row.path}\n\n※このメールは帳票クラウドから自動で送信しています。\n`;

  /** Claims the next due mail (or one whose sender stopped: its lease ran out) and sends it; false when none is due. */
  async function deliverNext(): Promise<boolean> {
    const at = now();
    const [row] = await db
      .update(approvalMails)
      .set({ status: "sending", attempts: sql`${approvalMails.attempts} + 1`, lockedUntil: new Date(at.getTime() + settings.leaseMs) })
      .where(
        eq(
          approvalMails.id,
          sql`(select ${approvalMails.id} from ${approvalMails}
               where (${approvalMails.status} = 'queued' and ${approvalMails.nextAttemptAt} <= ${at})
                  or (${approvalMails.status} = 'sending' and ${approvalMails.lockedUntil} < ${at})
               order by ${approvalMails.id} limit 1 for update skip locked)`,
        ),
      )
      .returning();
    if (!row) return false;
    try {
      await transport.send({
        companyUniqueCode: row.companyUniqueCode,
        mailId: row.id,
        source: "approval",
        from: settings.from,
        to: [row.to],
        cc: [],
        subject: row.subject,
        text: textOf(row),
        messageId: `<approval-mail-${row.id}@${new URL(settings.publicUrl).hostname}>`,
        attachments: [],
      });
      await db.update(approvalMails).set({ status: "sent", sentAt: now(), lockedUntil: null, lastError: null }).where(eq(approvalMails.id, row.id));
    } catch (error) {
      const outcome = retryOutcome(error, row.attempts, settings, at);
      logger?.warn({ approvalMailId: row.id, attempts: row.attempts, final: outcome.status === "error", reason: outcome.lastError }, "approval mail not sent");
      await db.update(approvalMails).set(outcome).where(eq(approvalMails.id, row.id));
    }
    return true;
  }

  async function drain(): Promise<void> {
    while (!loop.isStopping() && (await deliverNext()));
  }

  return {
    /** Sends whatever is due now, then returns: for tests and for the worker's ticks. */
    drain,
    start: loop.start,
    /** Stops taking mails and waits for the one being sent. */
    stop: loop.stop,
  };
}

export type ApprovalMailer = ReturnType<typeof createApprovalMailer>;

