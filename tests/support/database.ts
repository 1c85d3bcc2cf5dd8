import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../api/db/client";

export const MIGRATIONS_FOLDER = path.resolve("api/db/migrations");

/** Runs one statement on the test PostgreSQL server outside any test database (creating and dropping them). */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A new, empty database on the TEST_DATABASE_URL server, for a test that starts the product on it itself. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `chohyo_test_${randomUUID().replaceAll("-", "")}`;
  await onServer(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * A fresh database migrated up to the folder's last migration, for one test file: PGlite in memory, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server (its `url`) that is
 * dropped again afterwards.
 */
export async function openTestDatabase(migrationsFolder = MIGRATIONS_FOLDER): Promise<DatabaseHandle & { label: string; url?: string }> {
  if (!process.env.TEST_DATABASE_URL) {
    const handle = await openDatabase({});
    await handle.migrate(migrationsFolder);
    return { ...handle, label: "PGlite" };
  }
  const empty = await createEmptyPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: empty.url, poolSize: 5 });
  await handle.migrate(migrationsFolder);
  return {
    ...handle,
    label: "PostgreSQL",
    url: empty.url,
    close: async () => {
      await handle.close();
      await empty.drop();
    },
  };
}
