import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companyPlans } from "../../api/db/schema";
import { readJpPint } from "../../domain/jp-pint-reader";
import { receivedDetailAnswer, receivedListPageAnswer, receivedUsageAnswer } from "../../domain/received-answers";
import { XML_LIMITS } from "../../domain/xml-reader";
import { useTenantTestApi } from "../support/api";
import { createCustomer, createDocument, createOwnCompany } from "../support/factories";
import { ok } from "../support/issued";
import { PEPPOL_EXAMPLES_DIR } from "../support/peppol";
import { createReceived, enableReceiving, uploadReceived } from "../support/received";

/*
 * A JP PINT XML taken in as a received invoice (issue 36 items 5 and 6): its figures proposed as it states them, the
 * file kept byte for byte and shown as what it says, anything else refused before it is stored.
 */

const api = useTenantTestApi();

beforeAll(async () => {
  await enableReceiving(api.database.db);
  // The other company takes in what the demo company sends: a plan that receives.
  await api.database.db.update(companyPlans).set({ planId: 2 }).where(eq(companyPlans.companyUniqueCode, "C-SHINKIN"));
});

const utf8 = (text: string) => new TextEncoder().encode(text);
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const EXAMPLES = readdirSync(PEPPOL_EXAMPLES_DIR).filter((name) => name.endsWith(".xml"));

async function uploadRefusal(name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append("files", new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  const response = await api.call("/received-documents/uploads", { method: "POST", body: form });
  return { status: response.status, body: (await response.json()) as { message: string; fields?: Record<string, string[]> } };
}

const used = async () => receivedUsageAnswer.parse(await ok(await api.call("/received-documents/usage"))).used;

describe("the nine official JP PINT examples", () => {
  it.each(EXAMPLES)("%s is taken in, kept unaltered and shown with its totals as it states them", async (name) => {
    const bytes = new Uint8Array(readFileSync(path.join(PEPPOL_EXAMPLES_DIR, name)));
    const stated = readJpPint(new TextDecoder().decode(bytes)).invoice!;
    const [upload] = await uploadReceived(api, [{ name, bytes }]);
    expect(upload).toMatchObject({ file_name: name, content_type: "application/xml" });
    expect(upload.proposal).toMatchObject({ transaction_date: stated.issueDate, document_number: stated.number, supplier_name: stated.supplier.name, due_date: stated.dueDate });

    // Another currency (Example2) proposes no yen amount: the person types it.
    const amount = upload.proposal!.amount ?? "2750";
    const fields = Object.fromEntries(Object.entries(upload.proposal!).map(([key, value]) => [key.replace(/(\d+)$/, "_$1"), value]));
    const created = await createReceived(api, { ...fields, amount, upload_ids: [upload.id], allow_duplicate: true });
    expect(created).toMatchObject({ transaction_date: stated.issueDate, document_number: stated.number, supplier_name: stated.supplier.name, due_date: stated.dueDate, registration_number: stated.supplier.registrationNumber });
    expect(created.files[0]!.sha256).toBe(sha256(bytes));
    const file = await api.call(`/received-documents/${created.id}/files/${created.files[0]!.id}`);
    expect(file.headers.get("content-type")).toBe("application/xml");
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    const detail = receivedDetailAnswer.parse(await ok(await api.call(`/received-documents/${created.id}`)));
    expect(detail.digital_invoices).toHaveLength(1);
    const shown = detail.digital_invoices[0]!.invoice;
    expect(shown.currency).toBe(stated.currency);
    expect(shown.subtotals).toEqual(stated.subtotals);
    expect(shown.totals).toEqual({
      tax: stated.totals.tax,
      line_extension: stated.totals.lineExtension,
      tax_exclusive: stated.totals.taxExclusive,
      tax_inclusive: stated.totals.taxInclusive,
      allowances: stated.totals.allowances,
      charges: stated.totals.charges,
      prepaid: stated.totals.prepaid,
      rounding: stated.totals.rounding,
      payable: stated.totals.payable,
    });
    expect(shown.lines).toHaveLength(stated.lines.length);
  });

  it("fills the amounts per rate of Example9 (10 %, exempt and out of scope) as stated", async () => {
    const bytes = new Uint8Array(readFileSync(path.join(PEPPOL_EXAMPLES_DIR, "Example9-SumInv1-and-O.xml")));
    const [upload] = await uploadReceived(api, [{ name: "Example9.xml", bytes }]);
    expect(upload.proposal).toMatchObject({ amount: "359490", amount10: "286000", tax10: "26000", amount8: null, tax8: null, amount0: "73490" });
  });
});

describe("XML that is not a JP PINT invoice, or is hostile", () => {
  const refusedAsFile = async (name: string, bytes: Uint8Array, status: number, message: string | RegExp) => {
    const before = await used();
    const refusal = await uploadRefusal(name, bytes);
    expect(refusal.status).toBe(status);
    expect(refusal.body.fields?.files?.[0]).toMatch(message);
    // Nothing kept, and the server still answers.
    expect(await used()).toBe(before);
  };

  it("names what is wrong with XML that is malformed or not JP PINT, keeping nothing", async () => {
    await refusedAsFile("broken.xml", utf8('<?xml version="1.0"?>\n<Invoice>\n<cbc:ID>1</Invoice>'), 415, "「broken.xml」はデジタルインボイスとして読み取れません：XMLとして正しくない箇所があります（3行目付近）");
    await refusedAsFile("svg.xml", utf8('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>'), 415, "「svg.xml」はデジタルインボイスとして読み取れません：JP PINTの請求書（urn:peppol:pint:billing-1@jp-1）ではありません");
    await refusedAsFile("sjis.xml", new Uint8Array([...utf8('<?xml version="1.0"?><a>'), 0x82, 0xa0, ...utf8("</a>")]), 415, "「sjis.xml」はデジタルインボイスとして読み取れません：文字コードがUTF-8ではありません");
  });

  it("refuses a billion laughs, a 100,000-deep document and files over the limits, and goes on answering", async () => {
    const entities = Array.from({ length: 9 }, (_, level) => `<!ENTITY lol${level + 1} "${`&lol${level};`.repeat(10)}">`).join("");
    const laughs = `<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY lol0 "lol">${entities}]><Invoice>&lol9;</Invoice>`;
    await refusedAsFile("laughs.xml", utf8(laughs), 415, "「laughs.xml」はデジタルインボイスとして読み取れません：DTD（DOCTYPE宣言）を含むXMLは受け付けられません");

    const deep = `<?xml version="1.0"?>${"<a>".repeat(100_000)}${"</a>".repeat(100_000)}`;
    await refusedAsFile("deep.xml", utf8(deep), 415, "「deep.xml」はデジタルインボイスとして読み取れません：XMLの入れ子が深すぎるため読み取れません");

    // Over the reader's bound but within the upload's: refused before it is decoded.
    const large = utf8(`<?xml version="1.0"?><a>${" ".repeat(XML_LIMITS.maxBytes)}</a>`);
    await refusedAsFile("large.xml", large, 415, "「large.xml」はデジタルインボイスとして読み取れません：XMLファイルは10MBまでです");

    // Over the upload's own limit: the upload stops reading it.
    const huge = new Uint8Array(20 * 1024 * 1024 + 1).fill(0x20);
    huge.set(utf8('<?xml version="1.0"?>'));
    await refusedAsFile("huge.xml", huge, 413, "ファイルのサイズが上限を超えています。");

    expect((await api.call("/received-documents/usage")).status).toBe(200);
  });
});

describe("round trip (issue 36 item 6)", () => {
  it("an issued invoice exported as JP PINT and taken in by another company reproduces its figures", async () => {
    await createOwnCompany(api);
    const customer = await createCustomer(api, { name: "有限会社しんきん", peppol_id: "0188:1010401089234" });
    const draft = await createDocument(api, {
      customer_id: customer.id,
      customer_name: customer.name,
      due_date: "2026-12-31",
      lines: [
        { description: "デザイン制作", quantity: "1", unit: "式", unit_price: "100000", tax_category: "standard" },
        { description: "お弁当", quantity: "3", unit: "個", unit_price: "1000", tax_category: "reduced" },
        { description: "土地の貸付", quantity: "1", unit_price: "5000", tax_category: "non_taxable" },
      ],
    });
    await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
    const issued = await ok(await api.call(`/documents/${draft.id}`));
    const exported = await api.call(`/documents/${issued.id}/jp-pint`);
    expect(exported.status, await exported.clone().text()).toBe(200);
    const bytes = new Uint8Array(await exported.arrayBuffer());

    const [upload] = await uploadReceived(api, [{ name: `${issued.number}.xml`, bytes }], "shinkinOwner");
    expect(upload.proposal).toEqual({
      transaction_date: issued.issue_date,
      amount: issued.tax_included,
      registration_number: "T7000012050002",
      supplier_name: "株式会社デモ商事",
      document_number: issued.number,
      due_date: "2026-12-31",
      amount10: "110000",
      tax10: "10000",
      amount8: "3240",
      tax8: "240",
      amount0: "5000",
    });
    const fields = Object.fromEntries(Object.entries(upload.proposal!).map(([key, value]) => [key.replace(/(\d+)$/, "_$1"), value]));
    const received = await createReceived(api, { ...fields, upload_ids: [upload.id] }, "shinkinOwner");
    // The registration number is checked against the NTA as for a PDF.
    expect(received.match_checked_at).not.toBeNull();
    expect(received).toMatchObject({ amount: Number(issued.tax_included), amount_10: 110000, tax_10: 10000, amount_8: 3240, tax_8: 240, amount_0: 5000, document_number: issued.number });
    expect(received.digital_invoices[0]!.invoice.totals).toMatchObject({ tax: issued.tax, tax_exclusive: issued.tax_excluded, tax_inclusive: issued.tax_included, payable: issued.amount_due });

    // Found by the 電帳法 search (date range, amount range, supplier) like any received document.
    const search = new URLSearchParams({ kind: "invoice", supplier: "デモ商事", date_from: issued.issue_date, date_to: issued.issue_date, amount_min: issued.tax_included, amount_max: issued.tax_included });
    const found = receivedListPageAnswer.parse(await ok(await api.call(`/received-documents?${search}`, { as: "shinkinOwner" })));
    expect(found.items.map((item) => item.id)).toEqual([received.id]);
  });
});
