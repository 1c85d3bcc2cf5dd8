import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { PEPPOL_EXAMPLES_DIR } from "../tests/support/peppol";
import { sum } from "./exact";
import { jpPintInvoice } from "./jp-pint";
import { NOT_JP_PINT, readJpPint, type ReadJpPintInvoice } from "./jp-pint-reader";
import { computeTotals } from "./totals";
import type { SnapshotContent } from "./snapshot";

const examples = readdirSync(PEPPOL_EXAMPLES_DIR).filter((name) => name.endsWith(".xml"));
const example = (name: string) => readFileSync(path.join(PEPPOL_EXAMPLES_DIR, name), "utf8");

function read(xml: string): ReadJpPintInvoice {
  const result = readJpPint(xml);
  if (result.problem !== null) throw new Error(result.problem);
  return result.invoice;
}

const problemOf = (xml: string, limits?: Parameters<typeof readJpPint>[1]) => readJpPint(xml, limits).problem;

describe("readJpPint over the nine official examples", () => {
  it.each(examples)("takes in %s with its tax breakdown adding up as the XML states it", (name) => {
    const invoice = read(example(name));
    expect(invoice.supplier.registrationNumber).toBe("T1234567890123");
    expect(invoice.lines.length).toBeGreaterThan(0);
    expect(sum(invoice.subtotals.map((subtotal) => subtotal.tax))).toBe(invoice.totals.tax);
    expect(sum(invoice.subtotals.map((subtotal) => subtotal.taxable))).toBe(invoice.totals.taxExclusive);
  });

  it("reads Example1-minimum's figures", () => {
    expect(read(example("Example1-minimum.xml"))).toMatchObject({
      number: "156",
      issueDate: "2023-10-24",
      dueDate: null,
      currency: "JPY",
      supplier: { name: "株式会社 〇〇商事", endpoint: { scheme: "0188", id: "1234567890123" } },
      buyer: { name: "株式会社 〇〇物産", endpoint: { scheme: "0188", id: "3210987654321" } },
      period: { start: "2023-10-18", end: "2023-10-18" },
      subtotals: [
        { category: "S", rate: "10", taxable: "252500", tax: "25250" },
        { category: "E", rate: "0", taxable: "3490", tax: "0" },
      ],
      totals: { tax: "25250", lineExtension: "255990", taxExclusive: "255990", taxInclusive: "281240", payable: "281240" },
    });
  });

  it("reads a correction's reference, an outside-the-scope category without rate, and another currency as stated", () => {
    expect(read(example("Example6-CorrInv.xml")).precedingInvoice).toEqual({ number: "123", issueDate: "2023-10-20" });
    expect(read(example("Example9-SumInv1-and-O.xml")).subtotals.find((subtotal) => subtotal.category === "O")).toMatchObject({ rate: null, tax: "0" });
    const foreign = read(example("Example2-TaxAcctCur.xml"));
    expect(foreign.currency).toBe("EUR");
    expect(foreign.totals.tax).toBe("250");
  });
});

describe("readJpPint of our own export", () => {
  it("gives back the figures the invoice was made with", () => {
    const lines = [
      { quantity: "3", unitPrice: "1080", taxCategory: "reduced" as const },
      { quantity: "1", unitPrice: "110000", taxCategory: "standard" as const },
      { quantity: "1", unitPrice: "1000", taxCategory: "non_taxable" as const },
    ];
    const totals = computeTotals(lines, { taxType: "internal", itemRounding: "floor", itemRoundingScale: 0, subtotalRounding: "floor", taxRounding: "round", withholding: "disabled" });
    const content = {
      kind: "invoice",
      title: "請求書",
      number: "INV-0001",
      issueDate: "2026-11-22",
      dates: [{ label: "お支払期限", value: "2026-12-31" }],
      subject: null,
      notes: null,
      proviso: null,
      paymentMethod: null,
      receivedAmount: null,
      recipient: { name: "株式会社青空 & 商事", honorific: "御中", department: null, personInCharge: null, postalCode: null, address: [] },
      issuer: { name: "株式会社デモ<商事>", department: null, personInCharge: null, postalCode: null, address: [], tel: null, fax: null, email: null, registeredNo: "T7000012050002", logo: null, stamp: null },
      lines: lines.map((line, index) => ({ description: `品目${index + 1}`, quantity: line.quantity, unit: null, unitPrice: line.unitPrice, taxCategory: line.taxCategory, taxRate: 0, amount: totals.lineAmounts[index]! })),
      taxType: "internal",
      withholding: false,
      totals,
      bankAccounts: [],
      reference: null,
    } satisfies SnapshotContent;
    const xml = jpPintInvoice({ content, revision: 1, seller: { scheme: "0188", identifier: "7000012050002" }, buyer: null, hasCustomer: true, period: { start: "2026-11-22", end: "2026-11-22" }, payee: null });
    const invoice = read(xml);
    expect(invoice).toMatchObject({ number: "INV-0001", dueDate: "2026-12-31", supplier: { name: "株式会社デモ<商事>", registrationNumber: "T7000012050002" }, buyer: { name: "株式会社青空 & 商事" } });
    expect(invoice.totals).toMatchObject({ tax: totals.tax, taxExclusive: totals.taxExcluded, taxInclusive: totals.taxIncluded, payable: totals.amountDue });
    expect(invoice.subtotals.map((subtotal) => [subtotal.category, subtotal.taxable, subtotal.tax])).toEqual([
      ["S", totals.byRate[0]!.taxExcluded, totals.byRate[0]!.tax],
      ["AA", totals.byRate[1]!.taxExcluded, totals.byRate[1]!.tax],
      ["E", "1000", "0"],
    ]);
  });
});

describe("readJpPint refuses", () => {
  const minimum = example("Example1-minimum.xml");

  it("what is not XML, naming the line", () => {
    expect(problemOf("<Invoice>\n<a></b>\n</Invoice>")).toBe("XMLとして正しくない箇所があります（2行目付近）");
    expect(problemOf("これはXMLではありません")).toBe("XMLとして正しくない箇所があります（1行目付近）");
    expect(problemOf(minimum.replace("<cbc:ID>156</cbc:ID>", "<foo:ID>156</foo:ID>"))).toMatch(/^XMLとして正しくない箇所があります/);
  });

  it("XML that is no JP PINT invoice", () => {
    expect(problemOf('<?xml version="1.0"?><CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>')).toBe(NOT_JP_PINT);
    expect(problemOf(minimum.replace("urn:peppol:pint:billing-1@jp-1", "urn:cen.eu:en16931:2017"))).toBe(NOT_JP_PINT);
  });

  it("an invoice without what a received invoice needs", () => {
    expect(problemOf(minimum.replace(/<cbc:IssueDate>.*<\/cbc:IssueDate>/, ""))).toBe("請求日（IBT-002）がありません");
    expect(problemOf(minimum.replace('<cbc:PayableAmount currencyID="JPY">281240', '<cbc:PayableAmount currencyID="JPY">二十八万'))).toBe("支払金額（IBT-115）の形式が正しくありません（二十八万）");
  });

  it("an entity bomb before any entity expands, and external entities alike", () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><Invoice>&lol2;</Invoice>`;
    expect(problemOf(laughs)).toBe("DTD（DOCTYPE宣言）を含むXMLは受け付けられません");
    expect(problemOf(`<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice>&e;</Invoice>`)).toBe("DTD（DOCTYPE宣言）を含むXMLは受け付けられません");
    expect(problemOf("<Invoice>&unknown;</Invoice>")).toMatch(/^XMLとして正しくない箇所があります/);
  });

  it("documents too deep, too many elements or too large, within the bounds it is given", () => {
    const deep = `${"<a>".repeat(10_000)}${"</a>".repeat(10_000)}`;
    expect(problemOf(deep)).toBe("XMLの入れ子が深すぎるため読み取れません");
    expect(problemOf(minimum, { maxBytes: 1_000_000, maxDepth: 64, maxElements: 50 })).toBe("XMLの要素が多すぎるため読み取れません");
    expect(problemOf(minimum, { maxBytes: 1000, maxDepth: 64, maxElements: 1000 })).toBe("XMLファイルが大きすぎるため読み取れません");
  });
});
