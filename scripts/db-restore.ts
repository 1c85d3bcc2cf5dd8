// `npm run db:restore -- FILE [--force] [--other-installation]`: restores a backup made by `npm run db:backup`
// into the configured database (an empty DATA_DIR, or the empty database DATABASE_URL names), then checks it
// against the backup's manifest: every table's rows and every stored file's SHA-256 (ADR 039). The server
// applies the migrations the backup lacks when it starts on it.
import path from "node:path";
import { parseArgs } from "node:util";
import { readApiConfig } from "../api/config";
import { serverIsRunning } from "../api/backup/control";
import { restoreEmbedded, type RestoreSummary } from "../api/backup/embedded";
import { latestMigration } from "../api/backup/manifest";
import { restorePostgres } from "../api/backup/postgres";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean", default: false }, "other-installation": { type: "boolean", default: false } },
});
if (positionals.length !== 1) {
  console.error("Usage: npm run db:restore -- FILE [--force] [--other-installation]");
  process.exit(2);
}
const archive = path.resolve(positionals[0]!);
const migrationsFolder = path.resolve("api/db/migrations");
const options = { force: values.force, otherInstallation: values["other-installation"] };

async function restore(): Promise<RestoreSummary & { into: string }> {
  const config = readApiConfig();
  if ("databaseUrl" in config.database) {
    const summary = await restorePostgres(archive, config.database.databaseUrl, migrationsFolder, options);
    return { ...summary, into: `PostgreSQL database ${summary.target}` };
  }
  const dataDir = path.resolve(config.database.dataDir);
  if (await serverIsRunning(dataDir)) throw new Error(`A server is running on ${dataDir}: stop it before restoring`);
  return { ...(await restoreEmbedded(archive, dataDir, migrationsFolder, options)), into: `DATA_DIR ${dataDir}` };
}

try {
  const { manifest, verified, into } = await restore();
  const current = latestMigration(migrationsFolder);
  console.log(`Restored ${archive} into ${into}.`);
  console.log(`Installation ${manifest.installation.id}, backup taken ${manifest.takenAt}, schema at ${manifest.schema.lastMigration} (${manifest.schema.migrations} migrations).`);
  console.log(`Checked against the manifest: ${verified.tables} tables with ${verified.rows.toLocaleString("en")} rows; ${verified.filesVerified} files byte for byte by SHA-256 (${verified.fileBytes.toLocaleString("en")} bytes).`);
  if (verified.filesInS3 > 0) console.log(`${verified.filesInS3} files are in the S3 bucket, not in the backup: restore the bucket's versions as of ${manifest.takenAt} (README: Backups).`);
  const behind = current.migrations - manifest.schema.migrations;
  console.log(behind > 0 ? `This version has ${behind} newer migration(s) (up to ${current.lastMigration}): the server applies them when it starts.` : "The schema is this version's: the server starts on it as it is.");
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
