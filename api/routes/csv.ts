import { Router, raw, type Request, type Response } from "express";
import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { rateLimit } from "express-rate-limit";
import { z } from "zod";
import { attachmentDisposition } from "../../domain/attachment";
import { customerInputSchema } from "../../domain/customer";
import { todayJst } from "../../domain/datetime";
import { itemInputSchema } from "../../domain/item";
import { searchKey } from "../../domain/normalize";
import { CUSTOMER_CSV_COLUMNS, ITEM_CSV_COLUMNS } from "../csv/columns";
import { csvContentType, encodeCsv, unencodableMessage } from "../csv/encoding";
import { exportText, readImport, unknownIdProblems, type CsvImportRow, type CsvProblem } from "../csv/master-csv";
import type { Database } from "../db/client";
import { customers, items } from "../db/schema";
import { tenantOf } from "../auth";
import { badRequest, tooManyRequests, violatesUniqueIndex } from "../errors";
import { DatabaseRateLimitStore } from "../rate-limit-store";
import { requireMember } from "../membership";
import { customerColumnsOf } from "./customers";
import { handler } from "./handler";
import { DUPLICATE_ITEM_CODE, itemColumnsOf } from "./items";
import { escapeLike } from "./master-records";

const MAX_CSV_BYTES = 2 * 1024 * 1024;
const exportQuery = z.object({ encoding: z.enum(["UTF8", "UTF8N", "SJIS"]).optional().default("UTF8"), q: z.string().max(100).optional().default("") });

function parseExportQuery(req: Request) {
  const query = exportQuery.safeParse(req.query);
  if (!query.success) throw badRequest("出力の指定が正しくありません。");
  return query.data;
}

/** The file, or 422 naming what Shift_JIS cannot hold (never a silent 「?」). */
function sendCsv(res: Response, text: string, encoding: "UTF8" | "UTF8N" | "SJIS", fileStem: { ascii: string; japanese: string }) {
  const encoded = encodeCsv(text, encoding);
  if (!encoded.ok) {
    res.status(422).json({ code: "validation_failed", message: unencodableMessage(encoded.unencodable), unencodable: encoded.unencodable });
    return;
  }
  const name = `${fileStem.japanese}_${todayJst().replace(/-/g, "")}.csv`;
  res.setHeader("Content-Type", csvContentType(encoding));
  res.setHeader("Content-Disposition", attachmentDisposition(`${fileStem.ascii}-${todayJst().replace(/-/g, "")}.csv`, name));
  res.setHeader("Cache-Control", "no-store");
  res.send(encoded.bytes);
}

function refuseImport(res: Response, problems: CsvProblem[]) {
  res.status(422).json({ code: "validation_failed", message: "CSVに誤りがあるため、何も取り込んでいません。", problems });
}

const csvBody = raw({ type: ["text/csv", "text/plain", "application/octet-stream", "application/vnd.ms-excel"], limit: MAX_CSV_BYTES });

function bodyBytes(req: Request): Uint8Array {
  if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw badRequest("CSVファイルを選んでください。");
  return req.body;
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

/** Imports a company may run in an hour: each checks and writes up to a whole master at once. */
const CSV_IMPORTS_PER_HOUR = 30;

/** Customers and items as CSV: export in three encodings; import checked whole, then written in one transaction. */
export function csvRoutes(db: Database): Router {
  const router = Router();
  const importLimit = rateLimit({
    windowMs: 60 * 60_000,
    limit: CSV_IMPORTS_PER_HOUR,
    store: new DatabaseRateLimitStore(db, "csv-import:"),
    keyGenerator: (req) => tenantOf(req.caller),
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (_req, _res, next) => next(tooManyRequests(`CSVの取り込みは1時間に${CSV_IMPORTS_PER_HOUR}回までです。しばらくしてから、もう一度お試しください。`)),
  });

  router.get(
    "/customers/export",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const { encoding, q } = parseExportQuery(req);
      const conditions: SQL[] = [eq(customers.companyUniqueCode, tenant), isNull(customers.archivedAt)];
      if (searchKey(q)) conditions.push(ilike(customers.searchKey, `%${escapeLike(searchKey(q))}%`));
      const rows = await db
        .select()
        .from(customers)
        .where(and(...conditions))
        .orderBy(asc(customers.nameKana), asc(customers.searchKey), asc(customers.id));
      sendCsv(res, exportText(CUSTOMER_CSV_COLUMNS, rows), encoding, { ascii: "customers", japanese: "取引先" });
    }),
  );

  router.get(
    "/items/export",
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: false });
      const { encoding, q } = parseExportQuery(req);
      const conditions: SQL[] = [eq(items.companyUniqueCode, tenant)];
      if (searchKey(q)) conditions.push(ilike(items.searchKey, `%${escapeLike(searchKey(q))}%`));
      const rows = await db
        .select()
        .from(items)
        .where(and(...conditions))
        .orderBy(asc(items.code), asc(items.searchKey), asc(items.id));
      sendCsv(res, exportText(ITEM_CSV_COLUMNS, rows), encoding, { ascii: "items", japanese: "品目" });
    }),
  );

  router.post(
    "/customers/import",
    importLimit,
    csvBody,
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const read = readImport(bodyBytes(req), CUSTOMER_CSV_COLUMNS, customerInputSchema);
      if ("problems" in read) return refuseImport(res, read.problems);
      const missing = unknownIdProblems(read.rows, await ownIds(db, customers, tenant, read.rows), "取引先");
      if (missing.length > 0) return refuseImport(res, missing);
      const counts = await db.transaction((tx) =>
        writeRows(read.rows, {
          insert: (input) => tx.insert(customers).values({ ...customerColumnsOf(input), companyUniqueCode: tenant }),
          update: (id, input) =>
            tx
              .update(customers)
              .set({ ...customerColumnsOf(input), version: sql`${customers.version} + 1`, updatedAt: new Date() })
              .where(and(eq(customers.id, id), eq(customers.companyUniqueCode, tenant))),
        }),
      );
      res.json(counts);
    }),
  );

  router.post(
    "/items/import",
    importLimit,
    csvBody,
    handler(async (req, res) => {
      const tenant = await requireMember(db, req, { write: true });
      const read = readImport(bodyBytes(req), ITEM_CSV_COLUMNS, itemInputSchema);
      if ("problems" in read) return refuseImport(res, read.problems);
      const missing = unknownIdProblems(read.rows, await ownIds(db, items, tenant, read.rows), "品目");
      if (missing.length > 0) return refuseImport(res, missing);
      const codeProblems = await itemCodeProblems(db, tenant, read.rows);
      if (codeProblems.length > 0) return refuseImport(res, codeProblems);
      try {
        const counts = await db.transaction((tx) =>
          writeRows(read.rows, {
            insert: (input) => tx.insert(items).values({ ...itemColumnsOf(input), companyUniqueCode: tenant }),
            update: (id, input) =>
              tx
                .update(items)
                .set({ ...itemColumnsOf(input), version: sql`${items.version} + 1`, updatedAt: new Date() })
                .where(and(eq(items.id, id), eq(items.companyUniqueCode, tenant))),
          }),
        );
        res.json(counts);
      } catch (error) {
        // Codes swapped between two items in one file pass the checks above but not the index, row by row.
        if (!violatesUniqueIndex(error, "items_company_code_idx")) throw error;
        refuseImport(res, [{ line: 1, column: "品目コード", message: `${DUPLICATE_ITEM_CODE}。品目コードを入れ替えるときは2回に分けて取り込んでください` }]);
      }
    }),
  );

  return router;
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
