import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { termsTextAnswer } from "../../domain/master-data-answers";
import { startTestApi, type TestApi } from "../support/api";
import { insertBank, insertTerms } from "../support/factories";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  for (const bankCode of ["0001", "0002", "0182"]) await insertBank(api.database.db, bankCode);
});

afterAll(async () => {
  await api?.close();
});

/** A call as a visitor: no token at all. */
const read = (path: string) => api.call(path, { as: null });

describe("GET /public/terms/bank/{bank_code}", () => {
  it("answers 404 for a known bank while the product has no terms", async () => {
    expect((await read("/public/terms/bank/0001")).status).toBe(404);
  });

  it("gives a bank's own terms without a token, only title, version, effective date and body", async () => {
    await insertTerms(api.database.db, { kind: "product", product: "chohyo", title: "帳票クラウド利用規約", body: "第1条 共通", version: "1.0", publishedAt: new Date("2026-03-31T15:00:00Z") });
    await insertTerms(api.database.db, { kind: "bank", product: "chohyo", bankCode: "0001", title: "デモ銀行 帳票クラウド利用規約", body: "第1条 デモ銀行", version: "2.0", publishedAt: new Date("2026-04-01T00:00:00Z") });
    await insertTerms(api.database.db, { kind: "bank", product: "other", bankCode: "0182", title: "別の商品の規約" });
    const response = await read("/public/terms/bank/0001");
    expect(response.status).toBe(200);
    expect(termsTextAnswer.parse(await response.json())).toEqual({ title: "デモ銀行 帳票クラウド利用規約", version: "2.0", effective_date: "2026-04-01", body: "第1条 デモ銀行" });
  });

  it("falls back to the product's terms for a bank without its own (another product's terms do not count)", async () => {
    expect(termsTextAnswer.parse(await (await read("/public/terms/bank/0002")).json())).toEqual({ title: "帳票クラウド利用規約", version: "1.0", effective_date: "2026-04-01", body: "第1条 共通" });
    expect(await (await read("/public/terms/bank/0182")).json()).toMatchObject({ title: "帳票クラウド利用規約" });
  });

  it("shows the newest version in force, not one dated in the future", async () => {
    await insertTerms(api.database.db, { kind: "bank", product: "chohyo", bankCode: "0001", title: "デモ銀行 帳票クラウド利用規約", version: "2.1", publishedAt: new Date("2026-07-01T00:00:00Z") });
    await insertTerms(api.database.db, { kind: "bank", product: "chohyo", bankCode: "0001", title: "デモ銀行 帳票クラウド利用規約", version: "9.0", publishedAt: new Date(Date.now() + 86_400_000) });
    expect(await (await read("/public/terms/bank/0001")).json()).toMatchObject({ version: "2.1", effective_date: "2026-07-01" });
  });

  it.each(["9999", "abcd", "00001", "1", "0001%20"])("answers 404 (not 401) for the unknown or malformed bank code %s", async (bankCode) => {
    const response = await read(`/public/terms/bank/${bankCode}`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
  });

  it("reads the same with a token", async () => {
    expect(await (await api.call("/public/terms/bank/0002")).json()).toMatchObject({ title: "帳票クラウド利用規約" });
  });
});

describe("GET /public/terms/kokopelli-id", () => {
  it("answers 404 while no ID terms exist, then the newest in force", async () => {
    expect((await read("/public/terms/kokopelli-id")).status).toBe(404);
    await insertTerms(api.database.db, { kind: "id", title: "Kokopelli ID 利用規約", body: "第1条 ID", version: "1.0", publishedAt: new Date("2026-01-01T00:00:00Z") });
    await insertTerms(api.database.db, { kind: "id", title: "Kokopelli ID 利用規約", body: "第1条 ID（改定）", version: "1.1", publishedAt: new Date("2026-05-01T00:00:00Z") });
    expect(await (await read("/public/terms/kokopelli-id")).json()).toEqual({ title: "Kokopelli ID 利用規約", version: "1.1", effective_date: "2026-05-01", body: "第1条 ID（改定）" });
  });
});

describe("the public path", () => {
  it("answers 404 for an unknown public terms path instead of asking for a token", async () => {
    expect((await read("/public/terms/cookie")).status).toBe(404);
    expect((await read("/public/terms/bank")).status).toBe(404);
  });

  it("does not open the signed-in terms endpoints", async () => {
    expect((await read("/terms/cookie")).status).toBe(401);
    expect((await read("/bank/chohyoterm")).status).toBe(401);
  });

  it("is read-only", async () => {
    expect((await api.call("/public/terms/kokopelli-id", { as: null, method: "POST" })).status).toBe(404);
  });
});
