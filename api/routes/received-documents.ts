import { Router, type Request } from "express";
import multer from "multer";
import { z } from "zod";
import { checkbox } from "../../domain/form-fields";
import { todayJst } from "../../domain/datetime";
import { RECEIVED_KIND_IDS, receivedDocumentInputSchema, receivedKindLabel } from "../../domain/received-documents";
import { sendCsv } from "../csv/stream";
import type { Database } from "../db/client";
import { badRequest, notFound, validationFailed } from "../errors";
import { requireReceiveScope } from "../membership";
import type { RegistrationLookup } from "../registration-numbers/lookup";
import { receivedCsvPages } from "../received-documents/export";
import { documentFile, MAX_FILES_PER_UPLOAD, saveUploads, uploadsOf } from "../received-documents/files";
import { listReceived, receivedListQuery, type ReceivedSummary } from "../received-documents/list-query";
import { presentDetail } from "../received-documents/presenters";
import { ListSummaries } from "../documents/list-query";
import { RECEIVED_NOT_FOUND, createReceived, deleteReceived, findReceived, receivedFilesThisMonth, updateReceived, verifyAgain } from "../received-documents/store";
import { SIZE_LIMITS } from "../storage/file-type";
import type { FileStorage } from "../storage/storage";
import { parseBody } from "../validation";
import type { AccessPoint } from "../peppol/access-point";
import { takeFromAccessPoint } from "../peppol/inbox";
import { handler } from "./handler";
import { editVersionOf, parseListQuery } from "./master-records";
import { idParam, uploadedFileName } from "./params";

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

/**
 * Received documents (受取請求書・受取領収書・その他), one engine for the
 * three kinds (decision 026): tenant- and permission-scoped, behind SPEC §4's
 * receive check, every change a version, deletion logical and only after the
 * retention period.
 */
export function receivedDocumentRoutes(db: Database, storage: FileStorage, lookup: RegistrationLookup, accessPoint: AccessPoint | null = null): Router {
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
      const saved = await saveUploads(db, storage, scope, received.map((file) => ({ bytes: file.buffer, fileName: uploadedFileName(file.originalname, "ファイル") })), req.log);
      res.status(201).json({ uploads: saved });
    }),
  );

  // 「アクセスポイントから受け取る」 (decision 045): invoices sent to the company's Peppol ID become received invoices.
  router.post(
    "/received-documents/peppol-inbox",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: true });
      res.json(await takeFromAccessPoint(db, storage, lookup, accessPoint, scope));
    }),
  );

  router.get(
    "/received-documents/uploads",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: true });
      const ids = parseBody(z.object({ ids: fileIds }), { ids: typeof req.query.ids === "string" ? req.query.ids.split(",") : [] }).ids;
      res.json({ uploads: await uploadsOf(db, scope, ids) });
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
      await sendCsv(res, () => receivedCsvPages(db, scope, query), {
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
      res.json(await presentDetail(db, storage, scope, row));
    }),
  );

  router.get(
    "/received-documents/:id/files/:fileId",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: false });
      const { file: stored, bytes } = await documentFile(db, storage, scope, documentId(req), Number(req.params.fileId) || 0);
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
      res.status(created ? 201 : 200).json(await presentDetail(db, storage, scope, row));
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
      res.json(await presentDetail(db, storage, scope, row));
    }),
  );

  router.post(
    "/received-documents/:id/verification",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: true });
      res.json(await presentDetail(db, storage, scope, await verifyAgain(db, lookup, scope, documentId(req))));
    }),
  );

  router.post(
    "/received-documents/:id/delete",
    handler(async (req, res) => {
      const scope = await requireReceiveScope(db, req, { write: true });
      const body = parseBody(deleteBody, req.body);
      res.json(await presentDetail(db, storage, scope, await deleteReceived(db, scope, documentId(req), body)));
    }),
  );

  return router;
}
