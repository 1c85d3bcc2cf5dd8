import { afterEach, describe, expect, it } from "vitest";
import { describeError } from "~/components/errors/error-model";
import { z } from "zod";
import { askPaymentApi, fetchPaymentApi, PaymentApiValidationError, type PaymentApiCaller } from "~/services/payment-api.server";
import { itemPageAnswer } from "@domain/master-data-answers";
import { serviceUnavailable } from "../../api/errors";
import { startTestApi, type TestApi } from "../support/api";
import { insertPaymentUser } from "../support/factories";

let api: TestApi | undefined;

afterEach(async () => {
  await api?.close();
  api = undefined;
});

async function caller(overrides: Partial<PaymentApiCaller> = {}): Promise<PaymentApiCaller> {
  return { idToken: await api!.tokenFor("owner"), traceId: "trace-1", bankCode: "0001", bankName: "デモ銀行", screenName: "top", ...overrides };
}

/** What a loader's error boundary would receive for a thrown `data()` response. */
function asBoundaryError(thrown: unknown) {
  const { data, init } = thrown as { data: unknown; init: { status: number } };
  return describeError({ status: init.status, statusText: "", internal: false, data });
}

describe("the web app's Payment API client", () => {
  it("returns the answer of a successful call, read with its schema", async () => {
    api = await startTestApi();
    await insertPaymentUser(api.database.db, "owner");
    const me = await askPaymentApi(await caller(), "/user_service/me", z.object({ user_unique_code: z.string() }), {}, api.url);
    expect(me.user_unique_code).toBe("U-DEMO-OWNER");
  });

  it("reads an answer with its contract: the API's own fits it, one that does not is named as the API's fault, not shown in part", async () => {
    api = await startTestApi();
    await insertPaymentUser(api.database.db, "owner");
    expect(await askPaymentApi(await caller(), "/items", itemPageAnswer, {}, api.url)).toEqual({ items: [], total: 0, page: 1, per_page: 20 });
    const transport = async () => Response.json({ items: [{ id: "1", name: "コピー用紙" }], total: 1, page: 1, per_page: 20 });
    const someone: PaymentApiCaller = { idToken: "token", traceId: "trace-1", bankCode: "0001", bankName: "デモ銀行", screenName: "items-list", transport };
    const thrown = await askPaymentApi(someone, "/items", itemPageAnswer, {}, "http://payment-api.test/api/v1").catch((error: unknown) => error);
    expect(String(thrown)).toMatch(/GET \/items answered outside its contract \(items\.0\.id: .+\)/);
  });

  it("turns the API's maintenance answer into the maintenance screen with its window", async () => {
    const window = { start: "2026-11-22T01:00:00+09:00", end: "2026-11-22T05:00:00+09:00" };
    api = await startTestApi({ maintenance: window, now: () => new Date("2026-11-22T02:00:00+09:00") });
    const thrown = await fetchPaymentApi(await caller(), "/constants", {}, api.url).catch((error: unknown) => error);
    expect(asBoundaryError(thrown)).toEqual({ kind: "maintenance", status: 503, ...window });
  });

  it("turns 404 and 403 into their screens", async () => {
    api = await startTestApi();
    const missing = await fetchPaymentApi(await caller(), "/user_service/me", {}, api.url).catch((error: unknown) => error);
    expect(asBoundaryError(missing)).toMatchObject({ kind: "notFound", status: 404 });
    const wrongBank = await fetchPaymentApi(await caller({ bankCode: "0182" }), "/constants", {}, api.url).catch((error: unknown) => error);
    expect(asBoundaryError(wrongBank)).toMatchObject({ kind: "forbidden", status: 403 });
  });

  it("hands a 422's field messages to the form", async () => {
    api = await startTestApi();
    await insertPaymentUser(api.database.db, "owner");
    const thrown = await fetchPaymentApi(await caller(), "/companies", { method: "POST", body: new FormData() }, api.url).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(PaymentApiValidationError);
    expect((thrown as PaymentApiValidationError).fields.company_name).toEqual(["このフィールドは必須です"]);
  });

  it("shows the moment's-unavailability screen when the API does not answer", async () => {
    api = await startTestApi();
    const thrown = await fetchPaymentApi(await caller(), "/constants", {}, "http://127.0.0.1:9/api/v1").catch((error: unknown) => error);
    expect(asBoundaryError(thrown)).toEqual({ kind: "unavailable", status: 503 });
  });

  it("shows the moment's-unavailability screen, not the maintenance one, for the API's 503 when its database is away", async () => {
    const { status, code, message } = serviceUnavailable();
    // The API's answer while its database fails over (api/errors.ts), as it comes over the wire.
    const transport = async () => Response.json({ code, message }, { status, headers: { "Retry-After": "5" } });
    const someone: PaymentApiCaller = { idToken: "token", traceId: "trace-1", bankCode: "0001", bankName: "デモ銀行", screenName: "top", transport };
    const thrown = await fetchPaymentApi(someone, "/documents", {}, "http://payment-api.test/api/v1").catch((error: unknown) => error);
    expect(asBoundaryError(thrown)).toEqual({ kind: "unavailable", status: 503 });
  });

  it("shows a 400's own message on the error screen", async () => {
    api = await startTestApi();
    const thrown = await fetchPaymentApi(await caller(), "/customers?q=%00", {}, api.url).catch((error: unknown) => error);
    expect(asBoundaryError(thrown)).toEqual({ kind: "refused", status: 400, detail: "使用できない文字（制御文字など）が含まれています。入力内容をご確認ください。" });
  });
});
