import { and, asc, gt, inArray } from "drizzle-orm";
import { MATCH_RESULTS } from "../../domain/codes";
import { serializeCsv } from "../../domain/csv";
import { RECEIVED_ORIGINS } from "../../domain/received-documents";
import type { Database } from "../db/client";
import { receivedDocumentFiles, receivedDocuments } from "../db/schema";
import type { ReceiveScope } from "../membership";
import { LIST_COLUMNS, receivedConditions, type ReceivedListQuery } from "./list-query";

const CSV_HEADER = ["ID", "取引年月日", "金額（税込）", "10%対象（税込）", "10%消費税", "8%対象（税込）", "8%消費税", "0%・非課税（税込）", "取引先", "登録番号", "照合結果", "仕入税額控除", "書類番号", "支払期日", "受領の形態", "備考", "ファイル数", "登録日時", "更新日時", "削除"];

/** Rows per query: an export's memory stays the same for any number of documents. */
const BATCH = 1000;

/** The filtered received documents as CSV pages of text, read in batches by id. */
export async function* receivedCsvPages(db: Database, scope: ReceiveScope, query: ReceivedListQuery): AsyncGenerator<string> {
  yield serializeCsv([CSV_HEADER]);
  const where = receivedConditions(scope, query);
  const r = receivedDocuments;
  for (let lastId = 0; ; ) {
    const rows = await db
      .select({ ...LIST_COLUMNS, amount10: r.amount10, tax10: r.tax10, amount8: r.amount8, tax8: r.tax8, amount0: r.amount0, creditLabel: r.creditLabel, dueDate: r.dueDate, notes: r.notes, createdAt: r.createdAt, updatedAt: r.updatedAt })
      .from(r)
      .where(and(where, gt(r.id, lastId)))
      .orderBy(asc(r.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    lastId = rows[rows.length - 1]!.id;
    const counts = await db
      .select({ documentId: receivedDocumentFiles.documentId, fileId: receivedDocumentFiles.id, removed: receivedDocumentFiles.removedInVersion })
      .from(receivedDocumentFiles)
      .where(inArray(receivedDocumentFiles.documentId, rows.map((row) => row.id)));
    const text = (value: number | string | null) => (value === null ? "" : String(value));
    yield serializeCsv(
      rows.map((row) => [
        String(row.id),
        row.transactionDate,
        String(row.amount),
        text(row.amount10),
        text(row.tax10),
        text(row.amount8),
        text(row.tax8),
        text(row.amount0),
        row.supplierName,
        text(row.registrationNumber),
        MATCH_RESULTS.find((result) => result.id === row.matchResult)?.label ?? "",
        text(row.creditLabel),
        text(row.documentNumber),
        text(row.dueDate),
        RECEIVED_ORIGINS.find((origin) => origin.id === row.origin)?.label ?? row.origin,
        text(row.notes),
        String(counts.filter((file) => file.documentId === row.id && file.removed === null).length),
        row.createdAt.toISOString(),
        row.updatedAt.toISOString(),
        row.deletedAt ? "削除済" : "",
      ]),
    );
  }
}
