import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { createHash } from "node:crypto";
import { pipeline } from "node:stream/promises";
import pg from "pg";
import { openDatabase } from "../db/client";
import { writeArchive } from "./archive";
import type { BackupSummary, RestoreSummary } from "./embedded";
import { BACKUP_FORMAT, describeData, MANIFEST_ENTRY, verifyRestored, type BackupManifest, type Query } from "./manifest";
import { assertMayReplace, installationOf, readBackup, type RestoreOptions } from "./restore-checks";

const DUMP_ENTRY = "database.pgdump";

/**
 * pg_dump and pg_restore get the connection through libpq's variables, the password among them, so it
 * appears in no process list.
 */
function libpqEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = { ...process.env, PGHOST: url.hostname, PGPORT: url.port || "5432", PGDATABASE: decodeURIComponent(url.pathname.slice(1)) };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get("sslmode");
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let errors = "";
    child.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    child.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ENOENT" ? new Error(`${command} was not found: install the PostgreSQL client tools of the server's version or newer`) : error),
    );
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}):\n${errors.trim()}`))));
  });
}

async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}

/**
 * A backup of a small installation's PostgreSQL database with pg_dump: the manifest's counts and files are
 * read in a repeatable-read transaction whose snapshot pg_dump is given (--snapshot), so they describe exactly
 * what the dump holds while the product goes on writing. Nothing waits for it.
 */
export async function backupPostgres(databaseUrl: string, target: string, migrationsFolder: string): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => undefined);
  await client.connect();
  const dumpFile = `${target}.pgdump.partial`;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshot = (await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id")).rows[0]!.id;
    const query: Query = async (text) => (await client.query(text)).rows as Array<Record<string, unknown>>;
    const data = await describeData(query, migrationsFolder);
    // The exported snapshot lives as long as this transaction: pg_dump must finish before it ends.
    await run("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, "--no-owner", "--no-privileges", `--file=${dumpFile}`], libpqEnvironment(databaseUrl));
    await client.query("COMMIT");
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      engine: "postgres",
      takenAt: new Date().toISOString(),
      ...data,
      dump: { entry: DUMP_ENTRY, bytes: (await stat(dumpFile)).size, sha256: await sha256OfFile(dumpFile) },
    };
    const bytes = await writeArchive(target, [
      { name: MANIFEST_ENTRY, bytes: Buffer.from(JSON.stringify(manifest, null, 2)) },
      { name: DUMP_ENTRY, file: dumpFile },
    ]);
    return { file: target, bytes, manifest, heldMs: 0 };
  } finally {
    await rm(dumpFile, { force: true });
    await client.end();
  }
}

/** Tables in the schemas the product's migrations make: none means an empty database to restore into. */
async function productTables(query: Query): Promise<number> {
  const [row] = await query(`SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`);
  return Number(row?.tables ?? 0);
}

/**
 * Restores a pg_dump backup into the database DATABASE_URL names (created beforehand, by the DBA), in one
 * transaction, then checks every count and file against the manifest. A database that already holds tables is
 * refused unless forced, and then only the backup's own installation is replaced unless told otherwise.
 */
export async function restorePostgres(archive: string, databaseUrl: string, migrationsFolder: string, options: RestoreOptions): Promise<RestoreSummary> {
  const { manifest, reader } = await readBackup(archive, "postgres");
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => undefined);
  await client.connect();
  const dumpFile = `${archive}.${process.pid}.pgdump`;
  try {
    const query: Query = async (text) => (await client.query(text)).rows as Array<Record<string, unknown>>;
    if ((await productTables(query)) > 0) {
      const where = `The database ${new URL(databaseUrl).pathname.slice(1)}`;
      if (!options.force) throw new Error(`${where} is not empty: restore into an empty database, or pass --force to replace what it holds`);
      assertMayReplace(await installationOf(query), manifest, options, where);
    }
    await reader.extract(manifest.dump.entry, dumpFile);
    if ((await sha256OfFile(dumpFile)) !== manifest.dump.sha256) throw new Error(`${archive}: the database dump does not match its SHA-256 in the manifest (damaged)`);
    if (options.force) {
      // What the product's migrations made, dropped whole: a newer schema's extra tables must not outlive the restore.
      await client.query("DROP SCHEMA IF EXISTS drizzle CASCADE; DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public");
    }
    await run("pg_restore", ["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", `--dbname=${libpqEnvironment(databaseUrl).PGDATABASE}`, dumpFile], libpqEnvironment(databaseUrl));
  } finally {
    await rm(dumpFile, { force: true });
    await client.end();
  }
  const database = await openDatabase({ databaseUrl, poolSize: 2 });
  try {
    return { manifest, verified: await verifyRestored(database.db, manifest, migrationsFolder), target: new URL(databaseUrl).pathname.slice(1) };
  } finally {
    await database.close();
  }
}
