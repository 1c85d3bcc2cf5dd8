import { Window } from "happy-dom";
import { beforeAll, describe, expect, it } from "vitest";
import { useTenantTestApi } from "../support/api";
import { createCustomer, createDocument, createOwnCompany } from "../support/factories";
import { ok, post } from "../support/issued";
import { digitalInvoiceCheckAnswer } from "../../domain/document-answers";

/*
 * GET /documents/{id}/jp-pint (issue 36, decision 043): an issued invoice as a JP PINT billing invoice, the checks
 * it must pass first, and who may have it.
 */

const api = useTenantTestApi();

/** The XML as a reader takes it. */
const parse = (xml: string) => new new Window().DOMParser().parseFromString(xml, "application/xml").documentElement;
type Node = ReturnType<typeof parse>;
const at = (node: Node, path: string) => path.split("/").reduce((current, name) => [...current.children].find((element) => element.tagName === name) as Node, node);
const textAt = (node: Node, path: string) => at(node, path)?.textContent?.trim();

async function exported(id: number) {
  const response = await api.call(`/documents/${id}/jp-pint`);
  expect(response.status, await response.clone().text()).toBe(200);
  return { response, root: parse(await response.text()) };
}

// Read with the contract the web app parses with (domain/document-answers.ts).
const problemsOf = async (id: number) => digitalInvoiceCheckAnswer.parse(await ok(await api.call(`/documents/${id}/jp-pint/check`))).problems;

let customer: { id: number; name: string; version: number; peppol_id: string | null };

beforeAll(async () => {
  await createOwnCompany(api);
  customer = await createCustomer(api, { name: "株式会社青空商事", peppol_id: "ｔ１０１０４０１０８９２３４" });
});

describe("Peppol IDs in the masters", () => {
  it("stores a customer's ID as scheme:identifier and refuses a wrong one with a Japanese message", async () => {
    expect(customer.peppol_id).toBe("0221:T1010401089234");
    const wrong = await api.call("/customers", post({ name: "株式会社誤り", peppol_id: "0188:1234567890123" }));
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).fields.peppol_id).toEqual(["Peppol IDの番号が正しくありません（チェックデジットが一致しません）"]);
    expect((await ok(await api.call("/companies")))[0].peppol_id).toBe("0188:7000012050002");
  });

  it("carries it through the customers CSV, both ways", async () => {
    const csv = new TextDecoder().decode(await (await api.call("/customers/export?encoding=UTF8N")).arrayBuffer());
    const [header, ...rows] = csv.split("\r\n");
    expect(header!.split(",")).toContain("Peppol ID");
    expect(rows.find((row) => row.includes("株式会社青空商事"))).toContain("0221:T1010401089234");
    const csvPost = (body: string): RequestInit => ({ method: "POST", body, headers: { "Content-Type": "text/csv" } });
    const refused = await api.call("/customers/import", csvPost("取引先名,Peppol ID\r\n株式会社CSV,0188:700001205000\r\n"));
    expect((await refused.json()).problems).toEqual([{ line: 2, column: "Peppol ID", message: "スキーム0188のPeppol IDは13桁の法人番号で入力してください" }]);
    expect(await ok(await api.call("/customers/import", csvPost("取引先名,Peppol ID\r\n株式会社CSV,7000012050002\r\n")))).toEqual({ created: 1, updated: 0 });
    const listed = (await ok(await api.call("/customers?per_page=100"))).items as Array<{ name: string; peppol_id: string | null }>;
    expect(listed.find((entry) => entry.name === "株式会社CSV")?.peppol_id).toBe("0188:7000012050002");
  });
});

describe("GET /documents/{id}/jp-pint", () => {
  it("refuses a draft and a voided invoice in Japanese, and answers an issued one with its own figures", async () => {
    // 内税 with a line of each category; the tax divides exactly, so it passes whatever the rounding.
    const draft = await createDocument(api, {
      customer_id: customer.id,
      customer_name: customer.name,
      due_date: "2026-12-31",
      tax_type_id: 2,
      withholding: true,
      lines: [
        { description: "デザイン制作", quantity: "1", unit: "式", unit_price: "110000", tax_category: "standard" },
        { description: "お弁当", quantity: "5", unit: "個", unit_price: "1080", tax_category: "reduced" },
        { description: "土地の貸付", quantity: "1", unit_price: "1000", tax_category: "non_taxable" },
        { description: "輸出品", quantity: "1", unit_price: "3000", tax_category: "export_exempt" },
        { description: "見舞金", quantity: "1", unit_price: "2000", tax_category: "not_subject" },
        { description: "印紙代", quantity: "1", unit_price: "200", tax_category: "reimbursement" },
      ],
    });
    const refused = await api.call(`/documents/${draft.id}/jp-pint`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("下書きの請求書はデジタルインボイス（JP PINT）にできません。発行してから出力してください。");

    await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
    const invoice = await ok(await api.call(`/documents/${draft.id}`));
    expect(await problemsOf(invoice.id)).toEqual([]);
    const { response, root } = await exported(invoice.id);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent(`${invoice.number}.xml`)}`);

    expect(textAt(root, "cbc:CustomizationID")).toBe("urn:peppol:pint:billing-1@jp-1");
    expect(textAt(root, "cbc:ID")).toBe(invoice.number);
    expect(textAt(root, "cbc:DueDate")).toBe("2026-12-31");
    expect([textAt(root, "cac:InvoicePeriod/cbc:StartDate"), textAt(root, "cac:InvoicePeriod/cbc:EndDate")]).toEqual(["2026-11-22", "2026-11-22"]);
    expect(textAt(root, "cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID")).toBe("T7000012050002");
    expect(at(root, "cac:AccountingSupplierParty/cac:Party/cbc:EndpointID").getAttribute("schemeID")).toBe("0188");
    expect(at(root, "cac:AccountingCustomerParty/cac:Party/cbc:EndpointID").getAttribute("schemeID")).toBe("0221");
    expect(textAt(root, "cac:AccountingCustomerParty/cac:Party/cbc:EndpointID")).toBe("T1010401089234");
    expect(textAt(root, "cac:PaymentMeans/cac:PayeeFinancialAccount/cbc:ID")).toBe("0001:001:1:1234567");

    // One subtotal per category, the tax as the invoice's own per rate, to the yen; the totals are the invoice's.
    const subtotals = [...at(root, "cac:TaxTotal").children]
      .filter((element) => element.tagName === "cac:TaxSubtotal")
      .map((subtotal) => [textAt(subtotal as Node, "cac:TaxCategory/cbc:ID"), textAt(subtotal as Node, "cbc:TaxableAmount"), textAt(subtotal as Node, "cbc:TaxAmount")]);
    expect(subtotals).toEqual([
      ["S", "100000", "10000"],
      ["AA", "5000", "400"],
      ["E", "1000", "0"],
      ["G", "3000", "0"],
      ["O", "2200", "0"],
    ]);
    expect(textAt(root, "cac:TaxTotal/cbc:TaxAmount")).toBe(invoice.tax);
    expect(textAt(root, "cac:LegalMonetaryTotal/cbc:TaxExclusiveAmount")).toBe(invoice.tax_excluded);
    expect(textAt(root, "cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount")).toBe(invoice.tax_included);
    expect(textAt(root, "cac:LegalMonetaryTotal/cbc:PrepaidAmount")).toBe(invoice.withholding_amount);
    expect(textAt(root, "cac:LegalMonetaryTotal/cbc:PayableAmount")).toBe(invoice.amount_due);

    await ok(await api.call(`/documents/${invoice.id}/void`, { method: "POST" }));
    const voided = await api.call(`/documents/${invoice.id}/jp-pint`);
    expect(voided.status).toBe(409);
    expect((await voided.json()).message).toBe("無効にした請求書はデジタルインボイス（JP PINT）にできません。");
  });

  it("names what is missing and where to fix it, and refuses the export until it is fixed", async () => {
    const bare = await createCustomer(api, { name: "株式会社未設定" });
    const draft = await createDocument(api, { customer_id: bare.id, customer_name: bare.name });
    await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
    const problems = ["取引先のPeppol IDが未設定です（取引先の編集で設定）", "お支払期限が未設定です（請求書を修正して設定）"];
    expect(await problemsOf(draft.id)).toEqual(problems);
    const refused = await api.call(`/documents/${draft.id}/jp-pint`);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ message: "この請求書はデジタルインボイス（JP PINT）の要件を満たしていません。", fields: { jp_pint: problems } });

    // The Peppol ID routes the invoice: set on the customer after issuing, it counts.
    await ok(await api.call(`/customers/${bare.id}`, post({ _method: "PATCH", version: bare.version, name: bare.name, peppol_id: "0188:1010401089234" })));
    expect(await problemsOf(draft.id)).toEqual(["お支払期限が未設定です（請求書を修正して設定）"]);
  });

  it("exports a corrected invoice under a number of its own, referring to the version it corrects", async () => {
    const draft = await createDocument(api, { customer_id: customer.id, customer_name: customer.name, due_date: "2026-12-31" });
    await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
    const current = await ok(await api.call(`/documents/${draft.id}`));
    await ok(
      await api.call(
        `/documents/${draft.id}`,
        post({ _method: "PATCH", version: current.version, kind: "invoice", issue_date: "2026-11-22", due_date: "2026-12-31", customer_id: customer.id, customer_name: customer.name, lines: [{ description: "設計作業", quantity: "12", unit_price: "8500", tax_rate: "10" }], correction_reason: "数量の誤り" }),
      ),
    );
    const { response, root } = await exported(draft.id);
    expect(textAt(root, "cbc:ID")).toBe(`${draft.number}-2`);
    expect(textAt(root, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID")).toBe(draft.number);
    expect(textAt(root, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:IssueDate")).toBe("2026-11-22");
    expect(textAt(root, "cac:LegalMonetaryTotal/cbc:PayableAmount")).toBe("112200");
    expect(response.headers.get("content-disposition")).toContain(encodeURIComponent(`${draft.number}-2.xml`));
  });

  it("exports a credit note (赤伝) with its negative amounts, referring to the invoice it cancels", async () => {
    const draft = await createDocument(api, { customer_id: customer.id, customer_name: customer.name, due_date: "2026-12-31" });
    await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
    const note = await ok(await api.call(`/documents/${draft.id}/credit-note`, post({ reason: "返品", issue_date: "2026-11-30" })));
    const { root } = await exported(note.id);
    expect(textAt(root, "cac:BillingReference/cac:InvoiceDocumentReference/cbc:ID")).toBe(draft.number);
    expect(textAt(root, "cac:LegalMonetaryTotal/cbc:PayableAmount")).toBe("-96999");
    expect(textAt(root, "cac:TaxTotal/cbc:TaxAmount")).toBe(note.tax);
  });

  it("states a 締め invoice's closing period", async () => {
    const closing = await createCustomer(api, { name: "株式会社締め", closing_day: "99", payment_month_offset: "1", payment_day: "99", peppol_id: "0188:1010401089234" });
    for (const date of ["2026-10-05", "2026-10-20"]) {
      const slip = await createDocument(api, { kind: "delivery_slip", issue_date: date, delivery_date: date, customer_id: closing.id, customer_name: closing.name });
      await ok(await api.call(`/documents/${slip.id}/issue`, { method: "POST" }));
    }
    const merged = await ok(await api.call("/closing-invoices", post({ closing_date: "2026-10-31", customer_ids: [closing.id], line_mode: "per_slip" })));
    const invoiceId = merged.created[0].invoice_id as number;
    await ok(await api.call(`/documents/${invoiceId}/issue`, { method: "POST" }));
    const { root } = await exported(invoiceId);
    expect([textAt(root, "cac:InvoicePeriod/cbc:StartDate"), textAt(root, "cac:InvoicePeriod/cbc:EndDate")]).toEqual(["2026-10-01", "2026-10-31"]);
  });

  it("never reaches another company's invoice, nor anything but an invoice", async () => {
    const draft = await createDocument(api, { customer_id: customer.id, customer_name: customer.name, due_date: "2026-12-31" });
    await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
    for (const path of [`/documents/${draft.id}/jp-pint`, `/documents/${draft.id}/jp-pint/check`]) {
      const other = await api.call(path, { as: "shinkinOwner" });
      expect(other.status).toBe(404);
      expect((await other.json()).message).toBe("書類が見つかりません。");
    }
    const estimate = await createDocument(api, { kind: "estimate" });
    const refused = await api.call(`/documents/${estimate.id}/jp-pint`);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("デジタルインボイス（JP PINT）にできるのは請求書だけです。");
  });
});
