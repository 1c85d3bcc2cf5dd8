import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { CustomerInput } from "../../domain/customer";
import type { ItemInput } from "../../domain/item";
import { searchKey } from "../../domain/normalize";
import type { Database } from "../db/client";
import { escapeLike } from "../db/like";
import { customers, items } from "../db/schema";
import { violatesUniqueIndex } from "../errors";
import { customerColumnsOf } from "../master-data/customers";
import { DUPLICATE_ITEM_CODE, itemColumnsOf } from "../master-data/items";
import { unknownIdProblems, type CsvImportRow, type CsvProblem } from "./master-csv";

/*
 * Customers and items as CSV, the database's side: the rows an export
 * writes, and an import checked whole against the company's records, then
 * written in one transaction (or refused with every problem found).
 */

export type ImportOutcome = { counts: { created: number; updated: number } } | { problems: CsvProblem[] };

/** The customers an export writes: those not archived that match the search, in kana order. */
export async function customersToExport(db: Database, tenant: string, q: string) {
  const conditions: SQL[] = [eq(customers.companyUniqueCode, tenant), isNull(customers.archivedAt)];
  if (searchKey(q)) conditions.push(ilike(customers.searchKey, `%${escapeLike(searchKey(q))}%`));
  return db
    .select()
    .from(customers)
    .where(and(...conditions))
    .orderBy(asc(customers.nameKana), asc(customers.searchKey), asc(customers.id));
}

/** The items an export writes: those that match the search, in code order. */
export async function itemsToExport(db: Database, tenant: string, q: string) {
  const conditions: SQL[] = [eq(items.companyUniqueCode, tenant)];
  if (searchKey(q)) conditions.push(ilike(items.searchKey, `%${escapeLike(searchKey(q))}%`));
  return db
    .select()
    .from(items)
    .where(and(...conditions))
    .orderBy(asc(items.code), asc(items.searchKey), asc(items.id));
}

async function ownIds(db: Database, table: typeof customers | typeof items, tenant: string, rows: readonly CsvImportRow<unknown>[]): Promise<Set<number>> {
  const ids = rows.flatMap((row) => (row.id === null ? [] : [row.id]));
  if (ids.length === 0) return new Set();
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.companyUniqueCode, tenant), inArray(table.id, ids)));
  return new Set(found.map((row) => row.id));
}

/** Rows with an ID update that record (an exported file edited and brought back); the others are new. */
async function writeRows<Input>(
  rows: readonly CsvImportRow<Input>[],
  write: { insert: (input: Input) => Promise<unknown>; update: (id: number, input: Input) => Promise<unknown> },
): Promise<{ created: number; updated: number }> {
  let created = 0;
  for (const row of rows) {
    if (row.id === null) {
      await write.insert(row.input);
      created += 1;
    } else {
      await write.update(row.id, row.input);
    }
  }
  return { created, updated: rows.length - created };
}

export async function importCustomers(db: Database, tenant: string, rows: readonly CsvImportRow<CustomerInput>[]): Promise<ImportOutcome> {
  const missing = unknownIdProblems(rows, await ownIds(db, customers, tenant, rows), "取引先");
  if (missing.length > 0) return { problems: missing };
  const counts = await db.transaction((tx) =>
    writeRows(rows, {
      insert: (input) => tx.insert(customers).values({ ...customerColumnsOf(input), companyUniqueCode: tenant }),
      update: (id, input) =>
        tx
          .update(customers)
          .set({ ...customerColumnsOf(input), version: sql`${customers.version} + 1`, updatedAt: new Date() })
          .where(and(eq(customers.id, id), eq(customers.companyUniqueCode, tenant))),
    }),
  );
  return { counts };
}

export async function importItems(db: Database, tenant: string, rows: readonly CsvImportRow<ItemInput>[]): Promise<ImportOutcome> {
  const missing = unknownIdProblems(rows, await ownIds(db, items, tenant, rows), "品目");
  if (missing.length > 0) return { problems: missing };
  const codeProblems = await itemCodeProblems(db, tenant, rows);
  if (codeProblems.length > 0) return { problems: codeProblems };
  try {
    const counts = await db.transaction((tx) =>
      writeRows(rows, {
        insert: (input) => tx.insert(items).values({ ...itemColumnsOf(input), companyUniqueCode: tenant }),
        update: (id, input) =>
          tx
            .update(items)
            .set({ ...itemColumnsOf(input), version: sql`${items.version} + 1`, updatedAt: new Date() })
            .where(and(eq(items.id, id), eq(items.companyUniqueCode, tenant))),
      }),
    );
    return { counts };
  } catch (error) {
    // Codes swapped between two items in one file pass the checks above but not the index, row by row.
    if (!violatesUniqueIndex(error, "items_company_code_idx")) throw error;
    return { problems: [{ line: 1, column: "品目コード", message: `${DUPLICATE_ITEM_CODE}。品目コードを入れ替えるときは2回に分けて取り込んでください` }] };
  }
}

/** A code used twice in the file, or by another of the company's items. */
async function itemCodeProblems(db: Database, tenant: string, rows: readonly CsvImportRow<{ code: string | null }>[]): Promise<CsvProblem[]> {
  const problems: CsvProblem[] = [];
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    const code = row.input.code;
    if (code === null) continue;
    const earlier = firstLine.get(code);
    if (earlier !== undefined) problems.push({ line: row.line, column: "品目コード", message: `品目コード「${code}」が${earlier}行目と重複しています` });
    else firstLine.set(code, row.line);
  }
  if (firstLine.size === 0) return problems;
  const taken = await db
    .select({ id: items.id, code: items.code })
    .from(items)
    .where(and(eq(items.companyUniqueCode, tenant), inArray(items.code, [...firstLine.keys()])));
  for (const row of rows) {
    const holder = taken.find((item) => item.code === row.input.code);
    if (holder && holder.id !== row.id) problems.push({ line: row.line, column: "品目コード", message: DUPLICATE_ITEM_CODE });
  }
  return problems;
}
