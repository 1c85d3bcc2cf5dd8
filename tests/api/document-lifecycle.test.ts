import { describe, expect, it } from "vitest";
import { useTenantTestApi } from "../support/api";
import { companies } from "../../api/db/schema";
import { createDocument } from "../support/factories";
import { fixtureUsers } from "../support/users";
import { documentAnswer, documentCopyAnswer, type DocumentAnswer } from "../../domain/document-answers";

/*
 * The Payment API refuses every transition the lifecycle forbids, whatever a
 * page offers (domain/lifecycle.ts; ADR 014): each case is a direct call.
 */
const api = useTenantTestApi();
const post = (path: string, body: unknown = {}) => api.call(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
const LINES = [{ description: "保守作業", quantity: "1", unit_price: "10000", tax_rate: "10" }];

type Doc = DocumentAnswer;

// Each document is read with the contract the web app parses with (domain/document-answers.ts): a draft, issued, voided.
const read = async (id: number) => documentAnswer.parse(await (await api.call(`/documents/${id}`)).json());
const draft = async (kind = "invoice"): Promise<Doc> => documentAnswer.parse(await createDocument(api, { kind, issue_date: "2026-11-23", lines: LINES }));
async function issued(kind = "invoice"): Promise<Doc> {
  const document = await draft(kind);
  expect((await post(`/documents/${document.id}/issue`)).status).toBe(200);
  return read(document.id);
}
async function voided(): Promise<Doc> {
  const document = await issued();
  expect((await post(`/documents/${document.id}/void`)).status).toBe(200);
  return read(document.id);
}
const edit = (document: Doc, fields: Record<string, unknown> = {}) =>
  post(`/documents/${document.id}`, { _method: "PATCH", version: document.version, issue_date: "2026-11-23", customer_name: "株式会社青空商事", lines: LINES, ...fields });
const remove = (document: Doc) => api.call(`/documents/${document.id}`, { method: "DELETE" });

async function refused(response: Response, message: string | RegExp) {
  expect(response.status).toBe(409);
  const body = await response.json();
  if (typeof message === "string") expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

describe("the lifecycle in the Payment API", () => {
  it("refuses what a draft may not do", async () => {
    const document = await draft();
    await refused(await post(`/documents/${document.id}/status`, { status: 4 }), /下書きの書類は「入金済」にできません。/);
    await refused(await post(`/documents/${document.id}/void`), "下書きは無効にせず削除できます。");
    await refused(await post(`/documents/${document.id}/credit-note`), "赤伝は発行した請求書に作成します。下書きはそのまま編集してください。");
  });

  it("refuses deleting what was issued, sent or converted", async () => {
    await refused(await remove(await issued()), "発行した書類は削除できません。取り消すときは「無効にする」を使ってください。");
    const converted = await draft("estimate");
    expect((await post("/documents", { kind: "invoice", issue_date: "2026-11-23", customer_name: "株式会社青空商事", lines: LINES, source_document_id: converted.id })).status).toBe(201);
    await refused(await remove(converted), "この書類から作った書類があるため削除できません。");
    const sent = await draft();
    expect((await post(`/documents/${sent.id}/mails`, { to: ["keiri@aozora.example"], subject: "請求書", body: "ご確認ください。", delivery: "link" })).status).toBe(202);
    // Sending issued it: it is voided, never deleted.
    await refused(await remove(sent), "発行した書類は削除できません。取り消すときは「無効にする」を使ってください。");
  });

  it("refuses every change of a voided document, and anything made from it but a copy", async () => {
    const document = await voided();
    await refused(await edit(document, { subject: "変更" }), "無効にした書類は修正できません。");
    await refused(await post(`/documents/${document.id}/status`, { status: 4 }), /無効にした書類のステータスは変更できません。/);
    await refused(await post(`/documents/${document.id}/issue`), "無効にした書類は発行できません。");
    await refused(await post(`/documents/${document.id}/void`), "この書類はすでに無効です。");
    await refused(await post(`/documents/${document.id}/credit-note`), "無効にした請求書には赤伝を作成できません。");
    await refused(await post(`/documents/${document.id}/mails`, { to: ["keiri@aozora.example"], subject: "請求書", body: "本文", delivery: "link" }), "無効にした書類は送信できません。");
    await refused(await remove(document), "発行した書類は削除できません。取り消すときは「無効にする」を使ってください。");
    const receipt = await post("/documents", { kind: "receipt", issue_date: "2026-11-23", customer_name: "株式会社青空商事", lines: LINES, source_document_id: document.id, origin: "from_detail" });
    expect(receipt.status).toBe(422);
    expect((await receipt.json()).fields).toEqual({ source_document_id: ["無効にした書類からは作成できません"] });
    expect((await post("/documents", { kind: "invoice", issue_date: "2026-11-23", customer_name: "株式会社青空商事", lines: LINES, source_document_id: document.id, origin: "duplicate" })).status).toBe(201);
  });

  it("refuses a stale save and a status a kind does not have", async () => {
    const document = await issued();
    expect((await edit(document, { subject: "一度目" })).status).toBe(200);
    await refused(await edit(document, { subject: "二度目" }), "ほかの操作でこの書類が更新されています。最新の内容を確認してから、もう一度保存してください。");
    await refused(await post(`/documents/${document.id}/status`, { status: 9 }), /ステータスが正しくありません。/);
    await refused(await post(`/documents/${document.id}/status`, { status: 1 }), /「請求済」から「未請求」には変更できません。/);
  });

  it("issues a credit note once per request, negating every line, naming the original, and refuses one against a credit note", async () => {
    const original = await issued();
    const response = await post(`/documents/${original.id}/credit-note`, { reason: "契約の取消" });
    expect(response.status).toBe(201);
    const note = documentAnswer.parse(await response.json());
    expect(note).toMatchObject({ kind: "invoice", status: 2, tax_included: "-11000", credit_note_of: { id: original.id, number: original.number }, issued_at: expect.any(String) });
    expect(note.number).not.toBe(original.number);
    expect(note.lines).toMatchObject([{ description: "保守作業", quantity: "-1", amount: "-10000" }]);
    const copy = documentCopyAnswer.parse(await (await post(`/documents/${note.id}/snapshots`)).json());
    expect(copy.content).toMatchObject({ title: "請求書（赤伝）", reference: { type: "creditNote", number: original.number, issue_date: "2026-11-23", reason: "契約の取消" } });
    expect((await read(original.id)).credit_notes).toEqual([{ id: note.id, kind: "invoice", number: note.number }]);
    await refused(await post(`/documents/${note.id}/credit-note`), "赤伝に赤伝は作成できません。");
    // Only invoices have credit notes: for another kind the endpoint finds no invoice.
    expect((await post(`/documents/${(await issued("estimate")).id}/credit-note`)).status).toBe(404);
  });

  it("gives a document posted without a tax type the company's (内税 here), as the form does", async () => {
    await api.database.db.insert(companies).values({ companyUniqueCode: fixtureUsers.shinkinOwner.companyUniqueCode!, companyName: "内税の会社", taxId: 2 });
    const internal = await createDocument(api, { issue_date: "2026-11-23", lines: LINES }, "shinkinOwner");
    expect(internal).toMatchObject({ tax_type_id: 2, tax_included: "10000", tax: "909" });
    const external = await createDocument(api, { issue_date: "2026-11-23", lines: LINES, tax_type_id: 1 }, "shinkinOwner");
    expect(external).toMatchObject({ tax_type_id: 1, tax_included: "11000" });
    // A company that never set one has SPEC §5's 外税.
    expect(await createDocument(api, { issue_date: "2026-11-23", lines: LINES })).toMatchObject({ tax_type_id: 1 });
  });

  it("answers a page's kind that is not the document's as not found", async () => {
    const document = await draft("estimate");
    for (const [method, path] of [
      ["GET", `/documents/${document.id}?kind=invoice`],
      ["POST", `/documents/${document.id}/issue?kind=invoice`],
      ["POST", `/documents/${document.id}/void?kind=invoice`],
      ["DELETE", `/documents/${document.id}?kind=invoice`],
      ["GET", `/documents/${document.id}/pdf?kind=invoice`],
    ] as const) {
      expect((await api.call(path, { method, ...(method === "POST" ? { body: "{}", headers: { "Content-Type": "application/json" } } : {}) })).status, `${method} ${path}`).toBe(404);
    }
    expect((await api.call(`/documents/${document.id}?kind=estimate`)).status).toBe(200);
  });
});
