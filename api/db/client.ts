import { PGlite, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/node-postgres";
import { migrate as migratePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies the committed SQL migrations that have not run yet. */
  migrate: (migrationsFolder: string) => Promise<void>;
  /** The PostgreSQL pool's connections, for metrics; PGlite has no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  /** Throws when the database cannot answer (for /readyz). */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

export type DatabaseOptions =
  /** PostgreSQL through a connection pool: the scale-out path. */
  | { databaseUrl: string; poolSize?: number; onConnectionLost?: (error: Error) => void }
  /** Embedded PGlite: in a folder, or in memory when none is given (tests). */
  | { dataDir?: string };

/**
 * PostgreSQL's default of 128 MB of shared buffers is allocated in PGlite's
 * WebAssembly memory up front, most of the embedded server's idle memory;
 * a small company's working set fits in a quarter of it, and reads beyond it
 * come from the operating system's file cache (README: "Memory").
 */
const PGLITE_CONF = ["shared_buffers = 32MB"];

/**
 * bytea parameters as hex written by Node: PGlite's own serializer makes a string of every byte and joins
 * them, which held the event loop for a second per 2 MB written (a bank statement, a received document).
 */
const PGLITE_SERIALIZERS = {
  [types.BYTEA]: (bytes: Uint8Array) => `\\x${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex")}`,
};

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

/** PGlite has no autovacuum: the handle checks this often for tables to analyse. */
const PGLITE_ANALYZE_INTERVAL_MS = 60_000;

/** ANALYZE of each table with stale statistics; names come from the catalog (regclass text is quoted where needed). */
async function analyzeStaleTables(db: Database): Promise<void> {
  const stale = (await db.execute(STALE_STATISTICS)) as unknown as { rows: Array<{ name: string }> };
  for (const { name } of stale.rows) await db.execute(sql.raw(`ANALYZE ${name}`));
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle connection the server ends (restart, failover, a dropped database) is an 'error' event:
    // unheard, it would end the process. The pool drops that client and the next query connects anew.
    pool.on("error", (error) => options.onConnectionLost?.(error));
    const db = drizzlePostgres(pool, { schema });
    return {
      db,
      kind: "postgres",
      migrate: async (migrationsFolder) => {
        await migratePostgres(db, { migrationsFolder });
        // Autovacuum analyses later; a table loaded just before the start (a restore, a bench) is planned well at once.
        await analyzeStaleTables(db);
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  // pg_trgm serves the document list's search index (migration 0016); PostgreSQL has it in contrib.
  const client = new PGlite({ dataDir: options.dataDir, postgresqlconf: PGLITE_CONF, extensions: { pg_trgm }, serializers: PGLITE_SERIALIZERS });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  let analyzer: NodeJS.Timeout | undefined;
  return {
    db,
    kind: "pglite",
    migrate: async (migrationsFolder) => {
      await migratePglite(db, { migrationsFolder });
      await analyzeStaleTables(db);
      // A failed check keeps the statistics there were; the next one tries again.
      analyzer ??= setInterval(() => void analyzeStaleTables(db).catch(() => undefined), PGLITE_ANALYZE_INTERVAL_MS).unref();
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => {
      clearInterval(analyzer);
      return client.close();
    },
  };
}
