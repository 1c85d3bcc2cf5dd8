import { cp, readFile } from "node:fs/promises";
import path from "node:path";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../api/db/client";
import { LAST_MIGRATION, MIGRATIONS_FOLDER, onPostgresServer, postgresDatabaseName, postgresUrlOf } from "./postgres-server";

export { LAST_MIGRATION, MIGRATIONS_FOLDER };

declare module "vitest" {
  export interface ProvidedContext {
    /** The tarball of a PGlite data folder migrated up to MIGRATIONS_FOLDER's last migration (tests/support/global-setup.ts). */
    pgliteTemplate: string;
    /** The same database as a PGlite data folder (DATA_DIR), to copy. */
    pgliteDataDir: string;
    /** With TEST_DATABASE_URL: the database on that server migrated likewise, to copy with CREATE DATABASE … TEMPLATE. */
    postgresTemplate: string | null;
  }
}

/** A new database on the TEST_DATABASE_URL server: empty, or a copy of `template`. */
async function createPostgresDatabase(template?: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = postgresDatabaseName("chohyo_test");
  await onPostgresServer(serverUrl, template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  return { url: postgresUrlOf(serverUrl, name), name, drop: () => onPostgresServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A new, empty database on the TEST_DATABASE_URL server, for a test that starts the product on it itself. */
export function createEmptyPostgresDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  return createPostgresDatabase();
}

/** A new database on the TEST_DATABASE_URL server already migrated to the last migration (a copy of the run's template). */
export function createMigratedPostgresDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const template = inject("postgresTemplate");
  if (!template) throw new Error("No PostgreSQL template: TEST_DATABASE_URL was not set when the run started (tests/support/global-setup.ts)");
  return createPostgresDatabase(template);
}

/**
 * A fresh database migrated up to the folder's last migration, for one test file: PGlite in memory, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server (its `url`) that is dropped again
 * afterwards. Up to the committed migrations it is a copy of the run's template (migrated once, by
 * tests/support/global-setup.ts); another folder (a test of a migration) is migrated here.
 */
export async function openTestDatabase(migrationsFolder = MIGRATIONS_FOLDER): Promise<DatabaseHandle & { label: string; url?: string }> {
  const fromTemplate = path.resolve(migrationsFolder) === MIGRATIONS_FOLDER;
  if (!process.env.TEST_DATABASE_URL) {
    if (fromTemplate) return { ...(await openDatabase({ loadDataDir: new Blob([await readFile(inject("pgliteTemplate"))]), ownThread: true })), label: "PGlite" };
    const handle = await openDatabase({});
    await handle.migrate(migrationsFolder);
    return { ...handle, label: "PGlite" };
  }
  const database = fromTemplate ? await createMigratedPostgresDatabase() : await createEmptyPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: database.url, poolSize: 5 });
  if (!fromTemplate) await handle.migrate(migrationsFolder);
  return {
    ...handle,
    label: "PostgreSQL",
    url: database.url,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * Fills `dataDir` (missing or empty) with a PGlite database migrated up to the last migration, for a process a test
 * starts with DATA_DIR (the built server, a script): it then starts without initdb and finds its schema current.
 */
export async function copyMigratedDataDir(dataDir: string): Promise<void> {
  await cp(inject("pgliteDataDir"), dataDir, { recursive: true });
}
