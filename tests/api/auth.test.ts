import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApi, type TestApi } from "../support/api";
import { insertPaymentUser } from "../support/factories";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  await insertPaymentUser(api.database.db, "owner");
});

afterAll(async () => {
  await api?.close();
});

const me = (init: Parameters<TestApi["call"]>[1] = {}) => api.call("/user_service/me", init);

describe("token auth", () => {
  it("accepts a valid id token", async () => {
    const response = await me();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ user_unique_code: "U-DEMO-OWNER" });
  });

  it("answers 401 without a token, with the error shape", async () => {
    const response = await me({ as: null });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ code: "unauthorized", message: "認証情報がありません。" });
  });

  it.each([
    ["a bad signature", { key: "foreign" as const }],
    ["a wrong audience", { audience: "someone-else" }],
    ["an expired token", { expiresIn: Math.floor(Date.now() / 1000) - 60 }],
  ])("answers 401 for %s", async (_name, options) => {
    const token = await api.issuer.sign(
      { ba_user_unique_code: "U-DEMO-OWNER", ba_user_type: "company_owner", ba_user_bank_code: "0001", ba_company_unique_code: "C-DEMO" },
      options,
    );
    const response = await me({ token });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "unauthorized" });
  });

  it("refuses a token it accepted once as soon as the token expires", async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const token = await api.issuer.sign(
      { ba_user_unique_code: "U-DEMO-OWNER", ba_user_type: "company_owner", ba_user_bank_code: "0001", ba_company_unique_code: "C-DEMO" },
      { expiresIn: expiresAt },
    );
    expect((await me({ token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 50));
    expect((await me({ token })).status).toBe(401);
  });

  it("answers 401 for a token without an expiry", async () => {
    const token = await api.issuer.sign(
      { ba_user_unique_code: "U-DEMO-OWNER", ba_user_type: "company_owner", ba_user_bank_code: "0001", ba_company_unique_code: "C-DEMO" },
      { expiresIn: null },
    );
    expect((await me({ token })).status).toBe(401);
  });

  it("answers 401 for a token from an issuer that is not configured", async () => {
    const token = await api.issuer.sign({ ba_user_unique_code: "U", ba_user_type: "company_owner", ba_user_bank_code: "0001", ba_company_unique_code: "C" }, { issuer: "https://idp.evil.example" });
    expect((await me({ token })).status).toBe(401);
  });

  it("answers 401 for a garbled header", async () => {
    expect((await me({ as: null, headers: { Authorization: "Bearer not a token" } })).status).toBe(401);
    expect((await me({ as: null, headers: { Authorization: "Basic dXNlcjpwYXNz" } })).status).toBe(401);
  });

  it("refuses a bank code header that disagrees with the token", async () => {
    const response = await me({ headers: { "X-Bank-Code": "0182" } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ code: "forbidden", message: "銀行コードが認証情報と一致しません。" });
    expect((await me({ headers: { "X-Bank-Code": "0001" } })).status).toBe(200);
  });

  it("fetches the JWKS again when a token is signed with a new key", async () => {
    expect((await me()).status).toBe(200);
    const before = api.issuer.jwksRequests();
    await api.issuer.rotateKey();
    expect((await me()).status).toBe(200);
    expect(api.issuer.jwksRequests()).toBe(before + 1);
    expect((await me()).status).toBe(200);
    expect(api.issuer.jwksRequests()).toBe(before + 1);
  });

  const ENDPOINTS = [
    ["GET", "/constants"],
    ["GET", "/taxes"],
    ["GET", "/taxes?type=withholding"],
    ["GET", "/companies"],
    ["POST", "/companies"],
    ["GET", "/companies/1"],
    ["POST", "/companies/1"],
    ["DELETE", "/companies/1"],
    ["GET", "/get_s3_file?path=00000000-0000-0000-0000-000000000000"],
    ["GET", "/user_service/me"],
    ["GET", "/user_service/planinfo"],
    ["GET", "/payment_company/list"],
    ["GET", "/master/service/plans"],
    ["GET", "/terms/cookie"],
    ["GET", "/terms/1"],
    ["GET", "/bank/chohyoterm"],
    ["GET", "/customers"],
    ["POST", "/customers"],
    ["GET", "/customers/1"],
    ["POST", "/customers/1"],
    ["POST", "/customers/1/archive"],
    ["DELETE", "/customers/1"],
  ] as const;

  it.each(ENDPOINTS)("%s %s refuses a missing, forged, foreign-audience or expired token", async (method, path) => {
    const claims = { ba_user_unique_code: "U-DEMO-OWNER", ba_user_type: "company_owner", ba_user_bank_code: "0001", ba_company_unique_code: "C-DEMO" };
    const tokens = [
      undefined,
      await api.issuer.sign(claims, { key: "foreign" }),
      await api.issuer.sign(claims, { audience: "someone-else" }),
      await api.issuer.sign(claims, { expiresIn: Math.floor(Date.now() / 1000) - 60 }),
    ];
    for (const token of tokens) {
      const response = await api.call(path, { method, as: null, token });
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: "unauthorized" });
    }
  });

  it("answers unknown endpoints with 404 in the error shape", async () => {
    const response = await api.call("/no-such-endpoint");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
  });
});
