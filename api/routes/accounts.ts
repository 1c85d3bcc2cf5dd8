import { Router, type Request } from "express";
import { eq } from "drizzle-orm";
import { accountVersionInputSchema, planChangeInputSchema, registrationInputSchema } from "../../domain/account-input";
import { todayJst } from "../../domain/datetime";
import { changedPlanChargedFrom, planChangeRefusal, type PlanChangeKind, type PlanChangeRefusal } from "../../domain/plans";
import { tenantOf } from "../auth";
import { idTokenOf, type BankService } from "../bank-service";
import type { Database } from "../db/client";
import { companyPlanOf, offeredPlans, planStateOf } from "../accounts/store";
import { cancelSubscription, register, registrationOptions, withdrawCancellation } from "../accounts/subscription";
import { companyPlanHistory, companyPlans, paymentInfos, paymentServiceUsers } from "../db/schema";
import { conflict, forbidden, planChangedThisMonth, subscriptionCanceled, validationFailed } from "../errors";
import { requireOwner } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";

function refusalError(refusal: PlanChangeRefusal) {
  switch (refusal) {
    case "subscription_canceled":
      return subscriptionCanceled();
    case "plan_changed":
      return planChangedThisMonth();
    case "ended":
      return forbidden("ご利用期間が終了しています。プランを変更するには、もう一度お申し込みください。");
    case "already_receiving":
      return conflict("すでに受取機能を含むプランをご利用中です。プランの変更からお手続きください。");
    case "same_plan":
      return validationFailed({ plan_id: ["現在ご利用中のプランです。別のプランを選択してください"] });
    case "not_offered":
      return validationFailed({ plan_id: ["このプランはお選びいただけません"] });
    case "adds_receiving":
      return validationFailed({ plan_id: ["受取機能を含むプランへは、「受取機能を追加する」からお申し込みください"] });
  }
}

/**
 * Plan registration, plan change and cancellation (SPEC §2 /accounts, ADR
 * 022). Registration is open to the bank's company owner before the company
 * has a payment user; everything else to the company's owner.
 */
export function accountRoutes(db: Database, bankService: BankService, now: () => Date = () => new Date()): Router {
  const router = Router();
  const today = () => todayJst(now());

  router.get(
    "/accounts/registration",
    handler(async (req, res) => {
      const company = tenantOf(req.caller);
      res.json(await registrationOptions(db, bankService, { caller: req.caller!, company, idToken: idTokenOf(req) }, today()));
    }),
  );

  router.post(
    "/accounts/registration",
    handler(async (req, res) => {
      const company = tenantOf(req.caller);
      // The bank's company owner registers the company; a company user waits to be enabled by them.
      if (req.caller!.userType !== "company_owner") throw forbidden("プランのお申し込みは企業の代表者（オーナー）が行います。");
      const input = parseBody(registrationInputSchema, req.body);
      const schedule = await register(db, bankService, { caller: req.caller!, company, idToken: idTokenOf(req) }, input, today());
      res.status(201).json({ planId: input.plan_id, ...schedule });
    }),
  );

  /** What addplan or changeplan may offer today; 403 (its variant) when the company may not change now. */
  const planChangeOptions = async (req: Request, kind: PlanChangeKind) => {
    const company = await requireOwner(db, req);
    const day = today();
    const [current, offered] = await Promise.all([companyPlanOf(db, company), offeredPlans(db, req.caller!.bankCode)]);
    if (!current) throw forbidden("プランのお申し込みがありません。");
    const state = planStateOf(current);
    const refusal = planChangeRefusal(state, day, { kind, offeredPlanIds: offered.map((plan) => plan.planId) });
    if (refusal) throw refusalError(refusal);
    return { company, current, state, offered, day };
  };

  for (const kind of ["addplan", "changeplan"] as const) {
    router.get(
      `/accounts/${kind}`,
      handler(async (req, res) => {
        const { current, state, offered, day } = await planChangeOptions(req, kind);
        res.json({
          currentPlan: offered.find((plan) => plan.planId === current.planId) ?? null,
          currentPlanId: current.planId,
          version: current.version,
          plans: offered.filter((plan) => planChangeRefusal(state, day, { kind, planId: plan.planId, offeredPlanIds: [plan.planId] }) === null),
          chargedFrom: changedPlanChargedFrom(state, day),
        });
      }),
    );

    router.post(
      `/accounts/${kind}`,
      handler(async (req, res) => {
        const company = await requireOwner(db, req);
        const input = parseBody(planChangeInputSchema, req.body);
        const day = today();
        const changed = await db.transaction(async (tx) => {
          const current = await companyPlanOf(tx, company, { forUpdate: true });
          if (!current) throw forbidden("プランのお申し込みがありません。");
          const state = planStateOf(current);
          const offered = await offeredPlans(tx, req.caller!.bankCode);
          const refusal = planChangeRefusal(state, day, { kind, planId: input.plan_id, offeredPlanIds: offered.map((plan) => plan.planId) });
          if (refusal) throw refusalError(refusal);
          if (current.version !== input.version) throw conflict("プランは別の画面で変更されています。最新の内容をご確認ください。");
          await tx
            .update(companyPlans)
            .set({ planId: input.plan_id, previousPlanId: current.planId, isPlanChanged: true, planChangedOn: day, version: current.version + 1, updatedAt: new Date() })
            .where(eq(companyPlans.companyUniqueCode, company));
          await tx.update(paymentInfos).set({ planId: input.plan_id, updatedAt: new Date() }).where(eq(paymentInfos.companyUniqueCode, company));
          await tx.update(paymentServiceUsers).set({ planId: input.plan_id }).where(eq(paymentServiceUsers.companyUniqueCode, company));
          await tx.insert(companyPlanHistory).values({ companyUniqueCode: company, event: kind, planId: input.plan_id, previousPlanId: current.planId, userUniqueCode: req.caller!.userUniqueCode });
          return { planId: input.plan_id, previousPlanId: current.planId, chargedFrom: changedPlanChargedFrom(state, day) };
        });
        res.json(changed);
      }),
    );
  }

  router.post(
    "/accounts/cancellation",
    handler(async (req, res) => {
      const company = await requireOwner(db, req);
      const input = parseBody(accountVersionInputSchema, req.body);
      res.json({ withdrawalDate: await cancelSubscription(db, company, req.caller!.userUniqueCode, input.version, today()) });
    }),
  );

  router.post(
    "/accounts/cancellation/withdraw",
    handler(async (req, res) => {
      const company = await requireOwner(db, req);
      const input = parseBody(accountVersionInputSchema, req.body);
      await withdrawCancellation(db, company, req.caller!.userUniqueCode, input.version, today());
      res.status(204).end();
    }),
  );

  return router;
}
