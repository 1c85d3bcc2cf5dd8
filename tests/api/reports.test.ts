import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_ANSWERS } from "../../domain/report-answers";
import { banks, companies, receivedDocuments } from "../../api/db/schema";
import { todayJst } from "../../domain/datetime";
import { searchKey } from "../../domain/normalize";
import { businessYearOf } from "../../domain/reports";
import { startTestApi, type TestApi } from "../support/api";
import { days, issued, linesOf, ok, post } from "../support/issued";
import { createDocument, insertPaymentUser } from "../support/factories";
import { enableReceiving } from "../support/received";
import type { FixtureUserName } from "../support/users";

/*
 * Report figures against hand-computed fixtures (issue 18): each report's
 * documents include some the report must leave out (voided, drafts, paid,
 * deleted, just outside a period that cuts a month), a credit note that
 * must be subtracted, and another company's and another user's documents.
 */

let api: TestApi;


/** An answer of the API; a report's is checked against the contract the reports page parses with (domain/report-answers.ts). */
async function report(path: string, as: FixtureUserName = "owner") {
  const answer = await ok(await api.call(path, { as }));
  const kind = /^\/reports\/(\w+)/.exec(path)?.[1] as keyof typeof REPORT_ANSWERS | undefined;
  if (kind) REPORT_ANSWERS[kind].parse(answer);
  return answer;
}

/** The invoice list's sums with the same filters, status by status: what a report must equal. */
async function listSum(kind: string, from: string, to: string, statuses: number[], field: "tax_included" | "amount_due", as: FixtureUserName = "owner") {
  let total = 0;
  for (const status of statuses) {
    const page = await report(`/documents?kind=${kind}&issued_from=${from}&issued_to=${to}&status=${status}`, as);
    total += Number(page.sum[field]);
  }
  return total;
}

beforeAll(async () => {
  api = await startTestApi();
  await insertPaymentUser(api.database.db, "owner");
  await insertPaymentUser(api.database.db, "user");
  await insertPaymentUser(api.database.db, "shinkinOwner");
  await enableReceiving(api.database.db);
});

afterAll(async () => {
  await api?.close();
});

describe("売上 (sales)", () => {
  const range = "period=custom&from=2026-04-10&to=2026-06-20";

  beforeAll(async () => {
    await issued(api, { issue_date: "2026-04-05", customer_name: "株式会社青空商事", amount: 100_000 }); // before the range
    const b = await issued(api, { issue_date: "2026-04-15", customer_name: "株式会社青空商事", amount: 100_000, due_date: "2026-05-31" });
    await issued(api, { issue_date: "2026-05-10", customer_name: "株式会社海山", amount: 50_000, status: 4 });
    await issued(api, { issue_date: "2026-05-20", customer_name: "株式会社海山", amount: 30_000, voided: true });
    await createDocument(api, { issue_date: "2026-05-25", customer_name: "株式会社青空商事", lines: linesOf(70_000) }); // a draft: not billed
    await ok(await api.call(`/documents/${b.id}/credit-note`, post({ issue_date: "2026-06-05", reason: "返品" })));
    await issued(api, { issue_date: "2026-06-25", customer_name: "株式会社青空商事", amount: 100_000 }); // after the range
    await issued(api, { issue_date: "2026-05-15", customer_name: "株式会社川村", amount: 20_000 }, "user");
    await issued(api, { issue_date: "2026-05-16", customer_name: "有限会社しんきん取引先", amount: 999_000 }, "shinkinOwner");
  });

  it("sums billed invoices by month of issue, tax excluded and included, voided and drafts left out, the credit note subtracted", async () => {
    const sales = await report(`/reports/sales?${range}`);
    expect(sales.period).toMatchObject({ key: "custom", from: "2026-04-10", to: "2026-06-20" });
    expect(sales.months).toEqual([
      { month: "2026-04", count: 1, tax_excluded: "100000", tax: "10000", tax_included: "110000" },
      { month: "2026-05", count: 2, tax_excluded: "70000", tax: "7000", tax_included: "77000" },
      { month: "2026-06", count: 1, tax_excluded: "-100000", tax: "-10000", tax_included: "-110000" },
    ]);
    expect(sales.total).toEqual({ count: 4, tax_excluded: "70000", tax: "7000", tax_included: "77000" });
    expect(sales.customers.map((row: { customer_name: string; tax_excluded: string; count: number }) => [row.customer_name, row.tax_excluded, row.count])).toEqual([
      ["株式会社海山", "50000", 1],
      ["株式会社川村", "20000", 1],
      ["株式会社青空商事", "0", 2],
    ]);
    expect(sales.others).toBeNull();
    expect(await listSum("invoice", "2026-04-10", "2026-06-20", [2, 3, 4, 5], "tax_included")).toBe(77_000);
  });

  it("shows a company user limited to their own documents only those, and another company none of these", async () => {
    expect((await report(`/reports/sales?${range}`, "user")).total).toEqual({ count: 1, tax_excluded: "20000", tax: "2000", tax_included: "22000" });
    expect(await listSum("invoice", "2026-04-10", "2026-06-20", [2, 3, 4, 5], "tax_included", "user")).toBe(22_000);
    const other = await report(`/reports/sales?${range}`, "shinkinOwner");
    expect(other.total).toEqual({ count: 1, tax_excluded: "999000", tax: "99900", tax_included: "1098900" });
    expect(other.customers.map((row: { customer_name: string }) => row.customer_name)).toEqual(["有限会社しんきん取引先"]);
  });

  it("takes this business year from the company's 決算月: April–March by default, the calendar year for December", async () => {
    const april = await report("/reports/sales?period=this_year");
    expect(april.period).toMatchObject({ key: "this_year", fiscal_year_end_month: 3, ...businessYearOf(todayJst(), 3) });
    const custom = await report(`/reports/sales?period=custom&from=${april.period.from}&to=${april.period.to}`);
    expect(april.total).toEqual(custom.total);
    await api.database.db.insert(companies).values({ companyUniqueCode: "C-DEMO", companyName: "株式会社デモ商事", fiscalYearEndMonth: 12 });
    try {
      const december = await report("/reports/sales?period=this_year");
      expect(december.period).toMatchObject({ from: `${todayJst().slice(0, 4)}-01-01`, to: `${todayJst().slice(0, 4)}-12-31`, fiscal_year_end_month: 12 });
      expect(december.months).toHaveLength(12);
      expect(december.months[0].month).toBe(`${todayJst().slice(0, 4)}-01`);
    } finally {
      await api.database.db.delete(companies).where(eq(companies.companyUniqueCode, "C-DEMO"));
    }
  });

  it("refuses a custom range it cannot read, naming the field", async () => {
    const reversed = await api.call("/reports/sales?period=custom&from=2026-06-01&to=2026-05-01");
    expect(reversed.status).toBe(422);
    expect((await reversed.json()).fields.to).toEqual(["終了日は開始日以降の日付にしてください"]);
    expect((await api.call("/reports/sales?period=custom&from=2026-02-30&to=2026-05-01")).status).toBe(422);
    expect((await api.call("/reports/sales?period=all")).status).toBe(400);
  });

  it("exports each table in UTF8, UTF8N and SJIS, every customer and a total row", async () => {
    const utf8 = await api.call(`/reports/sales/export?${range}&table=months&encoding=UTF8`);
    expect(utf8.status).toBe(200);
    const bytes = Buffer.from(await utf8.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.split("\r\n").filter(Boolean)).toEqual(["月,件数,税抜金額,消費税,税込金額", "2026年4月,1,100000,10000,110000", "2026年5月,2,70000,7000,77000", "2026年6月,1,-100000,-10000,-110000", "合計,4,70000,7000,77000"]);
    const utf8n = Buffer.from(await (await api.call(`/reports/sales/export?${range}&table=customers&encoding=UTF8N`)).arrayBuffer());
    expect(utf8n[0]).not.toBe(0xef);
    expect(utf8n.toString("utf8")).toContain("株式会社海山,1,50000,5000,55000");
    const sjis = await api.call(`/reports/sales/export?${range}&table=customers&encoding=SJIS`);
    expect(sjis.headers.get("content-type")).toContain("Shift_JIS");
    expect(new TextDecoder("shift_jis").decode(await sjis.arrayBuffer())).toContain("株式会社川村,1,20000,2000,22000");
    expect((await api.call(`/reports/sales/export?${range}&table=nothing`)).status).toBe(400);
  });
});

describe("売掛金 (receivables)", () => {
  const range = "period=custom&from=2025-01-01&to=2025-03-31";
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ids.r1 = (await issued(api, { issue_date: "2025-01-10", customer_name: "株式会社青空商事", amount: 12_000, due_date: days(10) })).id;
    ids.r2 = (await issued(api, { issue_date: "2025-01-11", customer_name: "株式会社青空商事", amount: 20_000, due_date: days(-15), status: 3 })).id;
    ids.r3 = (await issued(api, { issue_date: "2025-02-01", customer_name: "株式会社海山", amount: 30_000, due_date: days(-45), status: 5 })).id;
    ids.r4 = (await issued(api, { issue_date: "2025-02-02", customer_name: "株式会社海山", amount: 40_000, due_date: days(-75) })).id;
    ids.r4c = (await ok(await api.call(`/documents/${ids.r4}/credit-note`, post({ issue_date: "2025-03-01" })))).id;
    ids.r5 = (await issued(api, { issue_date: "2025-03-01", customer_name: "株式会社川村", amount: 50_000, due_date: days(-120) })).id;
    await issued(api, { issue_date: "2025-03-02", customer_name: "株式会社川村", amount: 60_000, due_date: days(-120), status: 4 }); // paid
    await issued(api, { issue_date: "2025-03-03", customer_name: "株式会社川村", amount: 70_000, due_date: days(-120), voided: true });
    await createDocument(api, { issue_date: "2025-03-04", customer_name: "株式会社川村", lines: linesOf(80_000) }); // draft
  });

  it("ages unpaid invoices by due date (a credit note by the invoice it cancels), by customer and one by one, longest overdue first", async () => {
    const receivables = await report(`/reports/receivables?${range}`);
    expect(receivables.as_of).toBe(todayJst());
    expect(receivables.total).toEqual({ count: 6, amount: "123200", current: "13200", d1_30: "22000", d31_60: "33000", d61_90: "0", over_90: "55000" });
    expect(receivables.customers.map((row: { customer_name: string; amount: string; count: number; d61_90: string }) => [row.customer_name, row.amount, row.count, row.d61_90])).toEqual([
      ["株式会社川村", "55000", 1, "0"],
      ["株式会社青空商事", "35200", 2, "0"],
      ["株式会社海山", "33000", 3, "0"],
    ]);
    expect(receivables.invoices.items.map((row: { id: number; days_past_due: number; bucket: string; amount_due: string }) => [row.id, row.days_past_due, row.bucket, row.amount_due])).toEqual([
      [ids.r5, 120, "over_90", "55000"],
      [ids.r4, 75, "d61_90", "44000"],
      [ids.r4c, 75, "d61_90", "-44000"],
      [ids.r3, 45, "d31_60", "33000"],
      [ids.r2, 15, "d1_30", "22000"],
      [ids.r1, -10, "current", "13200"],
    ]);
    expect(receivables.invoices.total).toBe(6);
    expect(await listSum("invoice", "2025-01-01", "2025-03-31", [2, 3, 5], "amount_due")).toBe(123_200);
  });

  it("narrows the invoices to one customer, and to nothing for a customer it does not know", async () => {
    const all = await report(`/reports/receivables?${range}`);
    const kaizan = all.customers.find((row: { customer_name: string }) => row.customer_name === "株式会社海山");
    const one = await report(`/reports/receivables?${range}&customer=${encodeURIComponent(kaizan.key)}`);
    expect(one.customer).toMatchObject({ customer_name: "株式会社海山" });
    expect(one.invoices.items.map((row: { id: number }) => row.id)).toEqual([ids.r4, ids.r4c, ids.r3]);
    expect(one.invoices.total).toBe(3);
    const none = await report(`/reports/receivables?${range}&customer=${encodeURIComponent("n:どこにもない")}`);
    expect(none.invoices).toMatchObject({ items: [], total: 0 });
  });

  it("follows a payment at once: the cached figures are computed again when an invoice changes", async () => {
    const paid = await ok(await api.call(`/documents/${ids.r5}/payments`, post({ paid_on: days(0), amount: 55_000, method: "transfer" })));
    const after = await report(`/reports/receivables?${range}`);
    expect(after.total).toMatchObject({ count: 5, amount: "68200", over_90: "0" });
    await ok(await api.call(`/documents/${ids.r5}/payments/${paid.payment_id}/cancel`, post({})));
    expect((await report(`/reports/receivables?${range}`)).total.amount).toBe("123200");
    // A partial payment leaves the invoice unpaid for what is left: 5,000 less outstanding, still six invoices.
    const part = await ok(await api.call(`/documents/${ids.r5}/payments`, post({ paid_on: days(0), amount: 4_560, fee: 440, method: "transfer" })));
    const partly = await report(`/reports/receivables?${range}`);
    expect(partly.total).toMatchObject({ count: 6, amount: "118200" });
    expect(partly.invoices.items.find((row: { id: number }) => row.id === ids.r5).amount_due).toBe("50000");
    await ok(await api.call(`/documents/${ids.r5}/payments/${part.payment_id}/cancel`, post({})));
    expect((await report(`/reports/receivables?${range}`)).total.amount).toBe("123200");
  });

  it("exports the customers' aging and every unpaid invoice", async () => {
    const customers = await (await api.call(`/reports/receivables/export?${range}&table=customers&encoding=UTF8N`)).text();
    expect(customers.split("\r\n")[0]).toBe("取引先,件数,期日前,1〜30日超過,31〜60日超過,61〜90日超過,90日超過,未回収額");
    expect(customers).toContain("合計,6,13200,22000,33000,0,55000,123200");
    const invoices = (await (await api.call(`/reports/receivables/export?${range}&table=invoices&encoding=UTF8N`)).text()).split("\r\n").filter(Boolean);
    expect(invoices).toHaveLength(7);
    expect(invoices[3]).toMatch(/,株式会社海山,2025-03-01,.*,75,61〜90日超過,請求済,赤伝,-44000$/);
  });
});

describe("見積 (estimates)", () => {
  const range = "period=custom&from=2026-07-01&to=2026-08-31";

  beforeAll(async () => {
    const estimate = (issue_date: string, amount: number, status?: number, voided?: boolean) => issued(api, { kind: "estimate", issue_date, customer_name: "株式会社青空商事", amount, status, voided });
    await estimate("2026-07-05", 100_000, 2);
    await estimate("2026-07-10", 50_000, 3);
    await createDocument(api, { kind: "estimate", issue_date: "2026-07-20", customer_name: "株式会社海山", lines: linesOf(30_000) });
    await estimate("2026-08-05", 40_000, 2);
    await estimate("2026-08-06", 20_000, 4);
    await estimate("2026-08-07", 10_000, 2, true);
    await estimate("2026-06-30", 90_000, 2);
  });

  it("counts outcomes, the win rate of decided estimates by month, and the amount won (tax excluded)", async () => {
    const estimates = await report(`/reports/estimates?${range}`);
    expect(estimates.outcomes).toEqual([
      { status: 2, label: "受注", count: 2, tax_excluded: "140000" },
      { status: 3, label: "失注", count: 1, tax_excluded: "50000" },
      { status: 1, label: "未受注", count: 1, tax_excluded: "30000" },
      { status: 4, label: "確認中", count: 1, tax_excluded: "20000" },
    ]);
    expect(estimates.months).toEqual([
      { month: "2026-07", count: 3, won: 1, lost: 1, pending: 1, win_rate: "50.0", won_amount: "100000" },
      { month: "2026-08", count: 2, won: 1, lost: 0, pending: 1, win_rate: "100.0", won_amount: "40000" },
    ]);
    expect(estimates.total).toEqual({ count: 5, won: 2, lost: 1, pending: 2, win_rate: "66.7", won_amount: "140000" });
    for (const outcome of estimates.outcomes) {
      const list = await report(`/documents?kind=estimate&issued_from=2026-07-01&issued_to=2026-08-31&status=${outcome.status}`);
      expect(list.total).toBe(outcome.count);
    }
    const shinkin = await report(`/reports/estimates?${range}`, "shinkinOwner");
    expect(shinkin.total.count).toBe(0);
  });
});

describe("受取 (received)", () => {
  const range = "period=custom&from=2026-09-15&to=2026-10-31";

  beforeAll(async () => {
    const received = (kind: (typeof receivedDocuments.$inferInsert)["kind"], transactionDate: string, supplierName: string, amount: number, matchResult: number | null, extra: Partial<typeof receivedDocuments.$inferInsert> = {}) => ({
      companyUniqueCode: "C-DEMO",
      kind,
      transactionDate,
      amount,
      supplierName,
      supplierSearchKey: searchKey(supplierName),
      matchResult,
      registrationNumber: matchResult === null ? null : "T4010001100001",
      createdBy: "U-DEMO-OWNER",
      updatedBy: "U-DEMO-OWNER",
      ...extra,
    });
    await api.database.db.insert(receivedDocuments).values([
      received("invoice", "2026-09-10", "文具店", 1_000, 1),
      received("invoice", "2026-09-20", "文具店", 5_500, 1),
      received("receipt", "2026-10-01", "文具店", 1_100, null),
      received("other", "2026-10-15", "株式会社運送", 33_000, 2),
      received("invoice", "2026-10-20", "株式会社運送", 22_000, 1, { deletedAt: new Date(), deletedBy: "U-DEMO-OWNER", deleteReason: "重複" }),
      received("invoice", "2026-10-31", "株式会社運送", 11_000, 1, { createdBy: "U-DEMO-USER", updatedBy: "U-DEMO-USER" }),
    ]);
  });

  it("sums every kind by month of the transaction date and by supplier, deleted ones left out, with the share verified", async () => {
    const received = await report(`/reports/received?${range}`);
    expect(received.months).toEqual([
      { month: "2026-09", count: 1, amount: "5500", verified: 1, verified_share: "100.0" },
      { month: "2026-10", count: 3, amount: "45100", verified: 1, verified_share: "33.3" },
    ]);
    expect(received.total).toEqual({ count: 4, amount: "50600", verified: 2, verified_share: "50.0" });
    expect(received.suppliers.map((row: { supplier_name: string; amount: string; count: number }) => [row.supplier_name, row.amount, row.count])).toEqual([
      ["株式会社運送", "44000", 2],
      ["文具店", "6600", 2],
    ]);
    let listed = 0;
    for (const kind of ["invoice", "receipt", "other"]) listed += Number((await report(`/received-documents?kind=${kind}&date_from=2026-09-15&date_to=2026-10-31`)).sum);
    expect(listed).toBe(50_600);
  });

  it("is answered 403 unpublished where the bank does not offer receiving, and follows a new document at once", async () => {
    await api.database.db.update(banks).set({ enablePaymentReceive: false }).where(eq(banks.bankCode, "0002"));
    const refused = await api.call(`/reports/received?${range}`, { as: "shinkinOwner" });
    expect(refused.status).toBe(403);
    expect((await refused.json()).code).toBe("unpublished");
    await api.database.db.insert(receivedDocuments).values({ companyUniqueCode: "C-DEMO", kind: "invoice", transactionDate: "2026-10-02", amount: 400, supplierName: "文具店", supplierSearchKey: searchKey("文具店"), createdBy: "U-DEMO-OWNER", updatedBy: "U-DEMO-OWNER" });
    expect((await report(`/reports/received?${range}`)).total).toMatchObject({ count: 5, amount: "51000" });
    const csv = await (await api.call(`/reports/received/export?${range}&table=suppliers&encoding=UTF8N`)).text();
    expect(csv.split("\r\n").filter(Boolean)).toEqual(["取引先,件数,金額（税込）,登録番号が一致した件数,一致の割合（%）", "株式会社運送,2,44000,1,50.0", "文具店,3,7000,1,33.3", "合計,5,51000,2,40.0"]);
  });
});
