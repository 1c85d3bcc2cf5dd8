import { Router } from "express";
import { attachmentDisposition } from "../../domain/attachment";
import type { Database } from "../db/client";
import { checkAnswerOf, digitalInvoiceOf, exportDigitalInvoice } from "../documents/digital-invoice";
import { NOT_FOUND } from "../documents/presenters";
import { requireDocumentScope } from "../membership";
import type { FileStorage } from "../storage/storage";
import { sendDigitalInvoice, sendNumbers } from "../mail/sends";
import { handler } from "./handler";
import { presentMail, type MailDeps } from "./mails";
import { actorOf, idParam } from "./params";

/** An issued invoice as a JP PINT digital invoice (decision 043): the XML, what keeps it from leaving, and sending it through the access point (decision 045). */
export function digitalInvoiceRoutes(db: Database, storage: FileStorage, mail: MailDeps): Router {
  const router = Router();

  router.get(
    "/documents/:id/jp-pint",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const { fileName, xml } = await exportDigitalInvoice(db, storage, scope, idParam(req, NOT_FOUND), actorOf(req));
      res.setHeader("Content-Type", "application/xml; charset=utf-8");
      res.setHeader("Content-Disposition", attachmentDisposition(fileName.replace(/[^\w.-]/g, "_"), fileName));
      res.setHeader("Cache-Control", "private, no-store");
      res.send(xml);
    }),
  );

  // The detail page asks before it offers the download and the send: an empty list means the invoice passes; the
  // recipient is the customer's Peppol ID the confirmation names.
  router.get(
    "/documents/:id/jp-pint/check",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const { source } = await digitalInvoiceOf(db, storage, scope, idParam(req, NOT_FOUND), actorOf(req));
      res.json(checkAnswerOf(source));
    }),
  );

  // 「デジタルインボイスで送る」: queued in the outbox like an e-mail, with the same write permission; refused (422) while
  // the check finds problems, so such an invoice never leaves.
  router.post(
    "/documents/:id/jp-pint/send",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const sent = await sendDigitalInvoice(db, storage, mail.outbox, scope, idParam(req, NOT_FOUND), actorOf(req));
      res.status(202).json(presentMail(sent, mail, await sendNumbers(db, sent.documentId)));
    }),
  );

  return router;
}
