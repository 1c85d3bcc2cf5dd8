// `npm run db:migrate`: applies the committed migrations to the configured database
// (DATABASE_URL, else the PGlite folder DATA_DIR). The server also does this at start.
import path from "node:path";
import { readApiConfig } from "../api/config";
import { openDatabase } from "../api/db/client";

const config = readApiConfig();
const database = await openDatabase(config.database);
try {
  const { applied, lockWaitMs } = await database.migrate(path.resolve("api/db/migrations"));
  console.log(`${applied > 0 ? `${applied} migration(s) applied` : "Schema already current"} (${database.kind}; ${lockWaitMs} ms waiting for the migration lock).`);
} finally {
  await database.close();
}
