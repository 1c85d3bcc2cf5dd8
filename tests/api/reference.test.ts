import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import { insertPlans, insertTerms } from "../support/factories";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api?.close();
});

describe("GET /constants", () => {
  it("lists every code list the UI needs", async () => {
    const response = await api.call("/constants");
    expect(response.status).toBe(200);
    const constants = await response.json();
    expect(constants.rounding_modes.map((mode: { id: number; key: string }) => [mode.id, mode.key])).toEqual([
      [1, "floor"],
      [2, "truncate"],
      [3, "ceiling"],
      [4, "round"],
    ]);
    expect(constants.tax_types.map((type: { label: string }) => type.label)).toEqual(["外税", "内税"]);
    expect(constants.export_encodings.map((encoding: { id: string }) => encoding.id)).toEqual(["UTF8", "UTF8N", "SJIS"]);
    expect(constants.receive_filters.map((filter: { id: string }) => filter.id)).toEqual(["only", "with_both", "with_customer", "with_account"]);
    expect(constants.match_results.map((result: { id: number }) => result.id)).toEqual([1, 2, 3, 4]);
    expect(constants.plan_ids.map((plan: { id: number }) => plan.id)).toEqual([0, 1, 2, 3, 4]);
    expect(constants.payment_roles).toEqual([
      { id: 0, key: "invalid" },
      { id: 1, key: "owner" },
      { id: 2, key: "user" },
    ]);
    expect(constants.mail_statuses.map((status: { label: string }) => status.label)).toEqual(["", "送信済", "閲覧済", "送信エラー"]);
    expect(constants.tax_categories.map((category: { id: string; rate: number }) => [category.id, category.rate])).toEqual([
      ["standard", 10],
      ["reduced", 8],
      ["non_taxable", 0],
      ["not_subject", 0],
      ["export_exempt", 0],
      ["reimbursement", 0],
    ]);
    for (const list of ["withholding_types", "bank_account_types", "estimate_statuses", "delivery_slip_statuses", "invoice_statuses", "receipt_statuses", "user_types", "tax_rates"]) {
      expect(constants[list].length, list).toBeGreaterThan(0);
    }
  });

  it("needs a token like every endpoint", async () => {
    expect((await api.call("/constants", { as: null })).status).toBe(401);
  });
});

describe("GET /taxes", () => {
  it("lists the consumption tax rates", async () => {
    const rates = await (await api.call("/taxes")).json();
    expect(rates.map((rate: { id: number }) => rate.id)).toEqual([10, 8, 0]);
  });

  it("lists withholding types without the disabled one", async () => {
    const types = await (await api.call("/taxes?type=withholding")).json();
    expect(types.map((type: { key: string }) => type.key)).toEqual(["withSpecialIncome", "withoutSpecialIncome"]);
  });

  it("refuses an unknown type with a field message", async () => {
    const response = await api.call("/taxes?type=consumption");
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ code: "validation_failed", message: "入力内容に誤りがあります。", fields: { type: ["形式が正しくありません"] } });
  });
});

describe("GET /master/service/plans", () => {
  it("lists the plans master in order", async () => {
    await insertPlans(api.database.db);
    const list = await (await api.call("/master/service/plans")).json();
    expect(list.map((plan: { plan_id: number; plan_name: string }) => [plan.plan_id, plan.plan_name])).toEqual([
      [1, "発行プラン"],
      [2, "発行・受取プラン"],
    ]);
  });
});

describe("terms", () => {
  it("answers 404 while no cookie terms exist, then the newest", async () => {
    expect((await api.call("/terms/cookie")).status).toBe(404);
    await insertTerms(api.database.db, { kind: "cookie", title: "Cookieポリシー", version: "1", publishedAt: new Date("2026-01-01T00:00:00Z") });
    await insertTerms(api.database.db, { kind: "cookie", title: "Cookieポリシー（改定）", version: "2", publishedAt: new Date("2026-06-01T00:00:00Z") });
    expect(await (await api.call("/terms/cookie")).json()).toMatchObject({ title: "Cookieポリシー（改定）", version: "2" });
  });

  it("reads terms by id, and 404 for an unknown id", async () => {
    const created = await insertTerms(api.database.db, { kind: "product", product: "invoice", title: "利用規約" });
    expect(await (await api.call(`/terms/${created.id}`)).json()).toMatchObject({ title: "利用規約" });
    expect((await api.call("/terms/999999")).status).toBe(404);
    expect((await api.call("/terms/99999999999")).status).toBe(404);
  });

  it("gives the caller's bank's terms of a product, else the product's own", async () => {
    await insertTerms(api.database.db, { kind: "product", product: "chohyo", title: "帳票クラウド利用規約" });
    expect(await (await api.call("/bank/chohyoterm")).json()).toMatchObject({ title: "帳票クラウド利用規約" });
    await insertTerms(api.database.db, { kind: "bank", product: "chohyo", bankCode: "0002", title: "しんきん版利用規約" });
    expect(await (await api.call("/bank/chohyoterm", { as: "shinkinOwner" })).json()).toMatchObject({ title: "しんきん版利用規約" });
    expect(await (await api.call("/bank/chohyoterm")).json()).toMatchObject({ title: "帳票クラウド利用規約" });
    expect((await api.call("/bank/unknownterm")).status).toBe(404);
  });
});
