import { Router, type Request } from "express";
import { z } from "zod";
import { canonicalDecimal } from "../../domain/decimal";
import { DOCUMENT_KIND_IDS } from "../../domain/document-kinds";
import { documentInputSchema } from "../../domain/document-input";
import { ORIGINS } from "../../domain/documents";
import { todayJst } from "../../domain/datetime";
import { optionalText } from "../../domain/form-fields";
import type { Database } from "../db/client";
import { companyTaxTypeOf, createDocument } from "../documents/create";
import { listDocuments, listQuery, ListSummaries } from "../documents/list-query";
import { changeStatus, changeStatuses, deleteDraft, issue, issueCreditNote, saveEdit, voidDocument } from "../documents/lifecycle";
import { detailPageOf } from "../documents/detail-page";
import { fullDocument, NOT_FOUND, ownDocument, presentListRow, sendPdf } from "../documents/presenters";
import { copyOf, earlierRevision, issuedMarkOf, snapshotPdf } from "../documents/snapshots";
import { badRequest } from "../errors";
import { requireDocumentScope, requireScopeAndApprover } from "../membership";
import type { FileStorage } from "../storage/storage";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { editVersionOf, parseListQuery } from "./master-records";
import { actorOf, idParam } from "./params";

const documentId = (req: Request) => idParam(req, NOT_FOUND);

/** A page names the kind it shows (`?kind=`); the document must be of it, so no page fetches a document only to learn its kind. */
const kindParam = z.object({ kind: z.enum(DOCUMENT_KIND_IDS).optional() });
const expectedKind = (req: Request) => parseBody(kindParam, { kind: req.query.kind || undefined }).kind;

const createMeta = z.object({
  kind: z.enum(DOCUMENT_KIND_IDS, { errorMap: () => ({ message: "書類の種類が正しくありません" }) }),
  idempotency_key: z.string().trim().min(8).max(100).optional(),
  source_document_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  origin: z.enum(ORIGINS).optional(),
});
const correctionBody = z.object({ correction_reason: optionalText(200) });
const copyBody = z.object({ reason: z.enum(["print", "send"]).default("print") });
const creditNoteBody = z.object({ reason: optionalText(200), issue_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional() });
const statusBody = z.object({ status: z.coerce.number().int().min(0).max(100), ids: z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(100).optional() });

/**
 * A body without a tax type takes the company's (SPEC §5: 外税 when never
 * set), as the form does, so another client of the API gets what a user would.
 */
async function withCompanyTaxType(db: Database, tenant: string, body: unknown): Promise<unknown> {
  const fields = (body ?? {}) as Record<string, unknown>;
  if (fields.tax_type_id !== undefined && fields.tax_type_id !== null && fields.tax_type_id !== "") return body;
  const taxId = await companyTaxTypeOf(db, tenant);
  return taxId ? { ...fields, tax_type_id: taxId } : body;
}

/**
 * `?revision=` naming an earlier revision than the current one: the current revision is always the copy as it
 * prints now, so a revision waiting for approval is never printed with its seal by naming it (decision 049).
 */
const olderRevisionAsked = (req: Request, current: { revision: number }) => req.query.revision !== undefined && Number(req.query.revision) !== current.revision;

/** Issued documents of every kind: the HTTP side; the rules are domain/lifecycle.ts, the transitions api/documents/lifecycle.ts. */
export function documentRoutes(db: Database, storage: FileStorage): Router {
  const router = Router();
  const summaries = new ListSummaries();

  router.get(
    "/documents",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const query = parseListQuery(listQuery, req.query);
      const { rows, summary } = await listDocuments(db, summaries, scope, query);
      res.json({
        items: rows.map((row) => ({ ...presentListRow(row), mailStatus: row.mailStatus })),
        total: summary.total,
        page: query.page,
        perPage: query.per_page,
        sum: { taxIncluded: canonicalDecimal(summary.taxIncluded), amountDue: canonicalDecimal(summary.amountDue) },
      });
    }),
  );

  router.get(
    "/documents/:id",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      res.json(await fullDocument(db, await ownDocument(db, scope, documentId(req), expectedKind(req)), scope));
    }),
  );

  // The detail page's one call (api/documents/detail-page.ts): the same scope and kind check as GET /documents/:id.
  router.get(
    "/documents/:id/page",
    handler(async (req, res) => {
      const { scope, approver } = await requireScopeAndApprover(db, req, { write: false });
      const id = documentId(req);
      // The page names its kind; asked without one, the document's own is looked up first.
      const kind = expectedKind(req) ?? (await ownDocument(db, scope, id)).kind;
      res.json(await detailPageOf(db, storage, scope, approver, id, kind, actorOf(req)));
    }),
  );

  router.post(
    "/documents",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const { tenant } = scope;
      const meta = parseBody(createMeta, req.body);
      const input = parseBody(documentInputSchema, await withCompanyTaxType(db, tenant, req.body));
      const { row, created } = await createDocument(
        db,
        scope,
        { kind: meta.kind, input, idempotencyKey: meta.idempotency_key ?? null, sourceDocumentId: meta.source_document_id ?? null, origin: meta.origin ?? null },
        actorOf(req),
      );
      res.status(created ? 201 : 200).json(await fullDocument(db, row, scope));
    }),
  );

  // A draft is saved in place; an issued document's edit is a correction (a new revision), never a rewrite.
  router.post(
    "/documents/:id",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const body = (req.body ?? {}) as Record<string, unknown>;
      const version = editVersionOf(body);
      const input = parseBody(documentInputSchema, body);
      const { correction_reason: reason } = parseBody(correctionBody, body);
      const row = await saveEdit(db, storage, scope, documentId(req), { version, input, reason, kind: expectedKind(req) }, actorOf(req));
      res.json(await fullDocument(db, row, scope));
    }),
  );

  router.post(
    "/documents/:id/status",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const { status } = parseBody(statusBody, req.body);
      const row = await changeStatus(db, scope, documentId(req), status, actorOf(req), expectedKind(req));
      res.json(await fullDocument(db, row, scope));
    }),
  );

  // Bulk change from the list: each document succeeds or says why, by its number, so one refusal does not undo the others.
  router.post(
    "/documents-status",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const { status, ids = [] } = parseBody(statusBody, req.body);
      if (ids.length === 0) throw badRequest("書類を選んでください。");
      res.json({ results: await changeStatuses(db, scope, ids, status, actorOf(req)) });
    }),
  );

  router.post(
    "/documents/:id/issue",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      res.json(await fullDocument(db, await issue(db, storage, scope, documentId(req), actorOf(req), expectedKind(req)), scope));
    }),
  );

  router.post(
    "/documents/:id/credit-note",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const { reason, issue_date: issueDate } = parseBody(creditNoteBody, req.body);
      const row = await issueCreditNote(db, storage, scope, documentId(req), reason, issueDate ?? todayJst(), actorOf(req));
      res.status(201).json(await fullDocument(db, row, scope));
    }),
  );

  /**
   * The customer's copy as it prints now: an issued document's snapshot
   * (marked voided once voided), or a draft's preview marked 下書き. Reading
   * never issues: printing the customer's copy is POST …/issue first.
   * `?revision=` shows an earlier revision of an issued document.
   */
  router.post(
    "/documents/:id/snapshots",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const { reason } = parseBody(copyBody, req.body);
      const current = await ownDocument(db, scope, documentId(req), expectedKind(req));
      if (olderRevisionAsked(req, current)) {
        const earlier = await earlierRevision(db, current, Number(req.query.revision));
        res.json({ ...earlier, mark: issuedMarkOf(current), latestRevision: current.revision });
        return;
      }
      const copy = await copyOf(db, storage, current, reason, actorOf(req));
      res.json({ ...copy.snapshot, mark: copy.mark, latestRevision: current.revision });
    }),
  );

  router.get(
    "/documents/:id/pdf",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const current = await ownDocument(db, scope, documentId(req), expectedKind(req));
      if (olderRevisionAsked(req, current)) {
        const earlier = await earlierRevision(db, current, Number(req.query.revision));
        sendPdf(res, await snapshotPdf(storage, scope.tenant, earlier.content, issuedMarkOf(current)), earlier.content);
        return;
      }
      const copy = await copyOf(db, storage, current, "print", actorOf(req));
      sendPdf(res, await snapshotPdf(storage, scope.tenant, copy.snapshot.content, copy.mark), copy.snapshot.content);
    }),
  );

  router.post(
    "/documents/:id/void",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      res.json(await fullDocument(db, await voidDocument(db, scope, documentId(req), actorOf(req), expectedKind(req)), scope));
    }),
  );

  router.delete(
    "/documents/:id",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      await deleteDraft(db, scope, documentId(req), expectedKind(req));
      res.status(204).end();
    }),
  );

  return router;
}

