import { eq, sql } from "drizzle-orm";
import type { PlanChangeInput, RegistrationInput } from "../../domain/account-input";
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
import type { Caller } from "../auth";
import type { BankService } from "../bank-service";
import type { Database } from "../db/client";
import { banks, companyEnrollments, companyPlanHistory, companyPlans, paymentInfos, paymentServiceUsers, termsAgreements } from "../db/schema";
import { conflict, forbidden, planChangedThisMonth, subscriptionCanceled, validationFailed } from "../errors";
import { companyPlanOf, offeredPlans, openCampaign, planStateOf, requiredTerms } from "./store";

/*
 * A company's subscription (SPEC §2 /accounts, ADR 022): registering it, changing
 * its plan (addplan, changeplan), and cancelling it or taking a cancellation back.
 * Registration is open to the bank's company owner before the company has a
 * payment user.
 */

const STALE_PLAN = "プランは別の画面で変更されています。最新の内容をご確認ください。";

/** Who registers: the caller as the token names them, and their token for the bank's own service. */
export type Registrant = { caller: Caller; company: string; idToken: string };

async function paymentMethodOf(db: Database, company: string): Promise<string | null> {
  const [payment] = await db.select({ paymentMethod: paymentInfos.paymentMethod }).from(paymentInfos).where(eq(paymentInfos.companyUniqueCode, company)).limit(1);
  return payment?.paymentMethod ?? null;
}

/**
 * Whether registration must take a payment method: the bank wants it checked (its setting in the product, decision 027),
 * the company has none on file here, and the bank's own service holds none for it either (asked with the caller's token).
 */
async function asksPaymentMethod(db: Database, bankService: BankService, { caller, company, idToken }: Registrant): Promise<boolean> {
  const [[bank], paymentMethod] = await Promise.all([
    db.select({ checks: banks.checkPaymentMethodFilled }).from(banks).where(eq(banks.bankCode, caller.bankCode)).limit(1),
    paymentMethodOf(db, company),
  ]);
  if (!bank?.checks || paymentMethod) return false;
  return !(await bankService.paymentMethodOnFile(idToken));
}

/** What the registration page offers today: the bank's plans and campaign, the terms to agree to, and whether a payment method is asked. */
export async function registrationOptions(db: Database, bankService: BankService, registrant: Registrant, today: string) {
  const { caller, company } = registrant;
  const [existing, offered, required, campaign, paymentMethod, asks] = await Promise.all([
    companyPlanOf(db, company),
    offeredPlans(db, caller.bankCode),
    requiredTerms(db, caller.bankCode),
    openCampaign(db, caller.bankCode, caller.branchCode, today),
    paymentMethodOf(db, company),
    asksPaymentMethod(db, bankService, registrant),
  ]);
  return {
    registered: existing !== null && planStatusOn(planStateOf(existing), today) !== "ended",
    plans: offered,
    terms: required,
    campaign: campaign && { freeMonths: campaign.freeMonths, startDate: campaign.startDate, finishDate: campaign.finishDate },
    schedule: registrationTerms(today, campaign),
    paymentMethod,
    asksPaymentMethod: asks,
  };
}

/**
 * Registers the company for a plan (the router lets its owner only; a company user waits to be enabled by them): the plan and its
 * schedule, the payment information, the owner as payment user and everyone the product knew of the company on the
 * plan, the terms agreed and the history, in one transaction. A company that left and comes back keeps its earlier time.
 */
export async function register(db: Database, bankService: BankService, registrant: Registrant, input: RegistrationInput, today: string) {
  const { caller, company } = registrant;
  // Read before the transaction: PGlite has one connection, which the transaction holds (and the bank is asked over HTTP).
  const [required, asks] = await Promise.all([requiredTerms(db, caller.bankCode), input.payment_method ? false : asksPaymentMethod(db, bankService, registrant)]);

  return db.transaction(async (tx) => {
    // One registration per company: the row is locked (or its absence raced on the primary key) before anything is written.
    const existing = await companyPlanOf(tx, company, { forUpdate: true });
    if (existing && planStatusOn(planStateOf(existing), today) !== "ended") throw conflict("この企業はすでにお申し込み済みです。");

    const [offered, campaign] = await Promise.all([offeredPlans(tx, caller.bankCode), openCampaign(tx, caller.bankCode, caller.branchCode, today)]);
    if (!offered.some((plan) => plan.planId === input.plan_id)) throw validationFailed({ plan_id: ["このプランはお選びいただけません"] });
    const agreed = new Set(input.agreed_terms);
    if (required.some((item) => !agreed.has(item.id))) {
      throw validationFailed({ agreed_terms: ["すべての規約をお読みいただき、同意してください（規約が更新された場合は、新しい版に同意してください）"] });
    }
    if (asks) throw validationFailed({ payment_method: ["お支払い方法を選択してください"] });

    const schedule = registrationTerms(today, campaign);
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
      .values({ userUniqueCode: caller.userUniqueCode, companyUniqueCode: company, role: PAYMENT_ROLE.owner, planId: input.plan_id, useStartDate: schedule.joinDate, name: caller.name, email: caller.email })
      .onConflictDoUpdate({
        target: paymentServiceUsers.userUniqueCode,
        set: {
          companyUniqueCode: company,
          role: PAYMENT_ROLE.owner,
          planId: input.plan_id,
          useStartDate: schedule.joinDate,
          useEndDate: null,
          ...(caller.name ? { name: caller.name } : {}),
          ...(caller.email ? { email: caller.email } : {}),
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
}

/** Cancels the subscription at the end of the month (the plan read at `version`); answers the withdrawal date. */
export async function cancelSubscription(db: Database, company: string, userUniqueCode: string, version: number, today: string): Promise<string> {
  const withdrawalDate = withdrawalDateFor(today);
  await db.transaction(async (tx) => {
    const current = await companyPlanOf(tx, company, { forUpdate: true });
    if (!current) throw forbidden("プランのお申し込みがありません。");
    const status = planStatusOn(planStateOf(current), today);
    if (status === "cancellation_pending") throw conflict("すでに解約をお申し込み済みです。");
    if (status === "ended") throw conflict("ご利用期間はすでに終了しています。");
    if (current.version !== version) throw conflict(STALE_PLAN);
    await tx
      .update(companyPlans)
      .set({ isSubscribeCancellation: true, withdrawalDate, endDate: withdrawalDate, version: current.version + 1, updatedAt: new Date() })
      .where(eq(companyPlans.companyUniqueCode, company));
    await tx.update(paymentInfos).set({ withdrawalDate, endDate: withdrawalDate, updatedAt: new Date() }).where(eq(paymentInfos.companyUniqueCode, company));
    await tx.insert(companyPlanHistory).values({ companyUniqueCode: company, event: "unregister", planId: current.planId, userUniqueCode });
  });
  return withdrawalDate;
}

/** Takes back a cancellation not yet in effect (the plan read at `version`). */
export async function withdrawCancellation(db: Database, company: string, userUniqueCode: string, version: number, today: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await companyPlanOf(tx, company, { forUpdate: true });
    if (!current || planStatusOn(planStateOf(current), today) !== "cancellation_pending") throw conflict("取り消せる解約のお申し込みはありません。");
    if (current.version !== version) throw conflict(STALE_PLAN);
    await tx
      .update(companyPlans)
      .set({ isSubscribeCancellation: false, withdrawalDate: null, endDate: null, version: current.version + 1, updatedAt: new Date() })
      .where(eq(companyPlans.companyUniqueCode, company));
    await tx.update(paymentInfos).set({ withdrawalDate: null, endDate: null, updatedAt: new Date() }).where(eq(paymentInfos.companyUniqueCode, company));
    await tx.insert(companyPlanHistory).values({ companyUniqueCode: company, event: "unregister_withdrawn", planId: current.planId, userUniqueCode });
  });
}

function planChangeError(refusal: PlanChangeRefusal) {
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

/** Whose plan changes: the company's owner (the router checks the role), of the bank whose plans are offered. */
export type PlanChanger = { company: string; bankCode: string; userUniqueCode: string };

/** What addplan or changeplan offers today; refused (403 with its variant, 409 or 422) when the company may not change now. */
export async function planChangeOptions(db: Database, changer: Omit<PlanChanger, "userUniqueCode">, kind: PlanChangeKind, today: string) {
  const [current, offered] = await Promise.all([companyPlanOf(db, changer.company), offeredPlans(db, changer.bankCode)]);
  if (!current) throw forbidden("プランのお申し込みがありません。");
  const state = planStateOf(current);
  const refusal = planChangeRefusal(state, today, { kind, offeredPlanIds: offered.map((plan) => plan.planId) });
  if (refusal) throw planChangeError(refusal);
  return {
    currentPlan: offered.find((plan) => plan.planId === current.planId) ?? null,
    currentPlanId: current.planId,
    version: current.version,
    plans: offered.filter((plan) => planChangeRefusal(state, today, { kind, planId: plan.planId, offeredPlanIds: [plan.planId] }) === null),
    chargedFrom: changedPlanChargedFrom(state, today),
  };
}

/**
 * Moves the company to the chosen plan (the plan read at `input.version`): the plan, the payment information and every
 * payment user of the company, and the history, in one transaction. Answers the plans before and after and the first
 * day the new plan is charged.
 */
export async function changePlan(db: Database, changer: PlanChanger, kind: PlanChangeKind, input: PlanChangeInput, today: string) {
  const { company } = changer;
  return db.transaction(async (tx) => {
    const current = await companyPlanOf(tx, company, { forUpdate: true });
    if (!current) throw forbidden("プランのお申し込みがありません。");
    const state = planStateOf(current);
    const offered = await offeredPlans(tx, changer.bankCode);
    const refusal = planChangeRefusal(state, today, { kind, planId: input.plan_id, offeredPlanIds: offered.map((plan) => plan.planId) });
    if (refusal) throw planChangeError(refusal);
    if (current.version !== input.version) throw conflict(STALE_PLAN);
    await tx
      .update(companyPlans)
      .set({ planId: input.plan_id, previousPlanId: current.planId, isPlanChanged: true, planChangedOn: today, version: current.version + 1, updatedAt: new Date() })
      .where(eq(companyPlans.companyUniqueCode, company));
    await tx.update(paymentInfos).set({ planId: input.plan_id, updatedAt: new Date() }).where(eq(paymentInfos.companyUniqueCode, company));
    await tx.update(paymentServiceUsers).set({ planId: input.plan_id }).where(eq(paymentServiceUsers.companyUniqueCode, company));
    await tx.insert(companyPlanHistory).values({ companyUniqueCode: company, event: kind, planId: input.plan_id, previousPlanId: current.planId, userUniqueCode: changer.userUniqueCode });
    return { planId: input.plan_id, previousPlanId: current.planId, chargedFrom: changedPlanChargedFrom(state, today) };
  });
}
