import { and, asc, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { Campaign, PlanState } from "../../domain/plans";
import { PRODUCT_SLUG } from "../../domain/terms";
import type { Database } from "../db/client";
import { currentIdTerms, currentProductTermsFor } from "../terms";
import { bankPlans, companyPlans, freeTrialReservations, plans } from "../db/schema";

export type Writer = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Reader = Database | Writer;

/** The plans the caller's bank offers, with their amounts, in the master's order. */
export async function offeredPlans(db: Reader, bankCode: string) {
  return db
    .select({
      planId: plans.planId,
      planName: plans.planName,
      amount: plans.amount,
      totalAmount: plans.totalAmount,
      issueAmount: plans.issueAmount,
      issueTotalAmount: plans.issueTotalAmount,
      receiveAmount: plans.receiveAmount,
      receiveTotalAmount: plans.receiveTotalAmount,
      maxReceiveFiles: plans.maxReceiveFiles,
    })
    .from(bankPlans)
    .innerJoin(plans, eq(plans.planId, bankPlans.planId))
    .where(and(eq(bankPlans.bankCode, bankCode), sql`${plans.planId} > 0`))
    .orderBy(asc(plans.sortOrder), asc(plans.planId));
}

/**
 * The terms a registering user agrees to, in their versions in force: the
 * product's terms as the caller's bank publishes them, and the ID service's (ADR 022).
 */
export async function requiredTerms(db: Database, bankCode: string) {
  const found = await Promise.all([currentProductTermsFor(db, PRODUCT_SLUG, bankCode), currentIdTerms(db)]);
  return found
    .filter((row) => row !== null)
    .map((row) => ({ id: row.id, kind: row.kind, title: row.title, version: row.version, body: row.body, publishedAt: row.publishedAt }));
}

/** A campaign of the bank open today for this company's branch, or for all its new companies. */
export async function openCampaign(db: Reader, bankCode: string, branchCode: string | null, today: string): Promise<(Campaign & { id: number }) | null> {
  const [found] = await db
    .select({ id: freeTrialReservations.id, freeMonths: freeTrialReservations.freeMonths, startDate: freeTrialReservations.startDate, finishDate: freeTrialReservations.finishDate })
    .from(freeTrialReservations)
    .where(
      and(
        eq(freeTrialReservations.bankCode, bankCode),
        isNull(freeTrialReservations.canceledAt),
        lte(freeTrialReservations.startDate, today),
        gte(freeTrialReservations.finishDate, today),
        branchCode ? or(isNull(freeTrialReservations.branchCode), eq(freeTrialReservations.branchCode, branchCode)) : isNull(freeTrialReservations.branchCode),
      ),
    )
    // A branch's own campaign before the bank-wide one.
    .orderBy(sql`${freeTrialReservations.branchCode} is null`, desc(freeTrialReservations.freeMonths))
    .limit(1);
  return found ?? null;
}

export function planStateOf(row: typeof companyPlans.$inferSelect): PlanState {
  return {
    planId: row.planId,
    previousPlanId: row.previousPlanId,
    joinDate: row.joinDate,
    startDate: row.startDate,
    withdrawalDate: row.withdrawalDate,
    isSubscribeCancellation: row.isSubscribeCancellation,
    planChangedOn: row.planChangedOn,
    isCampaignApplied: row.isCampaignApplied,
  };
}

export async function companyPlanOf(db: Reader, company: string, { forUpdate = false } = {}) {
  const query = db.select().from(companyPlans).where(eq(companyPlans.companyUniqueCode, company)).limit(1);
  const [row] = await (forUpdate ? query.for("update") : query);
  return row ?? null;
}

