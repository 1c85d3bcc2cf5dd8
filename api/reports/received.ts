import { and, count, gte, isNull, lte, sql } from "drizzle-orm";
import { monthsBetween, percentOf, type ReceivedAmounts, type ReceivedReport, type ReceivedSupplier, type ResolvedPeriod } from "../../domain/reports";
import type { Database } from "../db/client";
import { receivedDocuments } from "../db/schema";
import type { DocumentScope } from "../documents/scope";
import { inReceiveScope } from "../received-documents/list-query";
import { splitTop } from "./common";
import { sumOf } from "./money";

const r = receivedDocuments;

/** Received documents of every kind in the caller's receive scope, not deleted, by transaction date. */
export const receivedReportConditions = (scope: DocumentScope, period: ResolvedPeriod) =>
  and(inReceiveScope(scope), isNull(r.deletedAt), period.from ? gte(r.transactionDate, period.from) : undefined, period.to ? lte(r.transactionDate, period.to) : undefined)!;

const SUMS = {
  count: count(),
  amount: sql<string>`coalesce(sum(${r.amount}), 0)::text`,
  verified: sql<number>`count(*) filter (where ${r.matchResult} = 1)`,
};

const amountsOf = (row: { count: number; amount: string; verified: number }): ReceivedAmounts => {
  const all = Number(row.count);
  const verified = Number(row.verified);
  return { count: all, amount: sumOf([row.amount]), verified, verified_share: percentOf(verified, all) };
};

const added = (rows: ReceivedAmounts[]): ReceivedAmounts =>
  amountsOf({ count: rows.reduce((sum, row) => sum + row.count, 0), amount: sumOf(rows.map((row) => row.amount)), verified: rows.reduce((sum, row) => sum + row.verified, 0) });

/**
 * 受取 (docs/decisions/028): the amounts (tax included, as registered) by
 * month of the transaction date and by supplier, and the share of documents
 * whose registration number the NTA confirmed (match result 1, 一致).
 */
export async function receivedReport(db: Database, scope: DocumentScope, period: ResolvedPeriod & { from: string; to: string }): Promise<ReceivedReport & { allSuppliers: ReceivedSupplier[] }> {
  const where = receivedReportConditions(scope, period);
  const month = sql<string>`to_char(${r.transactionDate}, 'YYYY-MM')`;
  const [byMonth, bySupplier] = await Promise.all([
    db.select({ month, ...SUMS }).from(r).where(where).groupBy(month),
    db.select({ key: r.supplierSearchKey, supplierName: sql<string>`min(${r.supplierName})`, ...SUMS }).from(r).where(where).groupBy(r.supplierSearchKey),
  ]);
  const found = new Map(byMonth.map((row) => [row.month, amountsOf(row)]));
  const months = monthsBetween(period.from, period.to).map((key) => ({ month: key, ...(found.get(key) ?? amountsOf({ count: 0, amount: "0", verified: 0 })) }));
  const suppliers = bySupplier.map((row) => ({ key: row.key, supplier_name: row.supplierName, ...amountsOf(row) }));
  const { top, rest } = splitTop(suppliers, (row) => row.amount);
  return {
    period,
    total: added(months),
    months,
    suppliers: top,
    others: rest.length === 0 ? null : { suppliers: rest.length, ...added(rest) },
    allSuppliers: [...top, ...rest],
  };
}
