import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentServiceUsers } from "../../api/db/schema";
import { createWebApiLookup } from "../../api/registration-numbers/web-api";
import { SANDBOX_NTA_NUMBERS } from "../../sandbox/nta-fixture";
import { startTestApi, type TestApi } from "../support/api";
import { insertPaymentUser } from "../support/factories";
import { startNtaStandIn } from "../support/nta";

let ntaStandIn: Awaited<ReturnType<typeof startNtaStandIn>>;
let api: TestApi;

beforeAll(async () => {
  ntaStandIn = await startNtaStandIn();
  api = await startTestApi({
    registrationLookup: () => createWebApiLookup({ baseUrl: ntaStandIn.baseUrl, applicationId: ntaStandIn.applicationId, timeoutMs: 400 }),
  });
  await insertPaymentUser(api.database.db, "owner");
  await insertPaymentUser(api.database.db, "user");
});

afterAll(async () => {
  await Promise.all([api?.close(), ntaStandIn?.close()]);
});

const verification = (query: Record<string, string>, as: Parameters<TestApi["call"]>[1] = {}) =>
  api.call(`/registration-numbers/verification?${new URLSearchParams(query)}`, as);

describe("GET /registration-numbers/verification", () => {
  it("answers the match result with the registration, in snake_case", async () => {
    const response = await verification({ number: "ｔ４０１０００１１００００１", date: "2024/6/1", name: "㈱サンドボックス商事" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      number: SANDBOX_NTA_NUMBERS.registered,
      date: "2024-06-01",
      name: "㈱サンドボックス商事",
      result: 1,
      result_label: "一致",
      reason: "取引日に登録されており、名称も一致します",
      check_digit_valid: true,
      name_compared: true,
      source: "api",
      registration: {
        number: SANDBOX_NTA_NUMBERS.registered,
        process: "01",
        kind: "2",
        name: "株式会社サンドボックス商事",
        kana: "サンドボックスショウジ",
        trade_name: "",
        popular_name_previous_name: "",
        address: "東京都千代田区丸の内１丁目１番１号",
        registration_date: "2023-10-01",
        update_date: "2023-06-15",
        disposal_date: null,
        expire_date: null,
      },
      input_tax_credit: { rate: 100, qualified: true, label: "適格請求書のため全額控除" },
    });
  });

  it.each([
    ["unmatched", SANDBOX_NTA_NUMBERS.otherName, "合同会社アオ技研", 2, "不一致", 80],
    ["not found", SANDBOX_NTA_NUMBERS.notFound, "株式会社どこにも", 3, "該当なし", 80],
  ])("%s, flagged as not a qualified invoice with the transitional credit of the date", async (_name, number, name, result, label, rate) => {
    const body = await (await verification({ number, date: "2024-06-01", name })).json();
    expect(body).toMatchObject({ result, result_label: label, input_tax_credit: { rate, qualified: false } });
  });

  it("is a result (error, 4), not a failed request, when the NTA fails: the form saves anyway", async () => {
    const response = await verification({ number: SANDBOX_NTA_NUMBERS.noAnswer, date: "2024-06-01", name: "株式会社どこか" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: 4, result_label: "エラー", registration: null, input_tax_credit: null, reason: expect.stringMatching(/時間内に応答しませんでした/) });
  });

  it("is for company members: a user may verify too", async () => {
    expect((await verification({ number: SANDBOX_NTA_NUMBERS.registered, date: "2024-06-01", name: "x" }, { as: "user" })).status).toBe(200);
  });

  it.each([
    ["no token", null, 401],
    ["bank staff", "bankAdmin", 403],
  ] as const)("refuses %s", async (_name, as, status) => {
    expect((await verification({ number: SANDBOX_NTA_NUMBERS.registered, date: "2024-06-01", name: "x" }, { as })).status).toBe(status);
  });

  it("refuses a member whose payment role is invalid", async () => {
    await api.database.db.update(paymentServiceUsers).set({ role: 0 }).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-USER"));
    const response = await verification({ number: SANDBOX_NTA_NUMBERS.registered, date: "2024-06-01", name: "x" }, { as: "user" });
    expect(response.status).toBe(403);
    await api.database.db.update(paymentServiceUsers).set({ role: 2 }).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-USER"));
  });

  it.each([
    ["no number", { date: "2024-06-01", name: "x" }, "登録番号は「T」と13桁の数字で入力してください。"],
    ["a number without T", { number: "4010001100001", date: "2024-06-01", name: "x" }, "登録番号は「T」と13桁の数字で入力してください。"],
    ["a number too short", { number: "T401000110000", date: "2024-06-01", name: "x" }, "登録番号は「T」と13桁の数字で入力してください。"],
    ["no date", { number: SANDBOX_NTA_NUMBERS.registered, name: "x" }, "取引日は YYYY-MM-DD の形式で指定してください。"],
    ["a date not on the calendar", { number: SANDBOX_NTA_NUMBERS.registered, date: "2024-02-30", name: "x" }, "取引日は YYYY-MM-DD の形式で指定してください。"],
    ["no name", { number: SANDBOX_NTA_NUMBERS.registered, date: "2024-06-01", name: " " }, "取引先名を300文字以内で指定してください。"],
    ["a name too long", { number: SANDBOX_NTA_NUMBERS.registered, date: "2024-06-01", name: "あ".repeat(301) }, "取引先名を300文字以内で指定してください。"],
  ])("answers 400 with a Japanese message for %s", async (_name, query, message) => {
    const response = await verification(query);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "bad_request", message });
  });

  it("answers 400 to a repeated parameter", async () => {
    const response = await api.call(`/registration-numbers/verification?number=${SANDBOX_NTA_NUMBERS.registered}&number=${SANDBOX_NTA_NUMBERS.otherName}&date=2024-06-01&name=x`);
    expect(response.status).toBe(400);
  });
});
