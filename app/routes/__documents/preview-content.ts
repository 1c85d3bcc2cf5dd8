import { taxCategoryOf, TAX_CATEGORIES, type TaxCategoryId } from "@domain/codes";
import { canonicalDecimal, parseDecimalInput } from "@domain/decimal";
import { hasField, kindDateField, type DocumentKind } from "@domain/document-kinds";
import { contentFrom, type BankAccountFacts, type IssuerFacts, type RecipientFacts } from "@domain/snapshot-content";
import type { SnapshotContent, SnapshotImage } from "@domain/snapshot";
import type { FormTotals } from "./document-form-live";
import type { DocumentFormValues } from "./document-form-values";

/** What the preview adds to the form's values: the company, its images and accounts as they print now, and the number. */
export type PreviewFacts = {
  /** The saved document's number; null before it is first saved (numbers are taken then). */
  number: string | null;
  issuer: IssuerFacts | null;
  /** The company's current logo and, when the settings print it, its stamp (not yet frozen: nothing is issued). */
  images: { logo: SnapshotImage | null; stamp: SnapshotImage | null };
  bankAccounts: BankAccountFacts[];
  settingAccountIds: number[];
};

/** A customer of the form's choices, with what the recipient block prints of it. */
export type PreviewCustomer = { id: number; department: string | null; person_in_charge: string | null; postal_code: string | null; address1: string | null; address2: string | null };

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value).trim());
const orNull = (value: unknown) => text(value) || null;
const decimalText = (value: unknown, empty: string) => {
  const parsed = parseDecimalInput(text(value) || empty);
  return parsed === null ? null : canonicalDecimal(parsed);
};

/**
 * The document as it will print, from what the form holds: the same content the API freezes when it is issued
 * (contentFrom), so the preview and the PDF agree. Null while a line's numbers cannot be read (the totals say so).
 */
export function previewContentOf(
  kind: DocumentKind,
  values: Partial<DocumentFormValues>,
  totals: FormTotals | null,
  facts: PreviewFacts,
  customers: PreviewCustomer[],
  unnumbered: string,
): SnapshotContent | null {
  if (!totals) return null;
  // The form's extras (its rows per rate, the stamp duty notice) are not part of what prints.
  const { rows: _rows, stampDuty: _stampDuty, ...printedTotals } = totals;
  const lines = (values.lines ?? []).map((line, index) => {
    const category: TaxCategoryId = TAX_CATEGORIES.find((entry) => entry.id === line?.tax_category)?.id ?? "standard";
    return {
      description: text(line?.description),
      quantity: decimalText(line?.quantity, "1") ?? "0",
      unit: orNull(line?.unit),
      unitPrice: decimalText(line?.unit_price, "0") ?? "0",
      taxCategory: category,
      taxRate: taxCategoryOf(category).rate,
      amount: totals.lineAmounts[index] ?? "0",
    };
  });
  const customer = customers.find((entry) => String(entry.id) === text(values.customer_id));
  const recipient: RecipientFacts | null = customer
    ? { department: customer.department, personInCharge: customer.person_in_charge, postalCode: customer.postal_code, address1: customer.address1, address2: customer.address2 }
    : null;
  const dateField = kindDateField(kind);
  const bankAccountId = Number(text(values.bank_account_id));
  return contentFrom({
    kind,
    number: facts.number ?? unnumbered,
    issueDate: text(values.issue_date),
    kindDate: dateField ? orNull(values[dateField]) : null,
    subject: orNull(values.subject),
    notes: orNull(values.notes),
    proviso: hasField(kind, "proviso") ? orNull(values.proviso) : null,
    paymentMethod: hasField(kind, "payment_method") ? orNull(values.payment_method) : null,
    receivedAmount: hasField(kind, "received_amount") && text(values.received_amount) ? decimalText(values.received_amount, "0") : null,
    customerName: text(values.customer_name),
    customerHonorific: text(values.customer_honorific),
    customer: recipient,
    personInCharge: orNull(values.person_in_charge),
    issuer: facts.issuer,
    images: { ...facts.images, unreadable: [] },
    lines,
    taxTypeId: Number(text(values.tax_type_id)) || 1,
    withholding: hasField(kind, "withholding") && values.withholding === "on",
    totals: printedTotals,
    bankAccounts: facts.bankAccounts,
    settingAccountIds: facts.settingAccountIds,
    bankAccountId: Number.isInteger(bankAccountId) && bankAccountId > 0 ? bankAccountId : null,
    reference: null,
  });
}
