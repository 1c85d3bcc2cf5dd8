import { basename } from "node:path";
import { count, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { registrationNumberImports, registrationNumbers, registrationNumbersStaging } from "../db/schema";
import { bulkFileRecords } from "./bulk-csv";
import { NTA_FIELDS, PROCESS_DELETED, rowOf, type NtaRecord, type RegistrationRow } from "./record";

export type ImportKind = "full" | "diff";

type Counts = { rowsRead: number; upserted: number; deleted: number; skipped: number };

/** Records read, kept (upserted), deleted (process 99) and skipped (history rows). */
export type FileReport = Counts & { file: string };

export type ImportReport = Counts & { kind: ImportKind; files: FileReport[]; lastUpdateDate: string | null; numbersHeld: number };

/** Rows a statement carries: one JSON parameter of about 0.5 MB. */
const BATCH_SIZE = 1000;

type RegistrationTable = typeof registrationNumbers | typeof registrationNumbersStaging;

/**
 * Rows of one batch, by number, the last of each winning (a file holds one
 * record per number; should it hold two, the later is the newer), split into
 * those to keep and the numbers deleted (process 99).
 */
function settle(rows: RegistrationRow[]): { upserts: RegistrationRow[]; deletes: string[] } {
  const byNumber = new Map(rows.map((row) => [row.registratedNumber, row]));
  const upserts: RegistrationRow[] = [];
  const deletes: string[] = [];
  for (const row of byNumber.values()) {
    if (row.process === PROCESS_DELETED) deletes.push(row.registratedNumber);
    else upserts.push(row);
  }
  return { upserts, deletes };
}

/**
 * One statement per batch, its rows one JSON parameter that json_populate_recordset reads as the table's rows: building
 * 24,000 bound parameters through the query builder cost more than PostgreSQL or PGlite spent writing them.
 */
async function upsert(db: Database, table: RegistrationTable, rows: RegistrationRow[], { keepNewer }: { keepNewer: boolean }) {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table)).map(([key, column]) => ({ key: key as keyof RegistrationRow, name: column.name }));
  const json = JSON.stringify(rows.map((row) => Object.fromEntries(columns.map(({ key, name }) => [name, row[key] ?? null]))));
  const names = sql.raw(columns.map(({ name }) => `"${name}"`).join(", "));
  const updates = sql.raw(columns.filter(({ name }) => name !== "registrated_number").map(({ name }) => `"${name}" = excluded."${name}"`).join(", "));
  // A diff older than what is held (applied twice, or out of order) does not take a number back in time.
  const newerOnly = keepNewer ? sql` WHERE ${table}."update_date" IS NULL OR excluded."update_date" IS NULL OR excluded."update_date" >= ${table}."update_date"` : sql``;
  await db.execute(
    sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM json_populate_recordset(NULL::${table}, ${json}::json) ON CONFLICT ("registrated_number") DO UPDATE SET ${updates}${newerOnly}`,
  );
}

/**
 * Reads one file in batches: each batch is written before the next records
 * are read, so memory holds one batch whatever the file's size. Records that
 * are not the latest state of their number (history rows, latest ≠ 1) are
 * skipped; deletions (process 99) go to the batch's deletes.
 */
async function applyFile(
  path: string,
  write: (batch: { upserts: RegistrationRow[]; deletes: string[] }) => Promise<void>,
  onUpdateDate: (date: string) => void,
): Promise<FileReport> {
  const report: FileReport = { file: basename(path), rowsRead: 0, upserted: 0, deleted: 0, skipped: 0 };
  let batch: RegistrationRow[] = [];
  const flush = async () => {
    const settled = settle(batch);
    batch = [];
    await write(settled);
  };
  for await (const { fields, file, index } of bulkFileRecords(path)) {
    report.rowsRead++;
    if (fields.length !== NTA_FIELDS.length) throw new Error(`${file} record ${index}: ${fields.length} columns, expected ${NTA_FIELDS.length}`);
    let row: RegistrationRow;
    try {
      row = rowOf(Object.fromEntries(NTA_FIELDS.map((field, column) => [field, fields[column]])) as NtaRecord);
    } catch (error) {
      throw new Error(`${file} record ${index}: ${(error as Error).message}`);
    }
    if (row.updateDate) onUpdateDate(row.updateDate);
    if (row.process === PROCESS_DELETED) report.deleted++;
    else if (row.latest !== "1") {
      report.skipped++;
      continue;
    } else report.upserted++;
    batch.push(row);
    if (batch.length >= BATCH_SIZE) await flush();
  }
  await flush();
  return report;
}

/** The YYYYMMDD in a daily file's name (`diff_20260423_csv.zip`), which orders the diffs. */
function dayOf(path: string): string {
  const day = /(\d{8})/.exec(basename(path))?.[1];
  if (!day) throw new Error(`${basename(path)}: a diff file's name must carry its date (YYYYMMDD) to be applied in order`);
  return day;
}

/**
 * Loads the NTA's bulk files into registration_numbers (decision 025).
 * - full: the files (a month's 全件, all its parts) replace the table. They
 *   are loaded into the staging table first and swapped in one transaction,
 *   so lookups see the old data or the new, and a bad file changes nothing.
 * - diff: daily 差分 files are applied in the order of their date: the
 *   latest state of each number is upserted (never over a newer one), process
 *   99 deletes it.
 * Running the same files again leaves the table as it was.
 */
export async function importBulkFiles(db: Database, kind: ImportKind, paths: string[]): Promise<ImportReport> {
  if (paths.length === 0) throw new Error("no files to import");
  let lastUpdateDate: string | null = null;
  const noteUpdateDate = (date: string) => {
    if (!lastUpdateDate || date > lastUpdateDate) lastUpdateDate = date;
  };
  const files: FileReport[] = [];
  if (kind === "full") {
    await db.delete(registrationNumbersStaging);
    for (const path of paths) {
      // A 全件 file holds no deletions; should one appear, its number is simply not loaded.
      files.push(await applyFile(path, ({ upserts }) => upsert(db, registrationNumbersStaging, upserts, { keepNewer: false }), noteUpdateDate));
    }
  } else {
    const ordered = paths.map((path) => ({ path, day: dayOf(path) })).sort((a, b) => a.day.localeCompare(b.day));
    for (const { path } of ordered) {
      files.push(
        await applyFile(
          path,
          async ({ upserts, deletes }) => {
            await upsert(db, registrationNumbers, upserts, { keepNewer: true });
            if (deletes.length > 0) await db.delete(registrationNumbers).where(inArray(registrationNumbers.registratedNumber, deletes));
          },
          noteUpdateDate,
        ),
      );
    }
  }
  const totals = files.reduce(
    (sum: Counts, file) => ({ rowsRead: sum.rowsRead + file.rowsRead, upserted: sum.upserted + file.upserted, deleted: sum.deleted + file.deleted, skipped: sum.skipped + file.skipped }),
    { rowsRead: 0, upserted: 0, deleted: 0, skipped: 0 },
  );
  const log = { kind, files: files.map((file) => file.file).join(", "), ...totals, lastUpdateDate };
  if (kind === "full") {
    await db.transaction(async (tx) => {
      await tx.delete(registrationNumbers);
      await tx.execute(sql`INSERT INTO ${registrationNumbers} SELECT * FROM ${registrationNumbersStaging}`);
      await tx.delete(registrationNumbersStaging);
      await tx.insert(registrationNumberImports).values(log);
    });
  } else {
    await db.insert(registrationNumberImports).values(log);
  }
  const [{ held }] = (await db.select({ held: count() }).from(registrationNumbers)) as [{ held: number }];
  return { kind, files, ...totals, lastUpdateDate, numbersHeld: held };
}
