import iconv from "iconv-lite";
import { afterEach, describe, expect, it } from "vitest";
import { documentCounters, documents } from "../../api/db/schema";
import { useTenantTestApi } from "../support/api";
import { createDocument } from "../support/factories";

const api = useTenantTestApi();

afterEach(async () => {
  await api.database.db.delete(documents);
  await api.database.db.delete(documentCounters);
});

const create = (fields: Record<string, unknown>, as: "owner" | "shinkinOwner" = "owner") =>
  createDocument(api, { customer_name: "㈱髙橋①～商店", lines: [{ description: "作業", quantity: "2", unit_price: "1000" }], ...fields }, as);

/** Rows straight into the table: enough of them to span several export batches without a minute of API calls. */
async function insertMany(count: number) {
  const base = { companyUniqueCode: "C-DEMO", kind: "invoice" as const, status: 1, issueDate: "2026-11-01", customerName: "一括", customerHonorific: "御中" as const, customerSearchKey: "一括", taxTypeId: 1, itemRoundingId: 1, itemRoundingScale: 0, subtotalRoundingId: 1, taxRoundingId: 2, taxWithholdingId: 1, taxExcluded: "1000", tax: "100", taxIncluded: "1100", withholdingAmount: "0", amountDue: "1100", createdBy: "U-DEMO-OWNER" };
  for (let start = 0; start < count; start += 500) {
    await api.database.db.insert(documents).values(Array.from({ length: Math.min(500, count - start) }, (_, index) => ({ ...base, number: `BULK-${String(start + index + 1).padStart(5, "0")}` })));
  }
}

const text = async (response: Response) => new TextDecoder().decode(await response.arrayBuffer());

describe("documents CSV export", () => {
  it("exports every filtered document across batches, with one BOM, formulas neutralised", async () => {
    await insertMany(2100);
    await create({ subject: "=HYPERLINK(1)" });
    const response = await api.call("/documents/export?kind=invoice&encoding=UTF8");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("請求書_")}`);
    const body = new Uint8Array(await response.arrayBuffer());
    expect([...body.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(body).replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines).toHaveLength(2102);
    expect(lines[0]).toBe("番号,発行日,取引先,敬称,件名,ステータス,税抜金額,消費税,税込金額,源泉徴収税,差引金額,支払期限,発行済,無効");
    expect(lines[1]).toMatch(/^BULK-00001,2026-11-01,一括,御中,,未請求,1000,100,1100,0,1100,,下書き,$/);
    expect(lines[2101]).toContain("'=HYPERLINK(1)");
    // One byte order mark in the whole file, however many batches wrote it.
    expect(Buffer.from(body).toString("latin1").split("\xEF\xBB\xBF")).toHaveLength(2);
    const filtered = await text(await api.call("/documents/export?kind=invoice&encoding=UTF8N&q=髙橋"));
    expect(filtered.trimEnd().split("\r\n")).toHaveLength(2);
  });

  it("exports lines in Shift_JIS with ㈱, ① and 髙, and reports what Shift_JIS cannot hold", async () => {
    await create({ lines: [{ description: "作業①", quantity: "2", unit_price: "1000" }, { description: "お茶", quantity: "3", unit_price: "150", tax_rate: "8" }] });
    const response = await api.call("/documents/export?kind=invoice&encoding=SJIS&content=lines");
    expect(response.headers.get("content-type")).toBe("text/csv; charset=Shift_JIS");
    const lines = iconv.decode(Buffer.from(await response.arrayBuffer()), "cp932").trimEnd().split("\r\n");
    expect(lines.slice(1).map((line) => line.replace(/^INV-\d{6}-\d{4},/, ""))).toEqual(["2026-11-22,㈱髙橋①～商店,1,作業①,2,,1000,10,2000,10%", "2026-11-22,㈱髙橋①～商店,2,お茶,3,,150,8,450,8%（軽減税率）"]);

    await create({ customer_name: "𠮷野家" });
    const refused = await api.call("/documents/export?kind=invoice&encoding=SJIS");
    expect(refused.status).toBe(422);
    expect((await refused.json()).message).toBe("Shift_JISで表せない文字があります（3行目「𠮷」）。UTF-8で出力してください。");
  });

  it("exports only the company's own documents", async () => {
    await create({ customer_name: "しんきんの取引先" }, "shinkinOwner");
    await create({ customer_name: "自社の取引先" });
    const csv = await text(await api.call("/documents/export?kind=invoice&encoding=UTF8N"));
    expect(csv).toContain("自社の取引先");
    expect(csv).not.toContain("しんきんの取引先");
  });
});
