import { extractText } from "unpdf";
import { afterEach, describe, expect, it } from "vitest";
import { renderSnapshotPdf } from "../../api/documents/pdf";
import { documentCounters, documents } from "../../api/db/schema";
import type { SnapshotContent } from "../../domain/snapshot";
import { useTenantTestApi } from "../support/api";
import { createDocument } from "../support/factories";

const api = useTenantTestApi();

afterEach(async () => {
  await api.database.db.delete(documents);
  await api.database.db.delete(documentCounters);
});

const post = (path: string, body: unknown) => api.call(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

/** An internal (内税) invoice with withholding and a line of each tax category. */
const CATEGORY_LINES = [
  { description: "デザイン制作", quantity: "1", unit_price: "110000", tax_category: "standard" },
  { description: "お弁当", quantity: "5", unit_price: "1080", tax_category: "reduced" },
  { description: "土地の貸付", quantity: "1", unit_price: "1000", tax_category: "non_taxable" },
  { description: "見舞金", quantity: "1", unit_price: "2000", tax_category: "not_subject" },
  { description: "輸出品", quantity: "1", unit_price: "3000", tax_category: "export_exempt" },
  { description: "印紙代", quantity: "1", unit_price: "200", tax_category: "reimbursement" },
];

const createInvoice = (fields: Record<string, unknown>) => createDocument(api, fields);

const pdfText = async (bytes: Uint8Array) => (await extractText(bytes, { mergePages: true })).text.replace(/\s+/g, "");

describe("tax categories", () => {
  it("stores each line's category and its rate, and withholds on the tax-excluded amount without 立替金", async () => {
    const invoice = await createInvoice({ tax_type_id: 2, withholding: true, lines: CATEGORY_LINES });
    expect(invoice.lines.map((line: { tax_category: string; tax_rate: number }) => [line.tax_category, line.tax_rate])).toEqual([
      ["standard", 10],
      ["reduced", 8],
      ["non_taxable", 0],
      ["not_subject", 0],
      ["export_exempt", 0],
      ["reimbursement", 0],
    ]);
    expect(invoice).toMatchObject({
      // 110,000 includes 10,000 and 5,400 includes 400; the four categories without tax add 6,200.
      tax_excluded: "111200",
      tax: "10400",
      tax_included: "121600",
      // (111,200 − 200 of 立替金) × 10.21 % = 11,333.1
      withholding_amount: "11333",
      amount_due: "110267",
    });
  });

  it("accepts the legacy tax_rate (10, 8, 0) and refuses an unknown category beside its line", async () => {
    const invoice = await createInvoice({
      lines: [
        { description: "作業", quantity: "1", unit_price: "1000", tax_rate: 10 },
        { description: "お茶", quantity: "1", unit_price: "1000", tax_rate: "8" },
        { description: "印紙代", quantity: "1", unit_price: "1000", tax_rate: 0 },
        { description: "指定なし", quantity: "1", unit_price: "1000" },
        { description: "両方", quantity: "1", unit_price: "1000", tax_rate: 10, tax_category: "export_exempt" },
      ],
    });
    expect(invoice.lines.map((line: { tax_category: string }) => line.tax_category)).toEqual(["standard", "reduced", "non_taxable", "standard", "export_exempt"]);
    expect(invoice.tax).toBe("280");

    const refused = await post("/documents", { kind: "invoice", issue_date: "2026-11-22", customer_name: "株式会社青空商事", lines: [{ description: "作業", unit_price: "1000", tax_category: "zero" }] });
    expect(refused.status).toBe(422);
    expect((await refused.json()).fields).toEqual({ "lines[0][tax_category]": ["形式が正しくありません"] });
    expect(await api.database.db.select().from(documents)).toHaveLength(1);
  });

  it("freezes categories and their totals into the snapshot and prints each on the PDF", async () => {
    const invoice = await createInvoice({ tax_type_id: 2, withholding: true, lines: CATEGORY_LINES });
    const snapshot = await (await post(`/documents/${invoice.id}/snapshots`, { reason: "print" })).json();
    expect(snapshot.content.lines.map((line: { tax_category: string }) => line.tax_category)).toEqual(CATEGORY_LINES.map((line) => line.tax_category));
    expect(snapshot.content.totals).toMatchObject({
      by_rate: [expect.objectContaining({ rate: 10, tax: "10000" }), expect.objectContaining({ rate: 8, tax: "400" })],
      untaxed: [
        { category: "non_taxable", amount: "1000" },
        { category: "not_subject", amount: "2000" },
        { category: "export_exempt", amount: "3000" },
        { category: "reimbursement", amount: "200" },
      ],
      withholding_base: "111000",
    });

    const response = await api.call(`/documents/${invoice.id}/pdf`);
    expect(response.status).toBe(200);
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    for (const row of ["10%対象¥100,000（消費税¥10,000）", "8%対象※¥5,000（消費税¥400）", "非課税¥1,000", "不課税¥2,000", "免税¥3,000", "立替金¥200", "源泉徴収の対象額¥111,000", "源泉徴収税-¥11,333"]) {
      expect(text).toContain(row);
    }
    expect(text).toContain("お弁当※");
    expect(text).toContain("印紙代（立替金）");
  });

  it("exports each line's category in the lines CSV", async () => {
    await createInvoice({ lines: CATEGORY_LINES.slice(4) });
    const csv = new TextDecoder().decode(await (await api.call("/documents/export?kind=invoice&encoding=UTF8N&content=lines")).arrayBuffer());
    const rows = csv.trimEnd().split("\r\n");
    expect(rows[0]).toBe("番号,発行日,取引先,行,品名,数量,単位,単価,税率,金額,税区分");
    expect(rows.slice(1).map((row) => row.split(",").slice(4))).toEqual([
      ["輸出品", "1", "", "3000", "0", "3000", "免税"],
      ["印紙代", "1", "", "200", "0", "200", "立替金"],
    ]);
  });

  it("still prints a snapshot taken before categories, with its one 0 % row", async () => {
    const legacy: SnapshotContent = {
      kind: "invoice",
      title: "請求書",
      number: "INV-202601-0001",
      issueDate: "2026-01-10",
      dates: [],
      subject: null,
      notes: null,
      proviso: null,
      paymentMethod: null,
      receivedAmount: null,
      recipient: { name: "株式会社青空商事", honorific: "御中", department: null, personInCharge: null, postalCode: null, address: [] },
      issuer: { name: "株式会社デモ商事", department: null, personInCharge: null, postalCode: null, address: [], tel: null, fax: null, email: null, registeredNo: null, logo: null, stamp: null },
      lines: [
        { description: "作業", quantity: "1", unit: null, unitPrice: "10000", taxRate: 10, amount: "10000" },
        { description: "印紙代", quantity: "1", unit: null, unitPrice: "200", taxRate: 0, amount: "200" },
      ],
      taxType: "external",
      withholding: false,
      totals: {
        lineAmounts: ["10000", "200"],
        byRate: [
          { rate: 10, amount: "10000", taxExcluded: "10000", tax: "1000", taxIncluded: "11000" },
          { rate: 0, amount: "200", taxExcluded: "200", tax: "0", taxIncluded: "200" },
        ],
        taxExcluded: "10200",
        tax: "1000",
        taxIncluded: "11200",
        withholdingBase: "10200",
        withholding: "0",
        amountDue: "11200",
      },
      bankAccounts: [],
    };
    const text = await pdfText(new Uint8Array(await renderSnapshotPdf(legacy, { logo: null, stamp: null })));
    expect(text).toContain("10%対象¥10,000（消費税¥1,000）");
    expect(text).toContain("非課税・不課税¥200");
    expect(text).toContain("合計（税込）¥11,200");
  });
});
