import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { files, receivedDocumentFiles, receivedUploads } from "../db/schema";
import { forField, notFound, tooManyRequests } from "../errors";
import type { ReceiveScope } from "../membership";
import type { FileStorage } from "../storage/storage";
import { inspectReceivedFile, type InspectedUpload } from "./inspect-upload";
import { findReceived, receivedFilesThisMonth } from "./store";

/*
 * A received document's files: uploads kept for the form until a document
 * is saved with them, and a saved document's file read back.
 */

/** Files per upload; a document may gather more over several. */
export const MAX_FILES_PER_UPLOAD = 10;

/** Uploads not saved with a document within a day are let go (and stop counting against the month's limit). */
const UPLOAD_KEEP_MS = 24 * 60 * 60 * 1000;

/** A file as it arrived: its bytes and the name to show for it. */
export type UploadedFile = { bytes: Uint8Array; fileName: string };

type GaveUpLog = { warn: (details: object, message: string) => void };

/**
 * Keeps uploaded files for the form, each checked and read for proposals first (decision 034), within the month's
 * limit of the company's plan: one company's uploads one at a time, so two at once cannot both pass it.
 */
export async function saveUploads(db: Database, storage: FileStorage, scope: ReceiveScope, uploaded: readonly UploadedFile[], log?: GaveUpLog) {
  await db.delete(files).where(inArray(files.id, db.select({ id: receivedUploads.fileId }).from(receivedUploads).where(lt(receivedUploads.uploadedAt, new Date(Date.now() - UPLOAD_KEEP_MS)))));
  // Checked and read before the transaction, which holds the company's upload lock: a PDF's text layer can take a while.
  // One file after another, as the PDF reader takes one at a time (decision 034).
  const inspected: InspectedUpload[] = [];
  for (const file of uploaded) {
    const result = await inspectReceivedFile(file.bytes, file.fileName).catch((error: unknown) => {
      throw forField(error, "files");
    });
    if (result.gaveUp) log?.warn({ reason: result.gaveUp.reason, err: result.gaveUp.error, bytes: file.bytes.byteLength }, "received PDF kept unread: a reading limit was reached");
    inspected.push(result);
  }
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`received-files:${scope.tenant}`}))`);
    const used = await receivedFilesThisMonth(tx, scope.tenant);
    if (used + uploaded.length > scope.maxReceiveFiles) {
      throw tooManyRequests(
        `今月受け取れるファイルは残り${Math.max(0, scope.maxReceiveFiles - used)}件です（ご契約のプランでは月${scope.maxReceiveFiles}件まで）。来月になるか、上位のプランに変更してください。`,
      );
    }
    const results = [];
    for (const [index, file] of uploaded.entries()) {
      const { proposal, notice } = inspected[index]!;
      const stored = await storage.save({ companyUniqueCode: scope.tenant, purpose: "document", bytes: new Uint8Array(file.bytes) }, tx).catch((error: unknown) => {
        throw forField(error, "files");
      });
      await tx.insert(receivedUploads).values({ fileId: stored.id, companyUniqueCode: scope.tenant, fileName: file.fileName, uploadedBy: scope.userUniqueCode, proposal });
      results.push({ id: stored.id, fileName: file.fileName, contentType: stored.contentType, size: stored.size, sha256: stored.sha256, proposal, notice });
    }
    return results;
  });
}

/** The caller's own uploads of these ids, in the order asked; ids that are not theirs are left out. */
export async function uploadsOf(db: Database, scope: ReceiveScope, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: receivedUploads.fileId, fileName: receivedUploads.fileName, proposal: receivedUploads.proposal, contentType: files.contentType, size: files.size })
    .from(receivedUploads)
    .innerJoin(files, eq(files.id, receivedUploads.fileId))
    .where(and(inArray(receivedUploads.fileId, [...ids]), eq(receivedUploads.companyUniqueCode, scope.tenant), eq(receivedUploads.uploadedBy, scope.userUniqueCode)));
  return ids.map((id) => rows.find((row) => row.id === id)).filter((row) => row !== undefined);
}

/** One of a document's files (in the caller's scope), read from storage. */
export async function documentFile(db: Database, storage: FileStorage, scope: ReceiveScope, documentId: number, fileId: number) {
  const row = await findReceived(db, scope, documentId);
  const [file] = await db
    .select({ fileId: receivedDocumentFiles.fileId })
    .from(receivedDocumentFiles)
    .where(and(eq(receivedDocumentFiles.documentId, row.id), eq(receivedDocumentFiles.id, fileId)));
  if (!file) throw notFound("ファイルが見つかりません。");
  return storage.read(scope.tenant, file.fileId);
}
