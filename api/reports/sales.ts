import { count, isNull, ne, sql } from "drizzle-orm";
import { monthsBetween, type ResolvedPeriod, type SalesAmounts, type SalesCustomer, type SalesReport } from "../../domain/reports";
import type { Database } from "../db/client";
import { documents } from "../db/schema";
import type { DocumentScope } from "../documents/scope";
import { customerKey, documentsIn, monthOf, splitTop } from "./common";
import { decimal, sumOf } from "./money";

/**
 * 売上 (docs/decisions/028): billed invoices — every status but 未請求, which
 * only a draft holds — not voided, by issue date; a credit note (赤伝) is an
 * invoice of negative amounts, so it is subtracted in the month it was issued.
 */
export const salesConditions = (scope: DocumentScope, period: ResolvedPeriod) => documentsIn(scope, "invoice", period, ne(documents.status, 1), isNull(documents.voidedAt));

const AMOUNTS = {
  count: count(),
  taxExcluded: sql<string>`coalesce(sum(${documents.taxExcluded}), 0)::text`,
  tax: sql<string>`coalesce(sum(${documents.tax}), 0)::text`,
  taxIncluded: sql<string>`coalesce(sum(${documents.taxIncluded}), 0)::text`,
};

type Summed = { count: number; taxExcluded: string; tax: string; taxIncluded: string };

const amountsOf = (row: Summed): SalesAmounts => ({ count: Number(row.count), tax_excluded: decimal(row.taxExcluded), tax: decimal(row.tax), tax_included: decimal(row.taxIncluded) });

const added = (rows: SalesAmounts[]): SalesAmounts => ({
  count: rows.reduce((sum, row) => sum + row.count, 0),
  tax_excluded: sumOf(rows.map((row) => row.tax_excluded)),
  tax: sumOf(rows.map((row) => row.tax)),
  tax_included: sumOf(rows.map((row) => row.tax_included)),
});

/** Every customer of the period with its sums, largest (tax excluded) first: the CSV's rows; the page shows the first 20. */
export async function salesReport(db: Database, scope: DocumentScope, period: ResolvedPeriod & { from: string; to: string }): Promise<SalesReport & { allCustomers: SalesCustomer[] }> {
  const where = salesConditions(scope, period);
  const month = monthOf(documents.issueDate);
  const [byMonth, byCustomer] = await Promise.all([
    db.select({ month, ...AMOUNTS }).from(documents).where(where).groupBy(month),
    db
      .select({ key: customerKey, customerId: sql<number | null>`max(${documents.customerId})`, customerName: sql<string>`min(${documents.customerName})`, ...AMOUNTS })
      .from(documents)
      .where(where)
      .groupBy(customerKey),
  ]);
  const found = new Map(byMonth.map((row) => [row.month, amountsOf(row)]));
  const empty = { count: 0, tax_excluded: "0", tax: "0", tax_included: "0" };
  const months = monthsBetween(period.from, period.to).map((key) => ({ month: key, ...(found.get(key) ?? empty) }));
  const customers = byCustomer.map((row) => ({ key: row.key, customer_id: row.customerId === null ? null : Number(row.customerId), customer_name: row.customerName, ...amountsOf(row) }));
  const { top, rest } = splitTop(customers, (row) => row.tax_excluded);
  return {
    period,
    total: added(months),
    months,
    customers: top,
    others: rest.length === 0 ? null : { customers: rest.length, ...added(rest) },
    allCustomers: [...top, ...rest],
  };
}
