import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentServiceUsers } from "../../api/db/schema";
import { startTestApi, type TestApi } from "../support/api";
import { insertPaymentUser, insertPlans } from "../support/factories";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  await insertPlans(api.database.db);
  await insertPaymentUser(api.database.db, "owner", 2);
  await insertPaymentUser(api.database.db, "shinkinOwner", 1);
});

afterAll(async () => {
  await api?.close();
});

describe("GET /user_service/me", () => {
  it("returns the caller's payment service user with the specified defaults", async () => {
    const me = await (await api.call("/user_service/me")).json();
    expect(me).toMatchObject({ user_unique_code: "U-DEMO-OWNER", company_unique_code: "C-DEMO", role: 1, plan_id: 2, reference_id: 2, receive_reference_id: 1 });
  });

  it("refuses bank staff, who have no company", async () => {
    expect((await api.call("/user_service/me", { as: "bankAdmin" })).status).toBe(403);
  });

  it("answers 404 for a user with no payment service user", async () => {
    const response = await api.call("/user_service/me", { as: "newcomer" });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: "not_found", message: "決済サービスのユーザーが見つかりません。" });
  });
});

describe("GET /user_service/planinfo", () => {
  it("refuses a user whose payment role is invalid (0), as every company endpoint does", async () => {
    await insertPaymentUser(api.database.db, "user", 2);
    await api.database.db.update(paymentServiceUsers).set({ role: 0 }).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-USER"));
    for (const path of ["/user_service/planinfo", "/payment_company/list"]) {
      const response = await api.call(path, { as: "user" });
      expect(response.status, path).toBe(403);
      expect((await response.json()).code).toBe("forbidden");
    }
    await api.database.db.delete(paymentServiceUsers).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-USER"));
  });

  it("returns the company's plan with the plan's name and amounts", async () => {
    const info = await (await api.call("/user_service/planinfo")).json();
    expect(info).toMatchObject({ company_unique_code: "C-DEMO", plan_id: 2, plan_name: "発行・受取プラン", amount: 2000, total_amount: 2200, max_receive_files: 100 });
  });

  it("never shows another company's plan", async () => {
    const info = await (await api.call("/user_service/planinfo", { as: "shinkinOwner" })).json();
    expect(info).toMatchObject({ company_unique_code: "C-SHINKIN", plan_id: 1 });
  });

  it("refuses bank staff, who have no company", async () => {
    expect((await api.call("/user_service/planinfo", { as: "bankAdmin" })).status).toBe(403);
  });
});

describe("GET /payment_company/list", () => {
  it("lists only the caller's company", async () => {
    const list = await (await api.call("/payment_company/list")).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ company_unique_code: "C-DEMO", plan_id: 2, join_date: "2026-04-01" });
  });
});
