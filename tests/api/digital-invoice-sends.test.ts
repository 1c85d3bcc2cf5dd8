import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_PEPPOL_AP_TOKEN } from "../../api/config";
import { banks, companies, documentMails, sandboxPeppolMessages } from "../../api/db/schema";
import { createMailOutbox } from "../../api/mail/outbox";
import { createLocalMailbox } from "../../api/mail/transport";
import { createHttpAccessPoint, type AccessPoint } from "../../api/peppol/access-point";
import { createDatabaseFileStorage } from "../../api/storage/storage";
import { peppolInboxAnswer } from "../../domain/received-answers";
import { SANDBOX_PEPPOL_PARTICIPANTS } from "../../sandbox/peppol-access-point";
import { MAIL_RETRY_MS, useTenantTestApi } from "../support/api";
import { createCustomer, createDocument, createOwnCompany } from "../support/factories";
import { ok, post } from "../support/issued";
import { enableReceiving } from "../support/received";
import { fixtureUsers } from "../support/users";
import { documentMailAnswer } from "../../domain/document-answers";

/*
 * 「デジタルインボイスで送る」 and 「アクセスポイントから受け取る」 (issue 36 item 4, decision 045): an issued invoice's
 * JP PINT XML handed to the sandbox's access point over HTTP through the mail outbox — once, retried, never twice —
 * and what the access point holds for one of our companies taken in as a received invoice.
 */

const api = useTenantTestApi(["staff"]);

/** デモ商事 (the owner's company, which receives) and しんきん (which sends to it), each with a Peppol ID. */
const RECEIVER_ID = "0188:7000012050002";
const SENDER_ID = "0188:6000000000003";

let customers: Record<"receiver" | "rejected" | "unavailable" | "unknown", { id: number; name: string }>;

beforeAll(async () => {
  await enableReceiving(api.database.db);
  // しんきん's bank does not offer receiving, as in the sandbox.
  await api.database.db.update(banks).set({ enablePaymentReceive: false }).where(eq(banks.bankCode, fixtureUsers.shinkinOwner.bankCode));
  await createOwnCompany(api);
  await createOwnCompany(api, { company_name: "有限会社しんきん", registered_no: "T6000000000003", peppol_id: SENDER_ID }, "shinkinOwner");
  const customer = (name: string, peppolId: string | null) => createCustomer(api, { name, ...(peppolId ? { peppol_id: peppolId } : {}) }, "shinkinOwner");
  customers = {
    receiver: await customer("株式会社デモ商事", RECEIVER_ID),
    rejected: await customer("株式会社拒否商事", SANDBOX_PEPPOL_PARTICIPANTS.rejected),
    unavailable: await customer("株式会社障害商事", SANDBOX_PEPPOL_PARTICIPANTS.unavailable),
    unknown: await customer("株式会社未設定", null),
  };
});

/** An issued invoice of しんきん's to one of its customers, due and payable to its account. */
async function issuedInvoice(to: keyof typeof customers = "receiver", as: "shinkinOwner" | "owner" = "shinkinOwner") {
  const customer = customers[to];
  const fields = as === "owner" ? { customer_name: "株式会社青空商事" } : { customer_id: customer.id, customer_name: customer.name };
  const draft = await createDocument(api, { ...fields, due_date: "2026-12-31" }, as);
  await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST", as }));
  return ok(await api.call(`/documents/${draft.id}`, { as }));
}

const send = (id: number, as: "shinkinOwner" | "owner" | "staff" | "newhire" = "shinkinOwner") => api.call(`/documents/${id}/jp-pint/send`, { method: "POST", as });
const sendsOf = async (id: number) => (await ok(await api.call(`/documents/${id}/mails`, { as: "shinkinOwner" }))).mails as Array<Record<string, unknown>>;
const messagesFor = (recipient: string) => api.database.db.select().from(sandboxPeppolMessages).where(eq(sandboxPeppolMessages.recipient, recipient));
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("POST /documents/{id}/jp-pint/send", () => {
  it("hands the checked XML to the access point once, and the send history says 送信済", async () => {
    const invoice = await issuedInvoice();
    const before = (await messagesFor(RECEIVER_ID)).length;
    const queued = await send(invoice.id);
    expect(queued.status).toBe(202);
    expect(documentMailAnswer.parse(await queued.json())).toMatchObject({ status: "queued", delivery: "peppol", to: [RECEIVER_ID], number: 1, subject: `デジタルインボイス（JP PINT） ${invoice.number}` });

    await api.mail.outbox.drain();
    const [sent] = await sendsOf(invoice.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 1, last_error: null, sent_at: expect.any(String), message_id: expect.any(String) });
    expect(sent).not.toHaveProperty("payload");
    const messages = await messagesFor(RECEIVER_ID);
    expect(messages).toHaveLength(before + 1);
    const message = messages.find((entry) => entry.invoiceNumber === invoice.number)!;
    expect(String(message.id)).toBe(sent!.message_id);
    expect(message.sender).toBe(SENDER_ID);
    // What left is what the download gives: the same XML, checked the same way.
    expect(message.xml).toBe(await (await api.call(`/documents/${invoice.id}/jp-pint`, { as: "shinkinOwner" })).text());

    // Drained again, nothing more leaves; the same hand-over repeated (a worker that could not record the answer) is one message.
    await api.mail.outbox.drain();
    const again = await createHttpAccessPoint({ baseUrl: api.peppolUrl, token: SANDBOX_PEPPOL_AP_TOKEN, timeoutMs: 5000 }).send({
      idempotencyKey: `chohyo-document-mail-${sent!.id}`,
      recipient: RECEIVER_ID,
      xml: message.xml,
    });
    expect(again.messageId).toBe(sent!.message_id);
    expect(await messagesFor(RECEIVER_ID)).toHaveLength(before + 1);
    const list = await ok(await api.call("/documents?kind=invoice", { as: "shinkinOwner" }));
    expect(list.items.find((item: { id: number }) => item.id === invoice.id)).toMatchObject({ mail_status: "sent" });
  });

  it("ends in 送信エラー with the access point's reason when it refuses, and a resend after the ID is fixed goes through", async () => {
    const invoice = await issuedInvoice("rejected");
    expect((await send(invoice.id)).status).toBe(202);
    await api.mail.outbox.drain();
    const [failed] = await sendsOf(invoice.id);
    expect(failed).toMatchObject({ status: "error", attempts: 1 });
    expect(failed!.last_error).toBe(`アクセスポイントに拒否されました：受信者 ${SANDBOX_PEPPOL_PARTICIPANTS.rejected} はPeppolネットワークに登録されていません（サンドボックスの拒否用ID）。（HTTP 422）`);
    expect(await messagesFor(SANDBOX_PEPPOL_PARTICIPANTS.rejected)).toHaveLength(0);

    // The customer's ID corrected, a resend makes the XML again for the ID as it is now.
    const customer = await ok(await api.call(`/customers/${customers.rejected.id}`, { as: "shinkinOwner" }));
    await ok(await api.call(`/customers/${customers.rejected.id}`, { ...post({ ...customer, _method: "PATCH", peppol_id: RECEIVER_ID }), as: "shinkinOwner" }));
    const resent = await api.call(`/documents/${invoice.id}/mails/${failed!.id}/resend`, { method: "POST", as: "shinkinOwner" });
    expect(resent.status).toBe(202);
    expect(await resent.json()).toMatchObject({ delivery: "peppol", to: [RECEIVER_ID], resent_from_number: 1, number: 2 });
    await api.mail.outbox.drain();
    const [latest, original] = await sendsOf(invoice.id);
    expect(latest).toMatchObject({ status: "sent" });
    expect(original).toMatchObject({ status: "error" });
  });

  it("retries an access point that is out of service, and gives up after the last attempt", async () => {
    const invoice = await issuedInvoice("unavailable");
    await send(invoice.id);
    await api.mail.outbox.drain();
    const [waiting] = await sendsOf(invoice.id);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting!.last_error).toBe("アクセスポイントに送れませんでした：アクセスポイントは一時的に利用できません（サンドボックスの障害用ID）。（HTTP 503）");
    // No retry before its time.
    await api.mail.outbox.drain();
    expect((await sendsOf(invoice.id))[0]).toMatchObject({ status: "queued", attempts: 1 });
    await wait(MAIL_RETRY_MS + 50);
    await api.mail.outbox.drain();
    expect((await sendsOf(invoice.id))[0]).toMatchObject({ status: "queued", attempts: 2 });
    await wait(2 * MAIL_RETRY_MS + 50);
    await api.mail.outbox.drain();
    expect((await sendsOf(invoice.id))[0]).toMatchObject({ status: "error", attempts: api.mail.settings.maxAttempts });
  });

  it("sends once after a temporary failure, and never again a hand-over a stopped server left unfinished", async () => {
    const [flaky, interrupted] = [await issuedInvoice(), await issuedInvoice()];
    const before = (await messagesFor(RECEIVER_ID)).length;
    // An access point that does not answer the first call, then answers as the sandbox's does.
    const real = createHttpAccessPoint({ baseUrl: api.peppolUrl, token: SANDBOX_PEPPOL_AP_TOKEN, timeoutMs: 5000 });
    let failures = 1;
    const unsteady: AccessPoint = {
      ...real,
      send: async (document) => {
        if (failures-- > 0) throw new Error("アクセスポイントに送れませんでした：時間内に応答がありませんでした");
        return real.send(document);
      },
    };
    const outbox = createMailOutbox({
      db: api.database.db,
      storage: createDatabaseFileStorage(api.database.db),
      transport: createLocalMailbox(api.database.db),
      signer: api.mail.signer,
      settings: api.mail.settings,
      accessPoint: unsteady,
    });
    await send(interrupted.id);
    // What a server stopped mid-send leaves behind: the row claimed, its lease run out, no outcome.
    await api.database.db
      .update(documentMails)
      .set({ status: "sending", attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(documentMails.documentId, interrupted.id));
    await send(flaky.id);
    await outbox.drain();
    expect((await sendsOf(flaky.id))[0]).toMatchObject({ status: "queued", attempts: 1, last_error: "アクセスポイントに送れませんでした：時間内に応答がありませんでした" });
    await wait(MAIL_RETRY_MS + 50);
    await outbox.drain();
    await outbox.drain();
    expect((await sendsOf(flaky.id))[0]).toMatchObject({ status: "sent", attempts: 2 });
    expect((await sendsOf(interrupted.id))[0]).toMatchObject({ status: "error", last_error: expect.stringContaining("届いたかどうか確かめられません") });
    const messages = await messagesFor(RECEIVER_ID);
    expect(messages).toHaveLength(before + 1);
    expect(messages.filter((message) => message.invoiceNumber === flaky.number)).toHaveLength(1);
    expect(messages.filter((message) => message.invoiceNumber === interrupted.number)).toHaveLength(0);
  });

  it("never sends an invoice that fails the check, names each problem, and queues nothing", async () => {
    const invoice = await issuedInvoice("unknown");
    const refused = await send(invoice.id);
    expect(refused.status).toBe(422);
    const body = await refused.json();
    expect(body.message).toBe("この請求書はデジタルインボイス（JP PINT）の要件を満たしていません。");
    expect(body.fields.jp_pint).toContain("取引先のPeppol IDが未設定です（取引先の編集で設定）");
    expect(await sendsOf(invoice.id)).toEqual([]);

    const draft = await createDocument(api, { customer_id: customers.receiver.id, customer_name: customers.receiver.name, due_date: "2026-12-31" }, "shinkinOwner");
    const notIssued = await send(draft.id);
    expect(notIssued.status).toBe(409);
    expect((await notIssued.json()).message).toBe("下書きの請求書はデジタルインボイス（JP PINT）にできません。発行してから出力してください。");
    expect(await sendsOf(draft.id)).toEqual([]);
  });

  it("keeps other companies and users without the right out, as e-mail does", async () => {
    const invoice = await issuedInvoice();
    const theirs = await send(invoice.id, "owner");
    expect(theirs.status).toBe(404);
    expect((await theirs.json()).message).toBe("書類が見つかりません。");

    const own = await issuedInvoice("receiver", "owner");
    // A user who sees only their own documents does not see the owner's; one with no payment role may not send at all.
    expect((await send(own.id, "staff")).status).toBe(404);
    const refused = await send(own.id, "newhire");
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe("この情報を変更する権限がありません。");
    const rows = await api.database.db
      .select()
      .from(documentMails)
      .where(and(eq(documentMails.delivery, "peppol"), eq(documentMails.documentId, own.id)));
    expect(rows).toEqual([]);
  });
});

describe("POST /received-documents/peppol-inbox", () => {
  it("takes what the access point holds for the company's Peppol ID as received invoices, once", async () => {
    const invoice = await issuedInvoice();
    await send(invoice.id);
    await api.mail.outbox.drain();
    const waiting = (await messagesFor(RECEIVER_ID)).filter((message) => message.takenAt === null);
    expect(waiting.length).toBeGreaterThan(0);

    // Read with the contract the web app parses with (domain/received-answers.ts).
    const taken = peppolInboxAnswer.parse(await ok(await api.call("/received-documents/peppol-inbox", { method: "POST" })));
    expect(taken.problems).toEqual([]);
    expect(taken.received).toHaveLength(waiting.length);
    const mine = taken.received.find((entry) => entry.document_number === invoice.number);
    expect(mine).toMatchObject({ supplier_name: "有限会社しんきん" });
    const received = await ok(await api.call(`/received-documents/${mine!.id}`));
    expect(received).toMatchObject({
      kind: "invoice",
      transaction_date: invoice.issue_date,
      amount: Number(invoice.amount_due),
      registration_number: "T6000000000003",
      document_number: invoice.number,
      due_date: "2026-12-31",
      notes: `デジタルインボイス（Peppol）で受信（送信元 ${SENDER_ID}）`,
    });
    expect(received.files).toEqual([expect.objectContaining({ content_type: "application/xml", file_name: `peppol-${waiting.find((message) => message.invoiceNumber === invoice.number)!.id}.xml` })]);
    expect((await messagesFor(RECEIVER_ID)).every((message) => message.takenAt !== null)).toBe(true);

    // Nothing waits any more: asking again takes nothing, and a message whose acknowledgement was lost is not stored twice.
    expect(await ok(await api.call("/received-documents/peppol-inbox", { method: "POST" }))).toEqual({ received: [], problems: [] });
    const message = waiting.find((entry) => entry.invoiceNumber === invoice.number)!;
    await api.database.db.update(sandboxPeppolMessages).set({ takenAt: null }).where(eq(sandboxPeppolMessages.id, message.id));
    expect(await ok(await api.call("/received-documents/peppol-inbox", { method: "POST" }))).toEqual({ received: [], problems: [] });
    const list = await ok(await api.call(`/received-documents?kind=invoice&q=${encodeURIComponent(invoice.number)}`));
    expect(list.items).toHaveLength(1);
  });

  it("needs the company's own Peppol ID, a bank that offers receiving and the right to register", async () => {
    const own = eq(companies.companyUniqueCode, fixtureUsers.owner.companyUniqueCode!);
    await api.database.db.update(companies).set({ peppolId: null }).where(own);
    const missing = await api.call("/received-documents/peppol-inbox", { method: "POST" });
    await api.database.db.update(companies).set({ peppolId: RECEIVER_ID }).where(own);
    expect(missing.status).toBe(422);
    expect((await missing.json()).message).toBe("自社のPeppol IDが未設定のため、アクセスポイントから受け取れません（自社情報で設定）。");
    expect((await api.call("/received-documents/peppol-inbox", { method: "POST", as: "shinkinOwner" })).status).toBe(403);
    expect((await api.call("/received-documents/peppol-inbox", { method: "POST", as: "newhire" })).status).toBe(403);
  });
});
