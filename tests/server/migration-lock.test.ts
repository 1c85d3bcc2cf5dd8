import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { MIGRATION_LOCK_KEY } from "../../api/db/client";
import { createEmptyPostgresDatabase, MIGRATIONS_FOLDER } from "../support/database";
import { freePort, startBuiltServer } from "../support/server-process";

// Instances share only a PostgreSQL database; PGlite belongs to one process.
describe.skipIf(!process.env.TEST_DATABASE_URL)("a server starting while another instance migrates", () => {
  it("answers nothing, not even /readyz, until its schema is current, then says in one line what it did", async () => {
    const database = await createEmptyPostgresDatabase();
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      // Another instance migrating, as far as this one can tell.
      await holder.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      const port = await freePort();
      const starting = startBuiltServer({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: "2" }, { port });
      // The server has loaded and waits for the lock.
      const waiting = async () =>
        Number((await holder.query("select count(*) as n from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())")).rows[0].n);
      await expect.poll(waiting, { timeout: 40_000, interval: 100 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await fetch(`http://127.0.0.1:${port}/readyz`).then((response) => response.status, () => "no answer")).toBe("no answer");
      await holder.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);

      const server = await starting;
      try {
        expect(await fetch(`${server.baseUrl}/readyz`).then((response) => response.status)).toBe(200);
        const journal = JSON.parse(await readFile(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as { entries: unknown[] };
        const reports = server
          .output()
          .split("\n")
          .filter((line) => line.includes('"migrationsApplied"'))
          .map((line) => JSON.parse(line) as { migrationsApplied: number; migrationLockWaitMs: number; msg: string });
        expect(reports).toHaveLength(1);
        expect(reports[0]).toMatchObject({ migrationsApplied: journal.entries.length });
        expect(reports[0]!.migrationLockWaitMs).toBeGreaterThanOrEqual(500);
      } finally {
        await server.stop();
      }
    } finally {
      await holder.end();
      await database.drop();
    }
  }, 60_000);
});
