import { PGlite } from "@electric-sql/pglite";
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
      migrate: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const client = new PGlite(options.dataDir, { postgresqlconf: PGLITE_CONF });
  await client.waitReady;
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: "pglite",
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
