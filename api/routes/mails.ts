import { Router, type Request } from "express";
import { mailRequestSchema } from "../../domain/mail";
import type { Database } from "../db/client";
import { issuedMarkOf, snapshotPdf } from "../documents/snapshots";
import type { LinkSigner } from "../mail/links";
import { viewLink, type MailOutbox, type MailRow, type MailSettings } from "../mail/outbox";
import { mailOfLink, mailsOf, recordOpened, resendMail, sendDocument, sendNumbers } from "../mail/sends";
import { requireDocumentScope } from "../membership";
import type { FileStorage } from "../storage/storage";
import { parseBody } from "../validation";
import { sendPdf } from "../documents/presenters";
import { handler } from "./handler";
import { actorOf, idParam } from "./params";

export type MailDeps = { outbox: MailOutbox; signer: LinkSigner; settings: MailSettings };

const documentId = (req: Request) => idParam(req, "書類が見つかりません。");
const mailId = (req: Request) => idParam(req, "送信履歴が見つかりません。", "mailId");

/**
 * A send as the mail detail page lists it, with the recipient's link for the
 * sender's own preview. `number` counts the document's sends from 1 (its
 * n-th mail), as does `resentFromNumber`; the ids stay for actions.
 */
export function presentMail(row: MailRow, deps: MailDeps, numbers: Map<number, number>) {
  // A digital invoice's XML stays in the outbox: the history names the send, the invoice's page offers the XML.
  const { companyUniqueCode: _company, lockedUntil: _lock, payload: _payload, ...mail } = row;
  return {
    ...mail,
    number: numbers.get(row.id)!,
    resentFromNumber: row.resentFromId === null ? null : (numbers.get(row.resentFromId) ?? null),
    viewUrl: row.delivery === "link" ? viewLink(deps.settings, deps.signer, row.id, row.createdAt).url : null,
  };
}

/** Sending a document, its sends, and a resend of one that failed. */
export function mailRoutes(db: Database, storage: FileStorage, deps: MailDeps): Router {
  const router = Router();

  router.post(
    "/documents/:id/mails",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const request = parseBody(mailRequestSchema, req.body);
      const mail = await sendDocument(db, deps.outbox, scope, documentId(req), request, actorOf(req));
      res.status(202).json(presentMail(mail, deps, await sendNumbers(db, mail.documentId)));
    }),
  );

  router.get(
    "/documents/:id/mails",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const rows = await mailsOf(db, scope, documentId(req));
      const numbers = new Map(rows.map((row, index) => [row.id, rows.length - index]));
      res.json({ mails: rows.map((row) => presentMail(row, deps, numbers)) });
    }),
  );

  router.post(
    "/documents/:id/mails/:mailId/resend",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const mail = await resendMail(db, storage, deps.outbox, scope, documentId(req), mailId(req), actorOf(req));
      res.status(202).json(presentMail(mail, deps, await sendNumbers(db, mail.documentId)));
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

  const mailOf = (req: Request) => mailOfLink(db, deps.signer, String(req.params.token ?? ""));

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
      await recordOpened(db, mail.id);
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
