import { describe, expect, it } from "vitest";
import { loader as invoiceDetailLoader } from "~/routes/_default.invoices.detail.$id/route";
import { loader as receiptCreateLoader } from "~/routes/_default.receipts.create/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { createDocument } from "../support/factories";
import { ok } from "../support/issued";
import { testContext } from "../support/context";

/*
 * The detail page's loader writes the page out (decision 020): the lifecycle's answers, the dates, amounts,
 * totals and history in words, so the page's JavaScript carries no domain module, no formatting and none of
 * the texts only the server writes; the page shows what it is given.
 */

const api = useRouteTestApi();
const context = testContext();

const load = async (id: number, query = "") =>
  invoiceDetailLoader({ request: await signedInRequest(api, "owner", `/invoices/detail/${id}${query}`), params: { id: String(id) }, context });

describe("the invoice detail page's loader", () => {
  it("writes out a draft: its copy as it would print, marked 下書き, what it offers, and which confirmation it asks", async () => {
    const draft = await createDocument(api, { issue_date: "2026-11-22", due_date: "2026-12-31" });
    const stored = await ok(await api.call(`/documents/${draft.id}`));
    const { title, document, sheet, confirm } = await load(draft.id);
    expect(title).toBe("請求書の詳細");
    expect(document).toMatchObject({ name: `請求書 ${stored.number}`, stage: "draft", stageLabel: "下書き", copies: null, confirmed: ["delete"], status: "未請求" });
    // A receipt is made from an invoice the customer holds, not from a draft (issue 33).
    expect(document.conversions).toEqual([]);
    // The print page's view of the API's preview of the draft, marked, written out as HTML.
    const total = Number(stored.tax_included).toLocaleString("en-US");
    expect(sheet).toMatch(/^<div class="snapshot snapshot--draft" data-testid="snapshot" data-mark="下書き">/);
    for (const shown of [`${stored.number}`, "2026年11月22日", "お支払期限", "2026年12月31日", "株式会社青空商事 御中", "設計作業", "お弁当 ※", `¥${total}-`, `${total}円`]) expect(sheet).toContain(shown);
    expect(document.history.map((entry) => entry.text)).toEqual([expect.stringMatching(/^作成（.+、\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}）$/)]);
    expect(confirm).toBeNull();
    // A confirmation is asked only for what the lifecycle allows.
    expect((await load(draft.id, "?confirm=delete")).confirm).toBe("delete");
    expect((await load(draft.id, "?confirm=void")).confirm).toBeNull();
  });

  it("writes the copy anew after the draft changes, and the same copy again when nothing did", async () => {
    const draft = await createDocument(api, { issue_date: "2026-11-22", customer_name: "株式会社青空商事" });
    const first = (await load(draft.id)).sheet;
    expect(first).toContain("株式会社青空商事 御中");
    expect((await load(draft.id)).sheet).toBe(first);
    const edited = await api.call(`/documents/${draft.id}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ _method: "PATCH", version: 1, issue_date: "2026-11-22", customer_name: "株式会社みどり商事", lines: [{ description: "設計作業", quantity: "1", unit_price: "1000", tax_rate: "10" }] }),
    });
    expect(edited.status).toBe(200);
    const after = (await load(draft.id)).sheet;
    expect(after).toContain("株式会社みどり商事 御中");
    expect(after).not.toContain("青空");
  });

  it("sends the page's words with its data: of the actions, the versions, payments and mail only what the page shows (decision 020)", async () => {
    const draft = await createDocument(api);
    const drafted = await load(draft.id);
    expect(drafted.words.mail).toEqual({ historyLink: "送信履歴を見る" });
    expect(drafted.words.documents).toMatchObject({ edit: "編集する", issue: "発行する", issueAndPdf: "発行してPDFをダウンロード", delete: "削除する", history: "履歴" });
    // A draft can be deleted, neither voided nor credited, and has no versions nor payments.
    expect(drafted.words.documents.confirm).toEqual({ delete: { title: "下書き {{document}}を削除しますか", body: "削除した下書きは元に戻せません。" } });
    for (const left of ["void", "creditNote", "versions"]) expect(drafted.words.documents).not.toHaveProperty(left);
    expect(drafted.payments).toBeNull();
    expect(drafted.mail?.words).toMatchObject({ heading: "メールで送る", to: expect.any(String), deliveries: { attachment: "PDFを添付する" } });

    await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
    const issued = await load(draft.id);
    expect(Object.keys(issued.words.documents.confirm).sort()).toEqual(["creditNote", "void"]);
    for (const left of ["issue", "issueAndPrint", "delete"]) expect(issued.words.documents).not.toHaveProperty(left);
    expect(issued.words.documents.versions).toEqual({ heading: "発行した版", print: "印刷画面", pdf: "PDF" });
    // The payments section's words come with the section; the placeholders are the page's to fill.
    expect(issued.payments?.words).toMatchObject({ heading: "入金", methods: { transfer: "振込" }, cancel: { title: "{{date}}の入金 {{amount}}円を取り消しますか？" } });
  });

  it("writes out an issued invoice: its snapshot unmarked, its copies, versions and history in words, and a credit note to ask for", async () => {
    const draft = await createDocument(api);
    await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
    const { document, sheet, payments } = await load(draft.id);
    // The issued revision's snapshot, unmarked.
    expect(sheet).toMatch(/^<div class="snapshot" data-testid="snapshot">/);
    expect(document).toMatchObject({ stage: "issued", stageLabel: "発行済", copies: { print: "印刷用の画面を開く", pdf: "PDFをダウンロード" }, status: "請求済" });
    expect(document.confirmed).toContain("creditNote");
    expect(document.conversions).toEqual([{ path: `/receipts/create?source=${draft.id}&origin=from_detail`, label: "領収書を作成" }]);
    expect(document.revisions).toEqual([{ revision: 1, title: "第1版", made: expect.stringMatching(/^発行（.+、.+）$/), mails: null }]);
    expect(document.history.at(-1)?.text).toMatch(/^発行：未請求 → 請求済（/);
    expect(payments).toMatchObject({ rows: [], refusal: null, links: [{ path: `/billing/recurring/create?from=${draft.id}`, label: "定期請求にする" }] });
  });

  it("offers a voided invoice neither a payment nor a receipt, and its receipt's address goes back to it with the reason (issue 33)", async () => {
    const draft = await createDocument(api);
    await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
    await ok(await api.call(`/documents/${draft.id}/void`, { method: "POST" }));
    const { document, sheet, payments } = await load(draft.id);
    expect(sheet).toMatch(/^<div class="snapshot snapshot--voided" data-testid="snapshot" data-mark="無効">/);
    expect(document.conversions).toEqual([]);
    expect(payments?.refusal).toBe("無効にした請求書には入金を記録できません。");
    const opened = await receiptCreateLoader({ request: await signedInRequest(api, "owner", `/receipts/create?source=${draft.id}&origin=from_detail`), params: {}, context }).catch((thrown: unknown) => thrown);
    expect(opened).toBeInstanceOf(Response);
    expect((opened as Response).status).toBe(302);
    expect((opened as Response).headers.get("Location")).toBe(`/invoices/detail/${draft.id}`);
  });
});

describe("the detail page's copy of the document, sent once (decision 020)", () => {
  it("on a page load goes to the server's render and not into the data; a data request of the browser carries it", async () => {
    const draft = await createDocument(api, { issue_date: "2026-11-22" });
    const renderedHtml = new Map<string, string>();
    const request = await signedInRequest(api, "owner", `/invoices/detail/${draft.id}`);
    const pageLoad = await invoiceDetailLoader({ request, params: { id: String(draft.id) }, context: testContext({ renderedHtml }) });
    expect(pageLoad.sheet).toBeNull();
    expect(renderedHtml.get("sheet")).toMatch(/^<div class="snapshot snapshot--draft" data-testid="snapshot" data-mark="下書き">/);
    // testContext has no renderedHtml, as the load context of a `.data` request.
    expect((await load(draft.id)).sheet).toBe(renderedHtml.get("sheet"));
  });
});
