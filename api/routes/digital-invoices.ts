import { Router } from "express";
import { attachmentDisposition } from "../../domain/attachment";
import type { Database } from "../db/client";
import { digitalInvoiceOf, exportDigitalInvoice } from "../documents/digital-invoice";
import { NOT_FOUND } from "../documents/presenters";
import { requireDocumentScope } from "../membership";
import type { FileStorage } from "../storage/storage";
import { handler } from "./handler";
import { actorOf, idParam } from "./params";

/** An issued invoice as a JP PINT digital invoice (decision 043): the XML, and what keeps it from leaving. */
export function digitalInvoiceRoutes(db: Database, storage: FileStorage): Router {
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

  // The detail page asks before it offers the download: an empty list means the invoice passes.
  router.get(
    "/documents/:id/jp-pint/check",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const { problems } = await digitalInvoiceOf(db, storage, scope, idParam(req, NOT_FOUND), actorOf(req));
      res.json({ problems });
    }),
  );

  return router;
}
