import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { approvalMails, localMailbox, paymentServiceUsers } from "../../api/db/schema";
import { createApprovalMailer } from "../../api/mail/approval-mailer";
import { createLocalMailbox, type MailTransport } from "../../api/mail/transport";
import { approvalRequestAnswer } from "../../domain/approval-answers";
import { recurringScheduleAnswer } from "../../domain/billing-answers";
import { documentAnswer } from "../../domain/document-answers";
import { useTenantTestApi } from "../support/api";
import { createDocument } from "../support/factories";
import { ok, post } from "../support/issued";
import { fixtureUsers, type FixtureUserName } from "../support/users";

/*
 * Approval mails (issue 38, decision 049): written with the event, to the next step's approvers or to the author, and
 * delivered to the local mailbox as the outbox delivers a document's send, once each even with two workers.
 */

const api = useTenantTestApi(["user", "staff"]);
const USER = fixtureUsers.user.userUniqueCode;
const ANY_OWNER = { any_owner: true };
const ADDRESSES: Partial<Record<FixtureUserName, string>> = { owner: "yamada@demo.example", user: "sato@demo.example", staff: "takagi@demo.example" };
const as = (who: FixtureUserName, body: unknown = {}) => ({ ...post(body), as: who });

const mailer = (transport: MailTransport = createLocalMailbox(api.database.db), now?: () => Date) =>
  createApprovalMailer({ db: api.database.db, transport, settings: api.mail.settings, now });

/** The person signs in with an address in their token, as the identity provider's profile gives it (or none). */
async function signIn(who: FixtureUserName, email: string | undefined = ADDRESSES[who]) {
  await ok(await api.call("/user_service/signed_in", { method: "POST", token: await api.tokenFor(who, email ? { ba_user_email: email } : {}) }));
}

async function setRule(kind: string, steps: unknown[]) {
  await ok(await api.call(`/approval-rules/${kind}`, as("owner", { threshold: 0, amount_basis: "tax_included", allow_self_approval: false, steps })));
}

async function requested(who: FixtureUserName, fields: Record<string, unknown> = {}, comment?: string) {
  const draft = documentAnswer.parse(await createDocument(api, fields, who));
  const asked = documentAnswer.parse(await ok(await api.call(`/documents/${draft.id}/approval-request`, as(who, comment === undefined ? {} : { comment }))));
  return { document: asked, requestId: asked.approval.request!.id };
}

const decide = (requestId: number, who: FixtureUserName, action: "approve" | "return", words?: string) =>
  api.call(`/approvals/${requestId}/${action}`, as(who, words === undefined ? {} : action === "approve" ? { comment: words } : { reason: words }));

/** The approval mails delivered for the request, oldest first, as the local mailbox kept them. */
async function delivered(requestId: number) {
  const ids = (await api.database.db.select({ id: approvalMails.id }).from(approvalMails).where(eq(approvalMails.requestId, requestId))).map((row) => row.id);
  if (ids.length === 0) return [];
  return api.database.db
    .select()
    .from(localMailbox)
    .where(and(eq(localMailbox.source, "approval"), inArray(localMailbox.mailId, ids)))
    .orderBy(localMailbox.id);
}

describe("approval mails", () => {
  it("tell the step's approvers of a request and of each step approved, and the author of the approval, in words with the link", async () => {
    for (const who of ["owner", "user", "staff"] as const) await signIn(who);
    await setRule("invoice", [{ users: [USER] }, ANY_OWNER]);
    const { document, requestId } = await requested("staff", {}, "今月分です。");
    await mailer().drain();
    const [asked] = await delivered(requestId);
    expect(asked!.envelopeTo).toEqual(["sato@demo.example"]);
    expect(asked!.subject).toBe(`【承認依頼】請求書 ${document.number} 株式会社青空商事`);
    for (const words of [
      "佐藤 花子 様",
      "高木 美穂さんから承認の申請が届いています。",
      `書類：請求書 ${document.number}`,
      "取引先：株式会社青空商事",
      "金額：96,999円（税込）",
      "段階：第1段階（全2段階）",
      "申請のコメント：今月分です。",
      "http://web.test/approvals\n",
    ])
      expect(asked!.text).toContain(words);
    expect(asked!.raw).toContain("Subject: =?UTF-8?");

    await ok(await decide(requestId, "user", "approve", "確認しました。"));
    await mailer().drain();
    const next = (await delivered(requestId))[1]!;
    expect(next.envelopeTo).toEqual(["yamada@demo.example"]);
    expect(next.subject).toBe(`【承認依頼】請求書 ${document.number} 株式会社青空商事`);
    for (const words of ["山田 太郎 様", "第1段階を佐藤 花子さんが承認しました。", "段階：第2段階（全2段階）", "前の段階の承認者：佐藤 花子", "承認のコメント：確認しました。", "http://web.test/approvals\n"])
      expect(next.text).toContain(words);

    await ok(await decide(requestId, "owner", "approve"));
    await mailer().drain();
    const approved = (await delivered(requestId))[2]!;
    expect(approved.envelopeTo).toEqual(["takagi@demo.example"]);
    expect(approved.subject).toBe(`【承認されました】請求書 ${document.number} 株式会社青空商事`);
    for (const words of ["高木 美穂 様", "申請した書類が承認されました。発行・送信できます。", "承認者：山田 太郎", `http://web.test/invoices/detail/${document.id}\n`])
      expect(approved.text).toContain(words);
    expect(approved.text).not.toContain("承認のコメント");
    expect(await delivered(requestId)).toHaveLength(3);
  });

  it("tell the author of a return with the reason, and skip a person without an address", async () => {
    await signIn("owner");
    await signIn("staff");
    await signIn("user", undefined);
    await api.database.db.update(paymentServiceUsers).set({ email: null }).where(eq(paymentServiceUsers.userUniqueCode, USER));
    await setRule("estimate", [ANY_OWNER]);
    const { document, requestId } = await requested("staff", { kind: "estimate" });
    await ok(await decide(requestId, "owner", "return", "単価が違います。"));
    await mailer().drain();
    const [asked, returned] = await delivered(requestId);
    expect(asked!.envelopeTo).toEqual(["yamada@demo.example"]);
    expect(returned!.envelopeTo).toEqual(["takagi@demo.example"]);
    expect(returned!.subject).toBe(`【差戻し】見積書 ${document.number} 株式会社青空商事`);
    for (const words of ["申請した書類が差し戻されました。", "差し戻した人：山田 太郎", "差戻しの理由：単価が違います。", `http://web.test/estimates/detail/${document.id}\n`])
      expect(returned!.text).toContain(words);

    // The user has no address: their request reaches the owner, its return reaches nobody, and nothing waits to be sent.
    const own = await requested("user", { kind: "estimate" });
    await ok(await decide(own.requestId, "owner", "return", "宛名が違います。"));
    const rows = await api.database.db.select().from(approvalMails).where(eq(approvalMails.requestId, own.requestId));
    expect(rows.map((row) => [row.event, row.to])).toEqual([["approval_requested", "yamada@demo.example"]]);
  });

  it("tell of a schedule's request with its amount per run, and its author of the approval with the schedule's page", async () => {
    await signIn("owner");
    await signIn("user");
    await setRule("invoice", [{ users: [USER] }]);
    await ok(await api.call("/approval-settings", as("owner", { recurring_approval: "per_schedule" })));
    try {
      const source = (await createDocument(api, { issue_date: "2026-12-01", customer_name: "株式会社定期商会" })) as { id: number };
      const schedule = recurringScheduleAnswer.parse(
        await ok(await api.call("/recurring-invoices", as("owner", { source_document_id: source.id, day_of_month: 31, interval_months: 1, start_date: "2027-01-01", auto_issue: true }))),
      );
      const asked = approvalRequestAnswer.parse(await ok(await api.call(`/recurring-invoices/${schedule.id}/approval-request`, as("owner", { comment: "毎月の保守料" }))));
      await ok(await decide(asked.id, "user", "approve"));
      await mailer().drain();
      const [request, approved] = await delivered(asked.id);
      expect(request).toMatchObject({ envelopeTo: ["sato@demo.example"], subject: "【承認依頼】定期請求 株式会社定期商会" });
      for (const words of ["書類：定期請求（毎回作成する請求書）", "金額：96,999円（税込、1回分）", "申請のコメント：毎月の保守料", "http://web.test/approvals\n"]) expect(request!.text).toContain(words);
      expect(approved).toMatchObject({ envelopeTo: ["yamada@demo.example"], subject: "【承認されました】定期請求 株式会社定期商会" });
      expect(approved!.text).toContain(`http://web.test/billing/recurring/${schedule.id}\n`);
    } finally {
      await ok(await api.call("/approval-settings", as("owner", { recurring_approval: "per_run" })));
    }
  });

  it("are sent once each by two workers at once, and retried after a failure", async () => {
    await signIn("owner");
    await signIn("staff");
    await setRule("invoice", [ANY_OWNER]);
    const requests = [];
    for (let index = 0; index < 4; index += 1) requests.push((await requested("staff")).requestId);
    const local = createLocalMailbox(api.database.db);
    // Each send takes a moment, so the two workers' claims interleave.
    const slow: MailTransport = { send: async (message) => (await new Promise((resolve) => setTimeout(resolve, 20)), local.send(message)), close: () => {} };
    await Promise.all([mailer(slow).drain(), mailer(slow).drain()]);
    const rows = await api.database.db.select().from(approvalMails).where(inArray(approvalMails.requestId, requests));
    expect(rows.map((row) => [row.status, row.attempts])).toEqual(requests.map(() => ["sent", 1]));
    for (const request of requests) expect(await delivered(request)).toHaveLength(1);

    // A failed send waits for its retry, then goes out.
    const failing = (await requested("staff")).requestId;
    await mailer({ send: () => Promise.reject(new Error("メールサーバーに送れませんでした：timeout")), close: () => {} }).drain();
    const [queued] = await api.database.db.select().from(approvalMails).where(eq(approvalMails.requestId, failing));
    expect(queued).toMatchObject({ status: "queued", attempts: 1, lastError: "メールサーバーに送れませんでした：timeout" });
    await mailer().drain();
    expect(await delivered(failing)).toHaveLength(0);
    await mailer(undefined, () => new Date(Date.now() + api.mail.settings.retryBaseMs + 1000)).drain();
    expect(await delivered(failing)).toHaveLength(1);
  });
});
