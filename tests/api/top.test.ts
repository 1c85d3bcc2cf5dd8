import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { topAnswer } from "../../domain/top-answers";
import { bankNotices, companyPlans, documentMails } from "../../api/db/schema";
import { todayJst } from "../../domain/datetime";
import { startTestApi, type TestApi } from "../support/api";
import { days, issued, linesOf, ok, post } from "../support/issued";
import { createDocument, insertPaymentUser } from "../support/factories";

/*
 * TOP's figures (issue 18) against hand-computed fixtures: this month's and
 * last month's sales (drafts, voided and other months left out, a credit
 * note subtracted), unpaid and overdue invoices, estimates awaiting an
 * answer, the latest documents, send errors, the bank's notices and the plan.
 */

let api: TestApi;

const firstOfMonth = (offset: number) => {
  const [year, month] = todayJst().split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month - 1 + offset, 1)).toISOString().slice(0, 10);
};

beforeAll(async () => {
  api = await startTestApi();
  await insertPaymentUser(api.database.db, "owner");
  await insertPaymentUser(api.database.db, "shinkinOwner");
  const thisMonth = firstOfMonth(0);
  const lastMonth = firstOfMonth(-1);
  // This month: 100,000 and 20,000 (paid) billed, 10,000 and its credit note of −10,000, a voided 30,000 and a draft of 40,000.
  await issued(api, { issue_date: thisMonth, customer_name: "株式会社青空商事", amount: 100_000, due_date: days(10) });
  await issued(api, { issue_date: thisMonth, customer_name: "株式会社海山", amount: 20_000, due_date: days(10), status: 4 });
  const credited = await issued(api, { issue_date: thisMonth, customer_name: "株式会社海山", amount: 10_000, due_date: days(10) });
  await ok(await api.call(`/documents/${credited.id}/credit-note`, post({ reason: "数量の誤り", issue_date: thisMonth })));
  await issued(api, { issue_date: thisMonth, customer_name: "株式会社海山", amount: 30_000, voided: true });
  await createDocument(api, { issue_date: thisMonth, customer_name: "株式会社海山", lines: linesOf(40_000) });
  // Last month: 50,000 due on its first day (overdue whatever today is) and 30,000 due in three days.
  await issued(api, { issue_date: lastMonth, customer_name: "株式会社青空商事", amount: 50_000, due_date: lastMonth });
  await issued(api, { issue_date: lastMonth, customer_name: "株式会社海山", amount: 30_000, due_date: days(3) });
  // Estimates: 未受注 (awaiting), 確認中 (awaiting), 受注 (answered), and a draft (not sent yet).
  await issued(api, { kind: "estimate", issue_date: thisMonth, customer_name: "株式会社青空商事", amount: 1_000 });
  await issued(api, { kind: "estimate", issue_date: thisMonth, customer_name: "株式会社青空商事", amount: 2_000, status: 4 });
  await issued(api, { kind: "estimate", issue_date: thisMonth, customer_name: "株式会社青空商事", amount: 4_000, status: 2 });
  await createDocument(api, { kind: "estimate", issue_date: thisMonth, customer_name: "株式会社青空商事", lines: linesOf(8_000) });
  // Another company's invoice counts nowhere here.
  await issued(api, { issue_date: thisMonth, customer_name: "他社の取引先", amount: 999_000, due_date: days(-1) }, "shinkinOwner");
});

afterAll(async () => {
  await api?.close();
});

describe("GET /top", () => {
  it("sums this month's and last month's sales, and what is unpaid and overdue", async () => {
    const top = topAnswer.parse(await ok(await api.call("/top")));
    // 100,000 + 20,000 + 10,000 and its credit note of −10,000; neither the voided one nor the draft.
    expect(top.sales.this_month).toMatchObject({ from: firstOfMonth(0), count: 4, tax_excluded: "120000", tax_included: "132000" });
    expect(top.sales.last_month).toMatchObject({ from: firstOfMonth(-1), count: 2, tax_excluded: "80000", tax_included: "88000" });
    expect(top.sales.difference).toBe("44000");
    // Unpaid: 110,000, 11,000 and its credit note of −11,000, 55,000 and 33,000; not the paid one. Overdue: the 55,000 only.
    expect(top.receivables.unpaid).toEqual({ count: 5, amount: "198000" });
    expect(top.receivables.overdue).toEqual({ count: 1, amount: "55000" });
  });

  it("counts the estimates awaiting an answer and lists the latest documents of every kind", async () => {
    const top = topAnswer.parse(await ok(await api.call("/top")));
    expect(top.awaiting_estimates).toEqual({ count: 2, tax_included: "3300" });
    expect(top.latest_documents).toHaveLength(5);
    expect(top.latest_documents[0]).toMatchObject({ kind: "estimate", customer_name: "株式会社青空商事" });
    expect(JSON.stringify(top)).not.toContain("他社の取引先");
  });

  it("counts again after a change of either kind, though both kinds' figures are kept together", async () => {
    const before = topAnswer.parse(await ok(await api.call("/top")));
    await issued(api, { kind: "estimate", issue_date: firstOfMonth(0), customer_name: "株式会社青空商事", amount: 500 });
    const estimated = topAnswer.parse(await ok(await api.call("/top")));
    expect(estimated.awaiting_estimates.count).toBe(before.awaiting_estimates.count + 1);
    expect(estimated.sales).toEqual(before.sales);
    await issued(api, { issue_date: firstOfMonth(0), customer_name: "株式会社青空商事", amount: 1_000, due_date: days(30) });
    const invoiced = topAnswer.parse(await ok(await api.call("/top")));
    expect(invoiced.sales.this_month.count).toBe(before.sales.this_month.count + 1);
    expect(invoiced.awaiting_estimates).toEqual(estimated.awaiting_estimates);
  });

  it("shows a send that failed in the last 30 days until the document is sent again", async () => {
    const invoice = await issued(api, { issue_date: firstOfMonth(0), customer_name: "株式会社メール失敗", amount: 1_000, due_date: days(30) });
    const queued = await ok(await api.call(`/documents/${invoice.id}/mails`, post({ to: ["keiri@example.com"], subject: "請求書", body: "ご確認ください", delivery: "attachment" })));
    await api.database.db.update(documentMails).set({ status: "error", lastError: "550 mailbox unavailable" }).where(eq(documentMails.id, queued.id));
    const failed = topAnswer.parse(await ok(await api.call("/top")));
    expect(failed.mail_errors.count).toBe(1);
    expect(failed.mail_errors.items[0]).toMatchObject({ document_id: invoice.id, number: invoice.number, last_error: "550 mailbox unavailable" });
    // Older than 30 days it is history, not something to act on from TOP.
    await api.database.db.update(documentMails).set({ createdAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(documentMails.id, queued.id));
    expect((topAnswer.parse(await ok(await api.call("/top")))).mail_errors.count).toBe(0);
    await api.database.db.update(documentMails).set({ createdAt: new Date(Date.now() - 29 * 86_400_000) }).where(eq(documentMails.id, queued.id));
    expect((topAnswer.parse(await ok(await api.call("/top")))).mail_errors.count).toBe(1);
    await ok(await api.call(`/documents/${invoice.id}/mails/${queued.id}/resend`, { method: "POST" }));
    expect((topAnswer.parse(await ok(await api.call("/top")))).mail_errors.count).toBe(0);
  });

  it("shows the bank's notices while they are published, and the plan's free days and pending cancellation", async () => {
    const { db } = api.database;
    await db.insert(bankNotices).values([
      { bankCode: "0001", kind: "maintenance", title: "メンテナンスのお知らせ", publishFrom: days(-1), publishUntil: days(5), createdBy: "U-BANK-ADMIN" },
      { bankCode: "0001", kind: "info", title: "まだ掲載前", publishFrom: days(1), createdBy: "U-BANK-ADMIN" },
      { bankCode: "0001", kind: "terms", title: "取り下げ済み", publishFrom: days(-3), withdrawnAt: new Date(), createdBy: "U-BANK-ADMIN" },
      { bankCode: "0002", kind: "info", title: "他行のお知らせ", publishFrom: days(-1), createdBy: "U-OPERATOR" },
    ]);
    await db.update(companyPlans).set({ startDate: days(12), isFreeTerm: true }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
    const trial = topAnswer.parse(await ok(await api.call("/top")));
    expect(trial.notices.map((notice: { title: string }) => notice.title)).toEqual(["メンテナンスのお知らせ"]);
    expect(trial.plan).toMatchObject({ status: "free_term", trial_days_left: 12, withdrawal_date: null });
    await db.update(companyPlans).set({ startDate: "2026-04-01", isSubscribeCancellation: true, withdrawalDate: days(20) }).where(eq(companyPlans.companyUniqueCode, "C-DEMO"));
    expect((topAnswer.parse(await ok(await api.call("/top")))).plan).toMatchObject({ status: "cancellation_pending", trial_days_left: null, withdrawal_date: days(20) });
  });

  it("is a company page: bank staff get 403", async () => {
    expect((await api.call("/top", { as: "bankAdmin" })).status).toBe(403);
  });
});
