import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { extractText } from "unpdf";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { documentMails } from "../../api/db/schema";
import { createMailOutbox } from "../../api/mail/outbox";
import { createSmtpTransport } from "../../api/mail/transport";
import { createDatabaseFileStorage } from "../../api/storage/storage";
import { MAIL_RETRY_MS, startTestApi, type TestApi } from "../support/api";
import { insertPaymentUser } from "../support/factories";
import { headerParameter, leaves, parseMime } from "../support/mime";
import { fixtureUsers } from "../support/users";
import { createDocument } from "../support/factories";
import { documentMailAnswer, documentMailsAnswer, documentPageAnswer } from "../../domain/document-answers";

type Received = { to: string[]; raw: string };

/** A real SMTP server for the test: it can refuse a recipient for good or fail a delivery once for now. */
const smtp = {
  received: [] as Received[],
  refused: new Set<string>(),
  temporaryFailures: 0,
  server: new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (smtp.refused.has(address.address)) return callback(Object.assign(new Error("5.1.1 User unknown"), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (smtp.temporaryFailures > 0) {
          smtp.temporaryFailures -= 1;
          return callback(Object.assign(new Error("4.3.0 Try again later"), { responseCode: 451 }));
        }
        smtp.received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  }),
};

let api: TestApi;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.server.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.server.address() as AddressInfo;
  api = await startTestApi({ transport: createSmtpTransport(`smtp://127.0.0.1:${port}`) });
  await insertPaymentUser(api.database.db, "owner");
  await insertPaymentUser(api.database.db, "shinkinOwner");
});

afterAll(async () => {
  await api?.close();
  await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
});

beforeEach(() => {
  smtp.received.length = 0;
  smtp.refused.clear();
  smtp.temporaryFailures = 0;
});

const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

const invoice = (as: "owner" | "shinkinOwner" = "owner") => createDocument(api, {}, as);

const send = (id: number, fields: Record<string, unknown> = {}, as: "owner" | "shinkinOwner" = "owner") =>
  api.call(`/documents/${id}/mails`, { ...json({ to: ["keiri@aozora.example"], cc: ["boss@aozora.example"], subject: "請求書送付のご案内", body: "株式会社青空商事 御中\n\n請求書をお送りします。", delivery: "attachment", ...fields }), as });

/** A PDF answer's text layer, as a reader would copy it. */
const textOf = async (response: Response) => (await extractText(new Uint8Array(await response.arrayBuffer()), { mergePages: true })).text;

// Sends and lists are read with the contract the web app parses with (domain/document-answers.ts).
const mailsOf = async (id: number) => documentMailsAnswer.parse(await (await api.call(`/documents/${id}/mails`)).json()).mails;
const listOf = async (query: string) => documentPageAnswer.parse(await (await api.call(`/documents?${query}`)).json());

describe("sending documents by e-mail", () => {
  it("sends the PDF to the to and cc addresses through SMTP, with subject and body as written", async () => {
    const document = await invoice();
    const queued = await send(document.id);
    expect(queued.status).toBe(202);
    expect(documentMailAnswer.parse(await queued.json())).toMatchObject({ status: "queued", to: ["keiri@aozora.example"], cc: ["boss@aozora.example"] });
    expect(smtp.received).toHaveLength(0);

    await api.mail.outbox.drain();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(["keiri@aozora.example", "boss@aozora.example"]);
    const message = parseMime(smtp.received[0]!.raw);
    expect(message.headers.get("subject")).toBe("請求書送付のご案内");
    expect(message.headers.get("cc")).toBe("boss@aozora.example");
    const parts = leaves(message);
    expect(parts.find((part) => part.headers.get("content-type")?.startsWith("text/plain"))!.body.toString("utf8")).toContain("請求書をお送りします。");
    const attachment = parts.find((part) => part.headers.get("content-type")?.startsWith("application/pdf"))!;
    expect(headerParameter(attachment.headers.get("content-disposition"), "filename")).toBe(`請求書_${document.number}_株式会社青空商事御中.pdf`);
    const { text } = await extractText(new Uint8Array(attachment.body), { mergePages: true });
    expect(text.replace(/\s+/g, "")).toContain(document.number);

    expect(await mailsOf(document.id)).toEqual([expect.objectContaining({ status: "sent", attempts: 1, last_error: null, sent_at: expect.any(String) })]);
    const list = await listOf("kind=invoice&sort=number&order=asc");
    expect(list.items.find((item) => item.id === document.id)).toMatchObject({ mail_status: "sent" });
  });

  it("ends in an error with the server's reason when a recipient is refused, and a resend succeeds once the address works", async () => {
    const document = await invoice();
    smtp.refused.add("nobody@aozora.example");
    await send(document.id, { to: ["nobody@aozora.example"], cc: [] });
    await api.mail.outbox.drain();
    const [failed] = await mailsOf(document.id);
    expect(failed).toMatchObject({ status: "error", attempts: 1 });
    expect(failed!.last_error).toMatch(/^メールサーバーに拒否されました：.*550/);
    expect(smtp.received).toHaveLength(0);

    smtp.refused.clear();
    const resent = await api.call(`/documents/${document.id}/mails/${failed!.id}/resend`, json({}));
    expect(resent.status).toBe(202);
    expect(documentMailAnswer.parse(await resent.json())).toMatchObject({ status: "queued", resent_from_id: failed!.id });
    await api.mail.outbox.drain();
    const list = await listOf("kind=invoice");
    expect(list.items.find((item) => item.id === document.id)).toMatchObject({ mail_status: "sent" });
    const [latest, original] = await mailsOf(document.id);
    expect(latest).toMatchObject({ status: "sent", resent_from_id: failed!.id, number: 2, resent_from_number: 1, to: ["nobody@aozora.example"] });
    expect(original).toMatchObject({ status: "error", number: 1, resent_from_number: null });
    expect(smtp.received).toHaveLength(1);
  });

  it("numbers each document's sends 1, 2, 3… on their own, whatever other documents sent in between", async () => {
    const [first, second] = [await invoice(), await invoice()];
    expect(documentMailAnswer.parse(await (await send(first.id)).json()).number).toBe(1);
    expect((await (await send(second.id)).json()).number).toBe(1);
    expect((await (await send(first.id)).json()).number).toBe(2);
    expect((await (await send(first.id)).json()).number).toBe(3);
    await api.mail.outbox.drain();
    expect((await mailsOf(first.id)).map((mail) => mail.number)).toEqual([3, 2, 1]);
    expect((await mailsOf(second.id)).map((mail) => mail.number)).toEqual([1]);
  });

  it("retries a temporary failure later and sends once", async () => {
    const document = await invoice();
    smtp.temporaryFailures = 1;
    await send(document.id);
    await api.mail.outbox.drain();
    const [waiting] = await mailsOf(document.id);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting!.last_error).toMatch(/451/);
    await new Promise((resolve) => setTimeout(resolve, MAIL_RETRY_MS + 50));
    await api.mail.outbox.drain();
    expect(await mailsOf(document.id)).toEqual([expect.objectContaining({ status: "sent", attempts: 2 })]);
    expect(smtp.received).toHaveLength(1);
  });

  it("after a restart in the middle of sending, sends every waiting mail once and never repeats the interrupted one", async () => {
    const document = await invoice();
    for (const address of ["a@aozora.example", "b@aozora.example", "c@aozora.example"]) await send(document.id, { to: [address], cc: [], delivery: "link" });
    const [interrupted] = await api.database.db.select().from(documentMails).where(eq(documentMails.documentId, document.id)).orderBy(documentMails.id).limit(1);
    // What a server stopped mid-send leaves behind: the row claimed, its lease run out, no outcome.
    await api.database.db.update(documentMails).set({ status: "sending", attempts: 1, lockedUntil: new Date(Date.now() - 1000) }).where(eq(documentMails.id, interrupted!.id));

    // Two servers come up at once and work the same outbox.
    const { port } = smtp.server.server.address() as AddressInfo;
    const restarted = [1, 2].map(() =>
      createMailOutbox({ db: api.database.db, storage: createDatabaseFileStorage(api.database.db), transport: createSmtpTransport(`smtp://127.0.0.1:${port}`), signer: api.mail.signer, settings: api.mail.settings }),
    );
    await Promise.all(restarted.map((outbox) => outbox.drain()));

    expect(smtp.received.map((message) => message.to[0]).sort()).toEqual(["b@aozora.example", "c@aozora.example"]);
    const mails = await mailsOf(document.id);
    expect(mails.find((mail) => mail.id === interrupted!.id)).toMatchObject({ status: "error", last_error: expect.stringContaining("届いたかどうか確かめられません") });
    expect(mails.filter((mail) => mail.status === "sent")).toHaveLength(2);
  });

  it("sends a signed link instead of the PDF; opening it marks the mail 閲覧済, and forged or expired links are refused", async () => {
    const document = await invoice();
    await send(document.id, { delivery: "link" });
    await api.mail.outbox.drain();
    const message = parseMime(smtp.received[0]!.raw);
    expect(leaves(message).some((part) => part.headers.get("content-type")?.startsWith("application/pdf"))).toBe(false);
    const text = leaves(message)[0]!.body.toString("utf8");
    const url = /http:\/\/web\.test\/view-pdf\?token=(\S+)/.exec(text);
    expect(url).not.toBeNull();
    // Thirty days from now, as mail writes a date: 「2026年12月22日 15:30まで」.
    expect(text).toMatch(/（\d{4}年\d{1,2}月\d{1,2}日 \d{2}:\d{2}まで）/);
    const token = url![1]!;
    const [mail] = await mailsOf(document.id);
    expect(mail!.view_url).toBe(url![0]);

    const info = await api.call(`/public/mails/${token}`, { as: null });
    expect(await info.json()).toMatchObject({ company_unique_code: expect.any(String), document: { title: "請求書", number: document.number, recipient: "株式会社青空商事 御中" } });
    expect((await mailsOf(document.id))[0]).toMatchObject({ first_opened_at: null });

    expect((await api.call(`/public/mails/${token}/opened`, { method: "POST", as: null })).status).toBe(204);
    const opened = (await mailsOf(document.id))[0]!;
    const list = await listOf("kind=invoice");
    expect(list.items.find((item) => item.id === document.id)).toMatchObject({ mail_status: "browsed" });
    expect(opened.first_opened_at).toEqual(expect.any(String));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await api.call(`/public/mails/${token}/opened`, { method: "POST", as: null });
    const again = (await mailsOf(document.id))[0]!;
    expect(again.first_opened_at).toBe(opened.first_opened_at);
    expect(again.last_opened_at).not.toBe(opened.last_opened_at);

    const pdf = await api.call(`/public/mails/${token}/pdf`, { as: null });
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(info.status).toBe(200);
    expect(await textOf(pdf)).not.toContain("無効");

    // Voided after it was sent (issue 33): the link says so, and so does its PDF, as the sender's own copies do.
    expect((await api.call(`/documents/${document.id}/void`, { method: "POST", body: JSON.stringify({}), headers: { "Content-Type": "application/json" } })).status).toBe(200);
    expect(await (await api.call(`/public/mails/${token}`, { as: null })).json()).toMatchObject({ voided_at: expect.any(String) });
    expect(await textOf(await api.call(`/public/mails/${token}/pdf`, { as: null }))).toContain("無効");

    const forged = token.replace(/.$/, (last) => (last === "A" ? "B" : "A"));
    expect((await api.call(`/public/mails/${forged}`, { as: null })).status).toBe(404);
    expect((await api.call(`/public/mails/${forged}/pdf`, { as: null })).status).toBe(404);
    const expired = api.mail.signer.sign(mail!.id, new Date(Date.now() - 1000));
    const gone = await api.call(`/public/mails/${expired}`, { as: null });
    expect(gone.status).toBe(410);
    expect((await gone.json()).message).toBe("このリンクの有効期限が切れています。送信元に再送を依頼してください。");
  });

  it("refuses bad addresses with a message, limits sends per company per hour, and keeps other companies out", async () => {
    const document = await invoice();
    const bad = await send(document.id, { to: ["keiri@aozora", ""], subject: "" });
    expect(bad.status).toBe(422);
    expect((await bad.json()).fields).toMatchObject({ to: [expect.stringContaining("keiri@aozora")], subject: ["このフィールドは必須です"] });

    const voided = await invoice();
    await api.call(`/documents/${voided.id}/issue`, json({}));
    await api.call(`/documents/${voided.id}/void`, json({}));
    const refused = await send(voided.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("無効にした書類は送信できません。");

    // Sending a draft gives it to the customer: it is issued (請求済) and can no longer be deleted.
    const draft = await invoice();
    expect((await send(draft.id)).status).toBe(202);
    expect(await (await api.call(`/documents/${draft.id}`)).json()).toMatchObject({ status: 2, issued_at: expect.any(String), sent: true });
    expect((await api.call(`/documents/${draft.id}`, { method: "DELETE" })).status).toBe(409);

    const theirs = await invoice("shinkinOwner");
    expect((await send(theirs.id)).status).toBe(404);
    expect((await api.call(`/documents/${theirs.id}/mails`)).status).toBe(404);

    // The earlier tests' sends count too: the limit is per company, over the last hour.
    const sentThisHour = (await api.database.db.select().from(documentMails).where(eq(documentMails.companyUniqueCode, fixtureUsers.owner.companyUniqueCode!))).length;
    for (let n = sentThisHour; n < api.mail.settings.ratePerHour; n += 1) expect((await send(document.id)).status).toBe(202);
    const limited = await send(document.id);
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toBe(`メールの送信は1時間に${api.mail.settings.ratePerHour}通までです。しばらくしてから、もう一度お試しください。`);
    expect((await send(theirs.id, {}, "shinkinOwner")).status).toBe(202);
  });

  it("holds the hourly limit under concurrent sends: of 50 at once (one per document), exactly the limit's worth is accepted", async () => {
    const company = fixtureUsers.shinkinOwner.companyUniqueCode!;
    await api.database.db.delete(documentMails).where(eq(documentMails.companyUniqueCode, company));
    const documents = [];
    for (let n = 0; n < 50; n += 1) documents.push(await invoice("shinkinOwner"));
    const statuses = await Promise.all(documents.map((document) => send(document.id, {}, "shinkinOwner").then((response) => response.status)));
    expect(statuses.filter((status) => status === 202)).toHaveLength(api.mail.settings.ratePerHour);
    expect(statuses.filter((status) => status === 429)).toHaveLength(50 - api.mail.settings.ratePerHour);
    expect(await api.database.db.select().from(documentMails).where(eq(documentMails.companyUniqueCode, company))).toHaveLength(api.mail.settings.ratePerHour);
  });
});
