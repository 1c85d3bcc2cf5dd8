import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pg from "pg";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readApiConfig } from "../../api/config";
import { MIGRATION_LOCK_KEY, openDatabase } from "../../api/db/client";
import { startPaymentApi, type PaymentApiService } from "../../api/service";
import { createEmptyPostgresDatabase, MIGRATIONS_FOLDER } from "../support/database";

type LogLine = { level: number; msg: string; migrationsApplied?: number; migrationLockWaitMs?: number };

const journalOf = async (folder: string) => JSON.parse(await readFile(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string }> };

/** The migrations folder without its newest migration: a database an older release left behind. */
let olderFolder: string;
let migrationCount: number;

beforeAll(async () => {
  olderFolder = await mkdtemp(path.join(tmpdir(), "chohyo-migrations-"));
  await cp(MIGRATIONS_FOLDER, olderFolder, { recursive: true });
  const journal = await journalOf(olderFolder);
  migrationCount = journal.entries.length;
  journal.entries = journal.entries.slice(0, -1);
  await writeFile(path.join(olderFolder, "meta", "_journal.json"), JSON.stringify(journal));
});

afterAll(async () => {
  await rm(olderFolder, { recursive: true, force: true });
});

/** A logger that keeps its JSON lines, from info up. */
function memoryLogger() {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino({ level: "info" }, sink), lines };
}

const configFor = (databaseUrl: string) => readApiConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl, DATABASE_POOL_SIZE: "2", NTA_MODE: "offline" });

/** Three instances of the Payment API started at once on one database, each with a pool of its own, as three servers would. */
async function startThree(databaseUrl: string) {
  const instances = [memoryLogger(), memoryLogger(), memoryLogger()];
  const started = await Promise.allSettled(instances.map(({ logger }) => startPaymentApi(configFor(databaseUrl), { logger, migrationsFolder: MIGRATIONS_FOLDER })));
  const services = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  return { started, services, logs: instances.map(({ lines }) => lines) };
}

async function recordedMigrations(databaseUrl: string): Promise<Array<{ hash: string; times: number }>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ hash: string; times: number }>("select hash, count(*)::int as times from drizzle.__drizzle_migrations group by hash");
    return rows;
  } finally {
    await client.end();
  }
}

// Only PostgreSQL is shared by several processes; PGlite belongs to one.
describe.skipIf(!process.env.TEST_DATABASE_URL)("instances that start together on one PostgreSQL database", () => {
  it.each([
    ["a fresh database", null],
    ["a database that needs the newest migration", "older"],
  ] as const)("on %s: all become ready, the schema is applied once, and nothing is logged as an error", async (_case, before) => {
    const database = await createEmptyPostgresDatabase();
    let services: PaymentApiService[] = [];
    try {
      if (before === "older") {
        const older = await openDatabase({ databaseUrl: database.url });
        await older.migrate(olderFolder);
        await older.close();
      }
      const three = await startThree(database.url);
      services = three.services;
      expect(three.started.map((result) => (result.status === "rejected" ? String(result.reason) : "started"))).toEqual(["started", "started", "started"]);
      for (const service of services) await service.database.ping();

      const recorded = await recordedMigrations(database.url);
      expect(recorded).toHaveLength(migrationCount);
      expect(recorded.filter(({ times }) => times !== 1)).toEqual([]);

      // Each instance says in one line what it did; one applied what was missing, the others found nothing to do.
      const reports = three.logs.map((lines) => lines.filter((line) => line.migrationsApplied !== undefined));
      expect(reports.map((lines) => lines.length)).toEqual([1, 1, 1]);
      const applied = reports.map(([line]) => line!.migrationsApplied).sort();
      expect(applied).toEqual([0, 0, before === "older" ? 1 : migrationCount]);
      expect(reports.every(([line]) => typeof line!.migrationLockWaitMs === "number")).toBe(true);
      expect(three.logs.flat().filter((line) => line.level >= 40)).toEqual([]);
    } finally {
      await Promise.all(services.map((service) => service.close()));
      await database.drop();
    }
  }, 20_000);

  it("waits while another instance holds the migration lock, and goes on once that instance's connection is gone", async () => {
    const database = await createEmptyPostgresDatabase();
    const holder = new pg.Client({ connectionString: database.url });
    holder.on("error", () => undefined);
    await holder.connect();
    let service: PaymentApiService | undefined;
    try {
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      const { rows } = await holder.query<{ pid: number }>("select pg_backend_pid() as pid");
      const { logger, lines } = memoryLogger();
      const starting = startPaymentApi(configFor(database.url), { logger, migrationsFolder: MIGRATIONS_FOLDER });
      let settled = false;
      void starting.then(
        () => (settled = true),
        () => (settled = true),
      );
      // Counted from when PostgreSQL shows the server waiting for the lock: its start before that (slow on a busy machine) is not waiting.
      await expect
        .poll(async () => (await holder.query<{ waiting: number }>("select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted")).rows[0]!.waiting, {
          timeout: 10_000,
          interval: 20,
        })
        .toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(settled).toBe(false);
      // The holder dies mid-migration, as far as the server can tell: its session ends and the lock goes with it.
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      await admin.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
      await admin.end();
      service = await starting;
      const [report] = lines.filter((line) => line.migrationsApplied !== undefined);
      expect(report).toMatchObject({ migrationsApplied: migrationCount });
      expect(report!.migrationLockWaitMs).toBeGreaterThanOrEqual(800);
      expect(lines.filter((line) => line.level >= 40)).toEqual([]);
    } finally {
      await service?.close();
      await holder.end();
      await database.drop();
    }
  }, 20_000);
});
