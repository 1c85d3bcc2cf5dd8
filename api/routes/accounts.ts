import { Router, type Request } from "express";
import { eq, sql } from "drizzle-orm";
import { accountVersionInputSchema, planChangeInputSchema, registrationInputSchema } from "../../domain/account-input";
import { todayJst } from "../../domain/datetime";
import { searchKey } from "../../domain/normalize";
import {
  changedPlanChargedFrom,
  planChangeRefusal,
  planStatusOn,
  registrationTerms,
  withdrawalDateFor,
  type PlanChangeKind,
  type PlanChangeRefusal,
} from "../../domain/plans";
import { PAYMENT_ROLE } from "../../domain/roles";
import { tenantOf } from "../auth";
import { idTokenOf, type BankService } from "../bank-service";
import type { Database } from "../db/client";
import { companyPlanOf, offeredPlans, openCampaign, planStateOf, requiredTerms } from "../accounts/store";
import { banks, companyEnrollments, companyPlanHistory, companyPlans, paymentInfos, paymentServiceUsers, termsAgreements } from "../db/schema";
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

  /**
   * Whether registration must take a payment method: the bank wants it checked (its setting in the product, decision 027),
   * the company has none on file here, and the bank's own service holds none for it either (asked with the caller's token).
   */
  const asksPaymentMethod = async (req: Request, company: string): Promise<boolean> => {
    const [[bank], [payment]] = await Promise.all([
      db.select({ checks: banks.checkPaymentMethodFilled }).from(banks).where(eq(banks.bankCode, req.caller!.bankCode)).limit(1),
      db.select({ paymentMethod: paymentInfos.paymentMethod }).from(paymentInfos).where(eq(paymentInfos.companyUniqueCode, company)).limit(1),
    ]);
    if (!bank?.checks || payment?.paymentMethod) return false;
    return !(await bankService.paymentMethodOnFile(idTokenOf(req)));
  };

  router.get(
    "/accounts/registration",
    handler(async (req, res) => {
      const company = tenantOf(req.caller);
      const bankCode = req.caller!.bankCode;
      const day = today();
      const [existing, offered, required, campaign, payment, asks] = await Promise.all([
        companyPlanOf(db, company),
        offeredPlans(db, bankCode),
        requiredTerms(db, bankCode),
        openCampaign(db, bankCode, req.caller!.branchCode, day),
        db.select({ paymentMethod: paymentInfos.paymentMethod }).from(paymentInfos).where(eq(paymentInfos.companyUniqueCode, company)).limit(1),
        asksPaymentMethod(req, company),
      ]);
      const registered = existing !== null && planStatusOn(planStateOf(existing), day) !== "ended";
      res.json({
        registered,
        plans: offered,
        terms: required,
        campaign: campaign && { freeMonths: campaign.freeMonths, startDate: campaign.startDate, finishDate: campaign.finishDate },
        schedule: registrationTerms(day, campaign),
        paymentMethod: payment[0]?.paymentMethod ?? null,
        asksPaymentMethod: asks,
      });
    }),
  );

  router.post(
    "/accounts/registration",
    handler(async (req, res) => {
      const company = tenantOf(req.caller);
      const caller = req.caller!;
      // The bank's company owner registers the company; a company user waits to be enabled by them.
      if (caller.userType !== "company_owner") throw forbidden("プランのお申し込みは企業の代表者（オーナー）が行います。");
      const input = parseBody(registrationInputSchema, req.body);
      const day = today();
      // Read before the transaction: PGlite has one connection, which the transaction holds (and the bank is asked over HTTP).
      const [required, asks] = await Promise.all([requiredTerms(db, caller.bankCode), input.payment_method ? false : asksPaymentMethod(req, company)]);

      const result = await db.transaction(async (tx) => {
        // One registration per company: the row is locked (or its absence raced on the primary key) before anything is written.
        const existing = await companyPlanOf(tx, company, { forUpdate: true });
        if (existing && planStatusOn(planStateOf(existing), day) !== "ended") throw conflict("この企業はすでにお申し込み済みです。");

        const [offered, campaign] = await Promise.all([
          offeredPlans(tx, caller.bankCode),
          openCampaign(tx, caller.bankCode, req.caller!.branchCode, day),
        ]);
        if (!offered.some((plan) => plan.planId === input.plan_id)) throw validationFailed({ plan_id: ["このプランはお選びいただけません"] });
        const agreed = new Set(input.agreed_terms);
        if (required.some((item) => !agreed.has(item.id))) {
          throw validationFailed({ agreed_terms: ["すべての規約をお読みいただき、同意してください（規約が更新された場合は、新しい版に同意してください）"] });
        }
        if (asks) throw validationFailed({ payment_method: ["お支払い方法を選択してください"] });

        const schedule = registrationTerms(day, campaign);
        const companyName = caller.companyName ?? existing?.companyName ?? company;
        const plan = {
          bankCode: caller.bankCode,
          branchCode: caller.branchCode,
          companyName,
          nameSearchKey: searchKey(companyName),
          planId: input.plan_id,
          previousPlanId: null,
          joinDate: schedule.joinDate,
          startDate: schedule.startDate,
          endDate: null,
          withdrawalDate: null,
          isContract: true,
          isPlanChanged: false,
          planChangedOn: null,
          isFreeTerm: true,
          isSubscribeCancellation: false,
          isCampaign: schedule.campaign !== null,
          campaignNumOfMonths: schedule.campaign?.freeMonths ?? null,
          campaignStartDate: schedule.campaign?.startDate ?? null,
          campaignFinishDate: schedule.campaign?.finishDate ?? null,
          isCampaignApplied: schedule.campaign !== null,
          appliedCampaignNumOfMonths: schedule.campaign?.freeMonths ?? null,
          appliedCampaignStartDate: schedule.campaign?.appliedStartDate ?? null,
          appliedCampaignFinishDate: schedule.campaign?.appliedFinishDate ?? null,
          appliedCampaignEndDate: schedule.campaign?.finishDate ?? null,
          updatedAt: new Date(),
        };
        if (existing) {
          // A company that left and comes back: its earlier time with the product stays reachable by its join date.
          if (existing.joinDate) {
            await tx
              .insert(companyEnrollments)
              .values({
                companyUniqueCode: company,
                bankCode: existing.bankCode,
                branchCode: existing.branchCode,
                companyName: existing.companyName || companyName,
                planId: existing.planId,
                joinDate: existing.joinDate,
                startDate: existing.startDate,
                withdrawalDate: existing.withdrawalDate,
              })
              .onConflictDoNothing();
          }
          await tx
            .update(companyPlans)
            .set({ ...plan, version: sql`${companyPlans.version} + 1` })
            .where(eq(companyPlans.companyUniqueCode, company));
        } else {
          // Two first registrations at once: the loser's insert fails on the primary key, answered 409 like the check above.
          await tx.insert(companyPlans).values({ companyUniqueCode: company, ...plan });
        }

        const payment = {
          planId: input.plan_id,
          joinDate: schedule.joinDate,
          startDate: schedule.startDate,
          endDate: null,
          withdrawalDate: null,
          ...(input.payment_method
            ? {
                paymentMethod: input.payment_method,
                debitBankCode: input.payment_method === "debit" ? input.debit_bank_code : null,
                debitBranchCode: input.payment_method === "debit" ? input.debit_branch_code : null,
                debitAccountType: input.payment_method === "debit" ? input.debit_account_type : null,
                debitAccountNo: input.payment_method === "debit" ? input.debit_account_no : null,
                debitAccountName: input.payment_method === "debit" ? input.debit_account_name : null,
              }
            : {}),
          updatedAt: new Date(),
        };
        await tx
          .insert(paymentInfos)
          .values({ companyUniqueCode: company, ...payment })
          .onConflictDoUpdate({ target: paymentInfos.companyUniqueCode, set: payment });

        await tx
          .insert(paymentServiceUsers)
          .values({ userUniqueCode: caller.userUniqueCode, companyUniqueCode: company, role: PAYMENT_ROLE.owner, planId: input.plan_id, useStartDate: schedule.joinDate, name: caller.name })
          .onConflictDoUpdate({
            target: paymentServiceUsers.userUniqueCode,
            set: {
              companyUniqueCode: company,
              role: PAYMENT_ROLE.owner,
              planId: input.plan_id,
              useStartDate: schedule.joinDate,
              useEndDate: null,
              ...(caller.name ? { name: caller.name } : {}),
              version: sql`${paymentServiceUsers.version} + 1`,
              updatedAt: new Date(),
            },
          });
        // Everyone of the company the product already knew follows the company's plan.
        await tx.update(paymentServiceUsers).set({ planId: input.plan_id, useEndDate: null }).where(eq(paymentServiceUsers.companyUniqueCode, company));

        await tx.insert(termsAgreements).values(
          required.map((item) => ({ companyUniqueCode: company, userUniqueCode: caller.userUniqueCode, termsId: item.id, termsKind: item.kind, termsVersion: item.version })),
        );
        await tx.insert(companyPlanHistory).values({ companyUniqueCode: company, event: "register", planId: input.plan_id, userUniqueCode: caller.userUniqueCode });
        return schedule;
      });
      res.status(201).json({ planId: input.plan_id, ...result });
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
      const day = today();
      const withdrawalDate = withdrawalDateFor(day);
      await db.transaction(async (tx) => {
        const current = await companyPlanOf(tx, company, { forUpdate: true });
        if (!current) throw forbidden("プランのお申し込みがありません。");
        const status = planStatusOn(planStateOf(current), day);
        if (status === "cancellation_pending") throw conflict("すでに解約をお申し込み済みです。");
        if (status === "ended") throw conflict("ご利用期間はすでに終了しています。");
        if (current.version !== input.version) throw conflict("プランは別の画面で変更されています。最新の内容をご確認ください。");
        await tx
          .update(companyPlans)
          .set({ isSubscribeCancellation: true, withdrawalDate, endDate: withdrawalDate, version: current.version + 1, updatedAt: new Date() })
          .where(eq(companyPlans.companyUniqueCode, company));
        await tx.update(paymentInfos).set({ withdrawalDate, endDate: withdrawalDate, updatedAt: new Date() }).where(eq(paymentInfos.companyUniqueCode, company));
        await tx.insert(companyPlanHistory).values({ companyUniqueCode: company, event: "unregister", planId: current.planId, userUniqueCode: req.caller!.userUniqueCode });
      });
      res.json({ withdrawalDate });
    }),
  );

  router.post(
    "/accounts/cancellation/withdraw",
    handler(async (req, res) => {
      const company = await requireOwner(db, req);
      const input = parseBody(accountVersionInputSchema, req.body);
      const day = today();
      await db.transaction(async (tx) => {
        const current = await companyPlanOf(tx, company, { forUpdate: true });
        if (!current || planStatusOn(planStateOf(current), day) !== "cancellation_pending") throw conflict("取り消せる解約のお申し込みはありません。");
        if (current.version !== input.version) throw conflict("プランは別の画面で変更されています。最新の内容をご確認ください。");
        await tx
          .update(companyPlans)
          .set({ isSubscribeCancellation: false, withdrawalDate: null, endDate: null, version: current.version + 1, updatedAt: new Date() })
          .where(eq(companyPlans.companyUniqueCode, company));
        await tx.update(paymentInfos).set({ withdrawalDate: null, endDate: null, updatedAt: new Date() }).where(eq(paymentInfos.companyUniqueCode, company));
        await tx.insert(companyPlanHistory).values({ companyUniqueCode: company, event: "unregister_withdrawn", planId: current.planId, userUniqueCode: req.caller!.userUniqueCode });
      });
      res.status(204).end();
    }),
  );

  return router;
}
