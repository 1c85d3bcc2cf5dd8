import { Router } from "express";
import { eq } from "drizzle-orm";
import { tenantOf } from "../auth";
import type { Database } from "../db/client";
import { companyPlans, paymentInfos, paymentServiceUsers, plans } from "../db/schema";
import { todayJst } from "../../domain/datetime";
import { planStatusOn, previousPlanOn, retainedUntil } from "../../domain/plans";
import { notFound } from "../errors";
import { planStateOf } from "../accounts/store";
import { requireMember } from "../membership";
import { handler } from "./handler";

/** The caller's payment service user, plan info and payment info (SPEC §7). */
export function userServiceRoutes(db: Database, now: () => Date = () => new Date()): Router {
  const router = Router();

  router.get(
    "/user_service/me",
    handler(async (req, res) => {
      const tenant = tenantOf(req.caller);
      const [user] = await db
        .select()
        .from(paymentServiceUsers)
        .where(eq(paymentServiceUsers.userUniqueCode, req.caller!.userUniqueCode))
        .limit(1);
      if (!user || user.companyUniqueCode !== tenant) {
        throw notFound("決済サービスのユーザーが見つかりません。");
      }
      res.json(user);
    }),
  );

  router.get(
    "/user_service/planinfo",
    handler(async (req, res) => {
      // A payment user made invalid (role 0) sees nothing of the company, its plan included.
      const company = await requireMember(db, req, { write: false });
      const [row] = await db
        .select({ plan: companyPlans, amounts: plans })
        .from(companyPlans)
        .leftJoin(plans, eq(plans.planId, companyPlans.planId))
        .where(eq(companyPlans.companyUniqueCode, company))
        .limit(1);
      if (!row) throw notFound("プラン情報が見つかりません。");
      const { plan, amounts } = row;
      const today = todayJst(now());
      const state = planStateOf(plan);
      const status = planStatusOn(state, today);
      const previousPlanId = previousPlanOn(state, today);
      const [previous] = previousPlanId === null ? [] : await db.select().from(plans).where(eq(plans.planId, previousPlanId)).limit(1);
      // This month is charged at the plan it began with; a change made this month is charged from its first charged day.
      const charged = previous ?? amounts;
      res.json({
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
      });
    }),
  );

  router.get(
    "/payment_company/list",
    handler(async (req, res) => {
      const company = await requireMember(db, req, { write: false });
      res.json(await db.select().from(paymentInfos).where(eq(paymentInfos.companyUniqueCode, company)));
    }),
  );

  return router;
}
