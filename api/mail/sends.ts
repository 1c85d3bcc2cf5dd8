import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { SnapshotContent } from "../../domain/snapshot";
import type { Database } from "../db/client";
import { documentMails, documents, documentSnapshots } from "../db/schema";
import { exportDigitalInvoice } from "../documents/digital-invoice";
import { requireAllowed } from "../documents/lifecycle";
import type { FileStorage } from "../storage/storage";
import { ownDocument } from "../documents/presenters";
import type { DocumentScope } from "../documents/scope";
import type { Actor } from "../documents/snapshots";
import { ApiError, notFound } from "../errors";
import type { LinkSigner } from "./links";
import type { MailOutbox, MailRequest, MailRow } from "./outbox";

/*
 * A document's sends: asking for one, listing them, sending again one that
 * failed, and what a recipient's signed link opens.
 */

const LINK_REFUSED = "リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。";

/** Each of the document's sends by id, numbered 1, 2, 3… in the order they were asked for. */
export async function sendNumbers(db: Database, documentId: number): Promise<Map<number, number>> {
  const rows = await db.select({ id: documentMails.id }).from(documentMails).where(eq(documentMails.documentId, documentId)).orderBy(asc(documentMails.id));
  return new Map(rows.map((row, index) => [row.id, index + 1]));
}

/** Queues a send of a document in the caller's scope, where the lifecycle allows sending it. */
export async function sendDocument(db: Database, outbox: MailOutbox, scope: DocumentScope, documentId: number, request: MailRequest, actor: Actor): Promise<MailRow> {
  const document = await ownDocument(db, scope, documentId);
  await requireAllowed(db, document, "send");
  return outbox.enqueue(document, request, actor);
}

/**
 * Queues an issued invoice's digital invoice for the access point (decision 045): checked first, so an invoice that
 * fails is refused (422 naming each problem) and nothing is queued; the XML checked is the XML sent.
 */
export async function sendDigitalInvoice(db: Database, storage: FileStorage, outbox: MailOutbox, scope: DocumentScope, documentId: number, actor: Actor, resentFromId: number | null = null): Promise<MailRow> {
  const { document, snapshotId, recipient, xml, invoiceNumber } = await exportDigitalInvoice(db, storage, scope, documentId, actor);
  return outbox.enqueueDigitalInvoice(document, { snapshotId, recipient, xml, invoiceNumber }, actor, resentFromId);
}

/** The document's sends, newest first. */
export async function mailsOf(db: Database, scope: DocumentScope, documentId: number): Promise<MailRow[]> {
  const document = await ownDocument(db, scope, documentId);
  return db.select().from(documentMails).where(eq(documentMails.documentId, document.id)).orderBy(desc(documentMails.id));
}

/** Queues one of the document's sends again, to the same addresses with the same words. */
export async function resendMail(db: Database, storage: FileStorage, outbox: MailOutbox, scope: DocumentScope, documentId: number, mailId: number, actor: Actor): Promise<MailRow> {
  const document = await ownDocument(db, scope, documentId);
  await requireAllowed(db, document, "send");
  const [failed] = await db
    .select()
    .from(documentMails)
    .where(and(eq(documentMails.id, mailId), eq(documentMails.documentId, document.id)))
    .limit(1);
  if (!failed) throw notFound("送信履歴が見つかりません。");
  // A digital invoice is checked and made again: a Peppol ID fixed after a refusal counts, and one now missing stops it.
  if (failed.delivery === "peppol") return sendDigitalInvoice(db, storage, outbox, scope, document.id, actor, failed.id);
  const { to, cc, subject, body } = failed;
  const delivery = failed.delivery === "link" ? "link" : "attachment";
  return outbox.enqueue(document, { to, cc, subject, body, delivery }, actor, failed.id);
}

/** The send a recipient's link names, with the snapshot it sent: a forged link is 404 and an expired one 410, each with the words the page shows. */
export async function mailOfLink(db: Database, signer: LinkSigner, token: string) {
  const verified = signer.verify(token);
  if (!verified.ok && verified.reason === "expired") throw new ApiError(410, "not_found", "このリンクの有効期限が切れています。送信元に再送を依頼してください。");
  if (!verified.ok) throw notFound(LINK_REFUSED);
  const [row] = await db
    .select({ mail: documentMails, content: documentSnapshots.content, voidedAt: documents.voidedAt })
    .from(documentMails)
    .innerJoin(documentSnapshots, eq(documentSnapshots.id, documentMails.snapshotId))
    .innerJoin(documents, eq(documents.id, documentMails.documentId))
    .where(eq(documentMails.id, verified.mailId))
    .limit(1);
  if (!row) throw notFound(LINK_REFUSED);
  return { mail: row.mail, content: row.content as SnapshotContent, expiresAt: verified.expiresAt, voidedAt: row.voidedAt };
}

/** A recipient opened the link: the first opening is kept, the last moves. */
export async function recordOpened(db: Database, mailId: number): Promise<void> {
  await db
    .update(documentMails)
    .set({ firstOpenedAt: sql`coalesce(${documentMails.firstOpenedAt}, now())`, lastOpenedAt: sql`now()` })
    .where(eq(documentMails.id, mailId));
}
