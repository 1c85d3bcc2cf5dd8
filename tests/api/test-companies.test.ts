import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestCompanyFactory } from "../../sandbox/test-companies";
import { startTestApi, type TestApi } from "../support/api";
import { count } from "drizzle-orm";
import { companyPlans } from "../../api/db/schema";
import { createDocument, DOCUMENT_LINES, insertPaymentUser } from "../support/factories";

let api: TestApi;
let factory: Server;
let factoryUrl: string;

beforeAll(async () => {
  api = await startTestApi();
  await insertPaymentUser(api.database.db, "owner");
  const app = express();
  app.use("/sandbox/test-companies", createTestCompanyFactory(api.database.db));
  factory = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => factory.once("listening", resolve));
  factoryUrl = `http://127.0.0.1:${(factory.address() as AddressInfo).port}/sandbox/test-companies`;
});

afterAll(async () => {
  factory?.close();
  await api?.close();
});

type Made = { companyUniqueCode: string; companyName: string; bankCode: string; login: string; userUniqueCode: string; password: string };

async function makeCompany(body: Record<string, unknown>): Promise<Response> {
  return fetch(factoryUrl, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

/** The made owner's id token, as the sandbox's provider would sign it; the bank service knows the owner the same way. */
function ownerToken(made: Made): Promise<string> {
  return api.issuer.sign({
    ba_user_unique_code: made.userUniqueCode,
    ba_user_type: "company_owner",
    ba_user_bank_code: made.bankCode,
    ba_company_unique_code: made.companyUniqueCode,
    ba_company_name: made.companyName,
  });
}

describe("the sandbox's test-company factory", () => {
  it("makes a company of its own with a plan and an owner that the bank service and the Payment API know, seeing nothing of others", async () => {
    const response = await makeCompany({ bankCode: "0002", planId: 1 });
    expect(response.status).toBe(201);
    const made = (await response.json()) as Made;
    expect(made).toMatchObject({ bankCode: "0002", password: "demo", companyUniqueCode: expect.stringMatching(/^C-TEST-[0-9A-F]{8}$/) });
    const token = await ownerToken(made);

    const me = await fetch(`${api.bankServiceUrl}/api/v1/user/me`, { headers: { Authorization: `Bearer ${token}` } });
    expect((await me.json()).result.user).toMatchObject({ ba_user_email: made.login, ba_company_name: made.companyName, ba_user_bb_name: "本店" });

    await createDocument(api, { customer_name: "デモ商事の取引先" });
    const document = await api.call("/documents", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ kind: "invoice", issue_date: "2026-11-22", customer_name: "テスト商事の取引先", lines: DOCUMENT_LINES }),
      token,
    });
    expect(document.status).toBe(201);
    const list = await (await api.call("/documents?kind=invoice", { token })).json();
    expect(list.items.map((row: { customer_name: string }) => row.customer_name)).toEqual(["テスト商事の取引先"]);

    const another = (await (await makeCompany({})).json()) as Made;
    expect(another.companyUniqueCode).not.toBe(made.companyUniqueCode);
    expect(another.bankCode).toBe("0001");
  });

  it("refuses a bank without companies or a plan the bank does not offer, making nothing", async () => {
    const companiesNow = () => api.database.db.select({ value: count() }).from(companyPlans);
    const before = await companiesNow();
    for (const body of [{ bankCode: "9998" }, { bankCode: "0002", planId: 2 }, { planId: 0 }, { bankCode: "9999" }]) {
      const response = await makeCompany(body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await response.json()).error).toContain("planId");
    }
    expect(await companiesNow()).toEqual(before);
  });
});
