// `npm run db:backup -- --to FILE`: one file holding the configured database and its manifest (ADR 039).
// The embedded database (DATA_DIR) is backed up by the server that has it open, asked over its loopback
// channel; when no server runs, it is opened here. PostgreSQL (DATABASE_URL) is dumped with pg_dump.
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { readApiConfig } from "../api/config";
import { openDatabase } from "../api/db/client";
import { askRunningServer } from "../api/backup/control";
import { backupEmbedded, type BackupSummary } from "../api/backup/embedded";
import { backupPostgres } from "../api/backup/postgres";
import { assertBackupPath } from "../api/backup/service";

const { values } = parseArgs({ options: { to: { type: "string" } } });
if (!values.to) {
  console.error("Usage: npm run db:backup -- --to FILE");
  process.exit(2);
}
const to = path.resolve(values.to);
const migrationsFolder = path.resolve("api/db/migrations");

async function backup(): Promise<{ summary: BackupSummary; how: string }> {
  const config = readApiConfig();
  assertBackupPath(to, { publicDir: path.resolve("public"), dataDir: "dataDir" in config.database ? config.database.dataDir : undefined });
  if ("databaseUrl" in config.database) return { summary: await backupPostgres(config.database.databaseUrl, to, migrationsFolder), how: "with pg_dump" };
  const dataDir = path.resolve(config.database.dataDir);
  const asked = await askRunningServer(dataDir, to);
  if (asked) return { summary: asked, how: `by the running server; requests waited ${asked.heldMs} ms` };
  // Opening an empty folder would make a new database there.
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) throw new Error(`No embedded database in DATA_DIR ${dataDir}`);
  const database = await openDatabase({ dataDir });
  try {
    return { summary: await backupEmbedded(database, to, migrationsFolder), how: "directly (no server running)" };
  } finally {
    await database.close();
  }
}

try {
  const { summary, how } = await backup();
  const { manifest } = summary;
  const rows = Object.values(manifest.tables).reduce((sum, count) => sum + count, 0);
  const inS3 = manifest.files.filter((file) => file.storage !== "database").length;
  console.log(`Backup written to ${summary.file} (${summary.bytes.toLocaleString("en")} bytes), ${how}.`);
  console.log(`Installation ${manifest.installation.id}, taken ${manifest.takenAt}, schema at ${manifest.schema.lastMigration} (${manifest.schema.migrations} migrations).`);
  console.log(`${Object.keys(manifest.tables).length} tables, ${rows.toLocaleString("en")} rows; ${manifest.files.length} files, ${manifest.files.length - inS3} of them in the backup.`);
  if (inS3 > 0) console.log(`${inS3} files are in the S3 bucket, not in this file: the bucket's versioning keeps them (README: Backups).`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
