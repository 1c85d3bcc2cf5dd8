import { randomUUID } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "../../api/db/client";

export const MIGRATIONS_FOLDER = path.resolve("api/db/migrations");

/**
 * A fresh database migrated up to the folder's last migration, for one test file: PGlite in memory, or, when
 * TEST_DATABASE_URL is set, a new database on that PostgreSQL server that is
 * dropped again afterwards.
 */
export async function openTestDatabase(migrationsFolder = MIGRATIONS_FOLDER): Promise<DatabaseHandle & { label: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({});
    await handle.migrate(migrationsFolder);
    return { ...handle, label: "PGlite" };
  }
  const name = `chohyo_test_${randomUUID().replaceAll("-", "")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await handle.migrate(migrationsFolder);
  return {
    ...handle,
    label: "PostgreSQL",
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
