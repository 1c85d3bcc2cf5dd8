import { Router, type Request } from "express";
import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import multer from "multer";
import { z } from "zod";
import { checkbox } from "../../domain/form-fields";
import { MATCH_RESULTS } from "../../domain/codes";
import { serializeCsv } from "../../domain/csv";
import { todayJst } from "../../domain/datetime";
import { RECEIVED_KIND_IDS, RECEIVED_ORIGINS, receivedDocumentInputSchema, receivedKindLabel } from "../../domain/received-documents";
import { sendCsv } from "../csv/stream";
import type { Database } from "../db/client";
import { customers, files, receivedDocumentFiles, receivedDocuments, receivedUploads } from "../db/schema";
import { badRequest, forField, notFound, tooManyRequests, validationFailed } from "../errors";
import { requireReceiveScope, type ReceiveScope } from "../membership";
import type { RegistrationLookup } from "../registration-numbers/lookup";
import { inspectReceivedFile, type InspectedUpload } from "../received-documents/inspect-upload";
import { LIST_COLUMNS, listReceived, receivedConditions, receivedListQuery, type ReceivedSummary } from "../received-documents/list-query";
import { ListSummaries } from "../documents/list-query";
import {
  FIELD_LABELS,
  RECEIVED_NOT_FOUND,
  createReceived,
  deleteReceived,
  filesOf,
  findReceived,
  receivedFilesThisMonth,
  retentionEndOf,
  updateReceived,
  verifyAgain,
  versionsOf,
} from "../received-documents/store";
import { SIZE_LIMITS } from "../storage/file-type";
import type { FileStorage } from "../storage/storage";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { editVersionOf, parseListQuery } from "./master-records";
import { idParam } from "./params";

/** Files per upload; a document may gather more over several. */
export const MAX_FILES_PER_UPLOAD = 10;

/** Uploads not saved with a document within a day are let go (and stop counting against the month's limit). */
const UPLOAD_KEEP_MS = 24 * 60 * 60 * 1000;

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: SIZE_LIMITS.document, files: MAX_FILES_PER_UPLOAD, fields: 20 },
}).array("files", MAX_FILES_PER_UPLOAD);

const documentId = (req: Request) => idParam(req, RECEIVED_NOT_FOUND);

const kindQuery = z.object({ kind: z.enum(RECEIVED_KIND_IDS).optional() });

const fileIds = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).filter(Boolean))
  .pipe(z.array(z.string().uuid()).max(50));

const createMeta = z.object({
  kind: z.enum(RECEIVED_KIND_IDS, { errorMap: () => ({ message: "書類の種類が正しくありません" }) }),
  idempotency_key: z.string().trim().min(8).max(100).optional(),
  upload_ids: fileIds,
  // The user has seen the warning of a possible duplicate and keeps this one anyway.
  allow_duplicate: checkbox,
});

const updateMeta = z.object({
  upload_ids: fileIds,
  remove_file_ids: z
    .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
    .optional()
    .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]).map(Number))
    .pipe(z.array(z.number().int().positive()).max(50)),
});

const deleteBody = z.object({
  version: z.coerce.number().int(),
  reason: z.string().trim().min(1, "削除の理由を入力してください").max(200),
});

const exportQuery = receivedListQuery.extend({ encoding: z.enum(["UTF8", "UTF8N", "SJIS"]).optional().default("UTF8") });

/** The file name a browser sent, for people: its last path segment, trimmed to a sensible length. */
function displayName(original: string): string {
  // multer reads the header as latin1; browsers send UTF-8.
  const name = Buffer.from(original, "latin1").toString("utf8").split(/[\\/]/).pop()!.trim();
  return (name || "ファイル").slice(0, 200);
}

async function customerNameOf(db: Database, tenant: string, customerId: number | null): Promise<string | null> {
  if (customerId === null) return null;
  const [customer] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyUniqueCode, tenant)));
  return customer?.name ?? null;
}

/** A document as the detail, edit and snapshot pages show it: data, result, files, history and retention. */
async function presentDetail(db: Database, scope: ReceiveScope, row: typeof receivedDocuments.$inferSelect) {
  const { companyUniqueCode: _company, supplierSearchKey: _key, idempotencyKey: _idempotency, amount10, tax10, amount8, tax8, amount0, ...document } = row;
  const [documentFiles, versions, retentionEnd, customerName] = await Promise.all([
    filesOf(db, row.id),
    versionsOf(db, scope.tenant, row.id),
    retentionEndOf(db, scope.tenant, row.transactionDate),
    customerNameOf(db, scope.tenant, row.customerId),
  ]);
  return {
    ...document,
    // Named as the form and the CSV name them: snake_case puts no underscore before a digit (amount10), which the pages never read.
    amount_10: amount10,
    tax_10: tax10,
    amount_8: amount8,
    tax_8: tax8,
    amount_0: amount0,
    customerName,
    matchResultLabel: MATCH_RESULTS.find((result) => result.id === row.matchResult)?.label ?? null,
    originLabel: RECEIVED_ORIGINS.find((origin) => origin.id === row.origin)?.label ?? row.origin,
    retentionEnd,
    deletable: todayJst() > retentionEnd && row.deletedAt === null,
    files: documentFiles,
    versions,
    fieldLabels: FIELD_LABELS,
  };
}

const CSV_HEADER = ["ID", "取引年月日", "金額（税込）", "10%対象（税込）", "10%消費税", "8%対象（税込）", "8%消費税", "0%・非課税（税込）", "取引先", "登録番号", "照合結果", "仕入税額控除", "書類番号", "支払期日", "受領の形態", "備考", "ファイル数", "登録日時", "更新日時", "削除"];

/** Rows per query: an export's memory stays the same for any number of documents. */
const BATCH = 1000;

async function* csvPages(db: Database, scope: ReceiveScope, query: z.output<typeof exportQuery>): AsyncGenerator<string> {
  yield serializeCsv([CSV_HEADER]);
  const where = receivedConditions(scope, query);
  const r = receivedDocuments;
  for (let lastId = 0; ; ) {
    const rows = await db
      .select({ ...LIST_COLUMNS, amount10: r.amount10, tax10: r.tax10, amount8: r.amount8, tax8: r.tax8, amount0: r.amount0, creditLabel: r.creditLabel, dueDate: r.dueDate, notes: r.notes, createdAt: r.createdAt, updatedAt: r.updatedAt })
      .from(r)
      .where(and(where, gt(r.id, lastId)))
      .orderBy(asc(r.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    lastId = rows[rows.length - 1]!.id;
    const counts = await db
      .select({ documentId: receivedDocumentFiles.documentId, fileId: receivedDocumentFiles.id, removed: receivedDocumentFiles.removedInVersion })
      .from(receivedDocumentFiles)
      .where(inArray(receivedDocumentFiles.documentId, rows.map((row) => row.id)));
    const text = (value: number | string | null) => (value === null ? "" : String(value));
    yield serializeCsv(
      rows.map((row) => [
        String(row.id),
        row.transactionDate,
        String(row.amount),
        text(row.amount10),
        text(row.tax10),
        text(row.amount8),
        text(row.tax8),
        text(row.amount0),
        row.supplierName,
        text(row.registrationNumber),
        MATCH_RESULTS.find((result) => result.id === row.matchResult)?.label ?? "",
        text(row.creditLabel),
        text(row.documentNumber),
        text(row.dueDate),
        RECEIVED_ORIGINS.find((origin) => origin.id === row.origin)?.label ?? row.origin,
        text(row.notes),
        String(counts.filter((file) => file.documentId === row.id && file.removed === null).length),
        row.createdAt.toISOString(),
        row.updatedAt.toISOString(),
        row.deletedAt ? "削除済" : "",
      ]),
    );
  }
}

/**
 * Received documents (受取請求書・受取領収書・その他), one engine for the
 * three kinds (decision 026): tenant- and permission-scoped, behind SPEC §4's
 * receive check, every change a version, deletion logical and only after the
 * retention period.
 */
export function receivedDocumentRoutes(db: Database, storage: FileStorage, lookup: RegistrationLookup): Router {
  const router = Router();
  const summaries = new ListSummaries<ReceivedSummary>();

  router.get(
    "/received-documents",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: false });
      const query = parseListQuery(receivedListQuery, req.query);
      const { rows, total, sum } = await listReceived(db, summaries, scope, query);
      res.json({ items: rows, total, sum, page: query.page, perPage: query.per_page });
    }),
  );

  router.get(
    "/received-documents/usage",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: false });
      res.json({ used: await receivedFilesThisMonth(db, scope.tenant), max: scope.maxReceiveFiles, maxFileBytes: SIZE_LIMITS.document, maxFilesPerUpload: MAX_FILES_PER_UPLOAD });
    }),
  );

  router.post(
    "/received-documents/uploads",
    upload,
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: true });
      const received = (req.files as Express.Multer.File[] | undefined) ?? [];
      if (received.length === 0) throw validationFailed({ files: ["ファイルを選んでください"] });
      await db.delete(files).where(inArray(files.id, db.select({ id: receivedUploads.fileId }).from(receivedUploads).where(lt(receivedUploads.uploadedAt, new Date(Date.now() - UPLOAD_KEEP_MS)))));
      // Checked and read before the transaction, which holds the company's upload lock: a PDF's text layer can take a while.
      // One file after another, as the PDF reader takes one at a time (decision 034).
      const inspected: Array<InspectedUpload & { fileName: string }> = [];
      for (const file of received) {
        const fileName = displayName(file.originalname);
        const result = await inspectReceivedFile(file.buffer, fileName).catch((error: unknown) => {
          throw forField(error, "files");
        });
        if (result.gaveUp) req.log?.warn({ reason: result.gaveUp.reason, err: result.gaveUp.error, bytes: file.size }, "received PDF kept unread: a reading limit was reached");
        inspected.push({ ...result, fileName });
      }
      const saved = await db.transaction(async (tx) => {
        // One company's uploads one at a time, so two at once cannot both pass the month's limit.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`received-files:${scope.tenant}`}))`);
        const used = await receivedFilesThisMonth(tx, scope.tenant);
        if (used + received.length > scope.maxReceiveFiles) {
          throw tooManyRequests(
            `今月受け取れるファイルは残り${Math.max(0, scope.maxReceiveFiles - used)}件です（ご契約のプランでは月${scope.maxReceiveFiles}件まで）。来月になるか、上位のプランに変更してください。`,
          );
        }
        const results = [];
        for (const [index, file] of received.entries()) {
          const { proposal, notice, fileName } = inspected[index]!;
          const bytes = new Uint8Array(file.buffer);
          const stored = await storage.save({ companyUniqueCode: scope.tenant, purpose: "document", bytes }, tx).catch((error: unknown) => {
            throw forField(error, "files");
          });
          await tx.insert(receivedUploads).values({ fileId: stored.id, companyUniqueCode: scope.tenant, fileName, uploadedBy: scope.userUniqueCode, proposal });
          results.push({ id: stored.id, fileName, contentType: stored.contentType, size: stored.size, sha256: stored.sha256, proposal, notice });
        }
        return results;
      });
      res.status(201).json({ uploads: saved });
    }),
  );

  router.get(
    "/received-documents/uploads",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: true });
      const ids = parseBody(z.object({ ids: fileIds }), { ids: typeof req.query.ids === "string" ? req.query.ids.split(",") : [] }).ids;
      const rows =
        ids.length === 0
          ? []
          : await db
              .select({ id: receivedUploads.fileId, fileName: receivedUploads.fileName, proposal: receivedUploads.proposal, contentType: files.contentType, size: files.size })
              .from(receivedUploads)
              .innerJoin(files, eq(files.id, receivedUploads.fileId))
              .where(and(inArray(receivedUploads.fileId, ids), eq(receivedUploads.companyUniqueCode, scope.tenant), eq(receivedUploads.uploadedBy, scope.userUniqueCode)));
      res.json({ uploads: ids.map((id) => rows.find((row) => row.id === id)).filter(Boolean) });
    }),
  );

  router.get(
    "/received-documents/export",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: false });
      const parsed = exportQuery.safeParse(req.query);
      if (!parsed.success) throw badRequest("出力の指定が正しくありません。");
      const query = parsed.data;
      const stamp = todayJst().replace(/-/g, "");
      await sendCsv(res, () => csvPages(db, scope, query), {
        encoding: query.encoding,
        asciiFileName: `received-${query.kind}-${stamp}.csv`,
        fileName: `${receivedKindLabel(query.kind)}_${stamp}.csv`,
      });
    }),
  );

  router.get(
    "/received-documents/:id",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: false });
      const row = await findReceived(db, scope, documentId(req));
      const { kind } = parseBody(kindQuery, { kind: req.query.kind || undefined });
      if (kind && row.kind !== kind) throw notFound(RECEIVED_NOT_FOUND);
      res.json(await presentDetail(db, scope, row));
    }),
  );

  router.get(
    "/received-documents/:id/files/:fileId",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: false });
      const row = await findReceived(db, scope, documentId(req));
      const [file] = await db
        .select({ fileId: receivedDocumentFiles.fileId })
        .from(receivedDocumentFiles)
        .where(and(eq(receivedDocumentFiles.documentId, row.id), eq(receivedDocumentFiles.id, Number(req.params.fileId) || 0)));
      if (!file) throw notFound("ファイルが見つかりません。");
      const { file: stored, bytes } = await storage.read(scope.tenant, file.fileId);
      res.set({ "Content-Type": stored.contentType, "Cache-Control": "private, no-store", "X-Content-SHA256": stored.sha256 }).send(Buffer.from(bytes));
    }),
  );

  router.post(
    "/received-documents",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: true });
      const meta = parseBody(createMeta, req.body);
      const input = parseBody(receivedDocumentInputSchema, req.body);
      const { row, created } = await createReceived(db, lookup, scope, { kind: meta.kind, input, uploadIds: meta.upload_ids, idempotencyKey: meta.idempotency_key ?? null, allowDuplicate: meta.allow_duplicate });
      res.status(created ? 201 : 200).json(await presentDetail(db, scope, row));
    }),
  );

  router.post(
    "/received-documents/:id",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: true });
      const body = (req.body ?? {}) as Record<string, unknown>;
      const version = editVersionOf(body);
      const meta = parseBody(updateMeta, body);
      const input = parseBody(receivedDocumentInputSchema, body);
      const row = await updateReceived(db, lookup, scope, documentId(req), { version, input, uploadIds: meta.upload_ids, removeFileIds: meta.remove_file_ids });
      res.json(await presentDetail(db, scope, row));
    }),
  );

  router.post(
    "/received-documents/:id/verification",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: true });
      res.json(await presentDetail(db, scope, await verifyAgain(db, lookup, scope, documentId(req))));
    }),
  );

  router.post(
    "/received-documents/:id/delete",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: true });
      const body = parseBody(deleteBody, req.body);
      res.json(await presentDetail(db, scope, await deleteReceived(db, scope, documentId(req), body)));
    }),
  );

  return router;
}
