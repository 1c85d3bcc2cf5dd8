import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../../api/db/client";
import { MIGRATIONS_FOLDER, onPostgresServer, postgresDatabaseName, postgresUrlOf } from "./postgres-server";

type Templates = { pgliteTemplate: string; pgliteDataDir: string; postgresTemplate: string | null; remove: () => Promise<void> };

/**
 * Vitest's globalSetup: the schema is migrated once per run, not once per test file (issue 30). A PGlite
 * database is migrated in memory and its data folder saved as a tarball each file's database is loaded
 * from; with TEST_DATABASE_URL, a template database is migrated on that server and each file's database
 * is made from it with CREATE DATABASE … TEMPLATE. Both are removed when the run ends.
 *
 * Each vitest project runs this in a module graph of its own, in one process: the first makes the templates and the
 * others share them, and the last teardown removes them.
 */
const shared = globalThis as typeof globalThis & { chohyoTestTemplates?: { made: Promise<Templates>; users: number } };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  shared.chohyoTestTemplates ??= { made: makeTemplates(), users: 0 };
  const templates = shared.chohyoTestTemplates;
  templates.users += 1;
  const { pgliteTemplate, pgliteDataDir, postgresTemplate, remove } = await templates.made;
  project.provide("pgliteTemplate", pgliteTemplate);
  project.provide("pgliteDataDir", pgliteDataDir);
  project.provide("postgresTemplate", postgresTemplate);
  return async () => {
    templates.users -= 1;
    if (templates.users > 0) return;
    delete shared.chohyoTestTemplates;
    await remove();
  };
}

async function makeTemplates(): Promise<Templates> {
  const folder = await mkdtemp(path.join(tmpdir(), "chohyo-test-template-"));
  const pglite = path.join(folder, "pglite.tar");
  const embedded = await openDatabase({});
  try {
    await embedded.migrate(MIGRATIONS_FOLDER);
    const { tarball } = await embedded.dumpDataDir!(async () => undefined);
    await writeFile(pglite, tarball);
  } finally {
    await embedded.close();
  }
  // The same as a folder, for the built server and the scripts a test starts with DATA_DIR: a copy starts with no initdb and no migration.
  const dataDir = path.join(folder, "pglite-data");
  await (await openDatabase({ dataDir, loadDataDir: new Blob([await readFile(pglite)]) })).close();

  const serverUrl = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (serverUrl) {
    template = postgresDatabaseName("chohyo_template");
    await onPostgresServer(serverUrl, `CREATE DATABASE ${template}`);
    const postgres = await openDatabase({ databaseUrl: postgresUrlOf(serverUrl, template), poolSize: 1 });
    try {
      await postgres.migrate(MIGRATIONS_FOLDER);
    } finally {
      // CREATE DATABASE … TEMPLATE is refused while anyone is connected to the template: the migration's own
      // connection has ended, and closing the pool ends the rest.
      await postgres.close();
    }
  }
  return {
    pgliteTemplate: pglite,
    pgliteDataDir: dataDir,
    postgresTemplate: template,
    remove: async () => {
      if (serverUrl && template) await onPostgresServer(serverUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
