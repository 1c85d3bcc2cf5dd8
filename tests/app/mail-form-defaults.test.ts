import { beforeAll, describe, expect, it } from "vitest";
import { getDocumentPage } from "~/routes/__documents/documents.server";
import { mailFormDefaults } from "~/routes/__mail/mail-pages.server";
import { useRouteTestApi } from "../support/api";

const api = useRouteTestApi();

beforeAll(async () => {
  // Read once by getConfig, so set before the first service call.
  const setting = await (await api.call("/document-settings/invoice")).json();
  const saved = await postJson("/document-settings/invoice", { ...setting, _method: "PATCH", mail_subject: "{書類名}送付のご案内（お支払期限 {支払期限}）" });
  expect(saved.status).toBe(200);
});

function postJson(path: string, body: unknown) {
  return api.call(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
}

/** The send form of an invoice to a new customer, as the detail page fills it from the invoice settings' templates. */
async function mailFormFor(customer: Record<string, unknown>) {
  const { id: customerId, name, honorific } = await (await postJson("/customers", customer)).json();
  const created = await postJson("/documents", {
    kind: "invoice",
    issue_date: "2026-11-23",
    due_date: "2026-12-31",
    customer_id: customerId,
    customer_name: name,
    customer_honorific: honorific,
    lines: [{ description: "保守作業", unit_price: "50000" }],
  });
  const caller = { idToken: await api.tokenFor("owner"), traceId: "t", bankCode: "0001", bankName: "デモ銀行", screenName: "invoices-detail" };
  return mailFormDefaults(await getDocumentPage(caller, (await created.json()).id, "invoice"));
}

describe("the send form's greeting and dates", () => {
  it("greets a company 御中, and its person in charge 様 instead, never both", async () => {
    expect((await mailFormFor({ name: "有限会社みどり食品", honorific: "御中" })).body.split("\n")[0]).toBe("有限会社みどり食品 御中");
    const withPerson = await mailFormFor({ name: "株式会社青空商事", honorific: "御中", department: "経理部", person_in_charge: "田中" });
    expect(withPerson.body.split("\n")[0]).toBe("株式会社青空商事 経理部 田中様");
    expect(withPerson.body).not.toContain("御中");
  });

  it("greets a person 様", async () => {
    const form = await mailFormFor({ name: "山田太郎", honorific: "様" });
    expect(form.body.split("\n")[0]).toBe("山田太郎 様");
  });

  it("writes the due date as 2026年12月31日 in the subject", async () => {
    expect((await mailFormFor({ name: "株式会社日付確認" })).subject).toBe("請求書送付のご案内（お支払期限 2026年12月31日）");
  });
});
