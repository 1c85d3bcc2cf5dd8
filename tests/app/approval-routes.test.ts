import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as approvalsAction, loader as approvalsLoader } from "~/routes/_default.approvals/route";
import { action as invoiceDetailAction, loader as invoiceDetailLoader } from "~/routes/_default.invoices.detail.$id/route";
import { action as scheduleAction, loader as scheduleLoader } from "~/routes/_default.billing.recurring_.$id/route";
import { action as settingsAction, loader as settingsLoader } from "~/routes/_default.settings.approvals/route";
import { loader as auditLoader } from "~/routes/_default.settings.approvals_.audit/route";
import { loader as topLoader } from "~/routes/_default.top/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { createDocument } from "../support/factories";
import { ok, post } from "../support/issued";
import { testContext } from "../support/context";
import { fixtureUsers, type FixtureUserName } from "../support/users";

/*
 * 承認's pages (issue 38, decision 049) against the real Payment API: the owner's settings form, the detail page's
 * 申請, 承認 and 差戻し, 承認待ち, TOP and the audit. What a page offers follows what the API says, and what the
 * API refuses (a crafted post, an issue before approval) changes nothing.
 */

const api = useRouteTestApi(["user", "staff"]);
const context = testContext();

beforeAll(() => {
  // The settings page names the company's users as the bank knows them; read once, so set before the first route runs.
  process.env.BANK_SERVICE_BASE_URL = api.bankServiceUrl;
});

afterAll(() => {
  delete process.env.BANK_SERVICE_BASE_URL;
});
const args = async (who: FixtureUserName, path: string, init: RequestInit = {}) => ({ request: await signedInRequest(api, who, path, init), params: {}, context });
const form = (fields: Array<[string, string]>) => ({ method: "POST", body: new URLSearchParams(fields) });

/** What an action or loader answered or threw: a redirect (its Location), or data with its status. */
async function outcome(run: () => Promise<unknown>) {
  const result = await run().catch((thrown: unknown) => thrown);
  if (result instanceof Response) {
    const location = result.headers.get("Location");
    return { location, status: result.status, data: location ? null : await result.json().catch(() => null) };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const { data, init } = result as { data: unknown; init: { status?: number } | null };
    return { location: null, status: init?.status ?? 200, data };
  }
  return { location: null, status: 200, data: result };
}

const detail = async (who: FixtureUserName, id: number) => invoiceDetailLoader({ ...(await args(who, `/invoices/detail/${id}`)), params: { id: String(id) } });
const detailPost = async (who: FixtureUserName, id: number, fields: Array<[string, string]>) =>
  outcome(async () => invoiceDetailAction({ ...(await args(who, `/invoices/detail/${id}`, form(fields))), params: { id: String(id) } }));
const saveRule = async (fields: Array<[string, string]>) => outcome(async () => settingsAction(await args("owner", "/settings/approvals", form([["intent", "save"], ["kind", "invoice"], ...fields]))));
const stateOf = async (id: number) => ((await ok(await api.call(`/documents/${id}`))) as { approval: { state: string }; issued_at: string | null }).approval.state;

describe("the approval settings page", () => {
  it("is the owner's: a user gets 403", async () => {
    expect((await outcome(async () => settingsLoader(await args("staff", "/settings/approvals")))).status).toBe(403);
  });

  it("keeps what was typed when a rule is refused, saves a rule and says it in one line, and removes it only after asking", async () => {
    // An empty amount would be read as every document: it is asked for, and the rest of the form comes back as typed.
    const empty = await saveRule([["threshold", ""], ["amount_basis", "tax_excluded"], ["step_count", "2"], ["step1_approver", "any_owner"], ["step2_approver", "users"]]);
    expect(empty.status).toBe(422);
    expect(empty.data).toMatchObject({ rule: { kind: "invoice", values: { threshold: "", amount_basis: "tax_excluded", step_count: "2" }, errors: { threshold: [expect.stringContaining("数字")] } } });
    // A step of named users with nobody ticked: the API's words come back.
    const nobody = await saveRule([["threshold", "５０，０００"], ["amount_basis", "tax_included"], ["step_count", "2"], ["step1_approver", "any_owner"], ["step2_approver", "users"]]);
    expect(nobody.status).toBe(422);
    expect(JSON.stringify(nobody.data)).toContain("承認者を選んでください");
    expect((nobody.data as { rule: { values: { threshold: string } } }).rule.values.threshold).toBe("50000");

    const saved = await saveRule([["threshold", "50,000"], ["amount_basis", "tax_included"], ["step_count", "1"], ["step1_approver", "any_owner"], ["step2_approver", "users"], ["step2_users", fixtureUsers.staff.userUniqueCode]]);
    expect(saved).toMatchObject({ status: 302, location: "/settings/approvals#rule-invoice" });
    const page = await settingsLoader(await args("owner", "/settings/approvals"));
    const invoice = page.kinds.find((entry) => entry.kind === "invoice")!;
    expect(invoice).toMatchObject({ summary: "承認が必要：50,000円以上（税込）・1段階", saved: true, values: { threshold: "50000", step_count: "1" } });
    expect(page.kinds.find((entry) => entry.kind === "estimate")).toMatchObject({ summary: "承認は不要です", saved: false });
    // The users who may be named, by name, without the API's records.
    expect(page.users.map((user) => user.code)).toEqual(expect.arrayContaining([fixtureUsers.owner.userUniqueCode, fixtureUsers.staff.userUniqueCode]));

    // Removing asks first (the question's own page without JavaScript), then removes.
    const asked = await outcome(async () => settingsAction(await args("owner", "/settings/approvals", form([["intent", "remove"], ["kind", "invoice"]]))));
    expect(asked.location).toBe("/settings/approvals?confirm=remove&kind=invoice");
    expect((await settingsLoader(await args("owner", "/settings/approvals?confirm=remove&kind=invoice"))).removing).toBe("invoice");
    expect(((await ok(await api.call("/approval-rules"))) as { rules: unknown[] }).rules).toHaveLength(1);
    await outcome(async () => settingsAction(await args("owner", "/settings/approvals", form([["intent", "remove"], ["kind", "invoice"], ["confirmed", "yes"]]))));
    expect(((await ok(await api.call("/approval-rules"))) as { rules: unknown[] }).rules).toHaveLength(0);

    await outcome(async () => settingsAction(await args("owner", "/settings/approvals", form([["intent", "recurring"], ["recurring_approval", "per_schedule"]]))));
    expect((await settingsLoader(await args("owner", "/settings/approvals"))).recurring.value).toBe("per_schedule");
  });
});

describe("a document that needs approval, on its pages", () => {
  it("is asked for, refused an issue, approved by the owner only, and then issued; every step is in its history, on TOP and in the audit", async () => {
    await saveRule([["threshold", "50000"], ["amount_basis", "tax_included"], ["step_count", "1"], ["step1_approver", "any_owner"]]);
    const draft = (await createDocument(api, {}, "staff")) as { id: number };

    const before = await detail("staff", draft.id);
    expect(before.approval).toMatchObject({ state: "needed", awaiting: true, request: { label: "承認を申請" }, decides: null });
    // Neither sent nor sent as a digital invoice while it waits; the issue buttons are not drawn.
    expect(before.mail).toBeNull();
    expect(before.digitalInvoice).toBeNull();
    // A crafted issue is the API's refusal, told on the page; the draft stays a draft.
    expect(await detailPost("staff", draft.id, [["intent", "issue"]])).toMatchObject({ status: 302, location: `/invoices/detail/${draft.id}` });
    expect(await stateOf(draft.id)).toBe("needed");

    expect(await detailPost("staff", draft.id, [["intent", "requestApproval"], ["comment", "4日間の研修費用です"]])).toMatchObject({ status: 302, location: `/invoices/detail/${draft.id}` });
    const asked = await detail("staff", draft.id);
    expect(asked.approval).toMatchObject({ state: "pending", text: "承認待ち（1／1段階目）", requested: { comment: "4日間の研修費用です" }, decides: null, notYours: "承認者の承認をお待ちください。" });
    const requestId = ((await ok(await api.call(`/documents/${draft.id}`))) as { approval: { request: { id: number } } }).approval.request.id;

    // The author cannot approve by a crafted post: the API's 403.
    expect((await detailPost("staff", draft.id, [["intent", "approve"], ["request", String(requestId)]])).status).toBe(403);
    expect(await stateOf(draft.id)).toBe("pending");

    // The owner finds it waiting on TOP and in the list, with what it is about.
    const top = await topLoader(await args("owner", "/top"));
    expect(top.approvals.waiting).toMatchObject({ heading: "承認待ち（1件）", rows: [{ id: requestId, name: expect.stringMatching(/^請求書 /), href: `/invoices/detail/${draft.id}`, amount: "96,999円" }] });
    const list = await approvalsLoader(await args("owner", "/approvals"));
    expect(list.waiting).toMatchObject([{ id: requestId, comment: "4日間の研修費用です", state: "承認待ち（1／1段階目）" }]);
    expect((await detail("owner", draft.id)).approval?.decides).toMatchObject({ request: requestId });

    // A return without its reason comes back to the form, nothing decided.
    const bare = await outcome(async () => approvalsAction(await args("owner", "/approvals", form([["intent", "return"], ["request", String(requestId)], ["text", "  "]]))));
    expect(bare).toMatchObject({ status: 422, data: { decision: { request: requestId, error: "差戻しの理由を入力してください" } } });
    expect(await stateOf(draft.id)).toBe("pending");

    expect(await outcome(async () => approvalsAction(await args("owner", "/approvals", form([["intent", "return"], ["request", String(requestId)], ["text", "単価を確認してください"]]))))).toMatchObject({
      status: 302,
      location: "/approvals",
    });
    const returned = await detail("staff", draft.id);
    expect(returned.approval).toMatchObject({ state: "needed", returned: expect.stringContaining("理由：単価を確認してください"), request: { label: "承認を申請" } });
    const staffTop = await topLoader(await args("staff", "/top"));
    expect(staffTop.approvals.mine?.rows[0]).toMatchObject({ state: "差戻し", returned: true, lastDecision: { comment: "単価を確認してください" } });

    // Asked again and approved from the detail page: then it issues.
    await detailPost("staff", draft.id, [["intent", "requestApproval"]]);
    const second = ((await ok(await api.call(`/documents/${draft.id}`))) as { approval: { request: { id: number } } }).approval.request.id;
    expect(await detailPost("owner", draft.id, [["intent", "approve"], ["request", String(second)], ["text", "確認しました"]])).toMatchObject({ status: 302 });
    // Deciding it twice (a second tab) is the API's 409, told on the page.
    expect(await detailPost("owner", draft.id, [["intent", "approve"], ["request", String(second)]])).toMatchObject({ status: 302, location: `/invoices/detail/${draft.id}` });
    const approved = await detail("staff", draft.id);
    expect(approved.approval).toMatchObject({ state: "approved", awaiting: false, text: "承認されました。発行・送信できます。" });
    // Approved, it may be sent (which issues it) as well as issued.
    expect(approved.mail).not.toBeNull();
    await detailPost("staff", draft.id, [["intent", "issue"]]);
    const issued = await detail("staff", draft.id);
    expect(issued.document.stage).toBe("issued");
    // The history says every step, with its comment.
    const history = issued.document.history.map((entry) => `${entry.text}${entry.comment ? `「${entry.comment}」` : ""}`);
    expect(history).toEqual(
      expect.arrayContaining([expect.stringMatching(/^承認を申請.*「4日間の研修費用です」$/), expect.stringMatching(/^差戻し.*「単価を確認してください」$/), expect.stringMatching(/^承認.*「確認しました」$/)]),
    );

    const audit = await auditLoader(await args("owner", "/settings/approvals/audit"));
    expect(audit.rows.map((row) => row.event)).toEqual(expect.arrayContaining(["承認を申請", "差戻し", "承認完了"]));
    expect(audit.rows.find((row) => row.event === "差戻し")).toMatchObject({ comment: "単価を確認してください", step: "1段階目", document: { href: `/invoices/detail/${draft.id}` } });
    expect((await outcome(async () => auditLoader(await args("staff", "/settings/approvals/audit")))).status).toBe(403);
  });
});

describe("a 定期請求 schedule when the company approves schedules once", () => {
  it("offers 申請 on the schedule's page while it needs it, then says it waits and, once approved, that its runs go out approved", async () => {
    await saveRule([["threshold", "50000"], ["amount_basis", "tax_included"], ["step_count", "1"], ["step1_approver", "any_owner"]]);
    await outcome(async () => settingsAction(await args("owner", "/settings/approvals", form([["intent", "recurring"], ["recurring_approval", "per_schedule"]]))));
    const invoice = (await createDocument(api, {}, "staff")) as { id: number };
    const schedule = (await ok(await api.call("/recurring-invoices", { ...post({ source_document_id: invoice.id, day_of_month: 31, interval_months: 1, start_date: "2027-01-01" }), as: "staff" }))) as { id: number };
    const page = async (who: FixtureUserName) => scheduleLoader({ ...(await args(who, `/billing/recurring/${schedule.id}`)), params: { id: String(schedule.id) } });

    expect((await page("staff")).approval).toMatchObject({ text: expect.stringContaining("承認が必要です"), request: { label: "承認を申請" } });
    const asked = await outcome(async () =>
      scheduleAction({ ...(await args("staff", `/billing/recurring/${schedule.id}`, form([["intent", "requestApproval"], ["comment", "毎月の保守です"]]))), params: { id: String(schedule.id) } }),
    );
    expect(asked).toMatchObject({ status: 302, location: `/billing/recurring/${schedule.id}` });
    expect((await page("staff")).approval).toMatchObject({ text: "承認待ち（1／1段階目）", requested: { comment: "毎月の保守です" }, request: null });

    // The owner finds the schedule in 承認待ち, linked to its page, and approves it there.
    const list = await approvalsLoader(await args("owner", "/approvals"));
    const row = list.waiting.find((entry) => entry.href === `/billing/recurring/${schedule.id}`)!;
    expect(row.name).toMatch(/^定期請求（/);
    await outcome(async () => approvalsAction(await args("owner", "/approvals", form([["intent", "approve"], ["request", String(row.id)]]))));
    expect((await page("staff")).approval).toMatchObject({ text: "承認済みです。毎回の請求書は承認済みとして発行・送信されます。", request: null });
  });
});
