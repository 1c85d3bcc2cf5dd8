import { BANK_ACCOUNT_TYPES, taxCategoryOfRate, type TaxCategoryId } from "./codes";
import { formatYen as yen } from "./decimal-display";
import { add, compare, divideRounded, isNegative, mul, roundTo, sub, sum } from "./exact";
import { KIND_DATE_LABELS, type SnapshotContent } from "./snapshot";
import type { PeppolId } from "./peppol-id";
import { el, writeXml, type XmlElement } from "./xml-writer";

/*
 * An issued invoice as a Peppol JP PINT billing invoice (UBL 2.1), and the
 * checks it must pass first. The mapping, with its IBT numbers and what is
 * left out, is decision 043. Built from the issued revision's snapshot, so the
 * XML states what the customer's copy states, to the yen.
 */

export const JP_PINT_CUSTOMIZATION_ID = "urn:peppol:pint:billing-1@jp-1";
export const JP_PINT_PROFILE_ID = "urn:peppol:bis:billing";

/** The account to pay, as the company's master holds it (the snapshot keeps names, not codes). */
export type JpPintPayee = { bankCode: string | null; branchCode: string | null; accountTypeId: number; accountNo: string; accountName: string };

export type JpPintSource = {
  /** The issued revision's snapshot. */
  content: SnapshotContent;
  revision: number;
  seller: PeppolId | null;
  /** Null also when the invoice names no customer of the master. */
  buyer: PeppolId | null;
  hasCustomer: boolean;
  /** IBG-14: the closing period of a 締め invoice, else the issue date as start and end. */
  period: { start: string; end: string };
  payee: JpPintPayee | null;
};

type PintCategory = "S" | "AA" | "E" | "G" | "O";

/** Aligned-TaxCategoryCodes: the reduced rate is AA (lower rate); 立替金 is outside the scope of the tax like 不課税 (decision 043). */
const PINT_CATEGORIES: Record<TaxCategoryId, PintCategory> = {
  standard: "S",
  reduced: "AA",
  non_taxable: "E",
  export_exempt: "G",
  not_subject: "O",
  reimbursement: "O",
};
const CATEGORY_ORDER: readonly PintCategory[] = ["S", "AA", "E", "G", "O"];
const CATEGORY_RATES: Record<PintCategory, string | null> = { S: "10", AA: "8", E: "0", G: "0", O: null };
const CATEGORY_LABELS: Record<PintCategory, string> = { S: "10%対象", AA: "8%対象（軽減税率）", E: "非課税", G: "免税", O: "不課税・立替金" };

type Subtotal = { category: PintCategory; taxable: string; tax: string };

const lineCategory = (line: SnapshotContent["lines"][number]) => PINT_CATEGORIES[line.taxCategory ?? taxCategoryOfRate(line.taxRate)];

/** One subtotal per category (IBG-23) from the document's own totals: taxable amounts tax-exclusive, tax as the document rounded it. */
function subtotalsOf(content: SnapshotContent): Subtotal[] {
  const byCategory = new Map<PintCategory, Subtotal>();
  const put = (category: PintCategory, taxable: string, tax: string) => {
    const earlier = byCategory.get(category);
    byCategory.set(category, earlier ? { category, taxable: add(earlier.taxable, taxable), tax: add(earlier.tax, tax) } : { category, taxable, tax });
  };
  // A snapshot from before tax categories has one 0 % row for its lines without tax, read as 非課税 as its lines are.
  for (const rate of content.totals.byRate) put(rate.rate === 10 ? "S" : rate.rate === 8 ? "AA" : "E", rate.taxExcluded, rate.tax);
  for (const untaxed of content.totals.untaxed ?? []) put(PINT_CATEGORIES[untaxed.category], untaxed.amount, "0");
  return CATEGORY_ORDER.flatMap((category) => byCategory.get(category) ?? []);
}

const isWholeYen = (amount: string) => /^-?\d+$/.test(amount);
const negate = (value: string) => sub("0", value);
const magnitude = (value: string) => (isNegative(value) ? negate(value) : value);

/**
 * The lines' net amounts (IBT-131), tax-exclusive and in whole yen, adding up to
 * each category's taxable amount. Lines are as written when they already do
 * (外税 in whole yen); otherwise (内税, or decimals the document rounded per
 * category) the category's amount is shared in proportion and the largest line
 * takes what rounding leaves.
 */
function lineNets(content: SnapshotContent, subtotals: readonly Subtotal[]): string[] {
  const nets = content.lines.map((line) => line.amount);
  for (const subtotal of subtotals) {
    const indexes = content.lines.flatMap((line, index) => (lineCategory(line) === subtotal.category ? [index] : []));
    const amounts = indexes.map((index) => content.lines[index]!.amount);
    const written = sum(amounts);
    if (amounts.every(isWholeYen) && compare(written, subtotal.taxable) === 0) continue;
    for (const index of indexes) {
      const amount = content.lines[index]!.amount;
      nets[index] = compare(written, "0") === 0 ? roundTo(amount, 0, "round") : divideRounded(mul(amount, subtotal.taxable), written, 0, "round");
    }
    const largest = indexes.reduce((best, index) => (compare(magnitude(content.lines[index]!.amount), magnitude(content.lines[best]!.amount)) > 0 ? index : best), indexes[0]!);
    nets[largest] = add(nets[largest]!, sub(subtotal.taxable, sum(indexes.map((index) => nets[index]!))));
  }
  return nets;
}

/**
 * Quantity, price and base quantity so that quantity × price ÷ base = net with
 * a price never negative (a discount line is a negative quantity). A line whose
 * net is not quantity × unit price (shared out above) states its net as the
 * price of its whole quantity.
 */
function priced(line: SnapshotContent["lines"][number], net: string): { quantity: string; price: string; base: string } {
  if (compare(mul(line.quantity, line.unitPrice), net) === 0) {
    return isNegative(line.unitPrice) ? { quantity: negate(line.quantity), price: negate(line.unitPrice), base: "1" } : { quantity: line.quantity, price: line.unitPrice, base: "1" };
  }
  const base = compare(line.quantity, "0") === 0 ? "1" : magnitude(line.quantity);
  return { quantity: isNegative(net) ? negate(base) : base, price: magnitude(net), base };
}

/** Only an amount to be paid needs a due date and an account to pay into: a credit note (赤伝) is owed nothing. */
const isOwed = (content: SnapshotContent) => compare(content.totals.amountDue, "0") > 0;

const dueDateOf = (content: SnapshotContent) => content.dates.find((date) => date.label === KIND_DATE_LABELS.invoice)?.value ?? null;

/** IBT-001: a corrected revision gets a number of its own, since a receiver keeps the first one it took under the document's number (decision 043). */
export const jpPintInvoiceNumber = (number: string, revision: number) => (revision > 1 ? `${number}-${revision}` : number);

/** The file name the export is offered under: its invoice number, made safe for every file system. */
export const jpPintFileName = (number: string, revision: number) => `${jpPintInvoiceNumber(number, revision).replace(/[\\/:*?"<>|\s]/g, "_")}.xml`;

export type JpPintCheck = { problems: string[] };


/**
 * What keeps the invoice from leaving as JP PINT: each thing missing or wrong, in
 * Japanese, with where to fix it. Checks the content the rules make mandatory,
 * the code lists and the tax arithmetic (tax per category between the floor and
 * the ceiling of its taxable amount × rate, totals adding up to the yen).
 */
export function checkJpPint(source: JpPintSource): string[] {
  const { content } = source;
  const problems: string[] = [];
  if (!source.seller) problems.push("自社のPeppol IDが未設定です（自社情報の編集で設定）");
  if (!source.hasCustomer) problems.push("請求書の取引先が取引先一覧にありません（請求書を修正して取引先一覧から選択）");
  else if (!source.buyer) problems.push("取引先のPeppol IDが未設定です（取引先の編集で設定）");
  if (!content.issuer.name.trim()) problems.push("発行者の名称がありません（自社情報の会社名を設定し、請求書を修正）");
  if (!content.issuer.registeredNo || !/^T\d{13}$/.test(content.issuer.registeredNo)) problems.push("発行時の請求書に自社の登録番号がありません（自社情報で登録番号を設定し、請求書を修正）");
  if (!content.recipient.name.trim()) problems.push("取引先名がありません（請求書を修正して入力）");
  if (content.lines.length === 0) problems.push("明細がありません（請求書を修正して入力）");
  content.lines.forEach((line, index) => {
    if (!line.description.trim()) problems.push(`明細${index + 1}行目の品目名が空です（請求書を修正して入力）`);
  });
  if (isOwed(content)) {
    if (!dueDateOf(content)) problems.push("お支払期限が未設定です（請求書を修正して設定）");
    if (!source.payee) problems.push("請求書に振込先口座がありません（自社情報で口座を登録し、請求書を修正して選択）");
    else if (!source.payee.bankCode || !source.payee.branchCode) problems.push("振込先口座の金融機関コード・支店コードが未設定です（自社情報の振込先口座で設定）");
  }
  problems.push(...arithmeticProblems(content));
  return problems;
}

function arithmeticProblems(content: SnapshotContent): string[] {
  const problems: string[] = [];
  const subtotals = subtotalsOf(content);
  for (const subtotal of subtotals) {
    const rate = CATEGORY_RATES[subtotal.category];
    if (!isWholeYen(subtotal.taxable) || !isWholeYen(subtotal.tax)) {
      problems.push(`${CATEGORY_LABELS[subtotal.category]}の金額に1円未満の端数があります（請求書を修正して保存し直す）`);
      continue;
    }
    if (rate === null || rate === "0") continue;
    const exact = mul(subtotal.taxable, rate);
    const low = divideRounded(exact, "100", 0, "floor");
    const high = divideRounded(exact, "100", 0, "ceiling");
    if (compare(subtotal.tax, low) < 0 || compare(subtotal.tax, high) > 0) {
      problems.push(
        `${CATEGORY_LABELS[subtotal.category]}の消費税額（${yen(subtotal.tax)}）が、税抜金額（${yen(subtotal.taxable)}）×${rate}%の端数処理で得られる額（${yen(low)}〜${yen(high)}）ではありません` +
          "（内税を切り捨て・切り上げで端数処理すると起こります。自社情報の消費税の端数処理を四捨五入にして、請求書を修正）",
      );
    }
  }
  const totals = content.totals;
  const taxable = sum(subtotals.map((subtotal) => subtotal.taxable));
  const tax = sum(subtotals.map((subtotal) => subtotal.tax));
  const adds =
    compare(taxable, totals.taxExcluded) === 0 &&
    compare(tax, totals.tax) === 0 &&
    compare(add(taxable, tax), totals.taxIncluded) === 0 &&
    compare(sub(totals.taxIncluded, totals.withholding), totals.amountDue) === 0;
  if (!adds) problems.push("請求書の合計金額が税率ごとの金額と一致しません（請求書を修正して保存し直す）");
  return problems;
}

const amount = (name: string, value: string) => el(name, { currencyID: "JPY" }, value);

function taxCategory(name: string, category: PintCategory): XmlElement {
  const rate = CATEGORY_RATES[category];
  return el(name, {}, [el("cbc:ID", {}, category), rate !== null && el("cbc:Percent", {}, rate), el("cac:TaxScheme", {}, [el("cbc:ID", {}, "VAT")])]);
}

function postalAddress(party: { postalCode: string | null; address: string[] }): XmlElement {
  return el("cac:PostalAddress", {}, [
    party.address[0] ? el("cbc:StreetName", {}, party.address[0]) : null,
    party.address[1] ? el("cbc:AdditionalStreetName", {}, party.address[1]) : null,
    party.postalCode ? el("cbc:PostalZone", {}, party.postalCode.replace(/\D/g, "")) : null,
    el("cac:Country", {}, [el("cbc:IdentificationCode", {}, "JP")]),
  ]);
}

const endpoint = (id: PeppolId) => el("cbc:EndpointID", { schemeID: id.scheme }, id.identifier);

/** The invoice note (IBT-022, one in PINT): subject, notes and the withholding the payable amount leaves out. */
function noteOf(content: SnapshotContent): string | null {
  const withheld = compare(content.totals.withholding, "0") !== 0 ? `源泉徴収税額 ${yen(content.totals.withholding)}（お支払金額から差し引いています）` : null;
  const parts = [content.subject ? `件名：${content.subject}` : null, content.notes, withheld].filter((part): part is string => Boolean(part && part.trim()));
  return parts.length > 0 ? parts.join("\n") : null;
}

function precedingReference(source: JpPintSource): XmlElement | null {
  const reference = source.content.reference;
  if (!reference) return null;
  // A correction refers to the revision it replaces; a credit note (赤伝) to the invoice it cancels.
  const preceding = reference.type === "correction" ? jpPintInvoiceNumber(reference.number, source.revision - 1) : reference.number;
  return el("cac:BillingReference", {}, [el("cac:InvoiceDocumentReference", {}, [el("cbc:ID", {}, preceding), el("cbc:IssueDate", {}, reference.issueDate)])]);
}

/** IBT-084 as the examples write a Japanese account: bank code, branch code, account type and number. */
function paymentMeans(payee: JpPintPayee): XmlElement {
  const type = BANK_ACCOUNT_TYPES.some((entry) => entry.id === payee.accountTypeId) ? String(payee.accountTypeId) : "1";
  return el("cac:PaymentMeans", {}, [
    el("cbc:PaymentMeansCode", { name: "Credit transfer" }, "30"),
    el("cac:PayeeFinancialAccount", {}, [el("cbc:ID", {}, `${payee.bankCode ?? ""}:${payee.branchCode ?? ""}:${type}:${payee.accountNo}`), el("cbc:Name", {}, payee.accountName)]),
  ]);
}

/** The JP PINT invoice. Callers check it first (checkJpPint): an invoice with problems is never handed out. */
export function jpPintInvoice(source: JpPintSource): string {
  const { content } = source;
  const subtotals = subtotalsOf(content);
  const nets = lineNets(content, subtotals);
  const note = noteOf(content);
  const dueDate = dueDateOf(content);
  const issuer = content.issuer;
  const contact = [
    issuer.personInCharge ? el("cbc:Name", {}, issuer.personInCharge) : null,
    issuer.tel ? el("cbc:Telephone", {}, issuer.tel) : null,
    issuer.email ? el("cbc:ElectronicMail", {}, issuer.email) : null,
  ];
  const root = el(
    "Invoice",
    {
      xmlns: "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2",
      "xmlns:cac": "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2",
      "xmlns:cbc": "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2",
    },
    [
      el("cbc:CustomizationID", {}, JP_PINT_CUSTOMIZATION_ID),
      el("cbc:ProfileID", {}, JP_PINT_PROFILE_ID),
      el("cbc:ID", {}, jpPintInvoiceNumber(content.number, source.revision)),
      el("cbc:IssueDate", {}, content.issueDate),
      dueDate ? el("cbc:DueDate", {}, dueDate) : null,
      el("cbc:InvoiceTypeCode", {}, "380"),
      note ? el("cbc:Note", {}, note) : null,
      el("cbc:DocumentCurrencyCode", {}, "JPY"),
      el("cac:InvoicePeriod", {}, [el("cbc:StartDate", {}, source.period.start), el("cbc:EndDate", {}, source.period.end)]),
      precedingReference(source),
      el("cac:AccountingSupplierParty", {}, [
        el("cac:Party", {}, [
          source.seller && endpoint(source.seller),
          postalAddress(issuer),
          el("cac:PartyTaxScheme", {}, [el("cbc:CompanyID", {}, issuer.registeredNo ?? ""), el("cac:TaxScheme", {}, [el("cbc:ID", {}, "VAT")])]),
          el("cac:PartyLegalEntity", {}, [el("cbc:RegistrationName", {}, issuer.name)]),
          contact.some(Boolean) && el("cac:Contact", {}, contact),
        ]),
      ]),
      el("cac:AccountingCustomerParty", {}, [
        el("cac:Party", {}, [
          source.buyer && endpoint(source.buyer),
          postalAddress(content.recipient),
          el("cac:PartyLegalEntity", {}, [el("cbc:RegistrationName", {}, content.recipient.name)]),
        ]),
      ]),
      source.payee && isOwed(content) ? paymentMeans(source.payee) : null,
      el("cac:TaxTotal", {}, [
        amount("cbc:TaxAmount", content.totals.tax),
        ...subtotals.map((subtotal) =>
          el("cac:TaxSubtotal", {}, [amount("cbc:TaxableAmount", subtotal.taxable), amount("cbc:TaxAmount", subtotal.tax), taxCategory("cac:TaxCategory", subtotal.category)]),
        ),
      ]),
      el("cac:LegalMonetaryTotal", {}, [
        amount("cbc:LineExtensionAmount", sum(nets)),
        amount("cbc:TaxExclusiveAmount", content.totals.taxExcluded),
        amount("cbc:TaxInclusiveAmount", content.totals.taxIncluded),
        // 源泉徴収 is no consumption tax and no allowance: the buyer pays it to the tax office, so it is stated as paid (decision 043).
        compare(content.totals.withholding, "0") !== 0 && amount("cbc:PrepaidAmount", content.totals.withholding),
        amount("cbc:PayableAmount", content.totals.amountDue),
      ]),
      ...content.lines.map((line, index) => {
        const category = lineCategory(line);
        const { quantity, price, base } = priced(line, nets[index]!);
        return el("cac:InvoiceLine", {}, [
          el("cbc:ID", {}, String(index + 1)),
          el("cbc:InvoicedQuantity", { unitCode: "H87" }, quantity),
          amount("cbc:LineExtensionAmount", nets[index]!),
          el("cac:Item", {}, [
            // The qualified-invoice rule: a reduced-rate item says so.
            category === "AA" && el("cbc:Description", {}, "軽減税率対象"),
            el("cbc:Name", {}, line.description),
            taxCategory("cac:ClassifiedTaxCategory", category),
            line.unit ? el("cac:AdditionalItemProperty", {}, [el("cbc:Name", {}, "表示単位名称"), el("cbc:Value", {}, line.unit)]) : null,
          ]),
          el("cac:Price", {}, [amount("cbc:PriceAmount", price), el("cbc:BaseQuantity", { unitCode: "H87" }, base)]),
        ]);
      }),
    ],
  );
  return writeXml(root);
}

/** The period of an ordinary invoice: its issue date as start and end (its delivery date is not kept apart). */
export const singleDayPeriod = (issueDate: string) => ({ start: issueDate, end: issueDate });
