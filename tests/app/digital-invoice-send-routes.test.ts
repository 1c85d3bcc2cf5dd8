import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { banks, companies, documentMails } from "../../api/db/schema";
import { action as invoiceDetailAction, loader as invoiceDetailLoader } from "~/routes/_default.invoices.detail.$id/route";
import { loader as mailDetailLoader } from "~/routes/_default.invoices.mail.detail.$id/route";
import { action as receivedListAction } from "~/routes/_default.receive.invoices._index/route";
import { sessionOnPageLoad } from "~/services/session.server";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { testContext } from "../support/context";
import { createCustomer, createDocument, createOwnCompany } from "../support/factories";
import { ok } from "../support/issued";
import { enableReceiving } from "../support/received";
import { fixtureUsers, type FixtureUserName } from "../support/users";

/*
 * 「デジタルインボイスで送る」 on the invoice's detail page and 「アクセスポイントから受け取る」 on the received invoices'
 * list (decision 045): what the loader offers, the question asked first, where each answer goes and what it says.
 */

const api = useRouteTestApi();
const context = testContext();

/** しんきん sends to デモ商事 (the owner's company), which receives. */
const RECEIVER_ID = "0188:7000012050002";

let receiver: { id: number; name: string };
let unknown: { id: number; name: string };

beforeAll(async () => {
  await enableReceiving(api.database.db);
  await api.database.db.update(banks).set({ enablePaymentReceive: false }).where(eq(banks.bankCode, fixtureUsers.shinkinOwner.bankCode));
  await createOwnCompany(api);
  await createOwnCompany(api, { company_name: "有限会社しんきん", registered_no: "T6000000000003", peppol_id: "0188:6000000000003" }, "shinkinOwner");
  receiver = await createCustomer(api, { name: "株式会社デモ商事", peppol_id: RECEIVER_ID }, "shinkinOwner");
  unknown = await createCustomer(api, { name: "株式会社未設定" }, "shinkinOwner");
});

async function issuedInvoice(customer: { id: number; name: string }) {
  const draft = await createDocument(api, { customer_id: customer.id, customer_name: customer.name, due_date: "2026-12-31" }, "shinkinOwner");
  await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST", as: "shinkinOwner" }));
  return draft as { id: number; number: string };
}

const form = (fields: Record<string, string>) => ({ method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } });

const detail = async (id: number, search = "") =>
  invoiceDetailLoader({ request: await signedInRequest(api, "shinkinOwner", `/invoices/detail/${id}${search}`), params: { id: String(id) }, context });

const act = async (id: number, fields: Record<string, string>, as: FixtureUserName = "shinkinOwner") =>
  invoiceDetailAction({ request: await signedInRequest(api, as, `/invoices/detail/${id}`, form(fields)), params: { id: String(id) }, context }) as Promise<Response>;

/** The notice a redirect carries, as the next page shows it. */
async function noticeOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
  return (await sessionOnPageLoad(new Request("http://localhost/", { headers: { Cookie: cookie } }))).notice;
}

const peppolSends = (documentId: number) =>
  api.database.db
    .select()
    .from(documentMails)
    .where(and(eq(documentMails.documentId, documentId), eq(documentMails.delivery, "peppol")));

describe("「デジタルインボイスで送る」 on the invoice's detail page", () => {
  it("is offered with the recipient named once the invoice passes the check, and not before", async () => {
    const passing = await detail((await issuedInvoice(receiver)).id);
    expect(passing.digitalInvoice?.send).toEqual({
      intent: "sendDigitalInvoice",
      label: "デジタルインボイスで送る",
      hint: `取引先のPeppol ID（${RECEIVER_ID}）宛てに、Peppolのアクセスポイントを通じて送ります。`,
      words: {
        title: expect.stringMatching(/^請求書 \S+（株式会社デモ商事 御中）をデジタルインボイスで送りますか$/),
        body: expect.stringContaining(`取引先のPeppol ID（${RECEIVER_ID}）宛て`),
        button: "デジタルインボイスで送る",
      },
    });
    expect(passing.confirmDigitalInvoice).toBeNull();
    const failing = await issuedInvoice(unknown);
    const page = await detail(failing.id, "?confirm=sendDigitalInvoice");
    expect(page.digitalInvoice).toMatchObject({ send: null, problems: ["取引先のPeppol IDが未設定です（取引先の編集で設定）"] });
    // No question is asked about an invoice that cannot be sent.
    expect(page.confirmDigitalInvoice).toBeNull();
  });

  it("asks first, then queues the send and shows the send history, where the send is listed", async () => {
    const invoice = await issuedInvoice(receiver);
    const asked = await act(invoice.id, { intent: "sendDigitalInvoice" });
    expect(asked.status).toBe(302);
    expect(asked.headers.get("Location")).toBe(`/invoices/detail/${invoice.id}?confirm=sendDigitalInvoice`);
    expect((await detail(invoice.id, "?confirm=sendDigitalInvoice")).confirmDigitalInvoice).toBe(true);
    expect(await peppolSends(invoice.id)).toEqual([]);

    const sent = await act(invoice.id, { intent: "sendDigitalInvoice", confirmed: "yes" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe(`/invoices/mail/detail/${invoice.id}`);
    expect(await noticeOf(sent)).toMatchObject({ type: "success", message: expect.stringMatching(/^デジタルインボイスの送信を受け付けました。/) });
    expect(await peppolSends(invoice.id)).toHaveLength(1);

    await api.mail.outbox.drain();
    const history = await mailDetailLoader({ request: await signedInRequest(api, "shinkinOwner", `/invoices/mail/detail/${invoice.id}`), params: { id: String(invoice.id) }, context });
    expect(history.mails).toEqual([expect.objectContaining({ delivery: "peppol", to: [RECEIVER_ID], status: "sent", number: 1 })]);
  });

  it("goes back to the page with the refusal when the check fails, sending nothing", async () => {
    const invoice = await issuedInvoice(unknown);
    const refused = await act(invoice.id, { intent: "sendDigitalInvoice", confirmed: "yes" });
    expect(refused.headers.get("Location")).toBe(`/invoices/detail/${invoice.id}`);
    expect(await noticeOf(refused)).toMatchObject({ type: "error", message: "この請求書はデジタルインボイス（JP PINT）の要件を満たしていません。" });
    expect(await peppolSends(invoice.id)).toEqual([]);
  });

  it("never sends another company's invoice", async () => {
    const invoice = await issuedInvoice(receiver);
    await expect(act(invoice.id, { intent: "sendDigitalInvoice", confirmed: "yes" }, "owner")).rejects.toMatchObject({ init: { status: 404 } });
    expect(await peppolSends(invoice.id)).toEqual([]);
  });
});

describe("「アクセスポイントから受け取る」 on the received invoices' list", () => {
  const take = async (as: FixtureUserName = "owner", fields: Record<string, string> = { intent: "peppol-inbox" }) =>
    receivedListAction({ request: await signedInRequest(api, as, "/receive/invoices", form(fields)), params: {}, context }) as Promise<Response>;

  it("takes what waits for the company's Peppol ID and says how many, then that nothing is new", async () => {
    const invoice = await issuedInvoice(receiver);
    await act(invoice.id, { intent: "sendDigitalInvoice", confirmed: "yes" });
    await api.mail.outbox.drain();

    const taken = await take();
    expect(taken.headers.get("Location")).toBe("/receive/invoices");
    expect(await noticeOf(taken)).toMatchObject({ type: "success", message: expect.stringMatching(/^デジタルインボイスを\d+件受け取り、受取請求書として登録しました。$/) });
    const list = await ok(await api.call(`/received-documents?kind=invoice&q=${encodeURIComponent(invoice.number)}`));
    expect(list.items).toEqual([expect.objectContaining({ document_number: invoice.number, supplier_name: "有限会社しんきん" })]);

    expect(await noticeOf(await take())).toMatchObject({ type: "success", message: "アクセスポイントに新しいデジタルインボイスはありません。" });
  });

  it("says what to set when the company has no Peppol ID, and ignores anything but its own button", async () => {
    const own = eq(companies.companyUniqueCode, fixtureUsers.owner.companyUniqueCode!);
    await api.database.db.update(companies).set({ peppolId: null }).where(own);
    const missing = await take();
    await api.database.db.update(companies).set({ peppolId: RECEIVER_ID }).where(own);
    expect(await noticeOf(missing)).toMatchObject({ type: "error", message: "自社のPeppol IDが未設定のため、アクセスポイントから受け取れません（自社情報で設定）。" });
    const other = await take("owner", { intent: "something" });
    expect(other.headers.get("Location")).toBe("/receive/invoices");
    expect(other.headers.get("Set-Cookie")).toBeNull();
  });
});
