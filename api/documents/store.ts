import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { COMPANY_DEFAULTS, taxCategoryOf } from "../../domain/codes";
import { hasField, type DocumentKind } from "../../domain/document-kinds";
import { documentSettingDefaults, formatDocumentNumber, numberingPeriod } from "../../domain/document-settings";
import type { DocumentInput } from "../../domain/document-input";
import { copyModeOf } from "../../domain/documents";
import { factsOfRecord, refusalOf } from "../../domain/lifecycle";
import { searchKey } from "../../domain/normalize";
import { computeTotals, totalsLineOf, totalsRulesOf, type Totals } from "../../domain/totals";
import type { Database } from "../db/client";
import { closingInvoiceSlips, companies, companyBankAccounts, customers, documentCounters, documentLines, documentSettings, documents, items } from "../db/schema";
import { validationFailed } from "../errors";
import { inScope, type DocumentScope } from "./scope";

/** A transaction or the database: what the writes below run on. */
export type Writer = Pick<Database, "select" | "insert" | "update" | "delete" | "execute">;

type RoundingRules = Pick<typeof documents.$inferInsert, "itemRoundingId" | "itemRoundingScale" | "subtotalRoundingId" | "taxRoundingId" | "taxWithholdingId">;

/** The company's rounding rules now, to be frozen into a new document. */
export async function companyRulesOf(db: Writer, tenant: string): Promise<RoundingRules> {
  const [company] = await db
    .select({
      itemRoundingId: companies.itemRoundingId,
      itemRoundingScale: companies.itemRoundingScale,
      subtotalRoundingId: companies.subtotalRoundingId,
      taxRoundingId: companies.taxRoundingId,
      taxWithholdingId: companies.taxWithholdingId,
    })
    .from(companies)
    .where(eq(companies.companyUniqueCode, tenant))
    .limit(1);
  const { taxId: _taxType, bankAccountTypeId: _accountType, ...rounding } = COMPANY_DEFAULTS;
  return company ?? rounding;
}

export function totalsOf(input: Pick<DocumentInput, "lines" | "tax_type_id" | "withholding">, rules: RoundingRules): Totals {
  return computeTotals(input.lines.map(totalsLineOf), totalsRulesOf(rules, input.withholding, input.tax_type_id));
}

/** Columns for the document row from its input and totals; fields of other kinds stay empty. */
export function documentColumnsOf(kind: DocumentKind, input: DocumentInput, totals: Totals, customerId: number | null) {
  return {
    issueDate: input.issue_date,
    customerId,
    customerName: input.customer_name,
    customerHonorific: input.customer_honorific,
    customerSearchKey: searchKey(input.customer_name),
    subject: input.subject,
    personInCharge: input.person_in_charge,
    notes: input.notes,
    taxTypeId: input.tax_type_id,
    withholding: input.withholding,
    validUntil: hasField(kind, "valid_until") ? input.valid_until : null,
    deliveryDate: hasField(kind, "delivery_date") ? input.delivery_date : null,
    dueDate: hasField(kind, "due_date") ? input.due_date : null,
    bankAccountId: hasField(kind, "bank_account_id") ? input.bank_account_id : null,
    receivedAmount: hasField(kind, "received_amount") ? (input.received_amount ?? totals.amountDue) : null,
    proviso: hasField(kind, "proviso") ? input.proviso : null,
    paymentMethod: hasField(kind, "payment_method") ? input.payment_method : null,
    taxExcluded: totals.taxExcluded,
    tax: totals.tax,
    taxIncluded: totals.taxIncluded,
    withholdingAmount: totals.withholding,
    amountDue: totals.amountDue,
  };
}

export async function writeLines(db: Writer, documentId: number, input: DocumentInput, totals: Totals) {
  await db.delete(documentLines).where(eq(documentLines.documentId, documentId));
  await db.insert(documentLines).values(
    input.lines.map((line, position) => ({
      documentId,
      position,
      itemId: line.item_id,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: line.unit_price,
      taxCategory: line.tax_category,
      taxRate: taxCategoryOf(line.tax_category).rate,
      amount: totals.lineAmounts[position]!,
    })),
  );
}

/**
 * References in the input must be the company's own: customer, items, bank
 * account. Each foreign one is a field error, as if it did not exist.
 */
export async function checkReferences(db: Writer, tenant: string, input: DocumentInput) {
  const fields: Record<string, string[]> = {};
  if (input.customer_id !== null) {
    const [own] = await db.select({ id: customers.id }).from(customers).where(and(eq(customers.id, input.customer_id), eq(customers.companyUniqueCode, tenant)));
    if (!own) fields.customer_id = ["取引先が見つかりません"];
  }
  const itemIds = [...new Set(input.lines.flatMap((line) => (line.item_id === null ? [] : [line.item_id])))];
  if (itemIds.length > 0) {
    const own = new Set((await db.select({ id: items.id }).from(items).where(and(eq(items.companyUniqueCode, tenant), inArray(items.id, itemIds)))).map((row) => row.id));
    input.lines.forEach((line, index) => {
      if (line.item_id !== null && !own.has(line.item_id)) fields[`lines[${index}][item_id]`] = ["品目が見つかりません"];
    });
  }
  if (input.bank_account_id !== null) {
    const [own] = await db
      .select({ id: companyBankAccounts.id })
      .from(companyBankAccounts)
      .where(and(eq(companyBankAccounts.id, input.bank_account_id), eq(companyBankAccounts.companyUniqueCode, tenant)));
    if (!own) fields.bank_account_id = ["自社の口座から選んでください"];
  }
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
}

/** A customer typed once and asked to be kept: registered in the master inside the same transaction. */
export async function savedCustomerId(db: Writer, tenant: string, input: DocumentInput): Promise<number | null> {
  if (input.customer_id !== null || !input.save_customer) return input.customer_id;
  const [row] = await db
    .insert(customers)
    .values({ companyUniqueCode: tenant, name: input.customer_name, honorific: input.customer_honorific, searchKey: searchKey(input.customer_name) })
    .returning({ id: customers.id });
  return row!.id;
}

/** The date a kind carries of its own (有効期限, 納品日, 支払期限); receipts have none. */
export function kindDateOf(row: Pick<typeof documents.$inferSelect, "kind" | "validUntil" | "deliveryDate" | "dueDate">): string | null {
  return { estimate: row.validUntil, delivery_slip: row.deliveryDate, invoice: row.dueDate, receipt: null }[row.kind];
}

type SettingRow = typeof documentSettings.$inferSelect;

/** A kind's settings as the API answers them: the saved row's, or the defaults until one is saved. */
export function documentSettingOf(kind: DocumentKind, row: SettingRow | undefined) {
  if (!row) return documentSettingDefaults(kind);
  return {
    number_prefix: row.numberPrefix,
    number_date_part: row.numberDatePart,
    number_digits: row.numberDigits,
    number_reset: row.numberReset,
    default_subject: row.defaultSubject,
    default_notes: row.defaultNotes,
    default_remarks: row.defaultRemarks,
    default_honorific: row.defaultHonorific,
    print_stamp: row.printStamp,
    bank_account_ids: row.bankAccountIds,
    due_date_rule: row.dueDateRule,
    due_days: row.dueDays,
    closing_line_mode: row.closingLineMode,
    mail_subject: row.mailSubject,
    mail_body: row.mailBody,
  };
}

/**
 * The next number of a kind, taken inside the create transaction: the counter
 * row for the period is incremented and locked until commit, so concurrent
 * creators queue on it and a rolled-back create gives its number back.
 */
export async function allocateNumber(db: Writer, tenant: string, kind: DocumentKind, issueDate: string): Promise<string> {
  const [saved] = await db
    .select()
    .from(documentSettings)
    .where(and(eq(documentSettings.companyUniqueCode, tenant), eq(documentSettings.kind, kind)))
    .limit(1);
  const format = documentSettingOf(kind, saved);
  const period = numberingPeriod(format.number_reset, issueDate);
  const [counter] = await db
    .insert(documentCounters)
    .values({ companyUniqueCode: tenant, kind, period, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentCounters.companyUniqueCode, documentCounters.kind, documentCounters.period],
      set: { lastNumber: sql`${documentCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentCounters.lastNumber });
  return formatDocumentNumber(format, issueDate, counter!.lastNumber);
}

/** A conversion or duplicate must start from a document in the caller's scope, along an allowed path. */
export async function sourceOf(db: Writer, scope: DocumentScope, kind: DocumentKind, sourceId: number | null, origin: string | null) {
  if (sourceId === null) return { sourceDocumentId: null, copyMode: "new" as const };
  const [source] = await db
    .select({ id: documents.id, kind: documents.kind, status: documents.status, issuedAt: documents.issuedAt, voidedAt: documents.voidedAt, creditNoteOf: documents.creditNoteOf })
    .from(documents)
    .where(and(eq(documents.id, sourceId), inScope(scope)));
  if (!source) throw validationFailed({ source_document_id: ["元の書類が見つかりません"] });
  const sourceKind = source.kind;
  const duplicate = origin === "duplicate" && sourceKind === kind;
  // A voided document may be copied to start again, but nothing is made from it (domain/lifecycle.ts;
  // whether it was sent or converted before has no bearing on making more).
  const refusal = duplicate
    ? null
    : refusalOf(factsOfRecord(source), { into: kind });
  if (refusal) throw validationFailed({ source_document_id: [refusal.replace(/。$/, "")] });
  if (!duplicate && sourceKind === "delivery_slip" && kind === "invoice") {
    // A slip a closing invoice bills (decision 030) is not billed a second time by converting it.
    const [billed] = await db
      .select({ number: documents.number })
      .from(closingInvoiceSlips)
      .innerJoin(documents, eq(documents.id, closingInvoiceSlips.invoiceId))
      .where(and(eq(closingInvoiceSlips.slipId, source.id), isNull(documents.voidedAt)))
      .limit(1);
    if (billed) throw validationFailed({ source_document_id: [`この納品書は締め請求の請求書 ${billed.number} で請求しています`] });
  }
  return { sourceDocumentId: source.id, copyMode: copyModeOf(sourceKind) };
}
