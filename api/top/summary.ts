import { aliasedTable, and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, notExists, or, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { todayJst } from "../../domain/datetime";
import { DOCUMENT_KINDS } from "../../domain/document-kinds";
import { planStatusOn } from "../../domain/plans";
import { resolvePeriod, type ResolvedPeriod } from "../../domain/reports";
import { planStateOf } from "../accounts/store";
import type { Database } from "../db/client";
import { bankNotices, companyPlans, documentMails, documents, plans } from "../db/schema";
import { inScope, inScopePlaceholders, reachOf, scopeValues, type DocumentScope, type Reach } from "../documents/scope";
import { preparedPerHandle } from "../db/prepared";
import { type ReportCache } from "../reports/cache";
import { receivablesDue } from "../reports/receivables";
import { salesConditions } from "../reports/sales";
import { decimal, fromUnits, toUnits } from "../reports/money";

/** A prepared statement for each reach of a scope. */
const byReach = <Statement>(make: (reach: Reach) => Statement): Record<Reach, Statement> => ({ company: make("company"), own: make("own") });

/** Estimates still waiting for the customer's answer: 未受注 and 確認中. */
const AWAITING_ANSWER = [1, 4];
const LATEST_DOCUMENTS = 5;
const MAIL_ERRORS_SHOWN = 5;
/** Send errors older than this are history, not something to act on from TOP. */
const MAIL_ERROR_DAYS = 30;

/** This month's and last month's sales (the sales report's definition, decision 028), exact. */
async function monthlySales(db: Database, scope: DocumentScope, today: string) {
  const month = async (key: "this_month" | "last_month") => {
    // A calendar month: the business year plays no part in it.
    const period = resolvePeriod(key, today, 3) as ResolvedPeriod;
    const [row] = await db
      .select({ count: count(), taxExcluded: sql<string>`coalesce(sum(${documents.taxExcluded}), 0)::text`, taxIncluded: sql<string>`coalesce(sum(${documents.taxIncluded}), 0)::text` })
      .from(documents)
      .where(salesConditions(scope, period));
    return { from: period.from!, to: period.to!, count: Number(row!.count), taxExcluded: decimal(row!.taxExcluded), taxIncluded: decimal(row!.taxIncluded) };
  };
  const [thisMonth, lastMonth] = await Promise.all([month("this_month"), month("last_month")]);
  return { thisMonth, lastMonth, difference: fromUnits(toUnits(thisMonth.taxIncluded) - toUnits(lastMonth.taxIncluded)) };
}

async function awaitingEstimates(db: Database, scope: DocumentScope) {
  const [row] = await db
    .select({ count: count(), taxIncluded: sql<string>`coalesce(sum(${documents.taxIncluded}), 0)::text` })
    .from(documents)
    .where(and(inScope(scope), eq(documents.kind, "estimate"), isNotNull(documents.issuedAt), isNull(documents.voidedAt), inArray(documents.status, AWAITING_ANSWER)));
  return { count: Number(row!.count), taxIncluded: decimal(row!.taxIncluded) };
}

/** The last documents changed, of every kind: a short index walk per kind, merged in one statement. */
const latestStatements = byReach((reach) =>
  preparedPerHandle((db: Database) => {
    const [first, second, ...others] = DOCUMENT_KINDS.map((kind) =>
      db
        .select({ id: documents.id, kind: documents.kind, number: documents.number, customerName: documents.customerName, status: documents.status, taxIncluded: documents.taxIncluded, issueDate: documents.issueDate, issuedAt: documents.issuedAt, voidedAt: documents.voidedAt, updatedAt: documents.updatedAt })
        .from(documents)
        .where(and(inScopePlaceholders(reach), eq(documents.kind, kind.id)))
        .orderBy(desc(documents.updatedAt), desc(documents.id))
        .limit(LATEST_DOCUMENTS),
    );
    return unionAll(first!, second!, ...others)
      .orderBy(desc(documents.updatedAt), desc(documents.id))
      .limit(LATEST_DOCUMENTS);
  }),
);

async function latestDocuments(db: Database, scope: DocumentScope) {
  const rows = await latestStatements[reachOf(scope)](db).execute(scopeValues(scope));
  return rows.map((row) => ({ ...row, taxIncluded: decimal(row.taxIncluded) }));
}

/** Sends that failed in the last days and were not followed by another send of the same document. */
const mailErrorStatements = byReach((reach) =>
  preparedPerHandle((db: Database) => {
    const later = aliasedTable(documentMails, "later_mail");
    const where = and(
      eq(documentMails.companyUniqueCode, sql.placeholder("tenant")),
      gte(documentMails.createdAt, sql.placeholder("since")),
      eq(documentMails.status, "error"),
      inScopePlaceholders(reach),
      notExists(
        db
          .select({ id: later.id })
          .from(later)
          .where(and(eq(later.documentId, documentMails.documentId), gt(later.id, documentMails.id))),
      ),
    );
    // The count of all of them comes with the first few, counted before the limit (a window over the whole selection).
    return db
      .select({ mailId: documentMails.id, documentId: documents.id, kind: documents.kind, number: documents.number, customerName: documents.customerName, lastError: documentMails.lastError, at: documentMails.createdAt, total: sql<string>`count(*) over ()` })
      .from(documentMails)
      .innerJoin(documents, eq(documents.id, documentMails.documentId))
      .where(where)
      .orderBy(desc(documentMails.createdAt))
      .limit(MAIL_ERRORS_SHOWN);
  }),
);

async function mailErrors(db: Database, scope: DocumentScope, now: Date) {
  const since = new Date(now.getTime() - MAIL_ERROR_DAYS * 86_400_000).toISOString();
  const rows = await mailErrorStatements[reachOf(scope)](db).execute({ ...scopeValues(scope), since });
  return { count: Number(rows[0]?.total ?? 0), items: rows.map(({ total: _total, ...row }) => row) };
}

/** The bank's notices published today (maintenance windows, terms changes, news), not withdrawn. */
const noticesStatement = preparedPerHandle((db: Database) =>
  db
    .select({ id: bankNotices.id, kind: bankNotices.kind, title: bankNotices.title, body: bankNotices.body, startsAt: bankNotices.startsAt, endsAt: bankNotices.endsAt, publishFrom: bankNotices.publishFrom })
    .from(bankNotices)
    .where(
      and(
        eq(bankNotices.bankCode, sql.placeholder("bankCode")),
        lte(bankNotices.publishFrom, sql.placeholder("today")),
        or(isNull(bankNotices.publishUntil), gte(bankNotices.publishUntil, sql.placeholder("today"))),
        isNull(bankNotices.withdrawnAt),
      ),
    )
    .orderBy(desc(bankNotices.publishFrom), desc(bankNotices.id))
    .limit(5),
);

const noticesOf = (db: Database, bankCode: string, today: string) => noticesStatement(db).execute({ bankCode, today });

const DAY_MS = 86_400_000;

const planStatement = preparedPerHandle((db: Database) =>
  db
    .select({ plan: companyPlans, planName: plans.planName })
    .from(companyPlans)
    .leftJoin(plans, eq(plans.planId, companyPlans.planId))
    .where(eq(companyPlans.companyUniqueCode, sql.placeholder("tenant")))
    .limit(1),
);

/** Where the plan stands: trial days left before the first charged day, or the day a pending cancellation ends the service. */
async function planOf(db: Database, tenant: string, today: string) {
  const [row] = await planStatement(db).execute({ tenant });
  if (!row) return null;
  const status = planStatusOn(planStateOf(row.plan), today);
  const trialDaysLeft = (status === "free_term" || status === "campaign") && row.plan.startDate ? Math.round((Date.parse(row.plan.startDate) - Date.parse(today)) / DAY_MS) : null;
  return { planId: row.plan.planId, planName: row.planName, status, chargedFrom: row.plan.startDate, trialDaysLeft, withdrawalDate: status === "cancellation_pending" ? row.plan.withdrawalDate : null };
}

/**
 * TOP's figures (issue 18): how the month is going and who owes what, what
 * waits for an answer or failed, and what the bank says. The aggregates are
 * kept per list version as the reports keep theirs, so TOP costs about what a
 * list page does; the short lists come straight from their indexes.
 */
export async function topSummary(db: Database, cache: ReportCache, scope: DocumentScope, bankCode: string, now = new Date()) {
  const today = todayJst(now);
  const key = ["top", scope.tenant, scope.createdBy ?? "", today].join("|");
  // The figures under both kinds' versions, read in one statement: an estimate's change computes the invoices' again too, which a view of TOP seldom meets.
  const [{ estimates, ...figures }, latest, mails, notices, plan] = await Promise.all([
    cache.get(db, scope.tenant, ["invoice", "estimate"], key, async () => ({
      sales: await monthlySales(db, scope, today),
      receivables: await receivablesDue(db, scope, today),
      estimates: await awaitingEstimates(db, scope),
    })),
    latestDocuments(db, scope),
    mailErrors(db, scope, now),
    noticesOf(db, bankCode, today),
    planOf(db, scope.tenant, today),
  ]);
  return { today, ...figures, awaitingEstimates: estimates, latestDocuments: latest, mailErrors: mails, notices, plan };
}
