import { and, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import type { DocumentKind } from "../../domain/document-kinds";
import { TOP_CUSTOMERS, type ResolvedPeriod } from "../../domain/reports";
import type { Database } from "../db/client";
import { companies, documents } from "../db/schema";
import { inScope, type DocumentScope } from "../documents/scope";
import { toUnits } from "./money";

/** The company's business year end (1–12); March when it has no profile yet. */
export async function fiscalYearEndMonthOf(db: Database, tenant: string): Promise<number> {
  const [company] = await db.select({ month: companies.fiscalYearEndMonth }).from(companies).where(eq(companies.companyUniqueCode, tenant)).limit(1);
  return company?.month ?? 3;
}

/** Issued documents of a kind in the caller's scope, with a date column inside the period (none for "all"). */
export function documentsIn(scope: DocumentScope, kind: DocumentKind, period: ResolvedPeriod, ...more: SQL[]): SQL {
  return and(
    inScope(scope),
    eq(documents.kind, kind),
    period.from ? gte(documents.issueDate, period.from) : undefined,
    period.to ? lte(documents.issueDate, period.to) : undefined,
    ...more,
  )!;
}

/** YYYY-MM of a date column: the month a figure belongs to. */
export const monthOf = (column: SQL | typeof documents.issueDate) => sql<string>`to_char(${column}, 'YYYY-MM')`;

/**
 * A customer as the report groups it: the master record the document refers
 * to ("c:<id>"), or, for a name typed without one, that name ("n:<name>").
 */
export const customerKey = sql<string>`case when ${documents.customerId} is null then 'n:' || ${documents.customerName} else 'c:' || ${documents.customerId}::text end`;

/** The top rows by an amount and the rest, as the tables show them: the first TOP_CUSTOMERS, then 「その他」. */
export function splitTop<T>(rows: T[], amount: (row: T) => string): { top: T[]; rest: T[] } {
  const sorted = [...rows].sort((a, b) => {
    const difference = toUnits(amount(b)) - toUnits(amount(a));
    return difference > 0n ? 1 : difference < 0n ? -1 : 0;
  });
  return { top: sorted.slice(0, TOP_CUSTOMERS), rest: sorted.slice(TOP_CUSTOMERS) };
}

/** A period's part of a cache key. */
export const periodKey = (period: ResolvedPeriod) => `${period.from ?? ""}..${period.to ?? ""}`;
