import { asc, eq } from "drizzle-orm";
import { planStatusOn, previousPlanOn, retainedUntil } from "../../domain/plans";
import type { Database } from "../db/client";
import { companyPlans, paymentInfos, paymentServiceUsers, plans } from "../db/schema";
import { notFound } from "../errors";
import { planStateOf } from "./store";

/** What the company's members read of its plan and payment (SPEC §7 user_service, payment_company). */

/** The caller's payment service user, of the caller's company; 404 otherwise. */
export async function ownPaymentUser(db: Database, tenant: string, userUniqueCode: string) {
  const [user] = await db.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.userUniqueCode, userUniqueCode)).limit(1);
  if (!user || user.companyUniqueCode !== tenant) throw notFound("決済サービスのユーザーが見つかりません。");
  return user;
}

/** The company's plan as of `today`: its status, the amounts charged this month and those of the plan. */
export async function planInfoOf(db: Database, company: string, today: string) {
  const [row] = await db
    .select({ plan: companyPlans, amounts: plans })
    .from(companyPlans)
    .leftJoin(plans, eq(plans.planId, companyPlans.planId))
    .where(eq(companyPlans.companyUniqueCode, company))
    .limit(1);
  if (!row) throw notFound("プラン情報が見つかりません。");
  const { plan, amounts } = row;
  const state = planStateOf(plan);
  const status = planStatusOn(state, today);
  const previousPlanId = previousPlanOn(state, today);
  const [previous] = previousPlanId === null ? [] : await db.select().from(plans).where(eq(plans.planId, previousPlanId)).limit(1);
  // This month is charged at the plan it began with; a change made this month is charged from its first charged day.
  const charged = previous ?? amounts;
  return {
    ...plan,
    previousPlanId,
    isPlanChanged: previousPlanId !== null,
    isFreeTerm: status === "free_term" || status === "campaign",
    isContract: status !== "ended",
    status,
    retainedUntil: plan.withdrawalDate ? retainedUntil(plan.withdrawalDate) : null,
    planName: amounts?.planName ?? "",
    currentAmount: status === "free_term" || status === "campaign" ? 0 : (charged?.amount ?? 0),
    currentTotalAmount: status === "free_term" || status === "campaign" ? 0 : (charged?.totalAmount ?? 0),
    amount: amounts?.amount ?? 0,
    totalAmount: amounts?.totalAmount ?? 0,
    issueAmount: amounts?.issueAmount ?? 0,
    issueTotalAmount: amounts?.issueTotalAmount ?? 0,
    receiveAmount: amounts?.receiveAmount ?? 0,
    receiveTotalAmount: amounts?.receiveTotalAmount ?? 0,
    maxReceiveFiles: amounts?.maxReceiveFiles ?? 0,
  };
}

/** The company's payment information (its method and the plan it pays for). */
export function paymentInfosOf(db: Database, company: string) {
  return db.select().from(paymentInfos).where(eq(paymentInfos.companyUniqueCode, company));
}

/** The plans master, the same for every bank. */
export function planMaster(db: Database) {
  return db.select().from(plans).orderBy(asc(plans.sortOrder), asc(plans.planId));
}
