import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import type { TaxCategoryId } from "./codes";
import { add, compare, mul, sum } from "./exact";
import { checkJpPint, jpPintFileName, jpPintInvoice, singleDayPeriod, type JpPintSource } from "./jp-pint";
import type { SnapshotContent } from "./snapshot";
import { computeTotals, type TotalsRules } from "./totals";

import { PEPPOL_EXAMPLES_DIR as EXAMPLES } from "../tests/support/peppol";

type Line = { description: string; quantity: string; unitPrice: string; category: TaxCategoryId; unit?: string };

const RULES: TotalsRules = { taxType: "external", itemRounding: "floor", itemRoundingScale: 0, subtotalRounding: "floor", taxRounding: "truncate", withholding: "disabled" };

/** A snapshot as the product takes one: totals from the document engine. */
function contentOf(lines: Line[], rules: Partial<TotalsRules> = {}, extra: Partial<SnapshotContent> = {}): SnapshotContent {
  const all = { ...RULES, ...rules };
  const totals = computeTotals(
    lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unitPrice, taxCategory: line.category })),
    all,
  );
  return {
    kind: "invoice",
    title: "請求書",
    number: "INV-0001",
    issueDate: "2023-10-24",
    dates: [{ label: "お支払期限", value: "2023-11-20" }],
    subject: null,
    notes: null,
    proviso: null,
    paymentMethod: null,
    receivedAmount: null,
    recipient: { name: "株式会社 〇〇物産", honorific: "御中", department: null, personInCharge: null, postalCode: "001-0012", address: ["北海道札幌市北区"] },
    issuer: {
      name: "株式会社 〇〇商事",
      department: null,
      personInCharge: null,
      postalCode: "160-0044",
      address: ["東京都新宿区四谷4-29-X"],
      tel: "03-0000-0001",
      fax: null,
      email: null,
      registeredNo: "T7000012050002",
      logo: null,
      stamp: null,
    },
    lines: lines.map((line, index) => ({
      description: line.description,
      quantity: line.quantity,
      unit: line.unit ?? null,
      unitPrice: line.unitPrice,
      taxCategory: line.category,
      taxRate: line.category === "standard" ? 10 : line.category === "reduced" ? 8 : 0,
      amount: totals.lineAmounts[index]!,
    })),
    taxType: all.taxType,
    withholding: all.withholding !== "disabled",
    totals,
    bankAccounts: [{ bankName: "〇〇銀行", branchName: "本店", accountType: "普通", accountNo: "3242394", accountName: "ｶ)ﾏﾙﾏﾙｼﾖｳｼﾞ" }],
    reference: null,
    ...extra,
  };
}

function sourceOf(content: SnapshotContent, extra: Partial<JpPintSource> = {}): JpPintSource {
  return {
    content,
    revision: 1,
    seller: { scheme: "0188", identifier: "7000012050002" },
    buyer: { scheme: "0221", identifier: "T1010401089234" },
    hasCustomer: true,
    period: singleDayPeriod(content.issueDate),
    payee: { bankCode: "1234", branchCode: "567", accountTypeId: 1, accountNo: "3242394", accountName: "ｶ)ﾏﾙﾏﾙｼﾖｳｼﾞ" },
    ...extra,
  };
}

const parse = (xml: string) => {
  const root = new new Window().DOMParser().parseFromString(xml, "application/xml").documentElement;
  expect(root.localName).toBe("Invoice");
  return root;
};
type Node = ReturnType<typeof parse>;
const child = (node: Node, name: string) => [...node.children].find((element) => element.tagName === name) as Node | undefined;
const children = (node: Node, name: string) => [...node.children].filter((element) => element.tagName === name) as Node[];
const at = (node: Node, ...names: string[]): Node => names.reduce((current, name) => {
  const next = child(current, name);
  if (!next) throw new Error(`No ${name} under ${current.tagName}`);
  return next;
}, node);
const text = (node: Node, ...names: string[]) => at(node, ...names).textContent!.trim();

/** Every element's path, in document order. */
function paths(node: Node, prefix = ""): string[] {
  const here = `${prefix}/${node.tagName}`;
  return [here, ...[...node.children].flatMap((element) => paths(element as Node, here))];
}

/** What a reader of an invoice sees of its tax: figures per category and the totals. */
function figures(root: Node) {
  return {
    tax: text(root, "cac:TaxTotal", "cbc:TaxAmount"),
    subtotals: children(at(root, "cac:TaxTotal"), "cac:TaxSubtotal").map((subtotal) => ({
      taxable: text(subtotal, "cbc:TaxableAmount"),
      tax: text(subtotal, "cbc:TaxAmount"),
      category: text(subtotal, "cac:TaxCategory", "cbc:ID"),
      percent: child(at(subtotal, "cac:TaxCategory"), "cbc:Percent")?.textContent?.trim() ?? null,
    })),
    lineExtension: text(root, "cac:LegalMonetaryTotal", "cbc:LineExtensionAmount"),
    taxExclusive: text(root, "cac:LegalMonetaryTotal", "cbc:TaxExclusiveAmount"),
    taxInclusive: text(root, "cac:LegalMonetaryTotal", "cbc:TaxInclusiveAmount"),
    payable: text(root, "cac:LegalMonetaryTotal", "cbc:PayableAmount"),
  };
}

const exampleFiles = readdirSync(EXAMPLES).filter((name) => name.endsWith(".xml"));
const examples = exampleFiles.map((name) => parse(readFileSync(path.join(EXAMPLES, name), "utf8")));

/** IBT-154 (item description) is in the specification but only commented out in the examples. */
const BEYOND_EXAMPLES = new Set(["/Invoice/cac:InvoiceLine/cac:Item/cbc:Description"]);

/** For each parent, which child names the examples write before which. */
function orderSeen(): Map<string, Set<string>> {
  const before = new Map<string, Set<string>>();
  const visit = (node: Node, here: string) => {
    const names = [...node.children].map((element) => element.tagName);
    names.forEach((name, index) => {
      for (const later of names.slice(index + 1)) if (later !== name) (before.get(`${here}|${name}`) ?? before.set(`${here}|${name}`, new Set()).get(`${here}|${name}`)!).add(later);
    });
    for (const element of node.children) visit(element as Node, `${here}/${element.tagName}`);
  };
  for (const example of examples) visit(example, "/Invoice");
  // The description precedes the name in UBL's Item.
  before.set("/Invoice/cac:InvoiceLine/cac:Item|cbc:Description", new Set(["cbc:Name", "cac:ClassifiedTaxCategory", "cac:AdditionalItemProperty"]));
  return before;
}

/** Elements the examples never write, and pairs of siblings in an order no example has. */
function structureProblems(root: Node): string[] {
  const known = new Set(examples.flatMap((example) => paths(example)));
  const before = orderSeen();
  const problems = paths(root).filter((element) => !known.has(element) && !BEYOND_EXAMPLES.has(element)).map((element) => `unknown ${element}`);
  const visit = (node: Node, here: string) => {
    const names = [...node.children].map((element) => element.tagName);
    names.forEach((name, index) => {
      for (const later of names.slice(index + 1)) if (before.get(`${here}|${later}`)?.has(name)) problems.push(`${here}: ${name} after ${later}`);
    });
    for (const element of node.children) visit(element as Node, `${here}/${element.tagName}`);
  };
  visit(root, "/Invoice");
  return problems;
}

/** Example1-minimum's three lines: two at 10 % and a textbook, 非課税. */
const EXAMPLE1_LINES: Line[] = [
  { description: "デスクチェア", quantity: "5", unitPrice: "50000", category: "standard" },
  { description: "コピー用紙（A4）", quantity: "5", unitPrice: "500", category: "standard" },
  { description: "検定済教科書(算数)", quantity: "10", unitPrice: "349", category: "non_taxable" },
];

/** Every category, 内税, withholding, a discount line, decimals and a 締め heading line. */
const MIXED_LINES: Line[] = [
  { description: "納品書 No.D-0001（2026/10/05）", quantity: "0", unitPrice: "0", category: "standard" },
  { description: "コンサルティング", quantity: "3", unitPrice: "33333.3333", category: "standard", unit: "時間" },
  { description: "値引", quantity: "1", unitPrice: "-1000", category: "standard" },
  { description: "お弁当", quantity: "7", unitPrice: "648", category: "reduced", unit: "個" },
  { description: "切手", quantity: "10", unitPrice: "84", category: "non_taxable" },
  { description: "輸出品", quantity: "2", unitPrice: "15000", category: "export_exempt" },
  { description: "会費", quantity: "1", unitPrice: "12000", category: "not_subject" },
  { description: "交通費（立替）", quantity: "1", unitPrice: "1234", category: "reimbursement" },
];

describe("the official examples", () => {
  it("are here to test against", () => {
    expect(exampleFiles).toHaveLength(9);
  });
});

describe("jpPintInvoice", () => {
  it("states Example1-minimum's lines with the example's own figures, to the yen", () => {
    const official = figures(examples[exampleFiles.indexOf("Example1-minimum.xml")]!);
    const ours = figures(parse(jpPintInvoice(sourceOf(contentOf(EXAMPLE1_LINES)))));
    expect(ours).toEqual(official);
  });

  it("writes only elements the examples use, in their order", () => {
    for (const taxType of ["external", "internal"] as const) {
      const content = contentOf(MIXED_LINES, { taxType, withholding: "withSpecialIncome" }, { subject: "10月分", notes: "備考 <&>", reference: { type: "correction", number: "INV-0001", issueDate: "2023-10-20", revision: 2, changes: [], reason: null } });
      const root = parse(jpPintInvoice(sourceOf(content, { revision: 2 })));
      expect(structureProblems(root)).toEqual([]);
    }
  });

  // 外税 passes with any rounding; 内税 only rounded half up always does (checkJpPint below).
  it.each([
    ["external", "truncate"],
    ["external", "ceiling"],
    ["external", "round"],
    ["internal", "round"],
  ] as const)("(%s tax, %s) has one subtotal per category with the document's own tax, and totals that add up", (taxType, taxRounding) => {
    const content = contentOf(MIXED_LINES, { taxType, taxRounding, itemRoundingScale: 2, withholding: "withSpecialIncome" });
    const source = sourceOf(content);
    expect(checkJpPint(source)).toEqual([]);
    const root = parse(jpPintInvoice(source));
    const shown = figures(root);
    const rates = content.totals.byRate;
    expect(shown.subtotals).toEqual([
      { category: "S", percent: "10", taxable: rates[0]!.taxExcluded, tax: rates[0]!.tax },
      { category: "AA", percent: "8", taxable: rates[1]!.taxExcluded, tax: rates[1]!.tax },
      { category: "E", percent: "0", taxable: "840", tax: "0" },
      { category: "G", percent: "0", taxable: "30000", tax: "0" },
      { category: "O", percent: null, taxable: "13234", tax: "0" },
    ]);
    expect(shown.tax).toBe(content.totals.tax);
    expect(shown.taxExclusive).toBe(content.totals.taxExcluded);
    expect(shown.lineExtension).toBe(content.totals.taxExcluded);
    expect(shown.taxInclusive).toBe(content.totals.taxIncluded);
    expect(shown.payable).toBe(content.totals.amountDue);
    expect(text(root, "cac:LegalMonetaryTotal", "cbc:PrepaidAmount")).toBe(content.totals.withholding);

    // Each line: its net is quantity × price ÷ base, no price is negative, and the nets add up per category.
    const lines = children(root, "cac:InvoiceLine");
    const netsByCategory = new Map<string, string>();
    for (const line of lines) {
      const net = text(line, "cbc:LineExtensionAmount");
      const price = text(line, "cac:Price", "cbc:PriceAmount");
      expect(compare(price, "0")).toBeGreaterThanOrEqual(0);
      expect(compare(mul(text(line, "cbc:InvoicedQuantity"), price), mul(net, text(line, "cac:Price", "cbc:BaseQuantity")))).toBe(0);
      const category = text(line, "cac:Item", "cac:ClassifiedTaxCategory", "cbc:ID");
      netsByCategory.set(category, add(netsByCategory.get(category) ?? "0", net));
    }
    expect(Object.fromEntries(netsByCategory)).toEqual(Object.fromEntries(shown.subtotals.map((subtotal) => [subtotal.category, subtotal.taxable])));
    expect(sum(shown.subtotals.map((subtotal) => subtotal.taxable))).toBe(shown.taxExclusive);
  });

  it("carries the parties, the period, the due date and the account to pay", () => {
    const root = parse(jpPintInvoice(sourceOf(contentOf(EXAMPLE1_LINES), { period: { start: "2023-10-01", end: "2023-10-31" } })));
    expect(text(root, "cbc:CustomizationID")).toBe("urn:peppol:pint:billing-1@jp-1");
    expect(text(root, "cbc:ProfileID")).toBe("urn:peppol:bis:billing");
    expect(text(root, "cbc:InvoiceTypeCode")).toBe("380");
    expect(text(root, "cbc:DocumentCurrencyCode")).toBe("JPY");
    expect(text(root, "cbc:DueDate")).toBe("2023-11-20");
    expect([text(root, "cac:InvoicePeriod", "cbc:StartDate"), text(root, "cac:InvoicePeriod", "cbc:EndDate")]).toEqual(["2023-10-01", "2023-10-31"]);
    const seller = at(root, "cac:AccountingSupplierParty", "cac:Party");
    expect(at(seller, "cbc:EndpointID").getAttribute("schemeID")).toBe("0188");
    expect(text(seller, "cbc:EndpointID")).toBe("7000012050002");
    expect(text(seller, "cac:PartyTaxScheme", "cbc:CompanyID")).toBe("T7000012050002");
    const buyer = at(root, "cac:AccountingCustomerParty", "cac:Party");
    expect(at(buyer, "cbc:EndpointID").getAttribute("schemeID")).toBe("0221");
    expect(text(buyer, "cac:PartyLegalEntity", "cbc:RegistrationName")).toBe("株式会社 〇〇物産");
    expect(text(root, "cac:PaymentMeans", "cbc:PaymentMeansCode")).toBe("30");
    expect(text(root, "cac:PaymentMeans", "cac:PayeeFinancialAccount", "cbc:ID")).toBe("1234:567:1:3242394");
  });

  it("refers a correction to the revision it replaces, under a number of its own", () => {
    const content = contentOf(EXAMPLE1_LINES, {}, { reference: { type: "correction", number: "INV-0001", issueDate: "2023-10-20", revision: 3, changes: ["明細"], reason: null } });
    const root = parse(jpPintInvoice(sourceOf(content, { revision: 3 })));
    expect(text(root, "cbc:ID")).toBe("INV-0001-3");
    expect(text(root, "cac:BillingReference", "cac:InvoiceDocumentReference", "cbc:ID")).toBe("INV-0001-2");
    expect(text(root, "cac:BillingReference", "cac:InvoiceDocumentReference", "cbc:IssueDate")).toBe("2023-10-20");
    expect(jpPintFileName("INV/0001", 3)).toBe("INV_0001-3.xml");
  });
});

describe("a credit note (赤伝)", () => {
  it("states negative amounts with prices never negative, refers to the invoice it cancels, and needs no due date nor account", () => {
    const lines = EXAMPLE1_LINES.map((line) => ({ ...line, quantity: `-${line.quantity}` }));
    const content = contentOf(lines, {}, { dates: [], reference: { type: "creditNote", number: "INV-0001", issueDate: "2023-10-20", revision: 1, changes: [], reason: "返品" } });
    const source = sourceOf(content, { payee: null });
    expect(checkJpPint(source)).toEqual([]);
    const root = parse(jpPintInvoice(source));
    expect(figures(root)).toMatchObject({ tax: "-25250", taxExclusive: "-255990", payable: "-281240" });
    expect(text(root, "cac:BillingReference", "cac:InvoiceDocumentReference", "cbc:ID")).toBe("INV-0001");
    expect(child(root, "cac:PaymentMeans")).toBeUndefined();
    expect(children(root, "cac:InvoiceLine").map((line) => [text(line, "cbc:InvoicedQuantity"), text(line, "cac:Price", "cbc:PriceAmount")])).toEqual([
      ["-5", "50000"],
      ["-5", "500"],
      ["-10", "349"],
    ]);
  });
});

describe("checkJpPint", () => {
  it("names each thing missing and where to fix it", () => {
    const content = contentOf([{ description: " ", quantity: "1", unitPrice: "100", category: "standard" }], {}, { dates: [], issuer: { ...contentOf([]).issuer, registeredNo: null } });
    expect(checkJpPint(sourceOf(content, { seller: null, buyer: null, payee: { bankCode: null, branchCode: "567", accountTypeId: 1, accountNo: "1", accountName: "ｶ)ﾃｽﾄ" } }))).toEqual([
      "自社のPeppol IDが未設定です（自社情報の編集で設定）",
      "取引先のPeppol IDが未設定です（取引先の編集で設定）",
      "発行時の請求書に自社の登録番号がありません（自社情報で登録番号を設定し、請求書を修正）",
      "明細1行目の品目名が空です（請求書を修正して入力）",
      "お支払期限が未設定です（請求書を修正して設定）",
      "振込先口座の金融機関コード・支店コードが未設定です（自社情報の振込先口座で設定）",
    ]);
    expect(checkJpPint(sourceOf(contentOf(EXAMPLE1_LINES), { hasCustomer: false, buyer: null, payee: null }))).toEqual([
      "請求書の取引先が取引先一覧にありません（請求書を修正して取引先一覧から選択）",
      "請求書に振込先口座がありません（自社情報で口座を登録し、請求書を修正して選択）",
    ]);
  });

  it.each([
    // ¥12 tax included at 10 %, rounded up: tax ¥2 on ¥10 tax-exclusive, where ¥1 is the only tax ¥10 allows.
    ["ceiling", "12", "2", "10", "1"],
    // ¥98,999 tax included, truncated: tax ¥8,999 on ¥90,000, where only ¥9,000 is allowed.
    ["truncate", "98999", "8,999", "90,000", "9,000"],
  ])("refuses tax the JP PINT arithmetic does not allow: 内税 rounded with %s", (taxRounding, price, tax, taxable, allowed) => {
    const content = contentOf([{ description: "部品", quantity: "1", unitPrice: price, category: "standard" }], { taxType: "internal", taxRounding: taxRounding as "ceiling" });
    expect(checkJpPint(sourceOf(content))).toEqual([
      `10%対象の消費税額（${tax}円）が、税抜金額（${taxable}円）×10%の端数処理で得られる額（${allowed}円〜${allowed}円）ではありません（内税を切り捨て・切り上げで端数処理すると起こります。自社情報の消費税の端数処理を四捨五入にして、請求書を修正）`,
    ]);
  });

  it("refuses totals that do not add up to the yen", () => {
    const content = contentOf(EXAMPLE1_LINES);
    expect(checkJpPint(sourceOf({ ...content, totals: { ...content.totals, taxIncluded: "281241" } }))).toEqual(["請求書の合計金額が税率ごとの金額と一致しません（請求書を修正して保存し直す）"]);
  });
});
