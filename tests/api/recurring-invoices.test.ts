import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customers, documentMails, documents, recurringRuns } from "../../api/db/schema";
import { createRecurringWorker } from "../../api/jobs/recurring-worker";
import { recurringListAnswer, recurringScheduleAnswer } from "../../domain/billing-answers";
import { createDatabaseFileStorage } from "../../api/storage/storage";
import { useTenantTestApi } from "../support/api";
import { createCustomer, createDocument, insertPaymentUser } from "../support/factories";
import { ok, post } from "../support/issued";

/*
 * 定期請求 (issue 19 item 2, decision 031): a schedule made from an invoice; the worker, driven here with an injected
 * clock instead of its timer, makes each period's invoice once — with two workers at once, after a restart, and for
 * missed periods after downtime — and nothing for a paused schedule. Another company's schedules are not there.
 */

const api = useTenantTestApi();

/** A worker on the test database whose clock reads `at` (JST 10:00 of the day given). */
function workerAt(day: { at: string }) {
  return createRecurringWorker({
    db: api.database.db,
    storage: createDatabaseFileStorage(api.database.db),
    outbox: api.mail.outbox,
    now: () => new Date(`${day.at}T10:00:00+09:00`),
    settings: { leaseMs: 60_000, maxAttempts: 3, retryBaseMs: 10 },
  });
}

const at = (date: string) => workerAt({ at: date });

/** An invoice to a customer with 月末締め翌月末払い (holidays left as they fall), two lines. */
async function sourceInvoice(name: string, emails: string[] = []) {
  const customer = await createCustomer(api, { name, emails, closing_day: "99", payment_month_offset: "1", payment_day: "99", holiday_shift: "none" });
  return createDocument(api, {
    customer_id: customer.id,
    customer_name: name,
    subject: "保守料",
    notes: "毎月のご請求です",
    lines: [
      { description: "保守", quantity: "1", unit_price: "30000", tax_rate: "10" },
      { description: "サーバー", quantity: "2", unit: "台", unit_price: "5000", tax_rate: "10" },
    ],
  });
}

async function createSchedule(invoiceId: number, fields: Record<string, unknown> = {}, as: "owner" | "shinkinOwner" = "owner") {
  const response = await api.call("/recurring-invoices", {
    ...post({ source_document_id: invoiceId, day_of_month: 31, interval_months: 1, start_date: "2027-01-01", ...fields }),
    as,
  });
  if (response.status !== 201) throw new Error(`${response.status}: ${await response.text()}`);
  return recurringScheduleAnswer.parse(await response.json());
}

// The answers are read with the contract the web app parses with (domain/billing-answers.ts).
const detail = async (id: number) => recurringScheduleAnswer.parse(await api.call(`/recurring-invoices/${id}`).then(ok));
const listed = async (as: "owner" | "staff" | "shinkinOwner" = "owner") => recurringListAnswer.parse(await api.call("/recurring-invoices", { as }).then(ok));
const pauseOrResume = async (id: number, action: "pause" | "resume") => recurringScheduleAnswer.parse(await api.call(`/recurring-invoices/${id}/${action}`, { method: "POST" }).then(ok));

/** The invoices a schedule made, by their unique key, oldest period first. */
async function madeBy(scheduleId: number) {
  return api.database.db
    .select()
    .from(documents)
    .where(like(documents.idempotencyKey, `recurring:${scheduleId}:%`))
    .orderBy(documents.issueDate);
}

describe("POST /recurring-invoices", () => {
  it("makes a schedule from an invoice: its customer, wording and lines, the first run on the month's end", async () => {
    const invoice = await sourceInvoice("株式会社定期商事");
    const schedule = await createSchedule(invoice.id, { subject: "{年}年{月}月分 保守料", line_descriptions: ["{前月}分 保守", "サーバー"] });
    expect(schedule).toMatchObject({
      source_document_id: invoice.id,
      customer_name: "株式会社定期商事",
      subject: "{年}年{月}月分 保守料",
      notes: "毎月のご請求です",
      day_of_month: 31,
      interval_months: 1,
      next_run_on: "2027-01-31",
      state: "active",
      auto_issue: false,
      auto_send: false,
      runs: [],
    });
    expect(schedule.lines.map((line) => [line.description, line.unit_price])).toEqual([
      ["{前月}分 保守", "30000"],
      ["サーバー", "5000"],
    ]);
    const list = await listed();
    expect(list.schedules.find((row) => row.id === schedule.id)).toMatchObject({
      customer_name: "株式会社定期商事",
      next_run_on: "2027-01-31",
      last_run: null,
    });
  });

  it("refuses bad input field by field, changing nothing", async () => {
    const invoice = await sourceInvoice("株式会社入力確認");
    const before = (await listed()).schedules.length;
    for (const [fields, field] of [
      [{ day_of_month: 32 }, "day_of_month"],
      [{ interval_months: "x" }, "interval_months"],
      [{ start_date: "2027-02-30" }, "start_date"],
      [{ end_date: "2026-12-31" }, "end_date"],
      [{ auto_send: true }, "mail_to"],
      [{ source_document_id: 999_999 }, "source_document_id"],
      [{ line_descriptions: ["一行だけ"] }, "line_descriptions"],
    ] as Array<[Record<string, unknown>, string]>) {
      const response = await api.call(
        "/recurring-invoices",
        post({ source_document_id: invoice.id, day_of_month: 31, interval_months: 1, start_date: "2027-01-01", ...fields }),
      );
      expect(response.status, field).toBe(422);
      expect(Object.keys((await response.json()).fields), field).toContain(field);
    }
    expect((await listed()).schedules).toHaveLength(before);
  });
});

describe("the worker", () => {
  it("makes one draft when due, with the period's words, dated the run day and due by the customer's terms", async () => {
    const invoice = await sourceInvoice("株式会社月末");
    const schedule = await createSchedule(invoice.id, { subject: "{年}年{月}月分 保守料", line_descriptions: ["{前月}分 保守", "{翌月}分 サーバー"] });
    await at("2027-01-30").tick();
    expect(await madeBy(schedule.id)).toHaveLength(0);

    await at("2027-01-31").tick();
    await at("2027-01-31").tick();
    const made = await madeBy(schedule.id);
    expect(made).toHaveLength(1);
    const document = await api.call(`/documents/${made[0]!.id}`).then(ok);
    expect(document).toMatchObject({
      kind: "invoice",
      subject: "2027年1月分 保守料",
      notes: "毎月のご請求です",
      issue_date: "2027-01-31",
      due_date: "2027-02-28",
      issued_at: null,
      customer_name: "株式会社月末",
      amount_due: "44000",
    });
    expect(document.lines.map((line: { description: string }) => line.description)).toEqual(["2026年12月分 保守", "2027年2月分 サーバー"]);
    const after = await detail(schedule.id);
    expect(after.next_run_on).toBe("2027-02-28");
    expect(after.runs).toEqual([
      expect.objectContaining({ period: "2027-01", status: "done", document_id: made[0]!.id, document_number: document.number, error: null }),
    ]);
  });

  it("runs the 31st on February's last day: the 28th in 2027, the 29th in 2028", async () => {
    const invoice = await sourceInvoice("株式会社うるう年");
    const schedule = await createSchedule(invoice.id, { start_date: "2027-02-01", interval_months: 12 });
    await at("2027-02-28").tick();
    await at("2028-02-29").tick();
    expect((await madeBy(schedule.id)).map((row) => row.issueDate)).toEqual(["2027-02-28", "2028-02-29"]);
  });

  it("makes one invoice per period when two workers run at once", async () => {
    const invoice = await sourceInvoice("株式会社同時実行");
    const schedule = await createSchedule(invoice.id, { subject: "{月}月分" });
    await Promise.all([at("2027-03-31").tick(), at("2027-03-31").tick(), at("2027-03-31").tick()]);
    const made = await madeBy(schedule.id);
    expect(made.map((row) => [row.issueDate, row.subject])).toEqual([
      ["2027-01-31", "1月分"],
      ["2027-02-28", "2月分"],
      ["2027-03-31", "3月分"],
    ]);
    expect(new Set(made.map((row) => row.number)).size).toBe(3);
  });

  it("does not repeat a period after a restart, also when the first worker stopped after making the invoice", async () => {
    const invoice = await sourceInvoice("株式会社再起動");
    const schedule = await createSchedule(invoice.id);
    await at("2027-01-31").tick();
    // A new worker on the same database (a restarted server) on the same day and later.
    await at("2027-01-31").tick();
    await at("2027-02-01").tick();
    expect(await madeBy(schedule.id)).toHaveLength(1);

    // A server stopped after the invoice committed but before the run was marked done: its lease runs out.
    await at("2027-02-28").tick();
    await api.database.db
      .update(recurringRuns)
      .set({ status: "running", lockedUntil: new Date("2027-02-28T00:00:00Z") })
      .where(and(eq(recurringRuns.scheduleId, schedule.id), eq(recurringRuns.period, "2027-02")));
    await at("2027-03-01").tick();
    expect((await madeBy(schedule.id)).map((row) => row.issueDate)).toEqual(["2027-01-31", "2027-02-28"]);
    expect((await detail(schedule.id)).runs.map((run) => [run.period, run.status])).toEqual([
      ["2027-02", "done"],
      ["2027-01", "done"],
    ]);
  });

  it("makes each of 3 missed periods once after downtime, in period order, then waits for the next", async () => {
    const invoice = await sourceInvoice("株式会社停止明け");
    const schedule = await createSchedule(invoice.id, { subject: "{年}年{月}月分" });
    await at("2027-04-29").tick();
    await at("2027-04-29").tick();
    const made = await madeBy(schedule.id);
    expect(made.map((row) => [row.issueDate, row.subject])).toEqual([
      ["2027-01-31", "2027年1月分"],
      ["2027-02-28", "2027年2月分"],
      ["2027-03-31", "2027年3月分"],
    ]);
    // Made in period order: the numbers count up with the periods.
    expect([...made.map((row) => row.id)].sort((a, b) => a - b)).toEqual(made.map((row) => row.id));
    expect((await detail(schedule.id)).next_run_on).toBe("2027-04-30");
  });

  it("makes at most the latest 12 missed periods and reports the older ones as not made", async () => {
    const invoice = await sourceInvoice("株式会社長期停止");
    const schedule = await createSchedule(invoice.id, { day_of_month: 1 });
    await at("2028-03-15").tick();
    const made = await madeBy(schedule.id);
    expect(made).toHaveLength(12);
    expect(made[0]!.issueDate).toBe("2027-04-01");
    const runs = (await detail(schedule.id)).runs;
    expect(runs.filter((run) => run.status === "skipped").map((run) => run.period)).toEqual([
      "2027-03",
      "2027-02",
      "2027-01",
    ]);
    expect(runs.find((run) => run.period === "2027-01")?.error).toContain("12回分");
  });

  it("stops after the end date", async () => {
    const invoice = await sourceInvoice("株式会社期間限定");
    const schedule = await createSchedule(invoice.id, { end_date: "2027-02-28" });
    await at("2027-06-01").tick();
    expect((await madeBy(schedule.id)).map((row) => row.issueDate)).toEqual(["2027-01-31", "2027-02-28"]);
    expect(await detail(schedule.id)).toMatchObject({ next_run_on: null, state: "ended" });
  });

  it("makes nothing for a paused schedule, and resumes from the next run after the day it resumes", async () => {
    const invoice = await sourceInvoice("株式会社一時停止");
    const schedule = await createSchedule(invoice.id);
    expect(await pauseOrResume(schedule.id, "pause")).toMatchObject({ state: "paused", next_run_on: null });
    await at("2027-02-01").tick();
    expect(await madeBy(schedule.id)).toHaveLength(0);
    expect((await detail(schedule.id)).runs).toEqual([]);
    expect(await pauseOrResume(schedule.id, "resume")).toMatchObject({
      state: "active",
      next_run_on: "2027-01-31",
    });
  });

  it("issues and sends through the mail outbox when the schedule says so", async () => {
    const invoice = await sourceInvoice("株式会社自動送信", ["keiri@jidou.example"]);
    const schedule = await createSchedule(invoice.id, { auto_send: "on", subject: "{年}年{月}月分" });
    expect(schedule).toMatchObject({ auto_issue: true, auto_send: true });
    await at("2027-01-31").tick();
    const [made] = await madeBy(schedule.id);
    expect(made!.issuedAt).not.toBeNull();
    const mails = await api.database.db.select().from(documentMails).where(eq(documentMails.documentId, made!.id));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: ["keiri@jidou.example"], status: "queued", delivery: "attachment" });
    expect(mails[0]!.subject).toContain(made!.number);
    expect((await detail(schedule.id)).runs[0]).toMatchObject({ status: "done", document_id: made!.id });

    // An address typed on the schedule goes instead of the customer's.
    const other = await createSchedule(invoice.id, { auto_send: true, mail_to: "tantou@jidou.example", start_date: "2027-02-01" });
    await at("2027-02-28").tick();
    const [second] = await madeBy(other.id);
    expect((await api.database.db.select().from(documentMails).where(eq(documentMails.documentId, second!.id)))[0]!.to).toEqual(["tantou@jidou.example"]);
  });

  it("reports in Japanese when the invoice was made but could not be sent, and keeps the draft", async () => {
    const invoice = await sourceInvoice("株式会社宛先削除", ["old@sakujo.example"]);
    const schedule = await createSchedule(invoice.id, { auto_send: true });
    await api.database.db.update(customers).set({ emails: [] }).where(eq(customers.id, invoice.customer_id));
    await at("2027-01-31").tick();
    const [made] = await madeBy(schedule.id);
    expect(made!.issuedAt).toBeNull();
    const [run] = (await detail(schedule.id)).runs;
    expect(run).toMatchObject({ status: "error", document_id: made!.id });
    expect(run?.error).toBe(
      "請求書は作成しましたが、発行または送信ができませんでした。請求書の画面から手で発行・送信してください。理由：送信先のメールアドレスがありません。",
    );
    expect((await listed()).schedules.find((row) => row.id === schedule.id)?.last_run).toMatchObject({
      status: "error",
      document_number: made!.number,
    });
  });

  it("issues without sending when only automatic issue is on", async () => {
    const invoice = await sourceInvoice("株式会社自動発行");
    const schedule = await createSchedule(invoice.id, { auto_issue: true });
    await at("2027-01-31").tick();
    const [made] = await madeBy(schedule.id);
    expect(made).toMatchObject({ status: 2 });
    expect(made!.issuedAt).not.toBeNull();
    expect(await api.database.db.select().from(documentMails).where(eq(documentMails.documentId, made!.id))).toHaveLength(0);
  });
});

describe("changes and other companies", () => {
  it("edits with a version, and deletes a schedule while the invoices it made stay", async () => {
    const invoice = await sourceInvoice("株式会社変更");
    const schedule = await createSchedule(invoice.id);
    const body = { _method: "PATCH", version: schedule.version, day_of_month: 99, interval_months: 2, start_date: "2027-01-01", subject: "{月}月分" };
    const changed = recurringScheduleAnswer.parse(await api.call(`/recurring-invoices/${schedule.id}`, post(body)).then(ok));
    expect(changed).toMatchObject({ day_of_month: 99, interval_months: 2, subject: "{月}月分", version: schedule.version + 1 });
    expect((await api.call(`/recurring-invoices/${schedule.id}`, post(body))).status).toBe(409);
    await at("2027-01-31").tick();
    expect(await madeBy(schedule.id)).toHaveLength(1);
    expect((await api.call(`/recurring-invoices/${schedule.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api.call(`/recurring-invoices/${schedule.id}`)).status).toBe(404);
    expect(await madeBy(schedule.id)).toHaveLength(1);
  });

  it("shows a user limited to their own documents only the schedules they made, from their own invoices", async () => {
    await insertPaymentUser(api.database.db, "staff");
    const owners = await createSchedule((await sourceInvoice("株式会社社長の取引先")).id);
    const ownInvoice = await createDocument(api, { customer_name: "株式会社担当者の取引先" }, "staff");
    const response = await api.call("/recurring-invoices", {
      ...post({ source_document_id: ownInvoice.id, day_of_month: 10, interval_months: 1, start_date: "2027-01-01" }),
      as: "staff",
    });
    expect(response.status).toBe(201);
    const own = recurringScheduleAnswer.parse(await response.json());
    expect((await listed("staff")).schedules.map((row) => row.id)).toEqual([own.id]);
    expect((await api.call(`/recurring-invoices/${owners.id}`, { as: "staff" })).status).toBe(404);
    const refused = await api.call("/recurring-invoices", {
      ...post({ source_document_id: owners.source_document_id, day_of_month: 10, interval_months: 1, start_date: "2027-01-01" }),
      as: "staff",
    });
    expect(refused.status).toBe(422);
    // The invoice it makes is the user's, so they see it.
    await at("2027-01-10").tick();
    const [made] = await madeBy(own.id);
    expect((await api.call(`/documents/${made!.id}`, { as: "staff" })).status).toBe(200);
  });

  it("keeps another company's schedules invisible and unchangeable", async () => {
    const invoice = await sourceInvoice("株式会社他社秘密");
    const schedule = await createSchedule(invoice.id);
    const theirs = await listed("shinkinOwner");
    expect(theirs.schedules.map((row) => row.id)).not.toContain(schedule.id);
    for (const [path, init] of [
      [`/recurring-invoices/${schedule.id}`, {}],
      [`/recurring-invoices/${schedule.id}/pause`, { method: "POST" }],
      [`/recurring-invoices/${schedule.id}`, { method: "DELETE" }],
      [`/recurring-invoices/${schedule.id}`, post({ _method: "PATCH", version: 1, day_of_month: 1, interval_months: 1, start_date: "2027-01-01" })],
    ] as const) {
      expect((await api.call(path, { ...init, as: "shinkinOwner" })).status, `${init.method ?? "GET"} ${path}`).toBe(404);
    }
    // Nor can a schedule be made from the other company's invoice.
    const refused = await api.call("/recurring-invoices", {
      ...post({ source_document_id: invoice.id, day_of_month: 1, interval_months: 1, start_date: "2027-01-01" }),
      as: "shinkinOwner",
    });
    expect(refused.status).toBe(422);
    expect((await detail(schedule.id)).state).toBe("active");
  });
});
