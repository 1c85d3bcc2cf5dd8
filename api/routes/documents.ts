import { Router, type Request } from "express";
import { and, asc, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { canonicalDecimal } from "../../domain/decimal";
import { DOCUMENT_KIND_IDS } from "../../domain/document-kinds";
import { documentInputSchema } from "../../domain/document-input";
import { INITIAL_STATUS, ORIGINS } from "../../domain/documents";
import { todayJst } from "../../domain/datetime";
import { optionalText } from "../../domain/form-fields";
import type { Database } from "../db/client";
import { companies, documents } from "../db/schema";
import { latestMailStatuses, listConditions, listQuery, ListSummaries, SORT_COLUMNS, summaryOf } from "../documents/list-query";
import { changeStatus, deleteDraft, issue, issueCreditNote, recordHistory, saveEdit, voidDocument } from "../documents/lifecycle";
import { fullDocument, LIST_COLUMNS, NOT_FOUND, ownDocument, presentListRow, sendPdf } from "../documents/presenters";
import { copyOf, snapshotOfRevision, snapshotPdf } from "../documents/snapshots";
import { allocateNumber, checkReferences, companyRulesOf, documentColumnsOf, savedCustomerId, sourceOf, totalsOf, writeLines } from "../documents/store";
import { badRequest, conflict, notFound, violatesUniqueIndex } from "../errors";
import { requireDocumentScope } from "../membership";
import { inScope } from "../documents/scope";
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
  const [company] = await db.select({ taxId: companies.taxId }).from(companies).where(eq(companies.companyUniqueCode, tenant)).limit(1);
  return company?.taxId ? { ...fields, tax_type_id: company.taxId } : body;
}

/** Issued documents of every kind: the HTTP side; the rules are domain/lifecycle.ts, the transitions api/documents/lifecycle.ts. */
export function documentRoutes(db: Database, storage: FileStorage): Router {
  const router = Router();
  const summaries = new ListSummaries();

  router.get(
    "/documents",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const query = parseListQuery(listQuery, req.query);
      const where = listConditions(scope, query);
      const direction = query.order === "asc" ? asc : desc;
      const [rows, summary] = await Promise.all([
        db
          .select(LIST_COLUMNS)
          .from(documents)
          .where(where)
          .orderBy(direction(SORT_COLUMNS[query.sort]), direction(documents.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        summaryOf(db, summaries, scope, query, where),
      ]);
      const mails = await latestMailStatuses(db, rows.map((row) => row.id));
      res.json({
        items: rows.map((row) => ({ ...presentListRow(row), mailStatus: mails.get(row.id) ?? null })),
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

  router.post(
    "/documents",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const { tenant } = scope;
      const meta = parseBody(createMeta, req.body);
      const input = parseBody(documentInputSchema, await withCompanyTaxType(db, tenant, req.body));
      const actor = actorOf(req);
      // A repeated submit of the same form (double click, or a resubmit after a timeout) finds the first document.
      const existing = async () => {
        if (!meta.idempotency_key) return null;
        const [row] = await db
          .select()
          .from(documents)
          .where(and(inScope(scope), eq(documents.idempotencyKey, meta.idempotency_key)));
        return row ?? null;
      };
      const earlier = await existing();
      if (earlier) {
        res.status(200).json(await fullDocument(db, earlier, scope));
        return;
      }
      try {
        const created = await db.transaction(async (tx) => {
          await checkReferences(tx, tenant, input);
          const source = await sourceOf(tx, scope, meta.kind, meta.source_document_id ?? null, meta.origin ?? null);
          const rules = await companyRulesOf(tx, tenant);
          const totals = totalsOf(input, rules);
          const customerId = await savedCustomerId(tx, tenant, input);
          const number = await allocateNumber(tx, tenant, meta.kind, input.issue_date);
          const status = INITIAL_STATUS[meta.kind];
          const [row] = await tx
            .insert(documents)
            .values({
              ...documentColumnsOf(meta.kind, input, totals, customerId),
              ...rules,
              companyUniqueCode: tenant,
              kind: meta.kind,
              number,
              status,
              sourceDocumentId: source.sourceDocumentId,
              copyMode: source.copyMode,
              origin: meta.origin ?? null,
              idempotencyKey: meta.idempotency_key ?? null,
              createdBy: actor.code,
            })
            .returning();
          await writeLines(tx, row!.id, input, totals);
          await recordHistory(tx, row!, { event: "created", from: null, to: status }, actor);
          return row!;
        });
        res.status(201).json(await fullDocument(db, created, scope));
      } catch (error) {
        if (violatesUniqueIndex(error, "documents_company_idempotency_idx")) {
          const first = await existing();
          if (first) {
            res.status(200).json(await fullDocument(db, first, scope));
            return;
          }
        }
        if (violatesUniqueIndex(error, "documents_company_kind_number_idx")) {
          throw conflict("同じ番号の書類がすでにあります。帳票設定の番号の形式を確認してください。");
        }
        throw error;
      }
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
      const id = documentId(req);
      await ownDocument(db, scope, id, expectedKind(req));
      const row = await db.transaction((tx) => changeStatus(tx, scope, id, status, actorOf(req)));
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
      const results: Array<{ id: number; ok: boolean; message?: string; number?: string }> = [];
      for (const id of ids) {
        try {
          const row = await db.transaction((tx) => changeStatus(tx, scope, id, status, actorOf(req)));
          results.push({ id, ok: true, number: row.number });
        } catch (error) {
          results.push({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
        }
      }
      res.json({ results });
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
      const revision = Number(req.query.revision);
      if (req.query.revision !== undefined) {
        const earlier = Number.isInteger(revision) && revision >= 1 && revision <= current.revision ? await snapshotOfRevision(db, current.id, revision) : null;
        if (!earlier) throw notFound("この版の控えはありません。");
        res.json({ ...earlier, mark: current.voidedAt ? "voided" : null, latestRevision: current.revision });
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
      const revision = Number(req.query.revision);
      if (req.query.revision !== undefined) {
        const earlier = Number.isInteger(revision) && revision >= 1 && revision <= current.revision ? await snapshotOfRevision(db, current.id, revision) : null;
        if (!earlier) throw notFound("この版の控えはありません。");
        sendPdf(res, await snapshotPdf(storage, scope.tenant, earlier.content, current.voidedAt ? "voided" : null), earlier.content);
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

