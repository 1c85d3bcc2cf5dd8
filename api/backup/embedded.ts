import { existsSync } from "node:fs";
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { writeArchive } from "./archive";
import { CONTROL_FILE } from "./control";
import { BACKUP_FORMAT, describeData, MANIFEST_ENTRY, queryOf, sha256OfLarge, verifyRestored, type BackupManifest, type VerifyReport } from "./manifest";
import { assertMayReplace, installationOf, readBackup, type RestoreOptions } from "./restore-checks";

const DUMP_ENTRY = "pgdata.tar.gz";

export type BackupSummary = {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  /** How long requests waited for the database while the backup read it (PGlite); 0 on PostgreSQL. */
  heldMs: number;
};

/**
 * A consistent backup of the embedded database by the process that has it open: the counts, the files' list
 * and a copy of the data folder are taken in one PGlite transaction, the only time requests wait; compressing,
 * hashing and writing come after, while requests run.
 */
export async function backupEmbedded(database: DatabaseHandle, target: string, migrationsFolder: string): Promise<BackupSummary> {
  if (!database.dumpDataDir) throw new Error("Only the embedded database (PGlite) is backed up by its process");
  const { read, tarball, heldMs } = await database.dumpDataDir((query) => describeData(query, migrationsFolder));
  // zlib runs on libuv's threads: requests go on meanwhile.
  const dump = await promisify(gzip)(tarball);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    engine: "pglite",
    takenAt: new Date().toISOString(),
    ...read,
    dump: { entry: DUMP_ENTRY, bytes: dump.byteLength, sha256: await sha256OfLarge(dump) },
  };
  const bytes = await writeArchive(target, [
    { name: MANIFEST_ENTRY, bytes: Buffer.from(JSON.stringify(manifest, null, 2)) },
    { name: DUMP_ENTRY, bytes: dump },
  ]);
  return { file: target, bytes, manifest, heldMs };
}

/** Whether a data folder holds nothing (or does not exist yet). */
export async function isEmptyFolder(folder: string): Promise<boolean> {
  return !existsSync(folder) || (await readdir(folder)).length === 0;
}

export type RestoreSummary = { manifest: BackupManifest; verified: VerifyReport; target: string };

/**
 * Restores a PGlite backup into `dataDir` (empty, or emptied with `force` once it is known to be the same
 * installation's), then opens it and checks every count and file against the manifest. Migrations are left
 * to the server's start, which applies what the backup's schema lacks.
 */
export async function restoreEmbedded(archive: string, dataDir: string, migrationsFolder: string, options: RestoreOptions): Promise<RestoreSummary> {
  const { manifest, reader } = await readBackup(archive, "pglite");
  // The dump is checked before anything in DATA_DIR is replaced: a damaged backup leaves the data as it was.
  const dump = await reader.read(manifest.dump.entry);
  if ((await sha256OfLarge(dump)) !== manifest.dump.sha256) throw new Error(`${archive}: the database dump does not match its SHA-256 in the manifest (damaged)`);
  if (!(await isEmptyFolder(dataDir))) {
    if (!options.force) throw new Error(`DATA_DIR ${dataDir} is not empty: restore into an empty folder, or pass --force to replace what it holds`);
    assertMayReplace(await installationIn(dataDir), manifest, options, `DATA_DIR ${dataDir}`);
    await rm(dataDir, { recursive: true });
  }
  await mkdir(dataDir, { recursive: true });
  const database = await openDatabase({ dataDir, loadDataDir: new Blob([dump as Uint8Array<ArrayBuffer>], { type: "application/x-gzip" }) });
  try {
    const verified = await verifyRestored(database.db, manifest, migrationsFolder);
    return { manifest, verified, target: dataDir };
  } finally {
    await database.close();
    // The backup was taken by a running server: its channel's address is not this folder's.
    await rm(path.join(dataDir, CONTROL_FILE), { force: true });
  }
}

/** The installation whose data a PGlite folder holds; null when it holds no database. */
async function installationIn(dataDir: string): Promise<string | null> {
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) return null;
  const database = await openDatabase({ dataDir });
  try {
    return await installationOf(queryOf(database.db));
  } finally {
    await database.close();
  }
}
