// `npm run nta:import -- --full FILE… | --diff FILE…`: loads the NTA's bulk download of qualified invoice
// issuers (公表情報, CSV or its .zip) into the table offline verification reads (decision 025), in the
// configured database (DATABASE_URL, else the PGlite folder DATA_DIR). --full replaces the table with the
// month's 全件 files; --diff applies daily 差分 files in the order of the date in their names.
import path from "node:path";
import { readApiConfig } from "../api/config";
import { openDatabase } from "../api/db/client";
import { importBulkFiles } from "../api/registration-numbers/import";

const USAGE = "usage: npm run nta:import -- --full FILE… | --diff FILE…";

const [flag, ...files] = process.argv.slice(2);
if ((flag !== "--full" && flag !== "--diff") || files.length === 0) {
  console.error(USAGE);
  process.exit(2);
}

const config = readApiConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate(path.resolve("api/db/migrations"));
  const report = await importBulkFiles(database.db, flag === "--full" ? "full" : "diff", files);
  for (const file of report.files) {
    console.log(`${file.file}: ${file.rowsRead} read, ${file.upserted} kept, ${file.deleted} deleted, ${file.skipped} skipped (history)`);
  }
  // Peak resident memory, so an operator can size the job; it does not grow with the file.
  const peakMiB = Math.round(process.resourceUsage().maxRSS / 1024);
  console.log(
    `${report.kind} import (${database.kind}): ${report.rowsRead} read, ${report.upserted} kept, ${report.deleted} deleted, ${report.skipped} skipped; ` +
      `${report.numbersHeld} numbers held, newest update ${report.lastUpdateDate ?? "none"}; peak memory ${peakMiB} MiB`,
  );
} catch (error) {
  console.error(`Import failed: ${(error as Error).message}`);
  console.error(flag === "--full" ? "The table is unchanged." : "Batches applied before the failure stay; running the same files again is safe.");
  process.exitCode = 1;
} finally {
  await database.close();
}
