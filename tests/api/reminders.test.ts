import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, documentMails, documents, localMailbox, reminders } from "../../api/db/schema";
import { INVOICE_PAID } from "../../domain/lifecycle";
import { overdueListAnswer, reminderContextAnswer, type OverdueListAnswer } from "../../domain/billing-answers";
import { startTestApi, useTenantTestApi, type TestApi } from "../support/api";
import { createCustomer, createDocument, insertPaymentUser } from "../support/factories";
import { days, issued, ok, post } from "../support/issued";
import { fixtureUsers } from "../support/users";

/*
 * Reminders for overdue invoices (issue 19 item 4, decision 032): which invoices are overdue, days overdue
 * by the JST calendar, the first then the second template, one outbox mail per send (also for a double
 * submit), refusals for what is paid or voided, and the caller's scope.
 */

const api = useTenantTestApi(["user"]);

beforeAll(async () => {
  await api.database.db.insert(companies).values({ companyUniqueCode: fixtureUsers.owner.companyUniqueCode!, companyName: "株式会社デモ商会" });
});

// The answers are read with the contract the web app parses with (domain/billing-answers.ts).
type OverdueItem = OverdueListAnswer["items"][number];

async function overdueList(query = "", as: "owner" | "user" = "owner"): Promise<OverdueItem[]> {
  const items: OverdueItem[] = [];
  for (let page = 1; ; page += 1) {
    const answer = overdueListAnswer.parse(await ok(await api.call(`/reminders/overdue?page=${page}${query}`, { as })));
    items.push(...answer.items);
    if (page * answer.per_page >= answer.total) return items;
  }
}

const contextOf = async (invoiceId: number, on: TestApi = api) => reminderContextAnswer.parse(await ok(await on.call(`/documents/${invoiceId}/reminders`)));

let keys = 0;
const uniqueKey = () => `test-key-${Date.now()}-${(keys += 1)}`;
const reminder = (body: Record<string, unknown> = {}) =>
  post({ level: 1, to: "keiri@example.com", subject: "お支払いのご確認のお願い", body: "本文", delivery: "link", idempotency_key: uniqueKey(), ...body });
/** 入金済 without a payment: as invoices marked by hand before payments were recorded (the status no longer takes it by hand). */
async function markedPaidByHand<T extends { id: number }>(invoice: T): Promise<T> {
  await api.database.db.update(documents).set({ status: INVOICE_PAID }).where(eq(documents.id, invoice.id));
  return invoice;
}
const mailsOf = (documentId: number) => api.database.db.select().from(documentMails).where(eq(documentMails.documentId, documentId));

describe("GET /reminders/overdue", () => {
  it("lists issued, unpaid invoices past their due date, longest overdue first, and nothing else", async () => {
    const customer = "株式会社督促テスト";
    const invoice = (fields: { due_date?: string; voided?: boolean }) =>
      issued(api, { issue_date: days(-60), customer_name: customer, amount: 10_000, ...fields });
    const late = await invoice({ due_date: days(-31) });
    const yesterday = await invoice({ due_date: days(-1) });
    const partlyPaid = await invoice({ due_date: days(-5) });
    await ok(await api.call(`/documents/${partlyPaid.id}/payments`, post({ paid_on: days(-2), amount: 4_000, method: "transfer" })));
    const paidThenCancelled = await invoice({ due_date: days(-3) });
    const mistaken = await ok(await api.call(`/documents/${paidThenCancelled.id}/payments`, post({ paid_on: days(-2), amount: 11_000, method: "transfer" })));
    await ok(await api.call(`/documents/${paidThenCancelled.id}/payments/${mistaken.payment_id}/cancel`, post({ reason: "誤入力" })));
    const paidWithFee = await invoice({ due_date: days(-5) });
    await ok(await api.call(`/documents/${paidWithFee.id}/payments`, post({ paid_on: days(-2), amount: 10_560, fee: 440, method: "transfer" })));
    const dueToday = await invoice({ due_date: days(0) });
    const notDue = await invoice({ due_date: days(3) });
    const markedPaid = await markedPaidByHand(await invoice({ due_date: days(-10) }));
    const voided = await invoice({ due_date: days(-10), voided: true });
    const noDueDate = await issued(api, { issue_date: days(-60), customer_name: customer, amount: 10_000 });
    const draft = await createDocument(api, { issue_date: days(-60), due_date: days(-10), customer_name: customer });
    const creditNoted = await invoice({ due_date: days(-20) });
    const creditNote = await ok(await api.call(`/documents/${creditNoted.id}/credit-note`, post({ reason: "二重請求" })));

    const listed = (await overdueList()).filter((row) => row.customer_name === customer);
    expect(listed.map((row) => [row.number, row.days_overdue, row.amount_due, row.balance, row.reminders_sent, row.last_reminded_at])).toEqual([
      [late.number, 31, "11000", "11000", 0, null],
      [partlyPaid.number, 5, "11000", "7000", 0, null],
      [paidThenCancelled.number, 3, "11000", "11000", 0, null],
      [yesterday.number, 1, "11000", "11000", 0, null],
    ]);
    const ids = listed.map((row) => row.id);
    for (const absent of [paidWithFee, dueToday, notDue, markedPaid, voided, noDueDate, draft, creditNoted, creditNote]) expect(ids).not.toContain(absent.id);
    expect(listed[0]!.due_date).toBe(days(-31));

    expect((await overdueList("&bucket=d31_60")).filter((row) => row.customer_name === customer).map((row) => row.number)).toEqual([late.number]);
    expect((await overdueList("&bucket=d1_30")).filter((row) => row.customer_name === customer).map((row) => row.number)).toEqual([
      partlyPaid.number,
      paidThenCancelled.number,
      yesterday.number,
    ]);
  });

  it("refuses an unknown bucket or page with a message", async () => {
    const bucket = await api.call("/reminders/overdue?bucket=d1000");
    expect(bucket.status).toBe(400);
    expect((await bucket.json()).message).toBe("経過日数の区分が正しくありません。");
    expect((await api.call("/reminders/overdue?page=0")).status).toBe(400);
  });
});

describe("days overdue in Japan time", () => {
  it("counts JST calendar days: the day changes at midnight in Tokyo, not in UTC", async () => {
    let clock = new Date("2026-12-01T14:59:59Z"); // 23:59:59 on 12/1 in Tokyo
    const clocked = await startTestApi({ now: () => clock });
    try {
      await insertPaymentUser(clocked.database.db, "owner");
      const invoice = await issued(clocked, { issue_date: "2026-11-01", customer_name: "株式会社深夜", amount: 1_000, due_date: "2026-11-30" });
      const daysOf = async () => overdueListAnswer.parse(await ok(await clocked.call("/reminders/overdue"))).items.find((row) => row.id === invoice.id)?.days_overdue;
      expect(await daysOf()).toBe(1);
      clock = new Date("2026-12-01T15:00:00Z"); // 00:00 on 12/2 in Tokyo
      expect(await daysOf()).toBe(2);
      expect((await contextOf(invoice.id, clocked)).invoice.days_overdue).toBe(2);

      const dueToday = await issued(clocked, { issue_date: "2026-11-01", customer_name: "株式会社深夜", amount: 1_000, due_date: "2026-12-02" });
      expect(await contextOf(dueToday.id, clocked)).toMatchObject({
        refusal: "支払期限を過ぎていない請求書には督促メールを送れません。",
        draft: null,
      });
      clock = new Date("2026-12-02T15:00:00Z");
      expect((await contextOf(dueToday.id, clocked)).refusal).toBeNull();
    } finally {
      await clocked.close();
    }
  });
});

describe("GET/POST /documents/:id/reminders", () => {
  it("prefills the first notice, sends it through the outbox, records it, then offers the firmer second", async () => {
    const customer = await createCustomer(api, { name: "株式会社入金遅延", emails: ["keiri@chien.example", "shacho@chien.example"], person_in_charge: "山田" });
    const linked = await ok(
      await api.call(
        "/documents",
        post({
          kind: "invoice",
          issue_date: days(-45),
          due_date: days(-15),
          customer_id: customer.id,
          customer_name: "株式会社入金遅延",
          lines: [{ description: "保守", quantity: "1", unit_price: "100000", tax_rate: "10" }],
        }),
      ),
    );
    await ok(await api.call(`/documents/${linked.id}/issue`, { method: "POST" }));
    await ok(await api.call(`/documents/${linked.id}/payments`, post({ paid_on: days(-3), amount: 10_000, method: "transfer" })));

    const context = await contextOf(linked.id);
    expect(context.refusal).toBeNull();
    expect(context.invoice).toMatchObject({ number: linked.number, days_overdue: 15, amount_due: "110000", balance: "100000", due_date: days(-15) });
    expect(context.history).toEqual([]);
    expect(context.draft?.level).toBe(1);
    expect(context.draft?.to).toEqual(["keiri@chien.example", "shacho@chien.example"]);
    expect(context.draft?.templates.map((template) => template.level)).toEqual([1, 2]);
    const first = context.draft!.templates[0]!;
    const second = context.draft!.templates[1]!;
    expect(first.subject).toBe(`お支払いのご確認のお願い（請求書番号：${linked.number}）`);
    expect(first.body).toContain("株式会社入金遅延 山田様");
    expect(first.body).toContain("株式会社デモ商会");
    expect(first.body).toContain("ご請求金額：110,000円");
    expect(first.body).toContain("未入金額：100,000円");
    const [year, month, day] = days(-15).split("-").map(Number);
    expect(first.body).toContain(`お支払期限：${year}年${month}月${day}日`);
    expect(second.subject).toBe(`【再度のお願い】お支払いのご確認（請求書番号：${linked.number}）`);
    expect(second.body).toContain("15日を経過した");

    const key = uniqueKey();
    const send = reminder({ level: 1, to: "keiri@chien.example", subject: first.subject, body: `${first.body}\n（編集済み）`, idempotency_key: key });
    const sent = await api.call(`/documents/${linked.id}/reminders`, send);
    expect(sent.status).toBe(201);
    const row = await sent.json();
    expect(row).toMatchObject({ document_id: linked.id, level: 1, to: ["keiri@chien.example"], subject: first.subject, sent_by: "U-DEMO-OWNER" });
    expect(row.mail_id).toEqual(expect.any(Number));

    // The same form submitted twice: one reminder, one mail.
    const again = await api.call(`/documents/${linked.id}/reminders`, send);
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(row.id);
    const [mails, recorded] = await Promise.all([mailsOf(linked.id), api.database.db.select().from(reminders).where(eq(reminders.documentId, linked.id))]);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ id: row.mail_id, to: ["keiri@chien.example"], subject: first.subject, delivery: "link", status: "queued" });
    expect(recorded).toHaveLength(1);

    await api.mail.outbox.drain();
    const [delivered] = await api.database.db.select().from(localMailbox).where(eq(localMailbox.mailId, row.mail_id));
    expect(delivered!.subject).toBe(first.subject);
    expect(delivered!.text).toContain("（編集済み）");
    expect(delivered!.text).toContain("/view-pdf?token=");

    const after = await contextOf(linked.id);
    expect(after.draft?.level).toBe(2);
    expect(after.history).toHaveLength(1);
    expect(after.history[0]).toMatchObject({ level: 1, subject: first.subject, mail_status: "sent", sent_by: "U-DEMO-OWNER" });
    // The invoice's own history says it was dunned, and by whom.
    expect((await ok(await api.call(`/documents/${linked.id}`))).history.at(-1)).toMatchObject({ event: "reminder", changed_by: "U-DEMO-OWNER" });
    const listed = (await overdueList()).find((item) => item.id === linked.id)!;
    expect(listed.reminders_sent).toBe(1);
    expect(listed.last_reminded_at).toBe(row.sent_at);

    const firmer = await api.call(`/documents/${linked.id}/reminders`, reminder({ level: 2, subject: after.draft?.templates[1]?.subject }));
    expect(firmer.status).toBe(201);
    expect((await contextOf(linked.id)).history.map((entry) => entry.level)).toEqual([2, 1]);
    expect(await mailsOf(linked.id)).toHaveLength(2);
  });

  it("sends one mail when the same form arrives twice at once", async () => {
    const invoice = await issued(api, { issue_date: days(-40), customer_name: "株式会社二度押し", amount: 1_000, due_date: days(-10) });
    const send = reminder();
    const statuses = (await Promise.all([api.call(`/documents/${invoice.id}/reminders`, send), api.call(`/documents/${invoice.id}/reminders`, send)])).map(
      (response) => response.status,
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.every((status) => [200, 201, 409].includes(status))).toBe(true);
    expect(await mailsOf(invoice.id)).toHaveLength(1);
  });

  it("refuses with 409 and a Japanese message for paid, voided, draft, credit-note and not-yet-due invoices, sending nothing", async () => {
    const base = { issue_date: days(-40), customer_name: "株式会社送らない", amount: 1_000, due_date: days(-10) };
    const paid = await issued(api, base);
    await ok(await api.call(`/documents/${paid.id}/payments`, post({ paid_on: days(-1), amount: 1_100, method: "transfer" })));
    const marked = await markedPaidByHand(await issued(api, base));
    const voided = await issued(api, { ...base, voided: true });
    const draft = await createDocument(api, { issue_date: days(-40), due_date: days(-10), customer_name: "株式会社送らない" });
    const original = await issued(api, base);
    const creditNote = await ok(await api.call(`/documents/${original.id}/credit-note`, post({})));
    const notDue = await issued(api, { ...base, due_date: days(1) });
    for (const [document, message] of [
      [paid, "入金済みの請求書には督促メールを送れません。"],
      [marked, "入金済みの請求書には督促メールを送れません。"],
      [voided, "無効にした請求書には督促メールを送れません。"],
      [draft, "下書きの請求書には督促メールを送れません。"],
      [creditNote, "赤伝（取消の請求書）には督促メールを送れません。"],
      [original, "赤伝で取り消した請求書には督促メールを送れません。"],
      [notDue, "支払期限を過ぎていない請求書には督促メールを送れません。"],
    ] as const) {
      const refused = await api.call(`/documents/${document.id}/reminders`, reminder());
      expect(refused.status, document.number).toBe(409);
      expect((await refused.json()).message).toBe(message);
      expect(await mailsOf(document.id)).toHaveLength(0);
      expect(await contextOf(document.id)).toMatchObject({ refusal: message, draft: null });
    }
  });

  it("refuses a bad request with the field's message and sends nothing", async () => {
    const invoice = await issued(api, { issue_date: days(-40), customer_name: "株式会社入力違い", amount: 1_000, due_date: days(-10) });
    for (const [body, field] of [
      [{ level: 3 }, "level"],
      [{ to: "not-an-address" }, "to"],
      [{ subject: "" }, "subject"],
      [{ idempotency_key: undefined }, "idempotency_key"],
    ] as const) {
      const refused = await api.call(`/documents/${invoice.id}/reminders`, reminder(body));
      expect(refused.status).toBe(422);
      expect(Object.keys((await refused.json()).fields)).toContain(field);
    }
    expect(await mailsOf(invoice.id)).toHaveLength(0);
  });

  it("keeps another company's invoices and, for a user limited to their own, the owner's invoices out of sight (404)", async () => {
    const others = await issued(api, { issue_date: days(-40), customer_name: "他社の取引先", amount: 1_000, due_date: days(-10) }, "shinkinOwner");
    expect((await api.call(`/documents/${others.id}/reminders`)).status).toBe(404);
    expect((await api.call(`/documents/${others.id}/reminders`, reminder())).status).toBe(404);
    expect((await overdueList()).map((row) => row.id)).not.toContain(others.id);

    const owners = await issued(api, { issue_date: days(-40), customer_name: "オーナーの取引先", amount: 1_000, due_date: days(-10) });
    const users = await issued(api, { issue_date: days(-40), customer_name: "担当者の取引先", amount: 1_000, due_date: days(-10) }, "user");
    const visible = (await overdueList("", "user")).map((row) => row.id);
    expect(visible).toContain(users.id);
    expect(visible).not.toContain(owners.id);
    expect((await api.call(`/documents/${owners.id}/reminders`, { as: "user" })).status).toBe(404);
    expect((await api.call(`/documents/${owners.id}/reminders`, { ...reminder(), as: "user" })).status).toBe(404);
    expect(await mailsOf(owners.id)).toHaveLength(0);
  });
});
