import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { AWAITING_APPROVAL as AWAITING } from "../../api/approvals/held-runs";
import { approvalDecisions, approvalMails, documentMails, paymentServiceUsers, recurringRuns } from "../../api/db/schema";
import { approvalAuditAnswer, approvalRequestAnswer, approvalSettingsAnswer, approvalsWaitingAnswer, myApprovalRequestsAnswer } from "../../domain/approval-answers";
import { closingMergeAnswer, recurringScheduleAnswer } from "../../domain/billing-answers";
import { documentAnswer, documentCopyAnswer, documentDetailPageAnswer } from "../../domain/document-answers";
import { useTenantTestApi } from "../support/api";
import { createCustomer, createDocument } from "../support/factories";
import { linesOf, ok, post } from "../support/issued";
import { recurringWorkerOn } from "../support/recurring";
import { fixtureUsers, type FixtureUserName } from "../support/users";

/*
 * 承認 (issue 38, decision 049) as the Payment API enforces it, whatever a page offers: the owner's rules, 申請,
 * 承認 and 差戻し per step, the refusals of issuing, sending and printing the seal before approval, the history and
 * the audit, and 締め請求 and 定期請求 following the same rules.
 */

const api = useTenantTestApi(["user", "staff"]);
const USER = fixtureUsers.user.userUniqueCode;
const OWNER = fixtureUsers.owner.userUniqueCode;
const as = (who: FixtureUserName, body: unknown = {}) => ({ ...post(body), as: who });

// DOCUMENT_LINES: 96,999 tax included, 88,240 tax excluded; linesOf(1000): 1,100.
const ANY_OWNER = { any_owner: true };
const named = (...users: string[]) => ({ users });

async function setRule(kind: string, rule: Record<string, unknown>) {
  return approvalSettingsAnswer.parse(await ok(await api.call(`/approval-rules/${kind}`, as("owner", { threshold: 50000, amount_basis: "tax_included", allow_self_approval: false, ...rule }))));
}

const read = async (id: number, who: FixtureUserName = "owner") => documentAnswer.parse(await ok(await api.call(`/documents/${id}`, { as: who })));
const draft = async (who: FixtureUserName = "staff", fields: Record<string, unknown> = {}) => documentAnswer.parse(await createDocument(api, fields, who));
const request = (id: number, who: FixtureUserName = "staff", comment?: string) => api.call(`/documents/${id}/approval-request`, as(who, comment === undefined ? {} : { comment }));
const approve = (requestId: number, who: FixtureUserName, comment?: string) => api.call(`/approvals/${requestId}/approve`, as(who, comment === undefined ? {} : { comment }));
const returnIt = (requestId: number, who: FixtureUserName, reason?: string) => api.call(`/approvals/${requestId}/return`, as(who, reason === undefined ? {} : { reason }));
const issue = (id: number, who: FixtureUserName = "staff") => api.call(`/documents/${id}/issue`, as(who));
const send = (id: number, who: FixtureUserName = "staff") => api.call(`/documents/${id}/mails`, as(who, { to: ["keiri@aozora.example"], subject: "請求書", body: "ご確認ください。", delivery: "link" }));
/** The print copy, checked against its contract; its content is then read as sent (snapshotFromApi's shape). */
async function copy(id: number) {
  const answer = await ok(await api.call(`/documents/${id}/snapshots`, as("staff", { reason: "print" })));
  documentCopyAnswer.parse(answer);
  return answer as { mark: string | null; content: { issuer: { stamp: unknown } } };
}

/** Asks for approval and answers the request's id. */
async function requested(id: number, who: FixtureUserName = "staff", comment?: string): Promise<number> {
  const document = documentAnswer.parse(await ok(await request(id, who, comment)));
  expect(document.approval.state).toBe("pending");
  return document.approval.request!.id;
}

async function refused(response: Response, status: number, message: string) {
  expect(response.status).toBe(status);
  expect((await response.json()).message).toBe(message);
}

describe("approval rules", () => {
  it("are the owner's: others are refused, named approvers must be the company's users, steps are 1 to 3", async () => {
    await refused(await api.call("/approval-rules/invoice", as("user", { threshold: 0, amount_basis: "tax_included", steps: [ANY_OWNER] })), 403, "この操作は企業の管理者（オーナー）だけが行えます。");
    expect((await api.call("/approval-rules", { as: "staff" })).status).toBe(403);
    expect((await api.call("/approval-settings", as("user", { recurring_approval: "per_schedule" }))).status).toBe(403);
    const stranger = await api.call("/approval-rules/invoice", as("owner", { threshold: 0, amount_basis: "tax_included", steps: [named(fixtureUsers.shinkinOwner.userUniqueCode)] }));
    expect(stranger.status).toBe(422);
    expect((await stranger.json()).fields.steps).toEqual(["承認者には、この会社の利用者を選んでください"]);
    expect((await api.call("/approval-rules/invoice", as("owner", { threshold: 0, amount_basis: "tax_included", steps: [ANY_OWNER, ANY_OWNER, ANY_OWNER, ANY_OWNER] }))).status).toBe(422);
    expect((await api.call("/approval-rules/invoice", as("owner", { threshold: 0, amount_basis: "税込", steps: [ANY_OWNER] }))).status).toBe(422);

    const saved = await setRule("estimate", { threshold: 100000, amount_basis: "tax_excluded", steps: [named(USER), ANY_OWNER] });
    expect(saved).toEqual({
      rules: [{ kind: "estimate", threshold: 100000, amount_basis: "tax_excluded", steps: [{ any_owner: false, users: [USER] }, { any_owner: true }], allow_self_approval: false }],
      recurring_approval: "per_run",
    });
    expect((await api.call("/approval-rules/estimate", { method: "DELETE", as: "owner" })).status).toBe(204);
  });

  it("leave documents of kinds without a rule, and those under the threshold, as they were", async () => {
    await setRule("invoice", { steps: [ANY_OWNER] });
    const small = await draft("staff", { lines: linesOf(1000) });
    expect(small.approval).toEqual({ state: "not_needed", request: null });
    await refused(await request(small.id), 409, "この書類は承認の必要がありません。");
    expect((await issue(small.id)).status).toBe(200);
    const estimate = await draft("staff", { kind: "estimate" });
    expect(estimate.approval.state).toBe("not_needed");
    expect((await issue(estimate.id)).status).toBe(200);
  });
});

describe("the approval flow", () => {
  it("refuses issuing, sending and printing the seal before approval, and goes through two steps", async () => {
    await setRule("invoice", { steps: [named(USER), ANY_OWNER] });
    const document = await draft();
    expect(document.approval.state).toBe("needed");
    await refused(await issue(document.id), 409, "この書類は承認が必要です。申請して承認されてから発行してください。");
    await refused(await send(document.id), 409, "この書類は承認が必要です。申請して承認されてから送信してください。");

    const id = await requested(document.id, "staff", "今月分です。");
    await refused(await request(document.id), 409, "この書類はすでに申請中です。");
    await refused(await issue(document.id), 409, "この書類は承認待ちです。承認されるまで発行できません。");
    await refused(await send(document.id), 409, "この書類は承認待ちです。承認されるまで送信できません。");

    // 承認待ち lists it for the step's approver only.
    const waiting = approvalsWaitingAnswer.parse(await ok(await api.call("/approvals/waiting", { as: "user" })));
    expect(waiting.items.find((item) => item.id === id)).toMatchObject({ step: 1, steps: 2, comment: "今月分です。", document: { id: document.id, number: document.number, tax_included: "96999" } });
    expect(approvalsWaitingAnswer.parse(await ok(await api.call("/approvals/waiting", { as: "owner" }))).items.map((item) => item.id)).not.toContain(id);

    // The detail page's one call says the same of each caller who may read the document.
    const decides = async (as: "owner" | "staff") => documentDetailPageAnswer.parse(await ok(await api.call(`/documents/${document.id}/page?kind=invoice`, { as }))).decides;
    expect([await decides("owner"), await decides("staff")]).toEqual([false, false]);

    // A crafted approval by someone who is not the step's approver is refused.
    await refused(await approve(id, "owner"), 403, "第1段階の承認者ではないため、承認・差戻しできません。");
    await refused(await approve(id, "staff"), 403, "第1段階の承認者ではないため、承認・差戻しできません。");
    const first = approvalRequestAnswer.parse(await ok(await approve(id, "user", "確認しました。")));
    expect(first).toMatchObject({ status: "pending", step: 2 });
    expect((await issue(document.id)).status).toBe(409);
    expect([await decides("owner"), await decides("staff")]).toEqual([true, false]);

    const last = approvalRequestAnswer.parse(await ok(await approve(id, "owner")));
    expect(last).toMatchObject({ status: "approved", step: 2 });
    await refused(await approve(id, "owner"), 409, "この申請はすでに承認されています。");
    expect((await read(document.id)).approval).toMatchObject({ state: "approved", request: { id, status: "approved" } });
    expect(await decides("owner")).toBe(false);
    expect((await issue(document.id)).status).toBe(200);
    expect((await send(document.id)).status).toBe(202);

    const history = (await read(document.id)).history;
    expect(history.map((entry) => [entry.event, entry.approval_step, entry.comment, entry.changed_by])).toEqual([
      ["created", null, null, fixtureUsers.staff.userUniqueCode],
      ["approval_requested", null, "今月分です。", fixtureUsers.staff.userUniqueCode],
      ["approval_step_approved", 1, "確認しました。", USER],
      ["approval_step_approved", 2, null, OWNER],
      ["approved", 2, null, OWNER],
      ["issued", null, null, fixtureUsers.staff.userUniqueCode],
    ]);
    expect(history.find((entry) => entry.event === "approval_step_approved")?.changed_by_name).toBe("佐藤 花子");

    const mine = myApprovalRequestsAnswer.parse(await ok(await api.call("/approvals/mine", { as: "staff" })));
    expect(mine.items.find((item) => item.id === id)).toMatchObject({ status: "approved", last_decision: { decision: "approved", step: 2, decided_by: OWNER } });
  });

  it("refuses the author's own approval unless the rule allows it, and the same person deciding two steps", async () => {
    await setRule("invoice", { steps: [ANY_OWNER] });
    const own = await draft("owner");
    const id = await requested(own.id, "owner");
    await refused(await approve(id, "owner"), 403, "自分が申請した書類は承認・差戻しできません。");

    await setRule("invoice", { steps: [ANY_OWNER], allow_self_approval: true });
    const allowed = await draft("owner");
    expect((await approve(await requested(allowed.id, "owner"), "owner")).status).toBe(200);

    await setRule("invoice", { steps: [named(USER, OWNER), named(USER, OWNER)] });
    const twice = await draft();
    const second = await requested(twice.id);
    expect((await approve(second, "user")).status).toBe(200);
    await refused(await approve(second, "user"), 403, "前の段階を承認した人は、次の段階を承認・差戻しできません。");
    expect((await approve(second, "owner")).status).toBe(200);
  });

  it("returns with a reason to draft, keeps the history, and takes a new request", async () => {
    await setRule("invoice", { steps: [ANY_OWNER] });
    const document = await draft();
    const id = await requested(document.id);
    const without = await returnIt(id, "owner");
    expect(without.status).toBe(422);
    expect((await without.json()).fields.reason).toEqual(["差戻しの理由を入力してください"]);
    await refused(await returnIt(id, "user", "金額を確認"), 403, "第1段階の承認者ではないため、承認・差戻しできません。");
    expect(approvalRequestAnswer.parse(await ok(await returnIt(id, "owner", "単価が違います。")))).toMatchObject({ status: "returned" });
    await refused(await approve(id, "owner"), 409, "この申請は差し戻されています。");

    const returned = await read(document.id);
    expect(returned).toMatchObject({ issued_at: null, approval: { state: "needed", request: null } });
    expect(returned.history.find((entry) => entry.event === "approval_returned")).toMatchObject({ comment: "単価が違います。", approval_step: 1, changed_by: OWNER });
    const again = await requested(document.id, "staff", "直しました。");
    expect(again).not.toBe(id);
    expect((await approve(again, "owner")).status).toBe(200);
    expect((await issue(document.id)).status).toBe(200);
  });

  it("withdraws the approval when an approved draft is edited", async () => {
    await setRule("invoice", { steps: [ANY_OWNER] });
    const document = await draft();
    const id = await requested(document.id);
    await ok(await approve(id, "owner"));
    const approved = await read(document.id);
    const edited = await api.call(`/documents/${document.id}`, as("staff", { _method: "PATCH", version: approved.version, issue_date: "2026-11-22", customer_name: "株式会社青空商事", subject: "変更", lines: linesOf(60000) }));
    expect(edited.status).toBe(200);
    const after = documentAnswer.parse(await edited.json());
    expect(after.approval).toEqual({ state: "needed", request: null });
    expect(after.history.map((entry) => entry.event)).toContain("approval_withdrawn");
    await refused(await issue(document.id), 409, "この書類は承認が必要です。申請して承認されてから発行してください。");
    await refused(await approve(id, "owner"), 409, "この申請は取り下げられています。");
  });

  it("records one approval when two approvers press at once", async () => {
    await setRule("invoice", { steps: [named(USER, OWNER)] });
    for (let round = 0; round < 3; round += 1) {
      const document = await draft();
      const id = await requested(document.id);
      const statuses = (await Promise.all([approve(id, "user"), approve(id, "owner")])).map((response) => response.status).sort();
      expect(statuses).toEqual([200, 409]);
      const decisions = await api.database.db.select().from(approvalDecisions).where(eq(approvalDecisions.requestId, id));
      expect(decisions).toHaveLength(1);
      expect((await read(document.id)).history.filter((entry) => entry.event === "approval_step_approved")).toHaveLength(1);
    }
  });

  it("keeps the rule frozen into a request when the rule changes or goes", async () => {
    await setRule("invoice", { steps: [named(USER), ANY_OWNER] });
    const document = await draft();
    const id = await requested(document.id);
    await setRule("invoice", { steps: [ANY_OWNER], allow_self_approval: true });
    expect((await api.call("/approval-rules/invoice", { method: "DELETE", as: "owner" })).status).toBe(204);
    await refused(await approve(id, "owner"), 403, "第1段階の承認者ではないため、承認・差戻しできません。");
    expect(approvalRequestAnswer.parse(await ok(await approve(id, "user")))).toMatchObject({ step: 2, steps: 2, status: "pending" });
    expect((await read(document.id)).approval.state).toBe("pending");
    expect(approvalRequestAnswer.parse(await ok(await approve(id, "owner")))).toMatchObject({ status: "approved" });
  });

  it("prints a copy before approval without the seal, marked 承認前", async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({ company_name: "株式会社デモ商事", postal_code: "1000001", address1: "東京都千代田区千代田1-1", logo_state: "keep", stamp_state: "update" })) form.append(key, value);
    form.append("stamp", new Blob([await readFile("sandbox/assets/demo-stamp.png")], { type: "image/png" }), "stamp.png");
    expect((await api.call("/companies", { method: "POST", body: form, as: "owner" })).status).toBe(201);
    await setRule("invoice", { steps: [ANY_OWNER] });
    const document = await draft();
    const before = await copy(document.id);
    expect(before.mark).toBe("unapproved");
    expect(before.content.issuer.stamp).toBeNull();
    const pdf = await api.call(`/documents/${document.id}/pdf`, { as: "staff" });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    await requested(document.id);
    expect((await copy(document.id)).mark).toBe("unapproved");
    await ok(await approve((await read(document.id)).approval.request!.id, "owner"));
    const approved = await copy(document.id);
    expect(approved.mark).toBe("draft");
    expect(approved.content.issuer.stamp).not.toBeNull();
  });

  it("asks again for a correction of an issued document the rule applies to", async () => {
    await setRule("invoice", { steps: [ANY_OWNER] });
    const small = await draft("staff", { lines: linesOf(1000) });
    expect((await issue(small.id)).status).toBe(200);
    const issued = await read(small.id);
    const corrected = await api.call(`/documents/${small.id}`, as("staff", { _method: "PATCH", version: issued.version, issue_date: "2026-11-22", customer_name: "株式会社青空商事", lines: linesOf(90000), correction_reason: "数量の誤り" }));
    expect(corrected.status).toBe(200);
    const revision2 = documentAnswer.parse(await corrected.json());
    expect(revision2).toMatchObject({ revision: 2, approval: { state: "needed" } });
    await refused(await send(small.id), 409, "この書類は承認が必要です。申請して承認されてから送信してください。");
    expect((await copy(small.id)).mark).toBe("unapproved");
    // Naming the current revision does not get its seal either.
    const named2 = await ok(await api.call(`/documents/${small.id}/snapshots?revision=2`, as("staff", { reason: "print" })));
    expect(named2).toMatchObject({ mark: "unapproved", revision: 2, content: { issuer: { stamp: null } } });
    const id = await requested(small.id);
    await ok(await approve(id, "owner"));
    expect((await copy(small.id)).mark).toBeNull();
    expect((await send(small.id)).status).toBe(202);
  });
  it("asks again for a document converted from an approved one, under its own kind's rule", async () => {
    await setRule("estimate", { steps: [ANY_OWNER] });
    await setRule("invoice", { steps: [named(USER)] });
    const estimate = await draft("staff", { kind: "estimate" });
    await ok(await approve(await requested(estimate.id), "owner"));
    expect((await issue(estimate.id)).status).toBe(200);
    const invoice = documentAnswer.parse(await createDocument(api, { source_document_id: estimate.id, origin: "from_detail" }, "staff"));
    expect(invoice.approval).toEqual({ state: "needed", request: null });
    await refused(await issue(invoice.id), 409, "この書類は承認が必要です。申請して承認されてから発行してください。");
    expect((await api.call("/approval-rules/estimate", { method: "DELETE", as: "owner" })).status).toBe(204);
  });
});

describe("the approval audit", () => {
  it("lists the company's approval events, newest first, to the owner only", async () => {
    await setRule("invoice", { steps: [ANY_OWNER] });
    const document = await draft();
    const id = await requested(document.id, "staff", "監査用");
    await ok(await approve(id, "owner", "了承"));
    expect((await api.call("/approval-audit", { as: "user" })).status).toBe(403);
    const audit = approvalAuditAnswer.parse(await ok(await api.call("/approval-audit", { as: "owner" })));
    expect(audit.page).toBe(1);
    expect(audit.per_page).toBe(50);
    expect(audit.total).toBeGreaterThan(3);
    expect(audit.items.slice(0, 3).map((item) => [item.event, item.request_id, item.comment, item.actor])).toEqual([
      ["approved", id, null, OWNER],
      ["approval_step_approved", id, "了承", OWNER],
      ["approval_requested", id, "監査用", fixtureUsers.staff.userUniqueCode],
    ]);
    expect(audit.items[0]!.document).toEqual({ id: document.id, kind: "invoice", number: document.number });
    expect(approvalAuditAnswer.parse(await ok(await api.call("/approval-audit?page=2", { as: "owner" }))).page).toBe(2);
  });
});

describe("closing and recurring invoices follow the rules", () => {
  it("holds a closing invoice the rule applies to until it is approved", async () => {
    await setRule("invoice", { steps: [named(USER)] });
    const customer = (await createCustomer(api, { name: "株式会社締め商店", closing_day: "99", payment_month_offset: "1", payment_day: "99" })) as { id: number; name: string };
    const slip = (await createDocument(api, { kind: "delivery_slip", issue_date: "2026-10-10", delivery_date: "2026-10-10", customer_id: customer.id, customer_name: customer.name })) as { id: number };
    await ok(await api.call(`/documents/${slip.id}/issue`, as("owner")));
    const merged = closingMergeAnswer.parse(await ok(await api.call("/closing-invoices", as("owner", { closing_date: "2026-10-31", customer_ids: [customer.id] }))));
    const invoiceId = merged.created[0]!.invoice_id;
    expect((await read(invoiceId)).approval.state).toBe("needed");
    await refused(await issue(invoiceId, "owner"), 409, "この書類は承認が必要です。申請して承認されてから発行してください。");
    await ok(await approve(await requested(invoiceId, "owner"), "user"));
    expect((await issue(invoiceId, "owner")).status).toBe(200);
  });

  it("holds each run's invoice for approval by default, and lets the runs of an approved schedule go out when the company says so", async () => {
    await setRule("invoice", { steps: [named(USER)] });
    expect(approvalSettingsAnswer.parse(await ok(await api.call("/approval-rules", { as: "owner" }))).recurring_approval).toBe("per_run");
    const source = (await createDocument(api, { issue_date: "2026-12-01", customer_name: "株式会社定期商会" })) as { id: number };
    const schedule = recurringScheduleAnswer.parse(
      await ok(await api.call("/recurring-invoices", as("owner", { source_document_id: source.id, day_of_month: 31, interval_months: 1, start_date: "2027-01-01", auto_issue: true }))),
    );
    await refused(await api.call(`/recurring-invoices/${schedule.id}/approval-request`, as("owner")), 409, "この会社では、定期請求で作成した請求書を1通ずつ承認します。");
    const runsOf = () => api.database.db.select().from(recurringRuns).where(eq(recurringRuns.scheduleId, schedule.id)).orderBy(recurringRuns.runOn);

    // Each run waits (the default): its invoice is asked for in the schedule author's name and not issued.
    await recurringWorkerOn(api, "2027-01-31").tick();
    const [january] = await runsOf();
    expect(january).toMatchObject({ status: "done", error: AWAITING });
    expect(await read(january!.documentId!)).toMatchObject({ issued_at: null, approval: { state: "pending", request: { requested_by: OWNER, comment: "定期請求で作成した請求書です。" } } });

    // Approved once for all runs: the next run's invoice is issued, approved by the schedule's approval.
    await ok(await api.call("/approval-settings", as("owner", { recurring_approval: "per_schedule" })));
    const asked = approvalRequestAnswer.parse(await ok(await api.call(`/recurring-invoices/${schedule.id}/approval-request`, as("owner", { comment: "毎月の保守料" }))));
    await refused(await approve(asked.id, "owner"), 403, "第1段階の承認者ではないため、承認・差戻しできません。");
    await ok(await approve(asked.id, "user"));
    const approved = recurringScheduleAnswer.parse(await ok(await api.call(`/recurring-invoices/${schedule.id}`, { as: "owner" })));
    expect(approved.approval).toMatchObject({ status: "approved", comment: "毎月の保守料" });
    await recurringWorkerOn(api, "2027-02-28").tick();
    const february = (await runsOf()).find((run) => run.id !== january!.id)!;
    expect(february).toMatchObject({ status: "done", error: null });
    const invoice = await read(february.documentId!);
    expect(invoice.issued_at).not.toBeNull();
    expect(invoice.approval.state).toBe("approved");
    expect(invoice.history.map((entry) => entry.event)).toEqual(["created", "approved", "issued"]);

    // A changed schedule is not what was approved.
    const edited = await api.call(`/recurring-invoices/${schedule.id}`, as("owner", { _method: "PATCH", version: approved.version, day_of_month: 31, interval_months: 1, start_date: "2027-01-01", auto_issue: true }));
    expect(recurringScheduleAnswer.parse(await ok(edited)).approval).toBeNull();
    await ok(await api.call("/approval-settings", as("owner", { recurring_approval: "per_run" })));
  });

  it("issues and sends a held run's invoice once it is approved, and leaves a returned one a draft", async () => {
    await setRule("invoice", { steps: [named(USER)] });
    const source = (await createDocument(api, { issue_date: "2026-12-01", customer_name: "株式会社保留商会" })) as { id: number };
    const schedule = recurringScheduleAnswer.parse(
      await ok(
        await api.call("/recurring-invoices", as("owner", { source_document_id: source.id, day_of_month: 31, interval_months: 1, start_date: "2027-01-01", auto_send: true, mail_to: ["keiri@hold.example"] })),
      ),
    );
    const runsOf = () => api.database.db.select().from(recurringRuns).where(eq(recurringRuns.scheduleId, schedule.id)).orderBy(recurringRuns.runOn);
    await recurringWorkerOn(api, "2027-02-28").tick();
    const [january, february] = await runsOf();
    for (const run of [january!, february!]) expect(run).toMatchObject({ status: "done", mailId: null, error: AWAITING });
    const requestOf = async (run: typeof january) => (await read(run!.documentId!)).approval.request!.id;

    // Approved: the run is queued again and the next pass issues and sends its invoice, recorded in the run.
    await api.database.db.update(paymentServiceUsers).set({ email: "yamada@demo.example" }).where(eq(paymentServiceUsers.userUniqueCode, OWNER));
    const approvedRequest = await requestOf(january);
    await ok(await approve(approvedRequest, "user"));
    expect((await runsOf())[0]).toMatchObject({ status: "queued", error: null, awaitingRequestId: null });
    const [told] = await api.database.db.select().from(approvalMails).where(and(eq(approvalMails.requestId, approvedRequest), eq(approvalMails.event, "approved")));
    expect(told!.body).toContain("申請した書類が承認されました。定期請求の設定どおりに発行・送信します。");
    // Returned: the wait ends, the draft stays, and no pass sends it.
    await ok(await returnIt(await requestOf(february), "user", "金額を確認してください。"));
    await recurringWorkerOn(api, "2027-02-28").tick();
    const [sent, returned] = await runsOf();
    expect(sent).toMatchObject({ status: "done", error: null, documentId: january!.documentId });
    expect(sent!.mailId).not.toBeNull();
    const invoice = await read(january!.documentId!);
    expect(invoice.issued_at).not.toBeNull();
    expect(invoice.history.map((entry) => entry.event)).toEqual(["created", "approval_requested", "approval_step_approved", "approved", "issued"]);
    const [mail] = await api.database.db.select().from(documentMails).where(eq(documentMails.documentId, january!.documentId!));
    expect(mail).toMatchObject({ id: sent!.mailId, to: ["keiri@hold.example"] });
    expect(returned).toMatchObject({ status: "done", mailId: null, awaitingRequestId: null, error: expect.stringContaining("差し戻されました。請求書は下書きのままです。") });
    expect(await read(february!.documentId!)).toMatchObject({ issued_at: null, approval: { state: "needed" } });
    // Asked for again by hand and approved, the returned run's invoice is the person's to issue and send.
    await ok(await approve(await requested(february!.documentId!, "owner"), "user"));
    await recurringWorkerOn(api, "2027-02-28").tick();
    expect((await runsOf())[1]).toMatchObject({ status: "done", mailId: null });
    expect((await read(february!.documentId!)).issued_at).toBeNull();
    expect((await api.call(`/recurring-invoices/${schedule.id}`, { method: "DELETE", as: "owner" })).status).toBe(204);
  });
});
