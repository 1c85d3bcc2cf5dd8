import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { planChangeOptionsAnswer, planInfoAnswer, registrationAnswer } from "../../domain/account-answers";
import { changePlan } from "../../api/accounts/subscription";
import { companyPlanHistory, companyPlans, paymentServiceUsers, termsAgreements } from "../../api/db/schema";
import { startTestApi, type TestApi } from "../support/api";
import { insertBank, insertPaymentUser, insertPlans, insertTerms, offerPlans } from "../support/factories";
import { fixtureUsers } from "../support/users";

let api: TestApi;
/** The API's clock: tests move it across month ends. */
let now = new Date("2026-11-25T03:00:00Z");

const jsonPost = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
let termIds: number[] = [];

beforeAll(async () => {
  api = await startTestApi({ now: () => now });
  const { db } = api.database;
  await insertPlans(db);
  await insertBank(db, "0001", { checkPaymentMethodFilled: true });
  await offerPlans(db, "0001", [1, 2]);
  // The product's own terms give way to the bank's edition; another bank's are not the caller's to agree to.
  await insertTerms(db, { kind: "product", product: "chohyo", title: "帳票クラウド利用規約" });
  await insertTerms(db, { kind: "bank", product: "chohyo", bankCode: "0002", title: "しんきん規約" });
  termIds = [
    (await insertTerms(db, { kind: "bank", product: "chohyo", bankCode: "0001", title: "デモ銀行 帳票クラウド利用規約" })).id,
    (await insertTerms(db, { kind: "id", title: "Kokopelli ID 利用規約" })).id,
  ];
  await insertPaymentUser(db, "owner", 1);
  await insertPaymentUser(db, "user", 1);
});

afterAll(async () => {
  await api?.close();
});

beforeEach(() => {
  now = new Date("2026-11-25T03:00:00Z");
});

describe("registration", () => {
  it("offers the bank's plans, the terms to agree to and when charging starts", async () => {
    const response = await api.call("/accounts/registration", { as: "newcomer" });
    expect(response.status).toBe(200);
    const body = registrationAnswer.parse(await response.json());
    expect(body.registered).toBe(false);
    expect(body.plans.map((plan) => [plan.plan_id, plan.total_amount])).toEqual([
      [1, 1100],
      [2, 2200],
    ]);
    expect(body.terms.map((item: { kind: string; title: string }) => [item.kind, item.title])).toEqual([
      ["bank", "デモ銀行 帳票クラウド利用規約"],
      ["id", "Kokopelli ID 利用規約"],
    ]);
    expect(body.schedule).toEqual({ join_date: "2026-11-25", start_date: "2026-12-01", campaign: null });
  });

  it("refuses a registration that does not agree to every terms, or picks a plan the bank does not offer", async () => {
    const partial = await api.call("/accounts/registration", { as: "newcomer", ...jsonPost({ plan_id: 1, agreed_terms: termIds.slice(0, 1) }) });
    expect(partial.status).toBe(422);
    expect((await partial.json()).fields.agreed_terms[0]).toContain("同意してください");
    const notOffered = await api.call("/accounts/registration", { as: "newcomer", ...jsonPost({ plan_id: 3, agreed_terms: termIds }) });
    expect(notOffered.status).toBe(422);
    expect((await notOffered.json()).fields.plan_id).toEqual(["このプランはお選びいただけません"]);
    const debitWithoutAccount = await api.call("/accounts/registration", { as: "newcomer", ...jsonPost({ plan_id: 1, agreed_terms: termIds, payment_method: "debit" }) });
    expect(debitWithoutAccount.status).toBe(422);
    expect(Object.keys((await debitWithoutAccount.json()).fields).sort()).toEqual(["debit_account_name", "debit_account_no", "debit_bank_code", "debit_branch_code"]);
    // Bank 0001 checks for a payment method and its service holds none for 新規工房: the API asks the bank itself, not the page.
    expect((await (await api.call("/accounts/registration", { as: "newcomer" })).json()).asks_payment_method).toBe(true);
    const noPaymentMethod = await api.call("/accounts/registration", { as: "newcomer", ...jsonPost({ plan_id: 1, agreed_terms: termIds }) });
    expect(noPaymentMethod.status).toBe(422);
    expect((await noPaymentMethod.json()).fields).toEqual({ payment_method: ["お支払い方法を選択してください"] });
    const [plan] = await api.database.db.select().from(companyPlans).where(eq(companyPlans.companyUniqueCode, "C-NEWCOMER"));
    expect(plan).toBeUndefined();
  });

  it("is the bank's company owner's to make", async () => {
    const token = await api.tokenFor("newcomer", { ba_user_type: "company_user", ba_user_unique_code: "U-NEWCOMER-STAFF" });
    const response = await api.call("/accounts/registration", { token, ...jsonPost({ plan_id: 1, agreed_terms: termIds }) });
    expect(response.status).toBe(403);
  });

  it("makes one registration of two sent at once, with the owner, the agreements and the history", async () => {
    const body = { plan_id: 2, agreed_terms: termIds, payment_method: "debit", debit_bank_code: "0001", debit_branch_code: "001", debit_account_type: 1, debit_account_no: "1234567", debit_account_name: "シンキコウボウ" };
    const answers = await Promise.all([1, 2].map(() => api.call("/accounts/registration", { as: "newcomer", ...jsonPost(body) })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const { db } = api.database;
    const [owner] = await db.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.userUniqueCode, "U-NEWCOMER"));
    expect(owner).toMatchObject({ companyUniqueCode: "C-NEWCOMER", role: 1, planId: 2 });
    const agreements = await db.select().from(termsAgreements).where(eq(termsAgreements.companyUniqueCode, "C-NEWCOMER"));
    expect(agreements.map((row) => row.termsId).sort()).toEqual([...termIds].sort());
    const history = await db.select().from(companyPlanHistory).where(eq(companyPlanHistory.companyUniqueCode, "C-NEWCOMER"));
    expect(history.map((row) => row.event)).toEqual(["register"]);

    const info = planInfoAnswer.parse(await (await api.call("/user_service/planinfo", { as: "newcomer" })).json());
    expect(info).toMatchObject({ plan_id: 2, join_date: "2026-11-25", start_date: "2026-12-01", status: "free_term", is_free_term: true, current_total_amount: 0, total_amount: 2200, max_receive_files: 100 });
    expect((await (await api.call("/accounts/registration", { as: "newcomer" })).json()).registered).toBe(true);
    // The back button or a second tab: the same registration again is refused, nothing doubled.
    expect((await api.call("/accounts/registration", { as: "newcomer", ...jsonPost(body) })).status).toBe(409);
  });
});

describe("plan change", () => {
  const versionOf = async () => (await api.database.db.select().from(companyPlans).where(eq(companyPlans.companyUniqueCode, "C-DEMO")))[0]!.version;

  it("is the owner's: a company user is refused", async () => {
    expect((await api.call("/accounts/changeplan", { as: "user" })).status).toBe(403);
    expect((await api.call("/accounts/addplan", { as: "user", ...jsonPost({ plan_id: 2, version: await versionOf() }) })).status).toBe(403);
  });

  it("offers each plan through one flow: an issue-only plan adds receiving through addplan, not changeplan (issue 33)", async () => {
    expect(planChangeOptionsAnswer.parse(await (await api.call("/accounts/addplan")).json()).plans.map((plan) => plan.plan_id)).toEqual([2]);
    // The account page offered 受取機能を追加する and プランを変更する with the same plans; changeplan has none here.
    expect((await (await api.call("/accounts/changeplan")).json()).plans).toEqual([]);
    const refused = await api.call("/accounts/changeplan", jsonPost({ plan_id: 2, version: await versionOf() }));
    expect(refused.status).toBe(422);
    expect((await refused.json()).fields.plan_id[0]).toContain("受取機能を追加する");
  });

  it("adds receiving at once, is charged from next month, and is allowed once per calendar month in Japan", async () => {
    const options = planChangeOptionsAnswer.parse(await (await api.call("/accounts/addplan")).json());
    expect(options.plans.map((plan: { plan_id: number }) => plan.plan_id)).toEqual([2]);
    expect(options.charged_from).toBe("2026-12-01");

    const added = await api.call("/accounts/addplan", jsonPost({ plan_id: 2, version: options.version }));
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ plan_id: 2, previous_plan_id: 1, charged_from: "2026-12-01" });
    const info = planInfoAnswer.parse(await (await api.call("/user_service/planinfo")).json());
    expect(info).toMatchObject({ plan_id: 2, previous_plan_id: 1, is_plan_changed: true, plan_changed_on: "2026-11-25", current_total_amount: 1100, total_amount: 2200 });

    // 23:59 on 30 November in Japan is still November: refused with the 'plan changed' variant.
    now = new Date("2026-11-30T14:59:00Z");
    const again = await api.call("/accounts/changeplan", jsonPost({ plan_id: 1, version: await versionOf() }));
    expect(again.status).toBe(403);
    expect((await again.json()).code).toBe("plan_changed");
    expect((await api.call("/accounts/changeplan")).status).toBe(403);

    // 00:00 on 1 December in Japan: a new month, the change goes through; November's plan is history.
    now = new Date("2026-11-30T15:00:00Z");
    const december = planInfoAnswer.parse(await (await api.call("/user_service/planinfo")).json());
    expect(december).toMatchObject({ previous_plan_id: null, is_plan_changed: false, current_total_amount: 2200 });
    const changed = await api.call("/accounts/changeplan", jsonPost({ plan_id: 1, version: await versionOf() }));
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ plan_id: 1, previous_plan_id: 2, charged_from: "2027-01-01" });
  });

  it("refuses a stale page's change", async () => {
    now = new Date("2027-01-10T03:00:00Z");
    const stale = await api.call("/accounts/addplan", jsonPost({ plan_id: 2, version: (await versionOf()) - 1 }));
    expect(stale.status).toBe(409);
  });

  it("is a use case of its own, refused without HTTP the same way and writing nothing", async () => {
    const before = await api.database.db.select().from(companyPlanHistory).where(eq(companyPlanHistory.companyUniqueCode, "C-DEMO"));
    const changer = { company: "C-DEMO", bankCode: "0001", userUniqueCode: fixtureUsers.owner.userUniqueCode };
    await expect(changePlan(api.database.db, changer, "addplan", { plan_id: 2, version: (await versionOf()) - 1 }, "2027-01-10")).rejects.toMatchObject({ status: 409 });
    expect(await api.database.db.select().from(companyPlanHistory).where(eq(companyPlanHistory.companyUniqueCode, "C-DEMO"))).toEqual(before);
  });
});

describe("cancellation", () => {
  const versionOf = async () => (await api.database.db.select().from(companyPlans).where(eq(companyPlans.companyUniqueCode, "C-DEMO")))[0]!.version;

  it("ends the service with the month, blocks plan change until withdrawn, and can be withdrawn", async () => {
    now = new Date("2027-02-03T03:00:00Z");
    const reserved = await api.call("/accounts/cancellation", jsonPost({ version: await versionOf() }));
    expect(reserved.status).toBe(200);
    expect(await reserved.json()).toEqual({ withdrawal_date: "2027-02-28" });
    expect((planInfoAnswer.parse(await (await api.call("/user_service/planinfo")).json())).status).toBe("cancellation_pending");

    const change = await api.call("/accounts/changeplan", jsonPost({ plan_id: 2, version: await versionOf() }));
    expect(change.status).toBe(403);
    expect((await change.json()).code).toBe("subscription_canceled");
    expect((await api.call("/accounts/cancellation", jsonPost({ version: await versionOf() }))).status).toBe(409);

    expect((await api.call("/accounts/cancellation/withdraw", { as: "user", ...jsonPost({ version: await versionOf() }) })).status).toBe(403);
    expect((await api.call("/accounts/cancellation/withdraw", jsonPost({ version: await versionOf() }))).status).toBe(204);
    expect((planInfoAnswer.parse(await (await api.call("/user_service/planinfo")).json()))).toMatchObject({ status: "active", withdrawal_date: null, is_subscribe_cancellation: false });
    expect((await api.call("/accounts/addplan", jsonPost({ plan_id: 2, version: await versionOf() }))).status).toBe(200);
  });

  it("after the last day, keeps the data readable but refuses changes, and lets the owner register again", async () => {
    const { db } = api.database;
    await db.update(companyPlans).set({ isSubscribeCancellation: true, withdrawalDate: "2026-10-31", endDate: "2026-10-31" }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
    now = new Date("2026-11-25T03:00:00Z");
    const info = planInfoAnswer.parse(await (await api.call("/user_service/planinfo")).json());
    expect(info).toMatchObject({ status: "ended", is_contract: false, retained_until: "2036-10-31" });
    expect((await api.call("/customers")).status).toBe(200);
    const write = await api.call("/customers", jsonPost({ name: "新しい取引先" }));
    expect(write.status).toBe(403);
    expect((await write.json()).message).toContain("ご利用期間が終了");
    expect((await (await api.call("/accounts/registration")).json()).registered).toBe(false);
    expect((await api.call("/accounts/registration", jsonPost({ plan_id: 1, agreed_terms: termIds }))).status).toBe(201);
    expect((planInfoAnswer.parse(await (await api.call("/user_service/planinfo")).json()))).toMatchObject({ status: "free_term", join_date: "2026-11-25", withdrawal_date: null });
  });
});
