import { openArchive, type ArchiveReader } from "./archive";
import { BACKUP_FORMAT, MANIFEST_ENTRY, type BackupManifest, type Query } from "./manifest";

export type RestoreOptions = {
  /** Replace data already there, when it is the same installation's. */
  force?: boolean;
  /** With force: replace data even when it is another installation's (or of none known). */
  otherInstallation?: boolean;
};

/** The archive and its manifest, refused when it is not a backup of the expected engine. */
export async function readBackup(archive: string, engine: BackupManifest["engine"]): Promise<{ manifest: BackupManifest; reader: ArchiveReader }> {
  const reader = await openArchive(archive);
  const manifest = JSON.parse((await reader.read(MANIFEST_ENTRY)).toString("utf8")) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new Error(`${archive}: unknown backup format ${String(manifest.format)}`);
  if (manifest.engine !== engine) {
    throw new Error(`${archive} is a backup of ${manifest.engine === "pglite" ? "the embedded database (DATA_DIR)" : "PostgreSQL (DATABASE_URL)"}: restore it with the same configuration`);
  }
  if (reader.size(manifest.dump.entry) !== manifest.dump.bytes) throw new Error(`${archive}: the database dump is ${reader.size(manifest.dump.entry)} bytes, the manifest says ${manifest.dump.bytes} (damaged)`);
  return { manifest, reader };
}

/** The installation whose data a database holds; null when it has no installation row (no schema, or older than it). */
export async function installationOf(query: Query): Promise<string | null> {
  const [table] = await query(`SELECT to_regclass('public.installation') IS NOT NULL AS "exists"`);
  if (!table?.exists) return null;
  const [row] = await query(`SELECT id::text AS id FROM installation ORDER BY created_at LIMIT 1`);
  return row ? String(row.id) : null;
}

/**
 * Forced restores replace data only of the backup's own installation unless told otherwise: a backup of
 * one bank's installation restored over another's by a mistaken path would lose the other's records.
 */
export function assertMayReplace(existing: string | null, manifest: BackupManifest, options: RestoreOptions, where: string): void {
  if (existing === manifest.installation.id || options.otherInstallation) return;
  const holder = existing ? `installation ${existing}` : "no known installation";
  throw new Error(`${where} holds the data of ${holder}; the backup is of installation ${manifest.installation.id}. Pass --other-installation as well to replace it`);
}
