import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** Shared by the test files and Vitest's globalSetup, which may not import vitest itself: nothing here does. */
export const MIGRATIONS_FOLDER = path.resolve("api/db/migrations");

/** The committed migrations' last tag, as drizzle's journal lists them: what a database migrated to the end is at. */
export const LAST_MIGRATION: string = (JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: Array<{ tag: string }> }).entries.at(-1)!.tag;

/** Runs one statement on the test PostgreSQL server outside any test database (creating and dropping them). */
export async function onPostgresServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A name no other test database has, also not one of another run on the same server. */
export const postgresDatabaseName = (prefix: string) => `${prefix}_${randomUUID().replaceAll("-", "")}`;

/** The URL of a database on the server TEST_DATABASE_URL names. */
export function postgresUrlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
