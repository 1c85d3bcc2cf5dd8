import { describe, expect, it } from "vitest";
import {
  changedPlanChargedFrom,
  firstOfMonth,
  lastOfMonth,
  nextPlanChangeOn,
  planChangeRefusal,
  planStatusOn,
  previousPlanOn,
  receivePlanSubscribedOn,
  registrationTerms,
  retainedUntil,
  withdrawalDateFor,
  type PlanState,
} from "./plans";

const plan = (values: Partial<PlanState> = {}): PlanState => ({
  planId: 1,
  previousPlanId: null,
  joinDate: "2026-04-10",
  startDate: "2026-05-01",
  withdrawalDate: null,
  isSubscribeCancellation: false,
  planChangedOn: null,
  isCampaignApplied: false,
  ...values,
});

const OFFERED = [1, 2, 3, 4];

describe("month arithmetic", () => {
  it.each([
    ["2026-01-31", 1, "2026-02-01"],
    ["2026-12-15", 1, "2027-01-01"],
    ["2026-11-30", 3, "2027-02-01"],
    ["2026-11-30", 0, "2026-11-01"],
  ])("firstOfMonth(%s, %i) is %s", (day, months, expected) => {
    expect(firstOfMonth(day, months)).toBe(expected);
  });

  it.each([
    ["2026-02-10", "2026-02-28"],
    ["2028-02-10", "2028-02-29"],
    ["2026-12-01", "2026-12-31"],
  ])("lastOfMonth(%s) is %s", (day, expected) => {
    expect(lastOfMonth(day)).toBe(expected);
  });
});

describe("registration", () => {
  it("leaves the rest of the month free and charges from the 1st of next month", () => {
    expect(registrationTerms("2026-11-25", null)).toEqual({ joinDate: "2026-11-25", startDate: "2026-12-01", campaign: null });
  });

  it("adds an open campaign's free months after the registration month", () => {
    const campaign = { freeMonths: 3, startDate: "2026-11-01", finishDate: "2026-12-31" };
    expect(registrationTerms("2026-11-25", campaign)).toEqual({
      joinDate: "2026-11-25",
      startDate: "2027-03-01",
      campaign: { ...campaign, appliedStartDate: "2026-12-01", appliedFinishDate: "2027-02-28" },
    });
  });

  it("ignores a campaign that is not open on the day", () => {
    const campaign = { freeMonths: 3, startDate: "2026-12-01", finishDate: "2026-12-31" };
    expect(registrationTerms("2026-11-30", campaign).campaign).toBeNull();
    expect(registrationTerms("2027-01-01", campaign).campaign).toBeNull();
  });
});

describe("status", () => {
  it("is a free term before the first charged day, a campaign in the campaign's months", () => {
    expect(planStatusOn(plan(), "2026-04-20")).toBe("free_term");
    expect(planStatusOn(plan(), "2026-05-01")).toBe("active");
    const campaign = plan({ startDate: "2026-08-01", isCampaignApplied: true });
    expect(planStatusOn(campaign, "2026-04-30")).toBe("free_term");
    expect(planStatusOn(campaign, "2026-05-01")).toBe("campaign");
    expect(planStatusOn(campaign, "2026-07-31")).toBe("campaign");
    expect(planStatusOn(campaign, "2026-08-01")).toBe("active");
  });

  it("is pending until the withdrawal date's end, then ended", () => {
    const cancelling = plan({ isSubscribeCancellation: true, withdrawalDate: "2026-11-30" });
    expect(planStatusOn(cancelling, "2026-11-30")).toBe("cancellation_pending");
    expect(planStatusOn(cancelling, "2026-12-01")).toBe("ended");
  });
});

describe("plan change", () => {
  it("is allowed once per calendar month", () => {
    const changed = plan({ planId: 2, previousPlanId: 1, planChangedOn: "2026-11-01" });
    expect(planChangeRefusal(changed, "2026-11-30", { kind: "changeplan", planId: 3, offeredPlanIds: OFFERED })).toBe("plan_changed");
    expect(planChangeRefusal(changed, "2026-12-01", { kind: "changeplan", planId: 3, offeredPlanIds: OFFERED })).toBeNull();
    // The account page says from when, instead of offering a change the API would refuse.
    expect(nextPlanChangeOn(changed, "2026-11-30")).toBe("2026-12-01");
    expect(nextPlanChangeOn(changed, "2026-12-01")).toBeNull();
    expect(nextPlanChangeOn(plan(), "2026-11-30")).toBeNull();
  });

  it("is refused while a cancellation is pending, and after the end", () => {
    const cancelling = plan({ isSubscribeCancellation: true, withdrawalDate: "2026-11-30" });
    expect(planChangeRefusal(cancelling, "2026-11-20", { kind: "changeplan", planId: 2, offeredPlanIds: OFFERED })).toBe("subscription_canceled");
    expect(planChangeRefusal(cancelling, "2026-12-02", { kind: "changeplan", planId: 2, offeredPlanIds: OFFERED })).toBe("ended");
  });

  it("adds receiving only to an issue-only plan, and only plans the bank offers", () => {
    expect(planChangeRefusal(plan({ planId: 3 }), "2026-11-20", { kind: "addplan", offeredPlanIds: OFFERED })).toBe("already_receiving");
    expect(planChangeRefusal(plan(), "2026-11-20", { kind: "addplan", planId: 1, offeredPlanIds: OFFERED })).toBe("same_plan");
    expect(planChangeRefusal(plan(), "2026-11-20", { kind: "changeplan", planId: 4, offeredPlanIds: [1] })).toBe("not_offered");
    expect(planChangeRefusal(plan(), "2026-11-20", { kind: "addplan", planId: 2, offeredPlanIds: OFFERED })).toBeNull();
  });

  it("offers each plan through one flow: receiving is added by addplan, every other move is changeplan (issue 33)", () => {
    const issueOnly = plan();
    const offeredBy = (state: PlanState, kind: "addplan" | "changeplan") =>
      OFFERED.filter((planId) => planChangeRefusal(state, "2026-11-20", { kind, planId, offeredPlanIds: OFFERED }) === null);
    expect(offeredBy(issueOnly, "addplan")).toEqual([2, 3, 4]);
    expect(offeredBy(issueOnly, "changeplan")).toEqual([]);
    expect(planChangeRefusal(issueOnly, "2026-11-20", { kind: "changeplan", planId: 2, offeredPlanIds: OFFERED })).toBe("adds_receiving");
    const receiving = plan({ planId: 3 });
    expect(offeredBy(receiving, "changeplan")).toEqual([1, 2, 4]);
  });

  it("keeps the previous plan for the month of the change only", () => {
    const downgraded = plan({ planId: 1, previousPlanId: 4, planChangedOn: "2026-11-15" });
    expect(previousPlanOn(downgraded, "2026-11-30")).toBe(4);
    expect(receivePlanSubscribedOn(downgraded, "2026-11-30")).toBe(true);
    expect(previousPlanOn(downgraded, "2026-12-01")).toBeNull();
    expect(receivePlanSubscribedOn(downgraded, "2026-12-01")).toBe(false);
  });

  it("charges the new plan from next month, or when a free term ends", () => {
    expect(changedPlanChargedFrom(plan(), "2026-11-15")).toBe("2026-12-01");
    expect(changedPlanChargedFrom(plan({ startDate: "2027-03-01" }), "2026-11-15")).toBe("2027-03-01");
  });
});

describe("cancellation", () => {
  it("ends the service with the month, and keeps the data ten years", () => {
    expect(withdrawalDateFor("2026-02-03")).toBe("2026-02-28");
    expect(retainedUntil("2026-11-30")).toBe("2036-11-30");
    expect(retainedUntil("2028-02-29")).toBe("2038-02-28");
  });
});
