import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client";

/** A backup's description, stored as `manifest.json` beside the dump (ADR 039). */
export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  engine: "pglite" | "postgres";
  /** The installation the data belongs to (the `installation` row), so a restore can tell it from another's. */
  installation: { id: string; createdAt: string };
  takenAt: string;
  /** The last migration the data has; an older backup is migrated when the server starts on it. */
  schema: { migrations: number; lastMigration: string | null };
  /** The dump inside the archive: a PGlite data folder (tar.gz) or a pg_dump custom-format file. */
  dump: { entry: string; bytes: number; sha256: string };
  /** Rows per table, schema-qualified, as the dump holds them. */
  tables: Record<string, number>;
  /**
   * Every stored file with the SHA-256 recorded when it was saved. Files kept in the database are in the
   * dump and checked on restore; files in S3 are only named: the bucket is backed up on its own.
   */
  files: Array<{ id: string; company: string; storage: string; key: string | null; size: number; sha256: string }>;
};

export const BACKUP_FORMAT = "chohyo-backup/1";
export const MANIFEST_ENTRY = "manifest.json";

/** A read in the backup's snapshot: one statement, rows as objects. */
export type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

export function queryOf(db: Database): Query {
  return (text) => rowsOf<Record<string, unknown>>(db, sql.raw(text));
}

/** The tag of each migration by the time drizzle records it under (its journal's `when`). */
function migrationTags(migrationsFolder: string): Map<string, string> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string; when: number }> };
  return new Map(journal.entries.map((entry) => [String(entry.when), entry.tag]));
}

export function latestMigration(migrationsFolder: string): { migrations: number; lastMigration: string | null } {
  const tags = [...migrationTags(migrationsFolder).values()];
  return { migrations: tags.length, lastMigration: tags.at(-1) ?? null };
}

export type DataDescription = Omit<BackupManifest, "format" | "engine" | "takenAt" | "dump">;

/**
 * What the data holds, read in one snapshot: the caller runs it in the same transaction the dump sees
 * (PGlite's, or the exported snapshot pg_dump is given), so the counts are the dump's own.
 */
export async function describeData(query: Query, migrationsFolder: string): Promise<DataDescription> {
  const [installation] = await query(`SELECT id::text AS id, created_at AS "createdAt" FROM installation ORDER BY created_at LIMIT 1`);
  if (!installation) throw new Error("The database has no installation row: apply the migrations first (npm run db:migrate)");
  const tables = await query(`SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables WHERE schemaname IN ('public', 'drizzle') ORDER BY 1`);
  // One statement for every count: on PGlite requests wait while the backup's transaction is open.
  const counts = tables.length === 0 ? [] : await query(tables.map(({ name }) => `SELECT '${String(name)}' AS name, count(*)::int AS rows FROM ${String(name)}`).join(" UNION ALL "));
  const [last] = await query(`SELECT count(*)::int AS applied, max(created_at)::text AS "lastWhen" FROM drizzle.__drizzle_migrations`);
  const files = await query(`SELECT id::text AS id, company_unique_code AS company, storage, storage_key AS key, size, sha256 FROM files ORDER BY id`);
  return {
    installation: { id: String(installation.id), createdAt: new Date(installation.createdAt as string | Date).toISOString() },
    schema: { migrations: Number(last?.applied ?? 0), lastMigration: migrationTags(migrationsFolder).get(String(last?.lastWhen)) ?? null },
    tables: Object.fromEntries(counts.map((row) => [String(row.name), Number(row.rows)])),
    files: files.map((row) => ({ id: String(row.id), company: String(row.company), storage: String(row.storage), key: (row.key as string | null) ?? null, size: Number(row.size), sha256: String(row.sha256) })),
  };
}

/** Hashes in slices, letting other work run between them: a dump can be hundreds of megabytes. */
export async function sha256OfLarge(bytes: Uint8Array): Promise<string> {
  const hash = createHash("sha256");
  const slice = 4 * 1024 * 1024;
  for (let offset = 0; offset < bytes.byteLength; offset += slice) {
    hash.update(bytes.subarray(offset, offset + slice));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return hash.digest("hex");
}

export type VerifyReport = {
  tables: number;
  rows: number;
  /** Files kept in the database whose restored bytes hash to what was recorded. */
  filesVerified: number;
  fileBytes: number;
  /** Files in S3: named by the manifest, their bytes in the bucket, not in the backup. */
  filesInS3: number;
};

/**
 * Checks restored data against its manifest: the same installation, the same rows in every table, and every
 * file kept in the database hashing, byte for byte, to the SHA-256 recorded when it was saved. Throws with
 * every difference found.
 */
export async function verifyRestored(db: Database, manifest: BackupManifest, migrationsFolder: string): Promise<VerifyReport> {
  const query = queryOf(db);
  const found = await describeData(query, migrationsFolder);
  const problems: string[] = [];
  if (found.installation.id !== manifest.installation.id) problems.push(`installation ${found.installation.id}, the backup's is ${manifest.installation.id}`);
  for (const [table, rows] of Object.entries(manifest.tables)) {
    if (found.tables[table] !== rows) problems.push(`${table}: ${found.tables[table] ?? "missing"} rows, the backup has ${rows}`);
  }
  const hashed = await query(`SELECT id::text AS id, encode(sha256(data), 'hex') AS actual, octet_length(data) AS bytes FROM files WHERE data IS NOT NULL`);
  const actual = new Map(hashed.map((row) => [String(row.id), { sha256: String(row.actual), bytes: Number(row.bytes) }]));
  let filesVerified = 0;
  let fileBytes = 0;
  for (const file of manifest.files.filter((candidate) => candidate.storage === "database")) {
    const restored = actual.get(file.id);
    if (!restored) problems.push(`file ${file.id}: missing`);
    else if (restored.sha256 !== file.sha256) problems.push(`file ${file.id}: SHA-256 ${restored.sha256}, recorded ${file.sha256}`);
    else {
      filesVerified += 1;
      fileBytes += restored.bytes;
    }
  }
  if (problems.length > 0) throw new Error(`The restored data does not match the backup's manifest:\n${problems.join("\n")}`);
  return {
    tables: Object.keys(manifest.tables).length,
    rows: Object.values(manifest.tables).reduce((sum, rows) => sum + rows, 0),
    filesVerified,
    fileBytes,
    filesInS3: manifest.files.length - filesVerified,
  };
}
