import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { banks, companyPlans, paymentServiceUsers } from "../../api/db/schema";
import { action as confirmAction, loader as confirmLoader } from "~/routes/_default.accounts.register_.confirm/route";
import { action as registerAction, loader as registerLoader } from "~/routes/_default.accounts.register/route";
import { loader as addplanLoader } from "~/routes/_default.accounts.register_.addplan._index/route";
import { loader as changeplanLoader } from "~/routes/_default.accounts.register_.changeplan._index/route";
import { loader as changeplanConfirmLoader } from "~/routes/_default.accounts.register_.changeplan.confirm/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_default.accounts.settings/route";
import { action as unregisterAction } from "~/routes/_default.accounts.settings_.unregister.confirm/route";
import { getSession } from "~/services/session.server";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { insertPlans, insertTerms, offerPlans } from "../support/factories";
import type { FixtureUserName } from "../support/users";
import { testContext } from "../support/context";
import { shownAgain } from "../support/route-answers";

const api = useRouteTestApi();
const context = testContext();
let termIds: number[] = [];

beforeAll(async () => {
  process.env.BANK_SERVICE_BASE_URL = api.bankServiceUrl;
  const { db } = api.database;
  await insertPlans(db);
  await offerPlans(db, "0001", [1, 2]);
  await db.update(banks).set({ checkPaymentMethodFilled: true }).where(eq(banks.bankCode, "0001"));
  termIds = [(await insertTerms(db, { kind: "product", product: "chohyo", title: "帳票クラウド利用規約" })).id, (await insertTerms(db, { kind: "id", title: "Kokopelli ID 利用規約" })).id];
});

afterAll(() => {
  delete process.env.BANK_SERVICE_BASE_URL;
});

/** What a loader throws: a redirect, or an error page's answer with its status and variant. */
type ThrownAnswer = Response & { init?: { status?: number }; data?: { variant?: string } };

async function thrownBy(promise: Promise<unknown>): Promise<ThrownAnswer> {
  try {
    await promise;
  } catch (thrown) {
    return thrown as ThrownAnswer;
  }
  throw new Error("expected a thrown answer");
}

/** A follow-up request carrying the cookie a previous answer set, as the browser would. */
function withCookie(request: Request, response: Response): Request {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  const headers = new Headers(request.headers);
  headers.set("Cookie", cookie);
  return new Request(request.url, { method: request.method, headers, body: request.method === "POST" ? new URLSearchParams() : undefined });
}

const post = (api: Parameters<typeof signedInRequest>[0], name: FixtureUserName, path: string, fields: Array<[string, string]>) =>
  signedInRequest(api, name, path, { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });

describe("plan registration pages", () => {
  it("shows the bank's plans, the terms and the payment method the bank asks for", async () => {
    const page = await registerLoader({ request: await signedInRequest(api, "newcomer", "/accounts/register"), params: {}, context });
    expect(page.plans.map((plan) => plan.plan_id)).toEqual([1, 2]);
    expect(page.terms.map((item) => item.title)).toEqual(["帳票クラウド利用規約", "Kokopelli ID 利用規約"]);
    // Bank 0001 checks for a payment method, and the bank service holds none for 新規工房.
    expect(page.asksPaymentMethod).toBe(true);
    // The bank's admin turns the check off in the product: the next visit does not ask.
    await api.database.db.update(banks).set({ checkPaymentMethodFilled: false }).where(eq(banks.bankCode, "0001"));
    expect((await registerLoader({ request: await signedInRequest(api, "newcomer", "/accounts/register"), params: {}, context })).asksPaymentMethod).toBe(false);
    await api.database.db.update(banks).set({ checkPaymentMethodFilled: true }).where(eq(banks.bankCode, "0001"));
  });

  it("keeps everything typed and says what is missing", async () => {
    const answer = shownAgain(
      await registerAction({
        request: await post(api, "newcomer", "/accounts/register", [["plan_id", "2"], ["agreed_terms", String(termIds[0])], ["payment_method", "debit"], ["debit_bank_code", "0001"]]),
        params: {},
        context,
      }),
    );
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.data.error ?? {}).sort()).toEqual(["agreed_terms", "debit_account_name", "debit_account_no", "debit_branch_code"]);
    expect(answer.data.initialValue).toMatchObject({ plan_id: "2", debit_bank_code: "0001" });
  });

  it("sent with nothing chosen, says to choose a plan, agree to the terms and choose a payment method (issue 33)", async () => {
    const answer = shownAgain(await registerAction({ request: await post(api, "newcomer", "/accounts/register", []), params: {}, context }));
    expect(answer.status).toBe(400);
    expect(answer.data.error).toEqual({
      plan_id: ["プランを選択してください"],
      agreed_terms: ["すべての規約をお読みいただき、同意してください"],
      payment_method: ["お支払い方法を選択してください"],
    });
  });

  it("goes from the form through the confirmation to TOP with the menu enabled, once", async () => {
    const fields: Array<[string, string]> = [
      ["plan_id", "2"],
      ...termIds.map((id): [string, string] => ["agreed_terms", String(id)]),
      ["payment_method", "card"],
    ];
    const toConfirm = (await registerAction({ request: await post(api, "newcomer", "/accounts/register", fields), params: {}, context })) as Response;
    expect(toConfirm.status).toBe(302);
    expect(toConfirm.headers.get("Location")).toBe("/accounts/register/confirm");

    const confirmRequest = withCookie(await signedInRequest(api, "newcomer", "/accounts/register/confirm"), toConfirm);
    const confirm = await confirmLoader({ request: confirmRequest, params: {}, context });
    expect(confirm.plan.plan_id).toBe(2);
    expect(confirm.payment).toEqual({ method: "card", account: null });
    expect(confirm.schedule.start_date > confirm.schedule.join_date).toBe(true);

    const submit = withCookie(new Request(confirmRequest.url, { method: "POST" }), toConfirm);
    const done = (await confirmAction({ request: submit, params: {}, context })) as Response;
    expect(done.headers.get("Location")).toBe("/top");
    const session = await getSession(new Request("http://localhost/top", { headers: { Cookie: done.headers.get("Set-Cookie")!.split(";")[0]! } }));
    expect(session.get("user")).toMatchObject({ paymentRole: 1, planId: 2 });

    // The same confirmation sent again (a double click, the back button): still one registration, and TOP again.
    const again = (await confirmAction({ request: withCookie(new Request(confirmRequest.url, { method: "POST" }), toConfirm), params: {}, context })) as Response;
    expect(again.headers.get("Location")).toBe("/top");
    const owners = await api.database.db.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.companyUniqueCode, "C-NEWCOMER"));
    expect(owners.map((row) => row.role)).toEqual([1]);
  });

  it("sends a member of a registered company to TOP, and tells one not yet enabled why they cannot register", async () => {
    const owner = await thrownBy(registerLoader({ request: await signedInRequest(api, "owner", "/accounts/register"), params: {}, context }));
    expect(owner.headers.get("Location")).toBe("/top");
    // 佐藤 has no payment user in this database: 株式会社デモ商事 is registered, so the owner enables them.
    const page = await registerLoader({ request: await signedInRequest(api, "user", "/accounts/register"), params: {}, context });
    expect(page.blocked).toBe("registeredByAnother");
    const refused = await thrownBy(registerAction({ request: await post(api, "user", "/accounts/register", [["plan_id", "1"]]), params: {}, context }));
    expect(refused.init?.status).toBe(403);
  });
});

describe("account settings pages", () => {
  it("are the owner's: a company user gets the 403 page", async () => {
    const thrown = await thrownBy(settingsLoader({ request: await signedInRequest(api, "user", "/accounts/settings"), params: {}, context }));
    expect(thrown.init?.status).toBe(403);
  });

  it("send an owner whose plan already receives from addplan back to the account page, saying why", async () => {
    const thrown = await thrownBy(addplanLoader({ request: await signedInRequest(api, "owner", "/accounts/register/addplan"), params: {}, context }));
    expect(thrown.headers.get("Location")).toBe("/accounts/settings");
  });

  it("offer only a change that can be made: each plan through one flow, and after this month's change the day of the next (issue 33)", async () => {
    const { db } = api.database;
    const settings = async () => settingsLoader({ request: await signedInRequest(api, "owner", "/accounts/settings"), params: {}, context });
    // A plan that receives moves to any other plan through プランを変更する; there is nothing to add.
    expect((await settings()).changes).toEqual({ addplan: false, changeplan: true });

    // An issue-only plan: its only moves add receiving, so 受取機能を追加する alone (both links offered the same plans).
    await db.update(companyPlans).set({ planId: 1 }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
    expect((await settings()).changes).toEqual({ addplan: true, changeplan: false });
    const changeplan = await changeplanLoader({ request: await signedInRequest(api, "owner", "/accounts/register/changeplan"), params: {}, context });
    expect(changeplan.plans).toEqual([]);
    expect(changeplan.addplanInstead).toBe(true);

    // Changed this month: no link to a change the API answers with its 403, but from when the next one can be made.
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date());
    await db.update(companyPlans).set({ planId: 2, previousPlanId: 1, planChangedOn: today }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
    const changed = await settings();
    expect(changed.changes).toEqual({ addplan: false, changeplan: false });
    const [year, month] = today.split("-").map(Number) as [number, number];
    expect(changed.plan.nextChangeOn).toBe(month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`);
    await db.update(companyPlans).set({ previousPlanId: null, planChangedOn: null }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
    expect((await settings()).plan.nextChangeOn).toBeNull();
  });

  it("show the 'plan changed' 403 for a second change in a month", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo" }).format(new Date());
    await api.database.db.update(companyPlans).set({ planChangedOn: today, previousPlanId: 1 }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
    const thrown = await thrownBy(changeplanConfirmLoader({ request: await signedInRequest(api, "owner", "/accounts/register/changeplan/confirm?plan_id=1"), params: {}, context }));
    expect(thrown.init?.status).toBe(403);
    expect(thrown.data?.variant).toBe("planChanged");
  });

  it("reserve a cancellation that blocks plan change, and withdraw it", async () => {
    const before = await settingsLoader({ request: await signedInRequest(api, "owner", "/accounts/settings"), params: {}, context });
    const reserved = (await unregisterAction({
      request: await post(api, "owner", "/accounts/settings/unregister/confirm", [["version", String(before.plan.version)]]),
      params: {},
      context,
    })) as Response;
    expect(reserved.headers.get("Location")).toBe("/accounts/settings/unregister/reserved");

    const blocked = await thrownBy(changeplanConfirmLoader({ request: await signedInRequest(api, "owner", "/accounts/register/changeplan/confirm?plan_id=1"), params: {}, context }));
    expect(blocked.data?.variant).toBe("subscriptionCanceled");

    const pending = await settingsLoader({ request: await signedInRequest(api, "owner", "/accounts/settings"), params: {}, context });
    expect(pending.plan.status).toBe("cancellation_pending");
    const withdrawn = (await settingsAction({ request: await post(api, "owner", "/accounts/settings", [["version", String(pending.plan.version)]]), params: {}, context })) as Response;
    expect(withdrawn.headers.get("Location")).toBe("/accounts/settings");
    const after = await settingsLoader({ request: await signedInRequest(api, "owner", "/accounts/settings"), params: {}, context });
    expect(after.plan.status).not.toBe("cancellation_pending");
  });
});
