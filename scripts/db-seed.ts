// `npm run db:seed`: migrates, then creates the sandbox's demo data (../shared/SANDBOX.md) in the
// configured database (DATABASE_URL, else the PGlite folder DATA_DIR) unless it already has banks.
import path from "node:path";
import { readApiConfig } from "../api/config";
import { openDatabase } from "../api/db/client";
import { seedDemoData } from "../sandbox/seed";

const config = readApiConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate(path.resolve("api/db/migrations"));
  const created = await seedDemoData(database.db, path.resolve("sandbox/assets"));
  console.log(created ? `Demo data created (${database.kind}).` : `Demo data already there (${database.kind}): nothing changed.`);
} finally {
  await database.close();
}
