import { readFile } from "node:fs/promises";
import { extractText } from "unpdf";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { files } from "../../api/db/schema";
import { useTenantTestApi } from "../support/api";
import { createDocument } from "../support/factories";
import { documentCopyAnswer } from "../../domain/document-answers";

const api = useTenantTestApi();

type As = "owner" | "shinkinOwner";
const json = (body: unknown, method = "POST") => ({ method, body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

/** A copy's answer, checked against the contract the web app parses with; its frozen content is then read as sent. */
async function copyOf(response: Response) {
  const answer = await response.json();
  documentCopyAnswer.parse(answer);
  return answer;
}

async function companyWithImages(as: As, name: string) {
  const form = new FormData();
  const fields = { company_name: name, postal_code: "1000001", address1: "東京都千代田区千代田1-1", registered_no: "T7000012050002", logo_state: "update", stamp_state: "update" };
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  form.append("company_bank_accounts[0][bank_name]", "デモ銀行");
  form.append("company_bank_accounts[0][bank_branch_name]", "本店営業部");
  form.append("company_bank_accounts[0][bank_account_no]", "1234567");
  form.append("company_bank_accounts[0][bank_account_name]", "カ）デモショウジ");
  form.append("company_bank_accounts[0][displayed]", "on");
  form.append("logo", new Blob([await readFile("sandbox/assets/demo-logo.png")], { type: "image/png" }), "logo.png");
  form.append("stamp", new Blob([await readFile("sandbox/assets/demo-stamp.png")], { type: "image/png" }), "stamp.png");
  const response = await api.call("/companies", { method: "POST", body: form, as });
  expect(response.status).toBe(201);
  return response.json();
}

const LINES = [
  { description: "設計作業", quantity: "10", unit: "時間", unit_price: "8500", tax_rate: "10" },
  { description: "お弁当", quantity: "3", unit: "個", unit_price: "1080", tax_rate: "8" },
];

describe("document snapshots and PDFs", () => {
  it("freezes what the invoice shows, survives later master edits, and renews only when the document is edited", async () => {
    const company = await companyWithImages("owner", "株式会社デモ商事");
    const customer = await (await api.call("/customers", json({ name: "株式会社青空商事", postal_code: "5300001", address1: "大阪府大阪市北区梅田1-1" }))).json();
    const invoice = await (await api.call("/documents", json({ kind: "invoice", issue_date: "2026-11-22", due_date: "2026-12-31", customer_id: customer.id, customer_name: "株式会社青空商事", lines: LINES }))).json();

    // A draft's copy is a preview marked 下書き: not kept, showing the company's own logo.
    const preview = await copyOf(await api.call(`/documents/${invoice.id}/snapshots`, json({ reason: "print" })));
    expect(preview).toMatchObject({ id: 0, mark: "draft", content: { number: invoice.number } });
    expect(preview.content.issuer.logo.file_id).toBe(company.logo.path);
    expect((await (await api.call(`/documents/${invoice.id}`)).json()).issued_at).toBeNull();

    expect((await api.call(`/documents/${invoice.id}/issue`, json({}))).status).toBe(200);
    const first = await copyOf(await api.call(`/documents/${invoice.id}/snapshots`, json({ reason: "print" })));
    expect(first).toMatchObject({ mark: null, revision: 1 });
    expect(first.content).toMatchObject({
      title: "請求書",
      number: invoice.number,
      dates: [{ label: "お支払期限", value: "2026-12-31" }],
      recipient: { name: "株式会社青空商事", honorific: "御中", postal_code: "530-0001", address: ["大阪府大阪市北区梅田1-1"] },
      issuer: { name: "株式会社デモ商事", registered_no: "T7000012050002" },
      bank_accounts: [{ bank_name: "デモ銀行", account_type: "普通", account_no: "1234567" }],
      // 85,000 at 10 % (tax 8,500) and 3,240 at 8 % (tax 259.2 → 259).
      totals: { by_rate: [expect.objectContaining({ rate: 10, tax: "8500" }), expect.objectContaining({ rate: 8, tax: "259" })], tax_included: "96999" },
    });
    expect(first.content.issuer.logo.file_id).not.toBe(company.logo.path);

    // Saving an issued invoice without a change is not a correction.
    const current = await (await api.call(`/documents/${invoice.id}`)).json();
    const edit = (fields: Record<string, unknown>) =>
      api.call(`/documents/${invoice.id}`, json({ _method: "PATCH", version: current.version, kind: "invoice", issue_date: "2026-11-22", due_date: "2026-12-31", customer_id: customer.id, customer_name: "株式会社青空商事", ...fields }));
    const unchanged = await edit({ lines: LINES });
    expect(unchanged.status, JSON.stringify(await unchanged.clone().json())).toBe(422);
    expect((await unchanged.json()).message).toBe("修正する内容がありません。変更してから保存してください。");
    // The customer moves and the company renames itself and drops its logo: what was issued stays.
    await api.call(`/customers/${customer.id}`, json({ _method: "PATCH", version: customer.version, name: "株式会社青空商事", address1: "福岡県福岡市中央区天神1-1" }));
    const renamed = new FormData();
    for (const [key, value] of Object.entries({ _method: "PATCH", version: String(company.version), company_name: "株式会社デモ商事ホールディングス", logo_state: "delete", stamp_state: "keep" })) renamed.append(key, value);
    expect((await api.call(`/companies/${company.id}`, { method: "POST", body: renamed })).status).toBe(200);
    const again = await copyOf(await api.call(`/documents/${invoice.id}/snapshots`, json({ reason: "print" })));
    expect(again.id).toBe(first.id);
    expect(again.content.recipient.address).toEqual(["大阪府大阪市北区梅田1-1"]);
    expect(again.content.issuer.name).toBe("株式会社デモ商事");
    expect((await api.call(`/get_s3_file?path=${again.content.issuer.logo.file_id}`)).status).toBe(200);

    // Editing the issued invoice is a correction: a second revision that names the original and what changed.
    const corrected = await edit({ lines: LINES.slice(0, 1), correction_reason: "お弁当は別請求のため" });
    expect(corrected.status).toBe(200);
    expect(await corrected.json()).toMatchObject({ revision: 2, number: invoice.number, status: 2, revisions: [{ revision: 1 }, { revision: 2, reason: "correction" }] });
    const renewed = await copyOf(await api.call(`/documents/${invoice.id}/snapshots`, json({ reason: "print" })));
    expect(renewed.id).not.toBe(first.id);
    expect(renewed.content).toMatchObject({
      title: "請求書（修正）",
      issuer: { name: "株式会社デモ商事ホールディングス", logo: null },
      recipient: { address: ["福岡県福岡市中央区天神1-1"] },
      totals: { tax_included: "93500" },
      reference: { type: "correction", number: invoice.number, issue_date: "2026-11-22", revision: 2, reason: "お弁当は別請求のため" },
    });
    expect(renewed.content.reference.changes).toContain("合計（税込）96,999円 → 93,500円");
    const original = await copyOf(await api.call(`/documents/${invoice.id}/snapshots?revision=1`, json({ reason: "print" })));
    expect(original).toMatchObject({ id: first.id, content: { totals: { tax_included: "96999" } } });
    expect((await api.call(`/documents/${invoice.id}/pdf?revision=3`)).status).toBe(404);
  });

  it("issuing takes the snapshot, and the PDF carries the customer, the number and the totals per rate in embedded Japanese type", async () => {
    const customer = await (await api.call("/customers", json({ name: "有限会社みどり食品" }))).json();
    const invoice = await (await api.call("/documents", json({ kind: "invoice", issue_date: "2026-11-22", due_date: "2026-12-31", customer_id: customer.id, customer_name: "有限会社みどり食品", lines: LINES }))).json();
    expect((await api.call(`/documents/${invoice.id}/issue`, json({}))).status).toBe(200);
    const issued = await copyOf(await api.call(`/documents/${invoice.id}/snapshots`, json({ reason: "print" })));

    const response = await api.call(`/documents/${invoice.id}/pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent(`請求書_${invoice.number}_有限会社みどり食品御中.pdf`)}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // pdf.js takes the buffer it is given: it reads a copy.
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    const flat = text.replace(/\s+/g, "");
    expect(flat).toContain("有限会社みどり食品御中");
    expect(flat).toContain(invoice.number);
    expect(flat).toContain("発行日2026年11月22日");
    expect(flat).toContain("お支払期限2026年12月31日");
    expect(flat).toContain("10%対象¥85,000（消費税¥8,500）");
    expect(flat).toContain("8%対象※¥3,240（消費税¥259）");
    expect(flat).toContain("ご請求金額¥96,999-");
    // Subset fonts are named with a six-letter tag; the whole 5 MB font is never embedded.
    expect(bytes.toString("latin1")).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP/);
    expect(bytes.byteLength).toBeLessThan(300_000);

    const pdfSnapshot = await copyOf(await api.call(`/documents/${invoice.id}/snapshots`, json({ reason: "print" })));
    expect(pdfSnapshot.id).toBe(issued.id);
  });

  it("refuses another company's document to snapshot and to print", async () => {
    const theirs = await (await api.call("/documents", { ...json({ kind: "invoice", issue_date: "2026-11-22", customer_name: "しんきんの取引先", lines: LINES }), as: "shinkinOwner" })).json();
    expect((await api.call(`/documents/${theirs.id}/snapshots`, json({ reason: "print" }))).status).toBe(404);
    expect((await api.call(`/documents/${theirs.id}/pdf`)).status).toBe(404);
    expect((await api.call(`/documents/${theirs.id}/pdf`, { as: "shinkinOwner" })).status).toBe(200);
  });
});

describe("a logo kept from before uploads were decoded", () => {
  it("is left off a document when it no longer decodes, with a note in the snapshot, and the document still issues and prints", async () => {
    const company = await companyWithImages("shinkinOwner", "株式会社しんきん商会");
    // What an upload checked only by its first bytes could store: a PNG signature, then junk.
    const junk = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("not an image at all")]);
    await api.database.db.update(files).set({ data: junk }).where(eq(files.id, company.logo.path));
    const invoice = await createDocument(api, {}, "shinkinOwner");

    expect((await api.call(`/documents/${invoice.id}/issue`, { ...json({}), as: "shinkinOwner" })).status).toBe(200);
    const copy = await (await api.call(`/documents/${invoice.id}/snapshots`, { ...json({ reason: "print" }), as: "shinkinOwner" })).json();
    expect(copy.content.issuer.logo).toBeNull();
    expect(copy.content.issuer.unreadable_images).toEqual(["logo"]);
    expect(copy.content.issuer.stamp).not.toBeNull();
    const pdf = await api.call(`/documents/${invoice.id}/pdf`, { as: "shinkinOwner" });
    expect(pdf.status).toBe(200);
    expect((await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true })).text).toContain(invoice.number);
  });
});
