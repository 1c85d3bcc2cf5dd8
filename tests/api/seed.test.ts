import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../../sandbox/seed";
import { banks } from "../../api/db/schema";
import { approvalSettingsAnswer, approvalsWaitingAnswer } from "../../domain/approval-answers";
import { startTestApi, type TestApi } from "../support/api";

let api: TestApi;
const assets = path.resolve("sandbox/assets");

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(async () => {
  await api?.close();
});

describe("sandbox demo data", () => {
  it("creates the banks, plans, terms, users and 株式会社デモ商事's profile once", async () => {
    expect(await seedDemoData(api.database.db, assets)).toBe(true);
    expect(await seedDemoData(api.database.db, assets)).toBe(false);

    const bankRows = await api.database.db.select().from(banks);
    expect(bankRows.map((bank) => [bank.bankCode, bank.name, bank.enablePaymentReceive])).toEqual([
      ["0001", "デモ銀行", true],
      ["0002", "サンプル信用金庫", false],
      ["0182", "みらい地方銀行", true],
      ["9998", "運営管理", false],
    ]);

    const [company] = await (await api.call("/companies")).json();
    expect(company).toMatchObject({ company_name: "株式会社デモ商事", registered_no: "T9010401234567" });
    expect(company.company_bank_accounts).toHaveLength(2);
    const logo = await (await api.call(`/get_s3_file?path=${company.logo.path}`)).json();
    expect(logo.content_type).toBe("image/png");
    expect(company.stamp).not.toBeNull();

    expect(await (await api.call("/user_service/me")).json()).toMatchObject({ role: 1, plan_id: 4, reference_id: 2, receive_reference_id: 1 });
    expect(await (await api.call("/user_service/me", { as: "user" })).json()).toMatchObject({ role: 2 });
    expect((await api.call("/user_service/me", { as: "newcomer" })).status).toBe(404);
    expect(await (await api.call("/user_service/planinfo", { as: "shinkinOwner" })).json()).toMatchObject({ plan_id: 1, plan_name: "発行プラン" });
    expect(await (await api.call("/terms/cookie")).json()).toMatchObject({ title: "Cookieポリシー" });
    // Banks 0001 and 0182 publish their own terms of the product; 0002 shows the product's; the ID terms are there.
    expect(await (await api.call("/bank/chohyoterm")).json()).toMatchObject({ kind: "bank", bank_code: "0001" });
    expect(await (await api.call("/public/terms/bank/0182", { as: null })).json()).toMatchObject({ title: "みらい地方銀行 帳票クラウドご利用規約", effective_date: "2026-06-01" });
    expect(await (await api.call("/public/terms/bank/0002", { as: null })).json()).toMatchObject({ title: "帳票クラウド利用規約", effective_date: "2026-04-01" });
    expect(await (await api.call("/public/terms/kokopelli-id", { as: null })).json()).toMatchObject({ title: "Kokopelli ID 利用規約" });
    expect((await (await api.call("/customers?per_page=100")).json()).total).toBe(10);
    expect((await (await api.call("/items?per_page=100")).json()).total).toBe(20);
    const invoices = await (await api.call("/documents?kind=invoice&sort=number&order=asc")).json();
    expect(invoices.items.map((invoice: { number: string; status: number }) => [invoice.number, invoice.status])).toEqual([
      ["INV-202610-0001", 4],
      ["INV-202610-0002", 3],
      ["INV-202611-0003", 2],
      ["INV-202611-0004", 1],
      ["INV-202611-0005", 1],
    ]);
    // 承認 (decision 049): invoices from ¥300,000 税込 need an owner's approval, and one waits for 山田 太郎.
    expect(approvalSettingsAnswer.parse(await (await api.call("/approval-rules")).json()).rules).toEqual([
      { kind: "invoice", threshold: 300000, amount_basis: "tax_included", steps: [{ any_owner: true }], allow_self_approval: false },
    ]);
    const waiting = approvalsWaitingAnswer.parse(await (await api.call("/approvals/waiting")).json());
    expect(waiting.items.map((item) => [item.document?.number, item.document?.tax_included, item.requested_by_name])).toEqual([["INV-202611-0005", "352000", "佐藤 花子"]]);
    const converted = await (await api.call(`/documents/${invoices.items[0].id}`)).json();
    expect(converted.source).toMatchObject({ kind: "estimate", number: "EST-202610-0001" });
    expect(converted.derived).toEqual([expect.objectContaining({ kind: "receipt" })]);
    // Its history reads as a user would have left it, naming the person: made, issued (billed), then paid.
    expect(converted.history.map((entry: { event: string; from_status: number | null; to_status: number; changed_by_name: string }) => [entry.event, entry.from_status, entry.to_status, entry.changed_by_name])).toEqual([
      ["created", null, 1, "山田 太郎"],
      ["issued", 1, 2, "山田 太郎"],
      ["status", 2, 4, "山田 太郎"],
    ]);
    expect((await (await api.call("/master/service/plans")).json()).map((plan: { plan_id: number }) => plan.plan_id)).toEqual([0, 1, 2, 3, 4]);
  });
});
