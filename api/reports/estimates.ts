import { count, isNull, sql } from "drizzle-orm";
import { ESTIMATE_STATUSES } from "../../domain/list-codes";
import { monthsBetween, percentOf, type EstimateMonth, type EstimatesReport, type ResolvedPeriod } from "../../domain/reports";
import type { Database } from "../db/client";
import { documents } from "../db/schema";
import type { DocumentScope } from "../documents/scope";
import { documentsIn, monthOf } from "./common";
import { decimal, sumOf } from "./money";

const WON = 2;
const LOST = 3;

/** Estimates of the period by issue date, not voided, drafts included (a draft is 未受注 until it is answered), as the estimate list counts them. */
export const estimatesConditions = (scope: DocumentScope, period: ResolvedPeriod) => documentsIn(scope, "estimate", period, isNull(documents.voidedAt));

/**
 * 見積 (docs/decisions/028): count and amount (tax excluded) by outcome; by
 * month the win rate, 受注 / (受注 + 失注) — estimates still open (未受注,
 * 確認中) are not yet a win or a loss — and the amount won.
 */
export async function estimatesReport(db: Database, scope: DocumentScope, period: ResolvedPeriod & { from: string; to: string }): Promise<EstimatesReport> {
  const month = monthOf(documents.issueDate);
  const rows = await db
    .select({ month, status: documents.status, count: count(), taxExcluded: sql<string>`coalesce(sum(${documents.taxExcluded}), 0)::text` })
    .from(documents)
    .where(estimatesConditions(scope, period))
    .groupBy(month, documents.status);
  const of = (filter: (row: (typeof rows)[number]) => boolean) => rows.filter(filter);
  const counted = (list: typeof rows) => list.reduce((sum, row) => sum + Number(row.count), 0);
  const summarize = (list: typeof rows) => {
    const won = counted(list.filter((row) => row.status === WON));
    const lost = counted(list.filter((row) => row.status === LOST));
    const all = counted(list);
    return { count: all, won, lost, pending: all - won - lost, win_rate: percentOf(won, won + lost), won_amount: sumOf(list.filter((row) => row.status === WON).map((row) => row.taxExcluded)) };
  };
  const months: EstimateMonth[] = monthsBetween(period.from, period.to).map((key) => ({ month: key, ...summarize(of((row) => row.month === key)) }));
  // 受注, 失注, 未受注, 確認中: the outcomes first, as the issue names them.
  const order = [WON, LOST, 1, 4];
  const outcomes = order.map((status) => {
    const list = of((row) => row.status === status);
    return { status, label: ESTIMATE_STATUSES.find((code) => code.id === status)!.label, count: counted(list), tax_excluded: decimal(sumOf(list.map((row) => row.taxExcluded))) };
  });
  return { period, outcomes, months, total: summarize(rows) };
}
