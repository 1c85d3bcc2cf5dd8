import { Router, type Request, type Response } from "express";
import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lte, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { canonicalDecimal, parseDecimalInput } from "../../domain/decimal";
import { DOCUMENT_KIND_IDS, type DocumentKind } from "../../domain/document-kinds";
import { documentInputSchema } from "../../domain/document-input";
import { canChangeStatus, DOCUMENT_SORTS, DOCUMENT_STATUSES, INITIAL_STATUS, ORIGINS, statusLabel, VOIDED_FILTERS } from "../../domain/documents";
import { attachmentDisposition } from "../../domain/attachment";
import { mailDisplayStatus, type MailDisplayStatus } from "../../domain/mail-status";
import { searchKey } from "../../domain/normalize";
import { snapshotFileName, type SnapshotContent } from "../../domain/snapshot";
import type { Database } from "../db/client";
import { documentLines, documentMails, documents, documentStatusHistory, documentTotals } from "../db/schema";
import {
  allocateNumber,
  checkReferences,
  companyRulesOf,
  documentColumnsOf,
  savedCustomerId,
  sourceOf,
  totalsOf,
  writeLines,
  type Writer,
} from "../documents/store";
import { snapshotOf, snapshotPdf } from "../documents/snapshots";
import { badRequest, conflict, notFound, validationFailed, violatesUniqueIndex } from "../errors";
import { requireMember } from "../membership";
import type { FileStorage } from "../storage/storage";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { editVersionOf, escapeLike, parseListQuery } from "./master-records";
import { idParam } from "./params";

const NOT_FOUND = "書類が見つかりません。";
const STALE_SAVE = "ほかの操作でこの書類が更新されています。最新の内容を確認してから、もう一度保存してください。";
export const DOCUMENTS_PER_PAGE = 50;

type DocumentRow = typeof documents.$inferSelect;

const documentId = (req: Request) => idParam(req, NOT_FOUND);

const amount = z
  .string()
  .optional()
  .transform((value, ctx) => {
    if (!value) return null;
    const parsed = parseDecimalInput(value);
    if (parsed === null) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "金額" });
    return parsed;
  });
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .optional()
  .or(z.literal("").transform(() => undefined));

export const listQuery = z.object({
  kind: z.enum(DOCUMENT_KIND_IDS),
  q: z.string().max(100).optional().default(""),
  status: z.coerce.number().int().optional(),
  customer_id: z.coerce.number().int().positive().optional(),
  issued_from: isoDate,
  issued_to: isoDate,
  amount_min: amount,
  amount_max: amount,
  voided: z.enum(VOIDED_FILTERS).optional().default("exclude"),
  sort: z.enum(DOCUMENT_SORTS).optional().default("issue_date"),
  order: z.enum(["asc", "desc"]).optional().default("desc"),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
  per_page: z.coerce.number().int().min(1).max(100).optional().default(DOCUMENTS_PER_PAGE),
});

/** The list's filters as SQL, always inside the tenant and the kind. */
export function listConditions(tenant: string, query: z.output<typeof listQuery>): SQL {
  const conditions: (SQL | undefined)[] = [eq(documents.companyUniqueCode, tenant), eq(documents.kind, query.kind)];
  const key = searchKey(query.q);
  if (key) {
    const pattern = `%${escapeLike(key)}%`;
    conditions.push(or(ilike(documents.number, `%${escapeLike(query.q.trim())}%`), ilike(documents.customerSearchKey, pattern), ilike(documents.subject, `%${escapeLike(query.q.trim())}%`)));
  }
  if (query.status !== undefined) conditions.push(eq(documents.status, query.status));
  if (query.customer_id !== undefined) conditions.push(eq(documents.customerId, query.customer_id));
  if (query.issued_from) conditions.push(gte(documents.issueDate, query.issued_from));
  if (query.issued_to) conditions.push(lte(documents.issueDate, query.issued_to));
  if (query.amount_min) conditions.push(gte(documents.taxIncluded, query.amount_min));
  if (query.amount_max) conditions.push(lte(documents.taxIncluded, query.amount_max));
  if (query.voided === "exclude") conditions.push(isNull(documents.voidedAt));
  if (query.voided === "only") conditions.push(isNotNull(documents.voidedAt));
  return and(...conditions)!;
}

/**
 * Count and sums of the filtered set. A view filtered by status at most is
 * read from document_totals (kept by a trigger), which costs the same for
 * any number of documents; other filters narrow the set and are summed.
 */
async function summaryOf(db: Database, tenant: string, query: z.output<typeof listQuery>, where: SQL) {
  const byStatusOnly = !searchKey(query.q) && query.customer_id === undefined && !query.issued_from && !query.issued_to && !query.amount_min && !query.amount_max && query.voided === "exclude";
  const [summary] = byStatusOnly
    ? await db
        .select({
          total: sql<string>`coalesce(sum(${documentTotals.documentCount}), 0)`,
          taxIncluded: sql<string>`coalesce(sum(${documentTotals.taxIncluded}), 0)`,
          amountDue: sql<string>`coalesce(sum(${documentTotals.amountDue}), 0)`,
        })
        .from(documentTotals)
        .where(
          and(
            eq(documentTotals.companyUniqueCode, tenant),
            eq(documentTotals.kind, query.kind),
            query.status === undefined ? undefined : eq(documentTotals.status, query.status),
          ),
        )
    : await db
        .select({
          total: count(),
          taxIncluded: sql<string>`coalesce(sum(${documents.taxIncluded}), 0)`,
          amountDue: sql<string>`coalesce(sum(${documents.amountDue}), 0)`,
        })
        .from(documents)
        .where(where);
  return { total: Number(summary!.total), taxIncluded: String(summary!.taxIncluded), amountDue: String(summary!.amountDue) };
}

function presentRow(row: DocumentRow) {
  const { companyUniqueCode: _company, customerSearchKey: _key, idempotencyKey: _idempotency, ...document } = row;
  const decimal = (value: string | null) => (value === null ? null : canonicalDecimal(value));
  return {
    ...document,
    receivedAmount: decimal(document.receivedAmount),
    taxExcluded: canonicalDecimal(document.taxExcluded),
    tax: canonicalDecimal(document.tax),
    taxIncluded: canonicalDecimal(document.taxIncluded),
    withholdingAmount: canonicalDecimal(document.withholdingAmount),
    amountDue: canonicalDecimal(document.amountDue),
  };
}

/** One of the tenant's documents: every read and write by id names the tenant too. */
const ownedBy = (tenant: string, id: number) => and(eq(documents.id, id), eq(documents.companyUniqueCode, tenant));

export async function ownDocument(db: Writer, tenant: string, id: number): Promise<DocumentRow> {
  const [row] = await db
    .select()
    .from(documents)
    .where(ownedBy(tenant, id))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

/** One document with its lines, status history, where it came from and what was made from it. */
async function fullDocument(db: Writer, row: DocumentRow) {
  const [lines, history, derived, source] = await Promise.all([
    db.select().from(documentLines).where(eq(documentLines.documentId, row.id)).orderBy(asc(documentLines.position)),
    db.select().from(documentStatusHistory).where(eq(documentStatusHistory.documentId, row.id)).orderBy(asc(documentStatusHistory.changedAt), asc(documentStatusHistory.id)),
    db.select({ id: documents.id, kind: documents.kind, number: documents.number }).from(documents).where(and(eq(documents.sourceDocumentId, row.id), eq(documents.companyUniqueCode, row.companyUniqueCode))).orderBy(asc(documents.id)),
    row.sourceDocumentId === null
      ? Promise.resolve([])
      : db.select({ id: documents.id, kind: documents.kind, number: documents.number }).from(documents).where(ownedBy(row.companyUniqueCode, row.sourceDocumentId)),
  ]);
  return {
    ...presentRow(row),
    lines: lines.map(({ documentId: _document, ...line }) => ({
      ...line,
      quantity: canonicalDecimal(line.quantity),
      unitPrice: canonicalDecimal(line.unitPrice),
      amount: canonicalDecimal(line.amount),
    })),
    history: history.map(({ documentId: _document, ...entry }) => entry),
    source: source[0] ?? null,
    derived,
  };
}

async function recordStatus(db: Writer, documentIdValue: number, from: number | null, to: number, by: string) {
  await db.insert(documentStatusHistory).values({ documentId: documentIdValue, fromStatus: from, toStatus: to, changedBy: by });
}

const snapshotBody = z.object({ reason: z.enum(["print", "send"]).default("print") });

/** A PDF download named by kind, number and customer; the ASCII name is for browsers that ignore filename*. */
export function sendPdf(res: Response, pdf: Buffer, content: SnapshotContent) {
  res.setHeader("Content-Type", "application/pdf");
  res.setHeader("Content-Disposition", attachmentDisposition(`${content.kind}-${content.number.replace(/[^\w.-]+/g, "_")}.pdf`, snapshotFileName(content)));
  res.setHeader("Cache-Control", "private, no-store");
  res.send(pdf);
}

const createMeta = z.object({
  kind: z.enum(DOCUMENT_KIND_IDS, { errorMap: () => ({ message: "書類の種類が正しくありません" }) }),
  idempotency_key: z.string().trim().min(8).max(100).optional(),
  source_document_id: z.coerce.number().int().positive().optional(),
  origin: z.enum(ORIGINS).optional(),
});

/** The latest send of each listed document, as the list's mail column shows it (SPEC §4: blank, 送信済, 閲覧済, 送信エラー). */
async function latestMailStatuses(db: Database, ids: number[]): Promise<Map<number, MailDisplayStatus>> {
  if (ids.length === 0) return new Map();
  const latest = await db
    .selectDistinctOn([documentMails.documentId], { documentId: documentMails.documentId, status: documentMails.status, firstOpenedAt: documentMails.firstOpenedAt })
    .from(documentMails)
    .where(inArray(documentMails.documentId, ids))
    .orderBy(documentMails.documentId, desc(documentMails.id));
  return new Map(latest.map((mail) => [mail.documentId, mailDisplayStatus({ status: mail.status, first_opened_at: mail.firstOpenedAt?.toISOString() ?? null })]));
}

/** Issued documents of every kind: one module, parameterised by kind. */
export function documentRoutes(db: Database, storage: FileStorage): Router {
  const router = Router();

  router.get(
    "/documents",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const query = parseListQuery(listQuery, req.query);
      const where = listConditions(tenant, query);
      const column = {
        issue_date: documents.issueDate,
        number: documents.number,
        customer: documents.customerSearchKey,
        amount: documents.taxIncluded,
        status: documents.status,
        updated: documents.updatedAt,
      }[query.sort];
      const direction = query.order === "asc" ? asc : desc;
      const [rows, summary] = (await Promise.all([
        db
          .select()
          .from(documents)
          .where(where)
          .orderBy(direction(column), direction(documents.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        summaryOf(db, tenant, query, where),
      ])) as [DocumentRow[], { total: number; taxIncluded: string; amountDue: string }];
      const mails = await latestMailStatuses(db, rows.map((row) => row.id));
      res.json({
        items: rows.map((row) => ({ ...presentRow(row), mailStatus: mails.get(row.id) ?? null })),
        total: Number(summary.total),
        page: query.page,
        perPage: query.per_page,
        sum: { taxIncluded: canonicalDecimal(String(summary.taxIncluded)), amountDue: canonicalDecimal(String(summary.amountDue)) },
      });
    }),
  );

  router.get(
    "/documents/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      res.json(await fullDocument(db, await ownDocument(db, tenant, documentId(req))));
    }),
  );

  router.post(
    "/documents",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const meta = parseBody(createMeta, req.body);
      const input = parseBody(documentInputSchema, req.body);
      const by = req.caller!.userUniqueCode;
      // A repeated submit of the same form (double click, or a resubmit after a timeout) finds the first document.
      const existing = async () => {
        if (!meta.idempotency_key) return null;
        const [row] = await db
          .select()
          .from(documents)
          .where(and(eq(documents.companyUniqueCode, tenant), eq(documents.idempotencyKey, meta.idempotency_key)));
        return row ?? null;
      };
      const earlier = await existing();
      if (earlier) {
        res.status(200).json(await fullDocument(db, earlier));
        return;
      }
      try {
        const created = await db.transaction(async (tx) => {
          await checkReferences(tx, tenant, input);
          const source = await sourceOf(tx, tenant, meta.kind, meta.source_document_id ?? null, meta.origin ?? null);
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
              createdBy: by,
            })
            .returning();
          await writeLines(tx, row!.id, input, totals);
          await recordStatus(tx, row!.id, null, status, by);
          return row!;
        });
        res.status(201).json(await fullDocument(db, created));
      } catch (error) {
        if (violatesUniqueIndex(error, "documents_company_idempotency_idx")) {
          const first = await existing();
          if (first) {
            res.status(200).json(await fullDocument(db, first));
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

  router.post(
    "/documents/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const id = documentId(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const version = editVersionOf(body);
      const input = parseBody(documentInputSchema, body);
      const updated = await db.transaction(async (tx) => {
        const current = await ownDocument(tx, tenant, id);
        if (current.voidedAt) throw conflict("無効にした書類は編集できません。");
        await checkReferences(tx, tenant, input);
        const kind = current.kind as DocumentKind;
        // Totals follow the rules frozen into the document when it was made.
        const totals = totalsOf(input, current);
        const customerId = await savedCustomerId(tx, tenant, input);
        const [row] = await tx
          .update(documents)
          .set({ ...documentColumnsOf(kind, input, totals, customerId), version: version + 1, updatedAt: new Date() })
          .where(and(ownedBy(tenant, id), eq(documents.version, version)))
          .returning();
        if (!row) throw conflict(STALE_SAVE);
        await writeLines(tx, id, input, totals);
        return row;
      });
      res.json(await fullDocument(db, updated));
    }),
  );

  const statusBody = z.object({ status: z.coerce.number().int(), ids: z.array(z.coerce.number().int().positive()).max(100).optional() });

  /** Changes one document's status along the allowed transitions, keeping who and when. */
  async function changeStatus(tx: Writer, tenant: string, id: number, to: number, by: string): Promise<DocumentRow> {
    const current = await ownDocument(tx, tenant, id);
    const kind = current.kind as DocumentKind;
    if (current.voidedAt) throw conflict("無効にした書類のステータスは変更できません。");
    if (!DOCUMENT_STATUSES[kind].some((status) => status.id === to)) throw validationFailed({ status: ["ステータスが正しくありません"] });
    if (current.status === to) return current;
    if (!canChangeStatus(kind, current.status, to)) {
      throw conflict(`「${statusLabel(kind, current.status)}」から「${statusLabel(kind, to)}」には変更できません。`);
    }
    const [row] = await tx
      .update(documents)
      .set({ status: to, version: current.version + 1, updatedAt: new Date() })
      .where(and(ownedBy(tenant, id), eq(documents.version, current.version)))
      .returning();
    if (!row) throw conflict(STALE_SAVE);
    await recordStatus(tx, id, current.status, to, by);
    return row;
  }

  router.post(
    "/documents/:id/status",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const { status } = parseBody(statusBody, req.body);
      const row = await db.transaction((tx) => changeStatus(tx, tenant, documentId(req), status, req.caller!.userUniqueCode));
      res.json(await fullDocument(db, row));
    }),
  );

  // Bulk change from the list: each document succeeds or says why, so one refusal does not undo the others.
  router.post(
    "/documents-status",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const { status, ids = [] } = parseBody(statusBody, req.body);
      if (ids.length === 0) throw badRequest("書類を選んでください。");
      const results: Array<{ id: number; ok: boolean; message?: string; number?: string }> = [];
      for (const id of ids) {
        try {
          const row = await db.transaction((tx) => changeStatus(tx, tenant, id, status, req.caller!.userUniqueCode));
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
      const tenant = await requireMember(db, req, { write: true });
      const current = await ownDocument(db, tenant, documentId(req));
      if (current.voidedAt) throw conflict("無効にした書類は発行できません。");
      const [row] = await db
        .update(documents)
        .set({ issuedAt: current.issuedAt ?? new Date(), updatedAt: new Date() })
        .where(ownedBy(tenant, current.id))
        .returning();
      // Issued is frozen: what the customer is given from now on is this snapshot.
      await snapshotOf(db, storage, row!, "issue", req.caller!.userUniqueCode);
      res.json(await fullDocument(db, row!));
    }),
  );

  router.post(
    "/documents/:id/snapshots",
    handler(async (req, res) => {
      // Printing and sending freeze what is shown; anyone who may read the document may print it.
      const tenant = await requireMember(db, req, { write: false });
      const { reason } = parseBody(snapshotBody, req.body);
      const current = await ownDocument(db, tenant, documentId(req));
      res.json(await snapshotOf(db, storage, current, reason, req.caller!.userUniqueCode));
    }),
  );

  // Downloading the PDF is printing: it takes the snapshot of the current version if there is none.
  router.get(
    "/documents/:id/pdf",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const current = await ownDocument(db, tenant, documentId(req));
      const snapshot = await snapshotOf(db, storage, current, "print", req.caller!.userUniqueCode);
      sendPdf(res, await snapshotPdf(storage, tenant, snapshot.content), snapshot.content);
    }),
  );

  // A voided document keeps its number (numbers stay gapless); it leaves the list and its totals.
  router.post(
    "/documents/:id/void",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const current = await ownDocument(db, tenant, documentId(req));
      const [row] = await db
        .update(documents)
        .set({ voidedAt: current.voidedAt ?? new Date(), version: current.version + 1, updatedAt: new Date() })
        .where(ownedBy(tenant, current.id))
        .returning();
      res.json(await fullDocument(db, row!));
    }),
  );

  router.delete(
    "/documents/:id",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const current = await ownDocument(db, tenant, documentId(req));
      if (current.issuedAt) throw conflict("発行した書類は削除できません。取り消すときは「無効にする」を使ってください。");
      const [derived] = await db.select({ id: documents.id }).from(documents).where(and(eq(documents.sourceDocumentId, current.id), eq(documents.companyUniqueCode, tenant))).limit(1);
      if (derived) throw conflict("この書類から作った書類があるため削除できません。");
      await db.delete(documents).where(ownedBy(tenant, current.id));
      res.status(204).end();
    }),
  );

  return router;
}

