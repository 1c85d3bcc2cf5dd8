import { JP_PINT_CUSTOMIZATION_ID } from "./jp-pint";
import { readXml, XmlReadError, type XmlLimits, type XmlNode, type XmlProblem } from "./xml-reader";

/*
 * A received JP PINT invoice read into what a received invoice keeps (issue 36 item 5): who issued it, its
 * number and dates, and its amounts per category and rate exactly as the XML states them — never recomputed,
 * so what is shown is what the supplier sent. Pure: the caller bounds the bytes and keeps the file unaltered.
 */

const UBL_INVOICE = "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2";
const CBC = "urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2";
const CAC = "urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2";

export type JpPintSubtotal = { category: string; rate: string | null; taxable: string; tax: string };

export type ReadJpPintInvoice = {
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  supplier: { name: string; registrationNumber: string | null; endpoint: { scheme: string; id: string } | null };
  buyer: { name: string; endpoint: { scheme: string; id: string } | null };
  period: { start: string | null; end: string | null } | null;
  precedingInvoice: { number: string; issueDate: string | null } | null;
  /** The tax breakdown in the invoice's currency (IBG-23). */
  subtotals: JpPintSubtotal[];
  totals: { tax: string; lineExtension: string; taxExclusive: string; taxInclusive: string; allowances: string | null; charges: string | null; prepaid: string | null; rounding: string | null; payable: string };
  lines: Array<{ id: string; name: string; quantity: string; net: string; category: string; rate: string | null }>;
};

const XML_MESSAGES: Record<XmlProblem, string> = {
  tooLarge: "XMLファイルが大きすぎるため読み取れません",
  doctype: "DTD（DOCTYPE宣言）を含むXMLは受け付けられません",
  tooDeep: "XMLの入れ子が深すぎるため読み取れません",
  tooManyElements: "XMLの要素が多すぎるため読み取れません",
  malformed: "XMLとして正しくない箇所があります",
};

export const NOT_JP_PINT = "JP PINTの請求書（urn:peppol:pint:billing-1@jp-1）ではありません";

class Missing extends Error {}

const childrenOf = (node: XmlNode, namespace: string, name: string) => node.children.filter((child) => child.namespace === namespace && child.name === name);
const childOf = (node: XmlNode | undefined, namespace: string, name: string) => (node ? childrenOf(node, namespace, name)[0] : undefined);
const cac = (node: XmlNode | undefined, ...names: string[]) => names.reduce<XmlNode | undefined>((current, name) => childOf(current, CAC, name), node);
const cbcText = (node: XmlNode | undefined, name: string) => {
  const found = childOf(node, CBC, name);
  return found ? found.text.trim() : null;
};

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The invoice's contents, or what keeps it from being read, in Japanese (with the line for XML that is not
 * well formed). What the JP PINT rules require of a sender is not judged here: a received invoice is kept as sent.
 */
export function readJpPint(xml: string, limits?: XmlLimits): { invoice: ReadJpPintInvoice; problem: null } | { invoice: null; problem: string } {
  let root: XmlNode;
  try {
    root = readXml(xml, limits);
  } catch (error) {
    if (!(error instanceof XmlReadError)) throw error;
    return { invoice: null, problem: error.problem === "malformed" ? `${XML_MESSAGES.malformed}（${error.line}行目付近）` : XML_MESSAGES[error.problem] };
  }
  if (root.namespace !== UBL_INVOICE || root.name !== "Invoice" || cbcText(root, "CustomizationID") !== JP_PINT_CUSTOMIZATION_ID) return { invoice: null, problem: NOT_JP_PINT };
  try {
    return { invoice: invoiceOf(root), problem: null };
  } catch (error) {
    if (!(error instanceof Missing)) throw error;
    return { invoice: null, problem: error.message };
  }
}

function required(value: string | null | undefined, what: string, pattern?: RegExp): string {
  if (!value) throw new Missing(`${what}がありません`);
  if (pattern && !pattern.test(value)) throw new Missing(`${what}の形式が正しくありません（${value.slice(0, 40)}）`);
  return value;
}

const optional = (value: string | null, what: string, pattern: RegExp) => (value === null || value === "" ? null : required(value, what, pattern));
const amount = (node: XmlNode | undefined, name: string, what: string) => required(cbcText(node, name), what, DECIMAL);

function endpointOf(party: XmlNode | undefined) {
  const endpoint = childOf(party, CBC, "EndpointID");
  return endpoint ? { scheme: endpoint.attributes.get("schemeID") ?? "", id: endpoint.text.trim() } : null;
}

/** The tax breakdown in the invoice's own currency: the TaxTotal with subtotals whose amount is in it (a second one may be in the tax accounting currency). */
function taxTotalOf(root: XmlNode, currency: string): XmlNode {
  const totals = childrenOf(root, CAC, "TaxTotal");
  const inCurrency = totals.find((total) => childOf(total, CBC, "TaxAmount")?.attributes.get("currencyID") === currency) ?? totals[0];
  if (!inCurrency) throw new Missing("税額合計（TaxTotal）がありません");
  return inCurrency;
}

function invoiceOf(root: XmlNode): ReadJpPintInvoice {
  const currency = required(cbcText(root, "DocumentCurrencyCode"), "通貨コード（IBT-005）", /^[A-Z]{3}$/);
  const supplier = cac(root, "AccountingSupplierParty", "Party");
  const buyer = cac(root, "AccountingCustomerParty", "Party");
  const taxTotal = taxTotalOf(root, currency);
  const monetary = cac(root, "LegalMonetaryTotal");
  if (!monetary) throw new Missing("合計金額（LegalMonetaryTotal）がありません");
  const period = cac(root, "InvoicePeriod");
  const preceding = cac(root, "BillingReference", "InvoiceDocumentReference");
  const registration = childrenOf(supplier ?? root, CAC, "PartyTaxScheme").find((scheme) => cbcText(cac(scheme, "TaxScheme"), "ID") === "VAT");
  const category = (node: XmlNode | undefined) => ({ category: required(cbcText(node, "ID"), "税区分コード（IBT-118）"), rate: optional(cbcText(node, "Percent"), "税率（IBT-119）", DECIMAL) });
  return {
    number: required(cbcText(root, "ID"), "請求書番号（IBT-001）"),
    issueDate: required(cbcText(root, "IssueDate"), "請求日（IBT-002）", DATE),
    dueDate: optional(cbcText(root, "DueDate"), "支払期日（IBT-009）", DATE),
    currency,
    supplier: {
      name: required(cbcText(cac(supplier, "PartyLegalEntity"), "RegistrationName"), "売り手の名称（IBT-027）"),
      registrationNumber: cbcText(registration, "CompanyID"),
      endpoint: endpointOf(supplier),
    },
    buyer: { name: required(cbcText(cac(buyer, "PartyLegalEntity"), "RegistrationName"), "買い手の名称（IBT-044）"), endpoint: endpointOf(buyer) },
    period: period ? { start: optional(cbcText(period, "StartDate"), "請求期間の開始日（IBT-073）", DATE), end: optional(cbcText(period, "EndDate"), "請求期間の終了日（IBT-074）", DATE) } : null,
    precedingInvoice: preceding ? { number: required(cbcText(preceding, "ID"), "先行請求書の番号（IBT-025）"), issueDate: optional(cbcText(preceding, "IssueDate"), "先行請求書の日付（IBT-026）", DATE) } : null,
    subtotals: childrenOf(taxTotal, CAC, "TaxSubtotal").map((subtotal) => ({
      ...category(cac(subtotal, "TaxCategory")),
      taxable: amount(subtotal, "TaxableAmount", "課税対象金額（IBT-116）"),
      tax: amount(subtotal, "TaxAmount", "税額（IBT-117）"),
    })),
    totals: {
      tax: amount(taxTotal, "TaxAmount", "税額合計（IBT-110）"),
      lineExtension: amount(monetary, "LineExtensionAmount", "明細金額の合計（IBT-106）"),
      taxExclusive: amount(monetary, "TaxExclusiveAmount", "税抜合計（IBT-109）"),
      taxInclusive: amount(monetary, "TaxInclusiveAmount", "税込合計（IBT-112）"),
      allowances: optional(cbcText(monetary, "AllowanceTotalAmount"), "値引の合計（IBT-107）", DECIMAL),
      charges: optional(cbcText(monetary, "ChargeTotalAmount"), "追加料金の合計（IBT-108）", DECIMAL),
      prepaid: optional(cbcText(monetary, "PrepaidAmount"), "支払済金額（IBT-113）", DECIMAL),
      rounding: optional(cbcText(monetary, "PayableRoundingAmount"), "端数調整額（IBT-114）", DECIMAL),
      payable: amount(monetary, "PayableAmount", "支払金額（IBT-115）"),
    },
    lines: childrenOf(root, CAC, "InvoiceLine").map((line) => ({
      id: required(cbcText(line, "ID"), "明細番号（IBT-126）"),
      name: required(cbcText(cac(line, "Item"), "Name"), "品名（IBT-153）"),
      quantity: amount(line, "InvoicedQuantity", "数量（IBT-129）"),
      net: amount(line, "LineExtensionAmount", "明細金額（IBT-131）"),
      ...category(cac(line, "Item", "ClassifiedTaxCategory")),
    })),
  };
}
