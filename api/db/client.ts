import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { asPglite, PgliteThread } from "./pglite-thread";
import { startPglite, type EmbeddedOptions } from "./pglite-setup";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What a migration run did, for the start's log line. */
export type MigrationReport = {
  /** Migrations this run applied; 0 when the schema was already current. */
  applied: number;
  /** How long it waited for another instance's migration run (PostgreSQL's advisory lock); 0 on PGlite. */
  lockWaitMs: number;
};

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed SQL migrations that have not run yet, then analyses tables with stale statistics. */
  migrate: (migrationsFolder: string) => Promise<MigrationReport>;
  /** The PostgreSQL pool's connections, for metrics; PGlite has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Throws when the database cannot answer (for /readyz). */
  ping: () => Promise<void>;
  /**
   * PGlite only: runs `read` and copies the data folder (an uncompressed tar) in one transaction, so no write
   * lands between what `read` sees and the copy; requests wait meanwhile (ADR 039).
   */
  dumpDataDir?: <T>(read: (query: (text: string) => Promise<Array<Record<string, unknown>>>) => Promise<T>) => Promise<{ read: T; tarball: Uint8Array; heldMs: number }>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  /** PostgreSQL through a connection pool: the scale-out path. */
  | { databaseUrl: string; poolSize?: number; onConnectionLost?: (error: Error) => void }
  /**
   * Embedded PGlite: in a folder, or in memory when none is given (tests); `loadDataDir` fills a new one from a backup's dump.
   * `ownThread` runs it in a worker thread (decision 051), as the server does: its statements then leave the event loop free.
   */
  | (EmbeddedOptions & { ownThread?: boolean });

/**
 * Tables whose planner statistics are missing or older than a fifth of their
 * size: never analysed, or grown by 20 % (and eight pages) since. Without them
 * the planner takes a company's 10,000 documents for one row and walks a sort
 * index past all of them for a narrow search instead of asking the search index.
 */
const STALE_STATISTICS = sql`
  SELECT c.oid::regclass::text AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'r' AND n.nspname = 'public' AND pg_relation_size(c.oid) > 0
    AND (c.reltuples < 0 OR pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8)`;

/** A raw statement's rows. Both engines answer execute with { rows }; Database is a union whose execute types differ. */
export async function rowsOf<Row>(db: Pick<Database, "execute">, query: SQL): Promise<Row[]> {
  const result = await (db as { execute: (query: SQL) => Promise<{ rows: unknown[] }> }).execute(query);
  return result.rows as Row[];
}

/** PGlite has no autovacuum: the handle checks this often for tables to analyse. */
const PGLITE_ANALYZE_INTERVAL_MS = 60_000;

/** ANALYZE of each table with stale statistics; names come from the catalog (regclass text is quoted where needed). */
async function analyzeStaleTables(db: Database): Promise<void> {
  for (const { name } of await rowsOf<{ name: string }>(db, STALE_STATISTICS)) await db.execute(sql.raw(`ANALYZE ${name}`));
}

/** How many migrations Drizzle's journal table records: none before the first run creates it. */
async function recordedMigrations(db: Database): Promise<number> {
  const [found] = await rowsOf<{ exists: boolean }>(db, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as "exists"`);
  if (!found!.exists) return 0;
  const [recorded] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as "count" from drizzle.__drizzle_migrations`);
  return recorded!.count;
}

/** Migrates, then analyses tables with stale statistics; says how many migrations it applied. */
async function migrateAndAnalyze(db: Database, migrate: () => Promise<void>): Promise<number> {
  const before = await recordedMigrations(db);
  await migrate();
  const applied = (await recordedMigrations(db)) - before;
  // Autovacuum analyses later (PGlite has none); a table loaded just before the start (a restore, a bench) is planned well at once.
  await analyzeStaleTables(db);
  return applied;
}

/**
 * The advisory lock (any fixed number, held per database) under which one instance at a time migrates:
 * instances that start together would otherwise run the same CREATE TABLE at once, and all but one fail
 * (duplicate pg_type rows, a column that already exists). "chohyo" in ASCII.
 */
export const MIGRATION_LOCK_KEY = 0x63686f68796f;

/**
 * Migrates a PostgreSQL database on a connection of its own that holds the migration lock throughout:
 * an instance that finds another migrating waits, then finds nothing left to do. The lock belongs to the
 * connection, so it is released when the run ends, and by the server when a migrating process dies.
 */
async function migratePostgresLocked(databaseUrl: string, migrationsFolder: string): Promise<MigrationReport> {
  const client = new pg.Client({ connectionString: databaseUrl });
  // A failure ends the query in progress, which fails the start; unheard, the 'error' event would end the process first.
  client.on("error", () => undefined);
  await client.connect();
  try {
    const waitStarted = Date.now();
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const lockWaitMs = Date.now() - waitStarted;
    const db = drizzlePostgres(client, { schema });
    const applied = await migrateAndAnalyze(db, () => migratePostgres(db, { migrationsFolder }));
    return { applied, lockWaitMs };
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}

/**
 * Any connection may die at any moment (a restart, a failover, pg_terminate_backend), and a pg client whose
 * connection dies emits 'error': unheard, it ends the process. The pool hears only its idle clients, so every
 * client gets a listener of its own as it joins. A client that was checked out when it died is handed back at
 * once with the error, so the pool drops it and the next query connects anew: Drizzle's transaction() sends
 * BEGIN before the try that releases its client (drizzle-orm#6241), so a BEGIN on a dead connection would
 * otherwise keep its slot for good, and a few failovers would leave the pool with none. The holder's own
 * release afterwards does nothing, and its next query fails as "not queryable": a 503 (api/errors.ts).
 */
function survivePoolConnectionLoss(pool: pg.Pool, onConnectionLost?: (error: Error) => void): void {
  const checkedOut = new Set<pg.PoolClient>();
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_error, client) => checkedOut.delete(client));
  pool.on("connect", (client) => {
    let reported = false;
    client.on("error", (error) => {
      // A connection that ends says so twice (the server's message, then the closed socket): one report is enough.
      if (!reported) onConnectionLost?.(error);
      reported = true;
      if (!checkedOut.has(client)) return;
      client.release(error);
      client.release = () => undefined;
    });
  });
  // An idle client's death reaches the pool as well, which has dropped it already; its listener above reported it.
  pool.on("error", () => undefined);
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    survivePoolConnectionLoss(pool, options.onConnectionLost);
    const db = drizzlePostgres(pool, { schema });
    return {
      db,
      kind: "postgres",
      migrate: (migrationsFolder) => migratePostgresLocked(options.databaseUrl, migrationsFolder),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const { ownThread, ...embedded } = options;
  const client = ownThread ? await PgliteThread.start(embedded) : await startPglite(embedded);
  const db = drizzlePglite(client instanceof PgliteThread ? asPglite(client) : client, { schema });
  let analyzer: NodeJS.Timeout | undefined;
  return {
    db,
    kind: "pglite",
    // One process owns a PGlite folder: nothing to wait for.
    migrate: async (migrationsFolder) => {
      const applied = await migrateAndAnalyze(db, () => migratePglite(db, { migrationsFolder }));
      // A failed check keeps the statistics there were; the next one tries again.
      analyzer ??= setInterval(() => void analyzeStaleTables(db).catch(() => undefined), PGLITE_ANALYZE_INTERVAL_MS).unref();
      return { applied, lockWaitMs: 0 };
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    // Queries outside a transaction wait for PGlite's transaction lock too, so inside this one nothing else runs;
    // the dump itself takes only the query lock, free between this transaction's statements.
    dumpDataDir: async (read) => {
      const held = await client.transaction(async (tx) => {
        const started = performance.now();
        const result = await read(async (text) => (await tx.query<Record<string, unknown>>(text)).rows);
        const dump = await client.dumpDataDir("none");
        return { result, dump, heldMs: Math.round(performance.now() - started) };
      });
      return { read: held.result, tarball: new Uint8Array(await held.dump.arrayBuffer()), heldMs: held.heldMs };
    },
    close: () => {
      clearInterval(analyzer);
      return client.close();
    },
  };
}
