import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  AGING_BUCKETS,
  RECEIVABLES_PER_PAGE,
  agingBucketOf,
  type AgingAmounts,
  type AgingBucket,
  type CustomerRow,
  type ReceivablesCustomer,
  type ReceivablesReport,
  type ReceivableInvoice,
  type ResolvedPeriod,
} from "../../domain/reports";
import type { Database } from "../db/client";
import { documents, payments } from "../db/schema";
import { clearedSum, notCancelled } from "../payments/cleared";
import type { DocumentScope } from "../documents/scope";
import { customerKey, documentsIn, splitTop } from "./common";
import { decimal, fromUnits, toUnits } from "./money";

/** 請求済, 未入金 and 確認中: billed and not 入金済 (a draft is 未請求 and owes nothing yet). */
export const UNPAID_STATUSES = [2, 3, 5];

/** The invoice a credit note cancels: its due date is the credit note's, which has none of its own. */
const source = alias(documents, "source");

/**
 * The date an amount falls due: the invoice's due date; for a credit note
 * (赤伝) without one, that of the invoice it cancels; else its issue date.
 */
const dueDate = sql<string>`coalesce(${documents.dueDate}, ${source.dueDate}, ${documents.issueDate})`;

export const receivablesConditions = (scope: DocumentScope, period: ResolvedPeriod) =>
  documentsIn(scope, "invoice", period, inArray(documents.status, UNPAID_STATUSES), isNull(documents.voidedAt));

/**
 * What is still owed (未回収額): the amount due less the payments not cancelled, with the fees their payers
 * deducted (decision 033). A partly paid invoice stays unpaid for what is left; a credit note has no payments.
 */
const outstanding = sql<string>`(${documents.amountDue} - (select ${clearedSum} from ${payments} where ${payments.documentId} = ${documents.id} and ${notCancelled}))`;

const daysPastDue = (asOf: string) => sql<number>`(${asOf}::date - ${dueDate})`;

function bucketSums(asOf: string) {
  const days = daysPastDue(asOf);
  const sumWhere = (condition: SQL) => sql<string>`coalesce(sum(case when ${condition} then ${outstanding} else 0 end), 0)::text`;
  return {
    count: count(),
    amount: sql<string>`coalesce(sum(${outstanding}), 0)::text`,
    current: sumWhere(sql`${days} <= 0`),
    d1_30: sumWhere(sql`${days} between 1 and 30`),
    d31_60: sumWhere(sql`${days} between 31 and 60`),
    d61_90: sumWhere(sql`${days} between 61 and 90`),
    over_90: sumWhere(sql`${days} > 90`),
  };
}

type Summed = { count: number; amount: string } & Record<AgingBucket, string>;

const agingOf = (row: Summed): AgingAmounts => ({
  count: Number(row.count),
  amount: decimal(row.amount),
  ...(Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, decimal(row[bucket])])) as Record<AgingBucket, string>),
});

function added(rows: AgingAmounts[]): AgingAmounts {
  const total = (pick: (row: AgingAmounts) => string) => fromUnits(rows.reduce((sum, row) => sum + toUnits(pick(row)), 0n));
  return {
    count: rows.reduce((sum, row) => sum + row.count, 0),
    amount: total((row) => row.amount),
    ...(Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, total((row) => row[bucket])])) as Record<AgingBucket, string>),
  };
}

/** Every unpaid invoice, whenever issued (the business year plays no part in "all"). */
const EVERY_UNPAID: ResolvedPeriod = { key: "all", from: null, to: null, fiscal_year_end_month: 3 };

/** All that is unpaid on `asOf` and the part of it past due, each as a count of invoices and an amount: TOP's figures. */
export async function receivablesDue(db: Database, scope: DocumentScope, asOf: string) {
  const overdue = sql`${daysPastDue(asOf)} > 0`;
  const [row] = await db
    .select({
      count: count(),
      amount: sql<string>`coalesce(sum(${outstanding}), 0)::text`,
      overdueCount: sql<number>`count(*) filter (where ${overdue})`,
      overdueAmount: sql<string>`coalesce(sum(${outstanding}) filter (where ${overdue}), 0)::text`,
    })
    .from(documents)
    .leftJoin(source, eq(source.id, documents.creditNoteOf))
    .where(receivablesConditions(scope, EVERY_UNPAID));
  return {
    unpaid: { count: Number(row!.count), amount: decimal(row!.amount) },
    overdue: { count: Number(row!.overdueCount), amount: decimal(row!.overdueAmount) },
  };
}

/** The customers' aging table (every customer, largest first) and the total: what does not depend on the page. */
export async function receivablesSummary(db: Database, scope: DocumentScope, period: ResolvedPeriod, asOf: string) {
  const rows = await db
    .select({ key: customerKey, customerId: sql<number | null>`max(${documents.customerId})`, customerName: sql<string>`min(${documents.customerName})`, ...bucketSums(asOf) })
    .from(documents)
    .leftJoin(source, eq(source.id, documents.creditNoteOf))
    .where(receivablesConditions(scope, period))
    .groupBy(customerKey);
  const customers: ReceivablesCustomer[] = rows.map((row) => ({ key: row.key, customer_id: row.customerId === null ? null : Number(row.customerId), customer_name: row.customerName, ...agingOf(row) }));
  const { top, rest } = splitTop(customers, (row) => row.amount);
  return { total: added(customers), customers: top, others: rest.length === 0 ? null : { customers: rest.length, ...added(rest) }, allCustomers: [...top, ...rest] };
}

/** Unpaid invoices, longest overdue first, optionally of one customer; a page of them, or all (`page` null) for the CSV. */
export async function receivableInvoices(db: Database, scope: DocumentScope, period: ResolvedPeriod, asOf: string, customer: string | null, page: number | null) {
  const where = and(receivablesConditions(scope, period), customer ? eq(customerKey, customer) : undefined)!;
  const days = daysPastDue(asOf);
  const query = db
    .select({
      id: documents.id,
      number: documents.number,
      customerName: documents.customerName,
      issueDate: documents.issueDate,
      dueDate: sql<string>`to_char(${dueDate}, 'YYYY-MM-DD')`,
      days,
      status: documents.status,
      outstanding,
      creditNoteOf: documents.creditNoteOf,
    })
    .from(documents)
    .leftJoin(source, eq(source.id, documents.creditNoteOf))
    .where(where)
    .orderBy(desc(days), asc(documents.issueDate), asc(documents.id));
  const rows = page === null ? await query : await query.limit(RECEIVABLES_PER_PAGE).offset((page - 1) * RECEIVABLES_PER_PAGE);
  const items: ReceivableInvoice[] = rows.map((row) => ({
    id: row.id,
    number: row.number,
    customer_name: row.customerName,
    issue_date: row.issueDate,
    due_date: row.dueDate,
    days_past_due: Number(row.days),
    bucket: agingBucketOf(Number(row.days)),
    status: row.status,
    amount_due: decimal(row.outstanding),
    credit_note_of: row.creditNoteOf,
  }));
  return items;
}

/** 売掛金: unpaid invoices issued in the period (all by default), aged on `asOf` by due date, by customer and one by one. */
export async function receivablesReport(
  db: Database,
  scope: DocumentScope,
  period: ResolvedPeriod,
  asOf: string,
  customer: string | null,
  page: number,
): Promise<ReceivablesReport & { allCustomers: ReceivablesCustomer[] }> {
  const [summary, items] = await Promise.all([receivablesSummary(db, scope, period, asOf), receivableInvoices(db, scope, period, asOf, customer, page)]);
  const chosen: CustomerRow | null = customer ? (summary.allCustomers.find((row) => row.key === customer) ?? null) : null;
  const invoiceCount = customer ? (chosen ? (summary.allCustomers.find((row) => row.key === customer)?.count ?? 0) : 0) : summary.total.count;
  return {
    period,
    as_of: asOf,
    total: summary.total,
    customers: summary.customers,
    others: summary.others,
    allCustomers: summary.allCustomers,
    customer: chosen ? { key: chosen.key, customer_id: chosen.customer_id, customer_name: chosen.customer_name } : null,
    invoices: { items, total: invoiceCount, page, per_page: RECEIVABLES_PER_PAGE },
  };
}
