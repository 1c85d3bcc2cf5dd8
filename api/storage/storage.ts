import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { files } from "../db/schema";
import { notFound, payloadTooLarge, unsupportedMediaType } from "../errors";
import { detectContentType, PURPOSE_RULES, type FilePurpose, type StoredContentType } from "./file-type";
import { cleanImage } from "./images";

export type StoredFile = {
  id: string;
  companyUniqueCode: string;
  purpose: FilePurpose;
  contentType: StoredContentType;
  size: number;
  sha256: string;
  createdAt: Date;
};

/**
 * Where tenant files (logo, stamp, later documents) live: inline in the
 * database (the default) or in S3-compatible storage (s3-storage.ts); the
 * metadata row is in `files` either way, so reads stay tenant-scoped.
 *
 * `db` may be a transaction: Drizzle's `tx` in `db.transaction(async (tx) => …)`
 * is a PgTransaction, which extends PgDatabase and so is assignable to `Database`.
 */
export interface FileStorage {
  /** Validates size and type for the purpose, then stores. The client's file name is never used. */
  save(input: { companyUniqueCode: string; purpose: FilePurpose; bytes: Uint8Array }, db?: Database): Promise<StoredFile>;
  /** The company's file and its bytes; 404 for an unknown, foreign or malformed id alike. */
  read(companyUniqueCode: string, id: string): Promise<{ file: StoredFile; bytes: Uint8Array }>;
  /** Deletes the company's file; 404 for an unknown, foreign or malformed id alike. */
  remove(companyUniqueCode: string, id: string, db?: Database): Promise<void>;
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** PostgreSQL raises an error for a malformed uuid, so ids are checked before any query. */
function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

const fileNotFound = () => notFound("ファイルが見つかりません。");

const UNSUPPORTED_IMAGE = "対応していないファイル形式です。PNG、JPEG、GIFの画像を選んでください。";
const UNSUPPORTED_DOCUMENT = "対応していないファイル形式です。PDF、JPEG、PNG、またはデジタルインボイス（JP PINTのXML）のファイルを選んでください。";

/**
 * Checks the bytes against the purpose's rules and gives what is to be kept:
 * a logo or stamp decoded and written anew (cleanImage), a document exactly
 * as received (電子帳簿保存法 wants it unaltered).
 */
export function acceptFile(purpose: FilePurpose, bytes: Uint8Array): { contentType: StoredContentType; bytes: Uint8Array } {
  const rules = PURPOSE_RULES[purpose];
  if (bytes.byteLength > rules.maxBytes) throw payloadTooLarge();
  const contentType = detectContentType(bytes);
  if (contentType === null || !rules.types.includes(contentType)) {
    throw unsupportedMediaType(purpose === "document" ? UNSUPPORTED_DOCUMENT : UNSUPPORTED_IMAGE);
  }
  return purpose === "document" ? { contentType, bytes } : cleanImage(bytes, contentType);
}

export const metadataColumns = {
  id: files.id,
  companyUniqueCode: files.companyUniqueCode,
  purpose: files.purpose,
  contentType: files.contentType,
  size: files.size,
  sha256: files.sha256,
  createdAt: files.createdAt,
};

type MetadataRow = Omit<typeof files.$inferSelect, "storage" | "storageKey" | "data">;

/** The text columns hold only what `save` validated, so narrowing them is safe. */
export function toStoredFile(row: MetadataRow): StoredFile {
  return {
    ...row,
    purpose: row.purpose as FilePurpose,
    contentType: row.contentType as StoredContentType,
  };
}

/** node-postgres hands bytea over as a Buffer, PGlite as a Uint8Array: answer a plain Uint8Array either way. */
function toUint8Array(data: Uint8Array): Uint8Array {
  return data.constructor === Uint8Array ? data : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}

/** Keeps the bytes inline in `files.data` (`storage = 'database'`). */
/** The company's file row, bytes and storage key included; 404 for an unknown, foreign or malformed id alike. */
export async function findOwnFile(db: Database, companyUniqueCode: string, id: string) {
  if (!isUuid(id)) throw fileNotFound();
  const [row] = await db
    .select({ ...metadataColumns, storage: files.storage, storageKey: files.storageKey, data: files.data })
    .from(files)
    .where(and(eq(files.id, id), eq(files.companyUniqueCode, companyUniqueCode)))
    .limit(1);
  if (!row) throw fileNotFound();
  return row;
}

/** Deletes the company's file row; 404 as for `findOwnFile`. */
export async function removeOwnFile(db: Database, companyUniqueCode: string, id: string): Promise<void> {
  if (!isUuid(id)) throw fileNotFound();
  const deleted = await db
    .delete(files)
    .where(and(eq(files.id, id), eq(files.companyUniqueCode, companyUniqueCode)))
    .returning({ id: files.id });
  if (deleted.length === 0) throw fileNotFound();
}

export function sha256Of(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function createDatabaseFileStorage(db: Database): FileStorage {
  return {
    async save({ companyUniqueCode, purpose, bytes: received }, queryDb = db) {
      const { contentType, bytes } = acceptFile(purpose, received);
      const sha256 = sha256Of(bytes);
      const [row] = await queryDb
        .insert(files)
        .values({
          companyUniqueCode,
          purpose,
          contentType,
          size: bytes.byteLength,
          sha256,
          storage: "database",
          // A Buffer view (no copy): node-postgres sends Buffers as bytea; PGlite takes any Uint8Array.
          data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        })
        .returning(metadataColumns);
      if (!row) throw new Error("Inserting a file returned no row");
      return toStoredFile(row);
    },

    async read(companyUniqueCode, id) {
      const { storage, storageKey: _storageKey, data, ...metadata } = await findOwnFile(db, companyUniqueCode, id);
      if (storage !== "database" || data === null) {
        throw new Error(`File ${id} is kept in "${storage}" storage, not in the database`);
      }
      return { file: toStoredFile(metadata), bytes: toUint8Array(data) };
    },

    remove: (companyUniqueCode, id, queryDb = db) => removeOwnFile(queryDb, companyUniqueCode, id),
  };
}
