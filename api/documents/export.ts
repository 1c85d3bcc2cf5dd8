import { and, asc, gt, sql } from "drizzle-orm";
import { taxCategoryOf, type TaxCategoryId } from "../../domain/codes";
import { serializeCsv } from "../../domain/csv";
import { canonicalDecimal } from "../../domain/decimal";
import type { DocumentKind } from "../../domain/document-kinds";
import { statusLabel } from "../../domain/documents";
import { stageOf, type LifecycleStage } from "../../domain/lifecycle";
import { unencodableInCp932 } from "../csv/encoding";
import { rowsOf, type Database } from "../db/client";
import { documentLines, documents } from "../db/schema";
import { listConditions, type ListQuery } from "./list-query";
import type { DocumentScope } from "./scope";
import { kindDateOf } from "./store";

/** What an export asks: the list's filters, and the documents themselves or their lines. */
export type ExportQuery = ListQuery & { content: "documents" | "lines" };

/** As many characters Shift_JIS cannot hold as a message names. */
const MAX_REPORTED = 20;

/** Rows read per query: memory stays the same whether a company has a hundred documents or a hundred thousand. */
const BATCH = 1000;

/** The columns the file shows: reading the other two dozen of each row would be most of an export's cost. */
const EXPORT_COLUMNS = {
  id: documents.id,
  kind: documents.kind,
  number: documents.number,
  issueDate: documents.issueDate,
  customerName: documents.customerName,
  customerHonorific: documents.customerHonorific,
  subject: documents.subject,
  status: documents.status,
  taxExcluded: documents.taxExcluded,
  tax: documents.tax,
  taxIncluded: documents.taxIncluded,
  withholdingAmount: documents.withholdingAmount,
  amountDue: documents.amountDue,
  validUntil: documents.validUntil,
  deliveryDate: documents.deliveryDate,
  dueDate: documents.dueDate,
  receivedAmount: documents.receivedAmount,
  issuedAt: documents.issuedAt,
  voidedAt: documents.voidedAt,
};

type DocumentRow = { [Column in keyof typeof EXPORT_COLUMNS]: (typeof documents.$inferSelect)[Column] };

/** The kind's own column: its date, or for receipts the amount received. */
const KIND_COLUMN: Record<DocumentKind, { header: string; value: (row: DocumentRow) => string | null }> = {
  estimate: { header: "有効期限", value: kindDateOf },
  delivery_slip: { header: "納品日", value: kindDateOf },
  invoice: { header: "支払期限", value: kindDateOf },
  receipt: { header: "受領金額", value: (row) => (row.receivedAmount === null ? null : canonicalDecimal(row.receivedAmount)) },
};

function documentHeader(kind: DocumentKind): string[] {
  return ["番号", "発行日", "取引先", "敬称", "件名", "ステータス", "税抜金額", "消費税", "税込金額", "源泉徴収税", "差引金額", KIND_COLUMN[kind].header, "発行済", "無効"];
}

function documentCells(kind: DocumentKind, row: DocumentRow): string[] {
  return [
    row.number,
    row.issueDate,
    row.customerName,
    row.customerHonorific,
    row.subject ?? "",
    statusLabel(kind, row.status),
    canonicalDecimal(row.taxExcluded),
    canonicalDecimal(row.tax),
    canonicalDecimal(row.taxIncluded),
    canonicalDecimal(row.withholdingAmount),
    canonicalDecimal(row.amountDue),
    KIND_COLUMN[kind].value(row) ?? "",
    ...stageColumns(stageOf({ issued: row.issuedAt !== null, voided: row.voidedAt !== null })),
  ];
}

/** 発行済 and 無効: a voided document was issued first (domain/lifecycle.ts). */
const stageColumns = (stage: LifecycleStage) => [stage === "draft" ? "下書き" : "発行済", stage === "voided" ? "無効" : ""];

/** A line as linesOf reads it: document id, position, description, quantity, unit, unit price, tax rate, amount, tax category. */
type LineTuple = [number, number, string, string, string | null, string, number, string, TaxCategoryId];

/**
 * The lines of a batch of documents, in document and position order, as one
 * JSON value: handed over row by row, PGlite spent two thirds of a lines
 * export turning 100,000 rows into objects, and JSON.parse does it in a
 * fraction. Numerics go as text so no digit is lost.
 */
async function linesOf(db: Database, documentIds: number[]): Promise<LineTuple[]> {
  const l = documentLines;
  const [result] = await rowsOf<{ lines: string }>(
    db,
    sql`
    select coalesce(json_agg(json_build_array(${l.documentId}, ${l.position}, ${l.description}, ${l.quantity}::text, ${l.unit}, ${l.unitPrice}::text, ${l.taxRate}, ${l.amount}::text, ${l.taxCategory}) order by ${l.documentId}, ${l.position}), '[]')::text as lines
    from ${l} where ${l.documentId} = any(${`{${documentIds.join(",")}}`}::int[])`,
  );
  return JSON.parse(result!.lines) as LineTuple[];
}

const LINE_HEADER = ["番号", "発行日", "取引先", "行", "品名", "数量", "単位", "単価", "税率", "金額", "税区分"];

/**
 * The filtered documents (or their lines) as CSV pages of text, read in
 * batches by id so that memory does not grow with the company.
 */
export async function* documentCsvPages(db: Database, scope: DocumentScope, query: ExportQuery): AsyncGenerator<string> {
  const kind = query.kind;
  yield serializeCsv([query.content === "lines" ? LINE_HEADER : documentHeader(kind)]);
  const where = listConditions(scope, query);
  for (let lastId = 0; ; ) {
    const rows = await db
      .select(EXPORT_COLUMNS)
      .from(documents)
      .where(and(where, gt(documents.id, lastId)))
      .orderBy(asc(documents.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    lastId = rows[rows.length - 1]!.id;
    if (query.content === "documents") {
      yield serializeCsv(rows.map((row) => documentCells(kind, row)));
      continue;
    }
    const lines = await linesOf(db, rows.map((row) => row.id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    yield serializeCsv(
      lines.map((line) => {
        const document = byId.get(line[0])!;
        const [, position, description, quantity, unit, unitPrice, taxRate, amount, taxCategory] = line;
        return [
          document.number,
          document.issueDate,
          document.customerName,
          String(position + 1),
          description,
          canonicalDecimal(quantity),
          unit ?? "",
          canonicalDecimal(unitPrice),
          String(taxRate),
          canonicalDecimal(amount),
          // Last, so readers of the columns before categories find them where they were.
          taxCategoryOf(taxCategory).label,
        ];
      }),
    );
  }
}

/** What an export would hold that Shift_JIS cannot: each character with the file's line it is on, at most 20. */
export async function unencodableInExport(db: Database, scope: DocumentScope, query: ExportQuery) {
  const found: Array<{ line: number; character: string }> = [];
  let line = 1;
  for await (const page of documentCsvPages(db, scope, query)) {
    found.push(...unencodableInCp932(page, line, MAX_REPORTED - found.length));
    if (found.length >= MAX_REPORTED) break;
    for (let at = page.indexOf("\n"); at !== -1; at = page.indexOf("\n", at + 1)) line += 1;
  }
  return found;
}

/**
 * Whether every text the export takes from the data fits Shift_JIS: the
 * free-text columns of each batch read as one string and looked up character
 * by character, without building the file. Everything else in it — header,
 * labels, digits, dates, commas, quotes, the apostrophe before a formula —
 * fits by construction, so when this says yes the line-numbered pass
 * (unencodableInExport) would find nothing; it runs only when this says no.
 */
export async function exportTextsFit(db: Database, scope: DocumentScope, query: ExportQuery): Promise<boolean> {
  const where = listConditions(scope, query);
  const fits = (text: string) => unencodableInCp932(text, 1, 1).length === 0;
  for (let lastId = 0; ; ) {
    const rows = await db
      .select({ id: documents.id, texts: sql<string>`concat(${documents.number}, ${documents.customerName}, ${documents.customerHonorific}, ${documents.subject})` })
      .from(documents)
      .where(and(where, gt(documents.id, lastId)))
      .orderBy(asc(documents.id))
      .limit(BATCH);
    if (rows.length === 0) return true;
    lastId = rows[rows.length - 1]!.id;
    if (!fits(rows.map((row) => row.texts).join(""))) return false;
    if (query.content === "lines") {
      const l = documentLines;
      const [result] = await rowsOf<{ texts: string }>(
        db,
        sql`select coalesce(string_agg(concat(${l.description}, ${l.unit}), ''), '') as texts from ${l} where ${l.documentId} = any(${`{${rows.map((row) => row.id).join(",")}}`}::int[])`,
      );
      if (!fits(result!.texts)) return false;
    }
  }
}
