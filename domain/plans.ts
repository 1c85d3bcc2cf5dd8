import { RECEIVE_PLAN_IDS } from "./codes";

/**
 * The plan rules of registration, plan change and cancellation (ADR 022).
 * Days are calendar days in Japan ("2026-11-25"); `today` is always passed in,
 * so the month boundary is tested, not waited for.
 */

/** How the company pays its fee: a debit account, or the card the bank keeps (the product stores no card number). */
export const PAYMENT_METHODS = ["debit", "card"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Years the data of a withdrawn company stays readable for export after its last day (ADR 022). */
export const RETENTION_YEARS_AFTER_WITHDRAWAL = 10;

/**
 * The two plan flows besides registration: addplan moves an issue-only plan to a plan that receives, changeplan to any
 * other plan that does not add receiving (an issue-only plan to another issue-only one, a receive plan to any other).
 * So each plan the company could move to is offered by one of them, never both.
 */
export const PLAN_CHANGE_KINDS = ["addplan", "changeplan"] as const;
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];

function parts(day: string): [number, number, number] {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return [year, month, date];
}

function isoDay(year: number, month: number, date: number): string {
  // Date.UTC rolls month 13 into the next year, so callers may add months freely.
  const value = new Date(Date.UTC(year, month - 1, date));
  return value.toISOString().slice(0, 10);
}

/** The 1st of the month `months` after the month of `day` (0: that month's own 1st). */
export function firstOfMonth(day: string, months = 0): string {
  const [year, month] = parts(day);
  return isoDay(year, month + months, 1);
}

/** The last day of the month of `day`. */
export function lastOfMonth(day: string): string {
  const [year, month] = parts(day);
  return isoDay(year, month + 1, 0);
}

export function sameMonth(a: string, b: string): boolean {
  return a.slice(0, 7) === b.slice(0, 7);
}

function addYears(day: string, years: number): string {
  const [year, month, date] = parts(day);
  // 29 February plus a year that has none is the 28th, not 1 March.
  return isoDay(year + years, month, Math.min(date, Number(lastOfMonth(isoDay(year + years, month, 1)).slice(8))));
}

export function isReceivePlan(planId: number | null): boolean {
  return planId !== null && RECEIVE_PLAN_IDS.includes(planId);
}

/** A bank's free-trial campaign as registration sees it. */
export type Campaign = { freeMonths: number; startDate: string; finishDate: string };

/** A campaign applies to a registration made on a day between its start and finish. */
export function campaignOpenOn(campaign: Campaign, today: string): boolean {
  return campaign.startDate <= today && today <= campaign.finishDate;
}

/** What registering on `today` means for the fee: the rest of this month is free, then any campaign's months. */
export type RegistrationTerms = {
  joinDate: string;
  /** The first day that is charged. */
  startDate: string;
  campaign: (Campaign & { appliedStartDate: string; appliedFinishDate: string }) | null;
};

export function registrationTerms(today: string, campaign: Campaign | null): RegistrationTerms {
  const firstFullMonth = firstOfMonth(today, 1);
  if (!campaign || !campaignOpenOn(campaign, today) || campaign.freeMonths < 1) {
    return { joinDate: today, startDate: firstFullMonth, campaign: null };
  }
  return {
    joinDate: today,
    startDate: firstOfMonth(today, 1 + campaign.freeMonths),
    campaign: {
      ...campaign,
      appliedStartDate: firstFullMonth,
      appliedFinishDate: lastOfMonth(firstOfMonth(today, campaign.freeMonths)),
    },
  };
}

/** A company's plan as stored (the parts these rules read). */
export type PlanState = {
  planId: number;
  previousPlanId: number | null;
  joinDate: string | null;
  startDate: string | null;
  withdrawalDate: string | null;
  isSubscribeCancellation: boolean;
  planChangedOn: string | null;
  isCampaignApplied: boolean;
};

export const PLAN_STATUSES = ["free_term", "campaign", "active", "cancellation_pending", "ended"] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** Where the company stands today. */
export function planStatusOn(plan: PlanState, today: string): PlanStatus {
  if (plan.isSubscribeCancellation && plan.withdrawalDate) {
    return today > plan.withdrawalDate ? "ended" : "cancellation_pending";
  }
  if (plan.startDate && today < plan.startDate) {
    return plan.isCampaignApplied && today >= firstOfMonth(plan.joinDate ?? today, 1) ? "campaign" : "free_term";
  }
  return "active";
}

/**
 * The plan the month is charged at, when it differs from the current one: a
 * change applies at once, and the month it was made in stays the previous
 * plan's (already charged), so a company leaving a receive plan keeps
 * receiving until that month ends. The month after, the previous plan is history.
 */
export function previousPlanOn(plan: PlanState, today: string): number | null {
  return plan.planChangedOn && sameMonth(plan.planChangedOn, today) ? plan.previousPlanId : null;
}

/** SPEC §4's receive check on a given day: the current plan, or the plan this month is charged at, includes receiving. */
export function receivePlanSubscribedOn(plan: PlanState, today: string): boolean {
  return isReceivePlan(plan.planId) || isReceivePlan(previousPlanOn(plan, today));
}

/** Why a plan change is refused; null when it may go ahead. */
export type PlanChangeRefusal =
  /** SPEC §4 'subscription canceled': withdraw the cancellation first. */
  | "subscription_canceled"
  /** SPEC §4 'plan changed': once per calendar month. */
  | "plan_changed"
  | "ended"
  /** addplan is for an issue-only plan. */
  | "already_receiving"
  /** changeplan does not add receiving to an issue-only plan: addplan does. */
  | "adds_receiving"
  | "same_plan"
  | "not_offered";

export function planChangeRefusal(
  plan: PlanState,
  today: string,
  change: { kind: PlanChangeKind; planId?: number; offeredPlanIds: readonly number[] },
): PlanChangeRefusal | null {
  const status = planStatusOn(plan, today);
  if (status === "ended") return "ended";
  if (status === "cancellation_pending") return "subscription_canceled";
  if (plan.planChangedOn && sameMonth(plan.planChangedOn, today)) return "plan_changed";
  if (change.kind === "addplan" && isReceivePlan(plan.planId)) return "already_receiving";
  if (change.planId === undefined) return null;
  if (change.planId === plan.planId) return "same_plan";
  if (!change.offeredPlanIds.includes(change.planId)) return "not_offered";
  if (change.kind === "addplan" && !isReceivePlan(change.planId)) return "not_offered";
  if (change.kind === "changeplan" && !isReceivePlan(plan.planId) && isReceivePlan(change.planId)) return "adds_receiving";
  return null;
}

/** The first day a company that changed its plan this month may change it again (the 1st of next month); null when it may now. */
export function nextPlanChangeOn(plan: Pick<PlanState, "planChangedOn">, today: string): string | null {
  return plan.planChangedOn && sameMonth(plan.planChangedOn, today) ? firstOfMonth(today, 1) : null;
}

/** From which day a plan changed on `today` is charged: next month, or the end of a free term still running. */
export function changedPlanChargedFrom(plan: PlanState, today: string): string {
  const nextMonth = firstOfMonth(today, 1);
  return plan.startDate && plan.startDate > nextMonth ? plan.startDate : nextMonth;
}

/** Cancelling on `today`: the service ends with this month (its last day is the withdrawal date). */
export function withdrawalDateFor(today: string): string {
  return lastOfMonth(today);
}

/** Until when a withdrawn company's data stays readable for export. */
export function retainedUntil(withdrawalDate: string): string {
  return addYears(withdrawalDate, RETENTION_YEARS_AFTER_WITHDRAWAL);
}
