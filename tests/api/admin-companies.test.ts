import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoData } from "../../sandbox/seed";
import { adminAuditLog, companyPlanHistory, companyPlans, documents, paymentInfos } from "../../api/db/schema";
import { todayJst } from "../../domain/datetime";
import { decodeCsv } from "../../api/csv/encoding";
import { adminCompanyDetailAnswer, adminCompanyFiltersAnswer, adminCompanyPageAnswer } from "../../domain/admin-answers";
import { startTestApi, type TestApi } from "../support/api";
import type { FixtureUserName } from "../support/users";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  await seedDemoData(api.database.db, path.resolve("sandbox/assets"));
});

afterAll(async () => {
  await api?.close();
});

// Each answer is read with the contract the web app parses with (domain/admin-answers.ts).
const listPage = async (query: string, as: FixtureUserName) => adminCompanyPageAnswer.parse(await (await api.call(`/admin/companies?${query}`, { as })).json());
const detailOf = async (path: string, as: FixtureUserName = "bankAdmin") => adminCompanyDetailAnswer.parse(await (await api.call(`/admin/companies/${path}`, { as })).json());

async function codesFor(as: FixtureUserName, query = ""): Promise<string[]> {
  const response = await api.call(`/admin/companies?${query}`, { as });
  expect(response.status, await response.clone().text()).toBe(200);
  return adminCompanyPageAnswer.parse(await response.json()).items.map((row) => row.company_unique_code).sort();
}

const BANK_0001 = ["C-CAMPAIGN", "C-CHANGED", "C-DEMO", "C-FORMER", "C-LEAVING", "C-OTHER"];
const HEAD_OFFICE = ["C-DEMO", "C-LEAVING"];

describe("who sees which companies", () => {
  it("gives system and bank admins their bank, branch staff their branch, and 9998's system admin every bank", async () => {
    expect(await codesFor("systemAdmin")).toEqual(BANK_0001);
    expect(await codesFor("bankAdmin")).toEqual(BANK_0001);
    expect(await codesFor("branchAdmin")).toEqual(HEAD_OFFICE);
    expect(await codesFor("branchUser")).toEqual(HEAD_OFFICE);
    expect(await codesFor("operator")).toEqual([...BANK_0001, "C-MIRAI", "C-SHINKIN", "C-SHINKIN-NEW"].sort());
    // A filter cannot widen the scope: another bank's code or branch finds nothing.
    expect(await codesFor("bankAdmin", "bank_code=0002")).toEqual([]);
    expect(await codesFor("branchAdmin", "branch_code=002")).toEqual([]);
  });

  it("answers 404 for a company outside the caller's branch or bank, even by its exact URL", async () => {
    const other = await api.call("/admin/companies/C-OTHER/2026-04-01", { as: "branchAdmin" });
    expect(other.status).toBe(404);
    expect((await api.call("/admin/companies/C-SHINKIN/2026-04-01", { as: "bankAdmin" })).status).toBe(404);
    expect((await api.call("/admin/companies/C-SHINKIN/2026-04-01", { as: "operator" })).status).toBe(200);
    // A join date the company never had, or no date at all.
    expect((await api.call("/admin/companies/C-DEMO/2020-01-01", { as: "bankAdmin" })).status).toBe(404);
    expect((await api.call("/admin/companies/C-DEMO/2026-4-1", { as: "bankAdmin" })).status).toBe(404);
  });

  it("refuses a company user's token on every admin endpoint with 403", async () => {
    for (const as of ["owner", "user", "shinkinOwner"] as const) {
      for (const [method, path] of [
        ["GET", "/admin/companies"],
        ["GET", "/admin/companies/filters"],
        ["GET", "/admin/companies/export"],
        ["GET", "/admin/companies/C-DEMO/2026-04-01"],
        ["POST", "/admin/signed_in"],
        ["GET", "/admin/no-such-endpoint"],
      ] as const) {
        const response = await api.call(path, { as, method });
        expect(response.status, `${as} ${method} ${path}`).toBe(403);
      }
    }
    // And bank staff reach no company endpoint.
    expect((await api.call("/documents?kind=invoice", { as: "bankAdmin" })).status).toBe(403);
  });
});

describe("the companies list", () => {
  it("names each company's status as the bank sees it", async () => {
    const rows = (await listPage("sort=code", "bankAdmin")).items;
    const statusOf = Object.fromEntries(rows.map((row) => [row.company_unique_code, row.status_label]));
    expect(statusOf).toEqual({
      "C-CAMPAIGN": "無料期間中",
      "C-CHANGED": "利用中",
      "C-DEMO": "利用中",
      "C-FORMER": "退会済",
      "C-LEAVING": "解約予定",
      "C-OTHER": "利用中",
    });
    expect(rows.find((row) => row.company_unique_code === "C-OTHER")?.branch_name).toBe("駅前支店");
    expect(rows.find((row) => row.company_unique_code === "C-DEMO")?.withdrawal_date).toBeNull();
    expect(await codesFor("bankAdmin", "status=withdrawn")).toEqual(["C-FORMER"]);
    expect(await codesFor("bankAdmin", "status=trial")).toEqual(["C-CAMPAIGN"]);
    expect(await codesFor("operator", "status=trial")).toEqual(["C-CAMPAIGN", "C-SHINKIN-NEW"]);
  });

  it("searches names in any width or kana type and codes by their start; filters by plan, branch and join date", async () => {
    expect(await codesFor("bankAdmin", `q=${encodeURIComponent("ﾃﾞﾓ")}`)).toEqual(["C-DEMO"]);
    expect(await codesFor("bankAdmin", `q=${encodeURIComponent("オワリヤ")}`)).toEqual([]);
    expect(await codesFor("bankAdmin", `q=${encodeURIComponent("おわり")}`)).toEqual(["C-LEAVING"]);
    expect(await codesFor("bankAdmin", `q=${encodeURIComponent("でも")}`)).toEqual(["C-DEMO"]);
    expect(await codesFor("bankAdmin", "q=c-ch")).toEqual(["C-CHANGED"]);
    expect(await codesFor("bankAdmin", `q=${encodeURIComponent("ｃ－ｏｔ")}`)).toEqual(["C-OTHER"]);
    expect(await codesFor("bankAdmin", "plan_id=3")).toEqual(["C-CHANGED"]);
    expect(await codesFor("bankAdmin", "branch_code=001")).toEqual(HEAD_OFFICE);
    const today = todayJst();
    expect(await codesFor("bankAdmin", `joined_from=${today}`)).toEqual([]);
    expect(await codesFor("operator", `joined_from=${today}&joined_to=${today}`)).toEqual(["C-SHINKIN-NEW"]);
    const bad = await api.call("/admin/companies?status=sleeping", { as: "bankAdmin" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("検索条件が正しくありません。");
  });

  it("sorts and pages 50 at a time", async () => {
    const values = Array.from({ length: 60 }, (_, index) => ({
      companyUniqueCode: `C-LOAD-${String(index).padStart(3, "0")}`,
      bankCode: "0182",
      branchCode: "001",
      planId: 2,
      joinDate: "2025-01-01",
      startDate: "2025-02-01",
      companyName: `ロード${index}`,
      nameSearchKey: `ロード${index}`,
    }));
    await api.database.db.insert(companyPlans).values(values);
    const first = await listPage("bank_code=0182&sort=code", "operator");
    expect(first).toMatchObject({ total: 61, page: 1, per_page: 50 });
    expect(first.items[0]?.company_unique_code).toBe("C-LOAD-000");
    const second = await listPage("bank_code=0182&sort=code&page=2", "operator");
    expect(second.items.map((row) => row.company_unique_code)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `C-LOAD-${String(50 + index).padStart(3, "0")}`),
      "C-MIRAI",
    ]);
    const newest = await listPage("bank_code=0182&sort=join_date", "operator");
    expect(newest).toMatchObject({ sort: "join_date", order: "desc" });
    expect(newest.items[0]?.company_unique_code).toBe("C-MIRAI");
    await api.database.db.delete(companyPlans).where(sql`${companyPlans.companyUniqueCode} like 'C-LOAD-%'`);
    // The count kept for this filter is let go as soon as the bank's companies change.
    expect((await listPage("bank_code=0182&sort=code", "operator")).total).toBe(1);
  });

  it("offers the filters' choices within the scope: the banks to 9998's staff only", async () => {
    const own = adminCompanyFiltersAnswer.parse(await (await api.call("/admin/companies/filters", { as: "branchAdmin" })).json());
    expect(own.plans.length).toBeGreaterThan(0);
    expect(own.branches).toEqual([{ bank_code: "0001", branch_code: "001", name: "本店営業部" }]);
    expect(own.banks).toEqual([]);
    const every = adminCompanyFiltersAnswer.parse(await (await api.call("/admin/companies/filters", { as: "operator" })).json());
    expect(every.banks.map((bank) => bank.bank_code)).toContain("0002");
  });

  it("exports the filtered list in Shift_JIS, logs the export, and refuses it to branch users", async () => {
    const response = await api.call("/admin/companies/export?encoding=SJIS&branch_code=001", {
      as: "branchAdmin",
      headers: { "X-Request-Id": "trace-export-1" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("Shift_JIS");
    const { text } = decodeCsv(new Uint8Array(await response.arrayBuffer()));
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("企業コード,企業名,銀行コード,銀行名,支店コード,支店名,プラン,状態,利用登録日,課金開始日,利用終了日,退会日");
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual(HEAD_OFFICE);
    const [logged] = await api.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.traceId, "trace-export-1"));
    expect(logged).toMatchObject({ action: "companies.export", actorUserUniqueCode: "U-BRANCH-ADMIN", actorUserType: "branch_admin", bankCode: "0001" });
    expect((await api.call("/admin/companies/export", { as: "branchUser" })).status).toBe(403);
  });
});

describe("a company's detail", () => {
  it("shows profile, plan history with amounts, users, usage counts and a masked account, but no document", async () => {
    await api.database.db
      .update(paymentInfos)
      .set({
        paymentMethod: "debit",
        debitBankCode: "0001",
        debitBranchCode: "001",
        debitAccountType: 1,
        debitAccountNo: "7654321",
        debitAccountName: "カ）デモショウジ",
      })
      .where(eq(paymentInfos.companyUniqueCode, "C-DEMO"));
    const response = await api.call("/admin/companies/C-DEMO/2026-04-01", { as: "branchUser" });
    expect(response.status).toBe(200);
    const answer = await response.json();
    const detail = adminCompanyDetailAnswer.parse(answer);
    expect(detail).toMatchObject({
      is_current: true,
      profile: { company_name: "株式会社デモ商事", registered_no: "T9010401234567" },
      enrollment: {
        company_name: "株式会社デモ商事",
        branch_name: "本店営業部",
        plan_name: "発行・受取プレミアムプラン",
        amount: 5000,
        total_amount: 5500,
        status_label: "利用中",
      },
      payment: { payment_method: "debit", debit_account_no: "****321" },
    });
    expect(detail.plan_history[0]).toMatchObject({ event: "register", plan_id: 4, total_amount: 5500 });
    expect(detail.users.map((user) => user.user_unique_code)).toContain("U-DEMO-OWNER");
    const [issued] = (await api.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(documents)
      .where(
        sql`${documents.companyUniqueCode} = 'C-DEMO' and ${documents.issuedAt} >= date_trunc('month', now() at time zone 'Asia/Tokyo') at time zone 'Asia/Tokyo'`,
      )) as [{ count: number }];
    const counted = Object.values(detail.usage.this_month.documents_issued).reduce((sum, value) => sum + value, 0);
    expect(counted).toBe(issued.count);
    expect(counted).toBeGreaterThan(0);
    expect(detail.usage.max_receive_files).toBe(1000);
    // Usage, not contents: nothing of a document, customer or item is in the answer as sent.
    const text = JSON.stringify(answer);
    for (const absent of ["lines", "customer_name", "tax_included", "subject", "株式会社サンドボックス商事"]) expect(text).not.toContain(absent);
  });

  it("names the person who changed the plan, where the history keeps only their code (issue 33)", async () => {
    await api.database.db.insert(companyPlanHistory).values({ companyUniqueCode: "C-DEMO", event: "changeplan", planId: 4, previousPlanId: 3, userUniqueCode: "U-DEMO-OWNER" });
    const detail = await detailOf("C-DEMO/2026-04-01");
    expect(detail.plan_history.at(-1)).toMatchObject({ event: "changeplan", user_unique_code: "U-DEMO-OWNER", user_name: "山田 太郎" });
  });

  it("reaches a company's earlier time with the product by its join date", async () => {
    const current = await detailOf("C-OTHER/2026-04-01");
    expect(current.enrollments.map((enrollment) => enrollment.join_date)).toEqual(["2026-04-01", "2024-04-01"]);
    const earlier = await detailOf("C-OTHER/2024-04-01");
    // An earlier enrollment names no plan and no amounts.
    expect(earlier).toMatchObject({
      is_current: false,
      enrollment: { status: "withdrawn", withdrawal_date: "2025-03-31", join_date: "2024-04-01", plan_name: null, amount: null, total_amount: null },
    });
    expect(earlier.plan_history.map((entry) => entry.event)).toEqual(["register", "unregister"]);
  });

  it("keeps bank staff's sign-ins with the trace id, and the audit trail cannot be rewritten", async () => {
    const signedIn = await api.call("/admin/signed_in", { as: "operator", method: "POST", headers: { "X-Request-Id": "trace-sign-in-1" } });
    expect(signedIn.status).toBe(204);
    const [row] = await api.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.traceId, "trace-sign-in-1"));
    expect(row).toMatchObject({ action: "sign_in", actorUserUniqueCode: "U-OPERATOR", actorBankCode: "9998" });
    await expect(api.database.db.delete(adminAuditLog).where(eq(adminAuditLog.id, row!.id))).rejects.toThrow();
    await expect(api.database.db.update(adminAuditLog).set({ action: "changed" }).where(eq(adminAuditLog.id, row!.id))).rejects.toThrow();
  });
});
