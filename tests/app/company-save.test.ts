import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireCompanySavePrecondition } from "~/routes/_default.companies.create/company-save.server";
import { startTestApi, type TestApi } from "../support/api";
import { insertPaymentUser } from "../support/factories";
import type { FixtureUserName } from "../support/users";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  await insertPaymentUser(api.database.db, "owner");
});

afterAll(async () => {
  await api?.close();
});

async function check(name: FixtureUserName, overrides: Record<string, unknown> = {}) {
  const caller = { idToken: await api.tokenFor(name, overrides), traceId: "t", bankCode: "0001", bankName: "デモ銀行", screenName: "companies-create" };
  return requireCompanySavePrecondition(caller, { paymentApi: api.url, bankService: api.bankServiceUrl }).then(
    () => "allowed",
    (thrown: unknown) => (thrown as { init?: { status?: number } }).init?.status,
  );
}

describe("company-save precondition", () => {
  it("allows a user known to both the bank service and the payment service", async () => {
    expect(await check("owner")).toBe("allowed");
  });

  it("answers 404 for a user the payment service does not know", async () => {
    expect(await check("newcomer")).toBe(404);
  });

  it("answers 404 for a user the bank service does not know", async () => {
    expect(await check("owner", { ba_user_unique_code: "U-GHOST", sub: "U-GHOST" })).toBe(404);
  });
});

describe("sandbox bank service", () => {
  it("answers the bank's config, the caller's company and user, and searches within the company", async () => {
    const token = await api.tokenFor("owner");
    const get = async (path: string) => {
      const response = await fetch(`${api.bankServiceUrl}/api/v1${path}`, { headers: { Authorization: `Bearer ${token}` } });
      return { status: response.status, body: await response.json() };
    };
    expect(await get("/app/config")).toEqual({
      status: 200,
      body: { result: { config: { ba_name: "デモ銀行", enable_payment_receive: true, check_payment_method_filled: true, is_payment_method_filled: true } } },
    });
    // 新規工房 has no payment method on file with the bank yet: registration asks for one.
    const newcomer = await fetch(`${api.bankServiceUrl}/api/v1/app/config`, { headers: { Authorization: `Bearer ${await api.tokenFor("newcomer")}` } });
    expect((await newcomer.json()).result.config).toMatchObject({ check_payment_method_filled: true, is_payment_method_filled: false });
    expect((await get("/company/company")).body.result.company).toMatchObject({ company_name: "株式会社デモ商事" });
    expect((await get("/user/me")).body.result.user).toMatchObject({ ba_user_unique_code: "U-DEMO-OWNER", ba_user_last_name: "山田" });
    expect((await get("/user/search?user_unique_code=U-DEMO-USER")).body.result.user).toMatchObject({ ba_user_first_name: "花子" });
    expect((await get("/user/search?user_unique_code=U-OTHER-OWNER")).status).toBe(404);
    expect((await fetch(`${api.bankServiceUrl}/api/v1/user/me`)).status).toBe(401);
  });
});
