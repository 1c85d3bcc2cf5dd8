import { and, count, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { formatJapaneseDateTime } from "../../domain/datetime";
import { snapshotFileName, type SnapshotContent } from "../../domain/snapshot";
import { requireApproval } from "../approvals/gate";
import type { Database } from "../db/client";
import { documentMails, documentSnapshots, type documents } from "../db/schema";
import { issue } from "../documents/lifecycle";
import { wholeCompany } from "../documents/scope";
import { snapshotOf, snapshotPdf, type Actor } from "../documents/snapshots";
import { tooManyRequests } from "../errors";
import type { FileStorage } from "../storage/storage";
import type { LinkSigner } from "./links";
import { pollingLoop } from "../jobs/polling";
import { PermanentMailError, type MailTransport } from "./transport";
import type { AccessPoint } from "../peppol/access-point";

export type MailRow = typeof documentMails.$inferSelect;
type DocumentRow = typeof documents.$inferSelect;

export type MailSettings = {
  from: string;
  /** Where recipients open their link: the web app's public address. */
  publicUrl: string;
  linkDays: number;
  /** Sends a company may ask for in an hour. */
  ratePerHour: number;
  maxAttempts: number;
  /** The first retry waits this long; each next one twice as long. */
  retryBaseMs: number;
  /** How long a worker may hold a mail while sending it. */
  leaseMs: number;
};

/** Attempts, backoff and lease for a deployment; tests shorten them. */
export const MAIL_DELIVERY_DEFAULTS = { maxAttempts: 5, retryBaseMs: 60_000, leaseMs: 5 * 60_000 };

export type MailRequest = { to: string[]; cc: string[]; subject: string; body: string; delivery: "attachment" | "link" };

/** A digital invoice to hand to the access point: checked and made into XML by the caller (decision 045). */
export type DigitalInvoiceSend = { snapshotId: number; recipient: string; invoiceNumber: string; xml: string };

const NO_ACCESS_POINT = "Peppolのアクセスポイントが設定されていません。管理者にお問い合わせください。";

const INTERRUPTED = "送信の途中で処理が中断されたため、届いたかどうか確かめられません。受信者に確認のうえ、必要なら再送してください。";

/**
 * A failed send's next state: an error for good when the server refused it (PermanentMailError) or the attempts are
 * used up, else queued again after a backoff that doubles with each attempt. Shared by the outbox and the approval mailer.
 */
export function retryOutcome(error: unknown, attempts: number, settings: Pick<MailSettings, "maxAttempts" | "retryBaseMs">, at: Date = new Date()) {
  const reason = error instanceof Error ? error.message : String(error);
  const final = error instanceof PermanentMailError || attempts >= settings.maxAttempts;
  return final
    ? { status: "error" as const, lockedUntil: null, lastError: reason }
    : { status: "queued" as const, lockedUntil: null, lastError: reason, nextAttemptAt: new Date(at.getTime() + settings.retryBaseMs * 2 ** (attempts - 1)) };
}

/** The link to the document, valid until the date it names. */
export function viewLink(settings: MailSettings, signer: LinkSigner, mailId: number, createdAt: Date): { url: string; expiresAt: Date } {
  const expiresAt = new Date(createdAt.getTime() + settings.linkDays * 24 * 60 * 60 * 1000);
  return { url: `${settings.publicUrl}/view-pdf?token=${signer.sign(mailId, expiresAt)}`, expiresAt };
}

/**
 * The outbox: sends are rows, written in the request's transaction and sent
 * by a worker that claims one row at a time (FOR UPDATE SKIP LOCKED, so
 * several servers share the work), retries with backoff and records the
 * outcome. A row found half-sent after a restart is not sent again: whether
 * the first try reached the server cannot be known, and a duplicate
 * invoice is worse than asking the user to check (ADR 013).
 */
export function createMailOutbox(deps: {
  db: Database;
  storage: FileStorage;
  transport: MailTransport;
  signer: LinkSigner;
  settings: MailSettings;
  logger?: Logger;
  /** Where digital invoices go (decision 045); without one, such a send ends in 送信エラー saying so. */
  accessPoint?: AccessPoint | null;
}) {
  const { db, storage, transport, signer, settings, logger, accessPoint } = deps;
  // The worker sends on its own only once started; until then (tests) drain() sends what is due.
  const loop = pollingLoop(() => drain(), { logger, name: "mail worker" });

  async function sendsInLastHour(reader: Database, company: string): Promise<number> {
    const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
    const [recent] = await reader
      .select({ sends: count() })
      .from(documentMails)
      // E-mail only: a digital invoice goes to a participant the network knows, not to addresses typed in a form.
      .where(and(eq(documentMails.companyUniqueCode, company), gte(documentMails.createdAt, hourAgo), ne(documentMails.delivery, "peppol")));
    return recent?.sends ?? 0;
  }

  const overQuota = () => tooManyRequests(`メールの送信は1時間に${settings.ratePerHour}通までです。しばらくしてから、もう一度お試しください。`);

  async function enqueue(document: DocumentRow, request: MailRequest, by: Actor, resentFromId: number | null = null): Promise<MailRow> {
    const company = document.companyUniqueCode;
    // Checked first so a refused send does not issue the draft; checked again below, where it counts.
    if ((await sendsInLastHour(db, company)) >= settings.ratePerHour) throw overQuota();
    // Nothing goes out before a required approval (decision 049), a correction's included.
    await requireApproval(db, document, "send");
    // Sending is giving the customer the document: a draft is issued first (ADR 014).
    // The caller's scope was checked when the route read the document.
    const issued = await issue(db, storage, wholeCompany(company), document.id, by);
    const snapshot = await snapshotOf(db, storage, issued, "send", by);
    // The quota holds under concurrent sends: one company's count and insert run one at a time.
    const row = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`mail-quota:${company}`}))`);
      if ((await sendsInLastHour(tx, company)) >= settings.ratePerHour) throw overQuota();
      const [inserted] = await tx
        .insert(documentMails)
        .values({ companyUniqueCode: company, documentId: document.id, snapshotId: snapshot.id, ...request, createdBy: by.code, resentFromId })
        .returning();
      return inserted!;
    });
    loop.wake();
    return row;
  }

  /**
   * A digital invoice for the access point: a row like a mail's, so it is sent once, retried and recorded the same way
   * (decision 045). The invoice is issued already (the lifecycle allows no other), and the XML is the one checked.
   */
  async function enqueueDigitalInvoice(document: DocumentRow, send: DigitalInvoiceSend, by: Actor, resentFromId: number | null = null): Promise<MailRow> {
    const [row] = await db
      .insert(documentMails)
      .values({
        companyUniqueCode: document.companyUniqueCode,
        documentId: document.id,
        snapshotId: send.snapshotId,
        to: [send.recipient],
        cc: [],
        subject: `デジタルインボイス（JP PINT） ${send.invoiceNumber}`,
        body: "",
        delivery: "peppol",
        payload: send.xml,
        createdBy: by.code,
        resentFromId,
      })
      .returning();
    loop.wake();
    return row!;
  }

  /** The body as sent: the user's text, and the link when the document travels as one. */
  function bodyOf(row: MailRow): string {
    if (row.delivery !== "link") return row.body;
    const link = viewLink(settings, signer, row.id, row.createdAt);
    return `${row.body}\n\n書類は次のリンクからご覧いただけます（${formatJapaneseDateTime(link.expiresAt.toISOString())}まで）。\n${link.url}\n`;
  }

  async function send(row: MailRow): Promise<void> {
    if (row.delivery === "peppol") {
      if (!accessPoint) throw new PermanentMailError(NO_ACCESS_POINT);
      // The row's id is the key: an access point that saw this hand-over already answers with the same message.
      const { messageId } = await accessPoint.send({ idempotencyKey: `chohyo-document-mail-${row.id}`, recipient: row.to[0]!, xml: row.payload ?? "" });
      if (messageId) await db.update(documentMails).set({ messageId }).where(eq(documentMails.id, row.id));
      return;
    }
    const [snapshot] = await db.select().from(documentSnapshots).where(eq(documentSnapshots.id, row.snapshotId)).limit(1);
    const content = snapshot!.content as SnapshotContent;
    const attachments =
      row.delivery === "attachment" ? [{ filename: snapshotFileName(content), content: await snapshotPdf(storage, row.companyUniqueCode, content), contentType: "application/pdf" }] : [];
    await transport.send({
      companyUniqueCode: row.companyUniqueCode,
      mailId: row.id,
      from: settings.from,
      to: row.to,
      cc: row.cc,
      subject: row.subject,
      text: bodyOf(row),
      messageId: `<document-mail-${row.id}@${new URL(settings.publicUrl).hostname}>`,
      attachments,
    });
  }

  /** Claims the next due mail and sends it; false when none is due. */
  async function deliverNext(): Promise<boolean> {
    const [row] = await db
      .update(documentMails)
      .set({ status: "sending", attempts: sql`${documentMails.attempts} + 1`, lockedUntil: new Date(Date.now() + settings.leaseMs) })
      .where(
        eq(
          documentMails.id,
          sql`(select ${documentMails.id} from ${documentMails} where ${documentMails.status} = 'queued' and ${documentMails.nextAttemptAt} <= now() order by ${documentMails.id} limit 1 for update skip locked)`,
        ),
      )
      .returning();
    if (!row) return false;
    try {
      await send(row);
      await db.update(documentMails).set({ status: "sent", sentAt: new Date(), lockedUntil: null, lastError: null }).where(eq(documentMails.id, row.id));
    } catch (error) {
      const outcome = retryOutcome(error, row.attempts, settings);
      logger?.warn({ mailId: row.id, attempts: row.attempts, final: outcome.status === "error", reason: outcome.lastError }, "mail not sent");
      await db.update(documentMails).set(outcome).where(eq(documentMails.id, row.id));
    }
    return true;
  }

  /** Mails a stopped server left half-sent: their lease ran out without an outcome. */
  async function settleInterrupted(): Promise<void> {
    await db
      .update(documentMails)
      .set({ status: "error", lockedUntil: null, lastError: INTERRUPTED })
      .where(and(eq(documentMails.status, "sending"), lt(documentMails.lockedUntil, new Date())));
  }

  async function drain(): Promise<void> {
    await settleInterrupted();
    while (!loop.isStopping() && (await deliverNext()));
  }

  return {
    enqueue,
    enqueueDigitalInvoice,
    /** Sends whatever is due now, then returns: for tests and for the worker's ticks. */
    drain,
    start: loop.start,
    /** Stops taking mails and waits for the one being sent. */
    stop: loop.stop,
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
