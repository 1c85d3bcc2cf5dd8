import { and, asc, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import type { Campaign, PlanState } from "../../domain/plans";
import type { Database } from "../db/client";
import { bankPlans, companyPlans, freeTrialReservations, plans, terms } from "../db/schema";

/** The product whose terms registration asks to agree to. */
const PRODUCT = "chohyo";

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

/** The latest version of each terms a registering user agrees to: the bank's own for the product (if any), the product's, the ID service's. */
export async function requiredTerms(db: Reader, bankCode: string) {
  const latest = (condition: ReturnType<typeof and>) =>
    db
      .select({ id: terms.id, kind: terms.kind, title: terms.title, version: terms.version, body: terms.body, publishedAt: terms.publishedAt })
      .from(terms)
      .where(condition)
      .orderBy(desc(terms.publishedAt), desc(terms.id))
      .limit(1);
  const found = await Promise.all([
    latest(and(eq(terms.kind, "bank"), eq(terms.product, PRODUCT), eq(terms.bankCode, bankCode))),
    latest(and(eq(terms.kind, "product"), eq(terms.product, PRODUCT), isNull(terms.bankCode))),
    latest(and(eq(terms.kind, "id"))),
  ]);
  return found.flat();
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

