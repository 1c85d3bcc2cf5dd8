import { Router, type Request } from "express";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { mailRequestSchema } from "../../domain/mail";
import type { SnapshotContent } from "../../domain/snapshot";
import type { Database } from "../db/client";
import { documentMails, documents, documentSnapshots } from "../db/schema";
import { issuedMarkOf, snapshotPdf } from "../documents/snapshots";
import { ApiError, notFound } from "../errors";
import type { LinkSigner } from "../mail/links";
import { viewLink, type MailOutbox, type MailRow, type MailSettings } from "../mail/outbox";
import { requireDocumentScope } from "../membership";
import type { FileStorage } from "../storage/storage";
import { parseBody } from "../validation";
import { requireAllowed } from "../documents/lifecycle";
import { ownDocument, sendPdf } from "../documents/presenters";
import { handler } from "./handler";
import { idParam } from "./params";

export type MailDeps = { outbox: MailOutbox; signer: LinkSigner; settings: MailSettings };

const documentId = (req: Request) => idParam(req, "書類が見つかりません。");
const mailId = (req: Request) => idParam(req, "送信履歴が見つかりません。", "mailId");

/**
 * A send as the mail detail page lists it, with the recipient's link for the
 * sender's own preview. `number` counts the document's sends from 1 (its
 * n-th mail), as does `resentFromNumber`; the ids stay for actions.
 */
function presentMail(row: MailRow, deps: MailDeps, numbers: Map<number, number>) {
  const { companyUniqueCode: _company, lockedUntil: _lock, ...mail } = row;
  return {
    ...mail,
    number: numbers.get(row.id)!,
    resentFromNumber: row.resentFromId === null ? null : (numbers.get(row.resentFromId) ?? null),
    viewUrl: row.delivery === "link" ? viewLink(deps.settings, deps.signer, row.id, row.createdAt).url : null,
  };
}

/** Each of the document's sends by id, numbered 1, 2, 3… in the order they were asked for. */
async function sendNumbers(db: Database, documentId: number): Promise<Map<number, number>> {
  const rows = await db.select({ id: documentMails.id }).from(documentMails).where(eq(documentMails.documentId, documentId)).orderBy(asc(documentMails.id));
  return new Map(rows.map((row, index) => [row.id, index + 1]));
}

/** Sending a document, its sends, and a resend of one that failed. */
export function mailRoutes(db: Database, deps: MailDeps): Router {
  const router = Router();

  router.post(
    "/documents/:id/mails",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const request = parseBody(mailRequestSchema, req.body);
      const document = await ownDocument(db, scope, documentId(req));
      await requireAllowed(db, document, "send");
      const mail = await deps.outbox.enqueue(document, request, { code: req.caller!.userUniqueCode, name: req.caller!.name });
      res.status(202).json(presentMail(mail, deps, await sendNumbers(db, document.id)));
    }),
  );

  router.get(
    "/documents/:id/mails",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const document = await ownDocument(db, scope, documentId(req));
      const rows = await db.select().from(documentMails).where(eq(documentMails.documentId, document.id)).orderBy(desc(documentMails.id));
      const numbers = new Map(rows.map((row, index) => [row.id, rows.length - index]));
      res.json({ mails: rows.map((row) => presentMail(row, deps, numbers)) });
    }),
  );

  router.post(
    "/documents/:id/mails/:mailId/resend",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const document = await ownDocument(db, scope, documentId(req));
      await requireAllowed(db, document, "send");
      const [failed] = await db
        .select()
        .from(documentMails)
        .where(and(eq(documentMails.id, mailId(req)), eq(documentMails.documentId, document.id)))
        .limit(1);
      if (!failed) throw notFound("送信履歴が見つかりません。");
      const { to, cc, subject, body, delivery } = failed;
      const mail = await deps.outbox.enqueue(document, { to, cc, subject, body, delivery }, { code: req.caller!.userUniqueCode, name: req.caller!.name }, failed.id);
      res.status(202).json(presentMail(mail, deps, await sendNumbers(db, document.id)));
    }),
  );

  return router;
}

/**
 * What a recipient's signed link opens, with no sign-in: the document's
 * heading, its PDF, and the record of the open. A forged link is 404 and an
 * expired one 410, each with a message the page shows.
 */
export function publicMailRoutes(db: Database, storage: FileStorage, deps: MailDeps): Router {
  const router = Router();

  async function mailOf(req: Request) {
    const verified = deps.signer.verify(String(req.params.token ?? ""));
    if (!verified.ok && verified.reason === "expired") throw new ApiError(410, "not_found", "このリンクの有効期限が切れています。送信元に再送を依頼してください。");
    if (!verified.ok) throw notFound("リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。");
    const [row] = await db
      .select({ mail: documentMails, content: documentSnapshots.content, voidedAt: documents.voidedAt })
      .from(documentMails)
      .innerJoin(documentSnapshots, eq(documentSnapshots.id, documentMails.snapshotId))
      .innerJoin(documents, eq(documents.id, documentMails.documentId))
      .where(eq(documentMails.id, verified.mailId))
      .limit(1);
    if (!row) throw notFound("リンクが正しくありません。メールに記載されたリンクをそのまま開いてください。");
    return { mail: row.mail, content: row.content as SnapshotContent, expiresAt: verified.expiresAt, voidedAt: row.voidedAt };
  }

  router.get(
    "/public/mails/:token",
    handler(async (req, res) => {
      const { mail, content, expiresAt, voidedAt } = await mailOf(req);
      res.json({
        mailId: mail.id,
        companyUniqueCode: mail.companyUniqueCode,
        expiresAt: expiresAt.toISOString(),
        // A document voided after it was sent must not pass for valid with the one who received it.
        voidedAt: voidedAt?.toISOString() ?? null,
        document: { title: content.title, number: content.number, issueDate: content.issueDate, issuer: content.issuer.name, recipient: `${content.recipient.name} ${content.recipient.honorific}` },
      });
    }),
  );

  // Called by the page for a visitor who is not the sender: the sender's own preview never counts.
  router.post(
    "/public/mails/:token/opened",
    handler(async (req, res) => {
      const { mail } = await mailOf(req);
      await db
        .update(documentMails)
        .set({ firstOpenedAt: sql`coalesce(${documentMails.firstOpenedAt}, now())`, lastOpenedAt: sql`now()` })
        .where(eq(documentMails.id, mail.id));
      res.status(204).end();
    }),
  );

  router.get(
    "/public/mails/:token/pdf",
    handler(async (req, res) => {
      const { mail, content, voidedAt } = await mailOf(req);
      sendPdf(res, await snapshotPdf(storage, mail.companyUniqueCode, content, issuedMarkOf({ voidedAt })), content);
    }),
  );

  return router;
}
