import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { closesOn, closingPeriod, mergedLines, type ClosingLineMode } from "../../domain/closing";
import { formatJapaneseDate } from "../../domain/datetime";
import { canonicalDecimal } from "../../domain/decimal";
import { documentInputSchema } from "../../domain/document-input";
import { INITIAL_STATUS } from "../../domain/documents";
import { proposeDueDate, type DueDateRule, type HolidayShift } from "../../domain/due-date";
import { japaneseHolidays } from "../../domain/holidays.server";
import type { Database } from "../db/client";
import { closingInvoiceSlips, companyBankAccounts, customers, documentLines, documentSettings, documents } from "../db/schema";
import { recordHistory } from "../documents/lifecycle";
import { inScope, type DocumentScope } from "../documents/scope";
import type { Actor } from "../documents/snapshots";
import { allocateNumber, companyRulesOf, documentColumnsOf, documentSettingOf, totalsOf, writeLines, type Writer } from "../documents/store";
import { ApiError, notFound, violatesUniqueIndex } from "../errors";
import { parseBody } from "../validation";

/*
 * 合算請求 (issue 19 item 1, decision 030): per customer, the issued delivery slips of a closing period that no
 * valid invoice bills yet become one draft invoice, its totals computed by the engine on the merged lines.
 */

export type ClosingRequest = { closingDate: string; customerIds: readonly number[] | null; lineMode: ClosingLineMode };

export type ClosingSlipRow = { id: number; number: string; date: string; taxIncluded: string };
export type ClosingCustomer = { customerId: number; customerName: string; closingDay: number | null; slips: ClosingSlipRow[] };
export type ClosingCreated = { invoiceId: number; number: string; customerId: number; customerName: string; slipCount: number; taxIncluded: string; dueDate: string | null };
export type ClosingSkipped = { customerId: number; customerName: string | null; message: string };

/** The date a slip is billed by: its delivery date, else its issue date. */
export const slipDate = sql<string>`coalesce(${documents.deliveryDate}, ${documents.issueDate})`;

/**
 * A slip that can be billed now: issued, not voided, of a customer in the master, and billed by no valid invoice,
 * neither through a closing invoice nor converted to one (請求書に変換).
 */
function billable(scope: DocumentScope, period: { from: string; to: string }): SQL {
  return and(
    eq(documents.kind, "delivery_slip"),
    inScope(scope),
    isNotNull(documents.issuedAt),
    isNull(documents.voidedAt),
    isNotNull(documents.customerId),
    sql`${slipDate} between ${period.from} and ${period.to}`,
    sql`not exists (select 1 from closing_invoice_slips link join documents billed on billed.id = link.invoice_id
      where link.slip_id = ${documents.id} and billed.voided_at is null)`,
    sql`not exists (select 1 from documents converted where converted.source_document_id = ${documents.id}
      and converted.kind = 'invoice' and converted.voided_at is null)`,
  )!;
}

/** Customers closing on the date: their closing day is the date's day (99: the month's end) or they have none. */
function closingCustomers(closingDate: string): SQL {
  const day = Number(closingDate.slice(8, 10));
  const days = closesOn(closingDate, 99) ? [day, 99] : [day];
  return or(isNull(customers.closingDay), inArray(customers.closingDay, days))!;
}

/** The period the date closes and, per customer closing on it, the slips of the period not billed yet. */
/** The invoice settings' layout of a closing invoice's lines (帳票設定), the default when nothing is asked. */
export async function settledLineMode(db: Writer, tenant: string): Promise<ClosingLineMode> {
  const [row] = await db
    .select()
    .from(documentSettings)
    .where(and(eq(documentSettings.companyUniqueCode, tenant), eq(documentSettings.kind, "invoice")))
    .limit(1);
  return documentSettingOf("invoice", row).closing_line_mode;
}

export async function closingCandidates(db: Writer, scope: DocumentScope, closingDate: string) {
  const period = closingPeriod(closingDate);
  const rows = await db
    .select({
      id: documents.id,
      number: documents.number,
      date: slipDate,
      taxIncluded: documents.taxIncluded,
      customerId: customers.id,
      customerName: customers.name,
      closingDay: customers.closingDay,
    })
    .from(documents)
    .innerJoin(customers, and(eq(customers.id, documents.customerId), eq(customers.companyUniqueCode, scope.tenant)))
    .where(and(billable(scope, period), closingCustomers(closingDate)))
    .orderBy(asc(customers.searchKey), asc(customers.id), asc(slipDate), asc(documents.number));
  const byCustomer = new Map<number, ClosingCustomer>();
  for (const row of rows) {
    const customer = byCustomer.get(row.customerId) ?? { customerId: row.customerId, customerName: row.customerName, closingDay: row.closingDay, slips: [] };
    customer.slips.push({ id: row.id, number: row.number, date: row.date, taxIncluded: canonicalDecimal(row.taxIncluded) });
    byCustomer.set(row.customerId, customer);
  }
  return { closingDate, ...period, lineMode: await settledLineMode(db, scope.tenant), customers: [...byCustomer.values()] };
}

/** What every invoice of one run shares: read once, before the per-customer transactions. */
async function runDefaults(db: Writer, tenant: string) {
  const [saved] = await db
    .select()
    .from(documentSettings)
    .where(and(eq(documentSettings.companyUniqueCode, tenant), eq(documentSettings.kind, "invoice")))
    .limit(1);
  const setting = documentSettingOf("invoice", saved);
  const [displayed] = await db
    .select({ id: companyBankAccounts.id })
    .from(companyBankAccounts)
    .where(and(eq(companyBankAccounts.companyUniqueCode, tenant), eq(companyBankAccounts.displayed, true)))
    .orderBy(asc(companyBankAccounts.id))
    .limit(1);
  return {
    setting,
    bankAccountId: setting.bank_account_ids[0] ?? displayed?.id ?? null,
    calendar: japaneseHolidays(),
  };
}

const ALREADY_BILLED = "この取引先の納品書は、すでに請求書にまとめられています（同時に操作した人がいる場合を含みます）。";
const NOTHING_TO_BILL = "この取引先には、この期間の未請求の納品書がありません（すでに請求書にまとめた納品書は対象外です）。";

/** Why a customer's slips cannot be one invoice as they are; null when they can. */
function mixedRefusal(slips: ReadonlyArray<{ taxTypeId: number; withholding: boolean }>): string | null {
  if (new Set(slips.map((slip) => slip.taxTypeId)).size > 1) return "外税と内税の納品書が混ざっているため、1通の請求書にまとめられません。納品書を確認してください。";
  if (new Set(slips.map((slip) => slip.withholding)).size > 1) return "源泉徴収のある納品書とない納品書が混ざっているため、1通の請求書にまとめられません。";
  return null;
}

type RunDefaults = Awaited<ReturnType<typeof runDefaults>>;

/**
 * One customer's invoice, inside its transaction. The chosen slips are locked first, then read again as billable:
 * a merge that committed meanwhile is seen and its slips left out; the slip's primary key in the link table
 * refuses a second link whatever happens.
 */
async function mergeCustomer(
  tx: Writer,
  scope: DocumentScope,
  request: ClosingRequest,
  period: { from: string; to: string },
  candidate: ClosingCustomer,
  defaults: RunDefaults,
  actor: Actor,
): Promise<ClosingCreated | ClosingSkipped> {
  const ids = candidate.slips.map((slip) => slip.id);
  await tx.select({ id: documents.id }).from(documents).where(inArray(documents.id, ids)).orderBy(asc(documents.id)).for("update");
  // A slip whose invoice was voided is billed again: its old link gives way.
  await tx
    .delete(closingInvoiceSlips)
    .where(and(inArray(closingInvoiceSlips.slipId, ids), sql`${closingInvoiceSlips.invoiceId} in (select id from documents where voided_at is not null)`));
  const slips = await tx
    .select({ id: documents.id, number: documents.number, date: slipDate, taxTypeId: documents.taxTypeId, withholding: documents.withholding })
    .from(documents)
    .where(and(inArray(documents.id, ids), billable(scope, period)))
    .orderBy(asc(slipDate), asc(documents.number));
  const skipped = (message: string): ClosingSkipped => ({ customerId: candidate.customerId, customerName: candidate.customerName, message });
  if (slips.length === 0) return skipped(ALREADY_BILLED);
  const refusal = mixedRefusal(slips);
  if (refusal) return skipped(refusal);
  const lines = await tx
    .select()
    .from(documentLines)
    .where(
      inArray(
        documentLines.documentId,
        slips.map((slip) => slip.id),
      ),
    )
    .orderBy(asc(documentLines.documentId), asc(documentLines.position));
  const [customer] = await tx.select().from(customers).where(eq(customers.id, candidate.customerId));
  const merged = mergedLines(
    slips.map((slip) => ({
      number: slip.number,
      date: slip.date,
      lines: lines
        .filter((line) => line.documentId === slip.id)
        .map((line) => ({ item_id: line.itemId, description: line.description, quantity: line.quantity, unit: line.unit, unit_price: line.unitPrice, tax_category: line.taxCategory })),
    })),
    request.lineMode,
  );
  const { setting, calendar } = defaults;
  const dueDate = proposeDueDate(
    request.closingDate,
    { rule: setting.due_date_rule as DueDateRule, dueDays: setting.due_days, calendar },
    { closing_day: customer!.closingDay, payment_month_offset: customer!.paymentMonthOffset, payment_day: customer!.paymentDay, holiday_shift: customer!.holidayShift as HolidayShift },
  );
  let input;
  try {
    // The form's own schema: what the user could not save by hand (over 100 lines) is not made here either.
    input = parseBody(documentInputSchema, {
      issue_date: request.closingDate,
      customer_id: customer!.id,
      customer_name: customer!.name,
      customer_honorific: customer!.honorific,
      subject: `${formatJapaneseDate(period.from)}〜${formatJapaneseDate(period.to)} 納品分`,
      notes: setting.default_notes,
      tax_type_id: slips[0]!.taxTypeId,
      withholding: slips[0]!.withholding,
      lines: merged,
      due_date: dueDate,
      bank_account_id: defaults.bankAccountId,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || !error.fields) throw error;
    return skipped(`請求書にできません: ${Object.values(error.fields).flat().join(" ")}`);
  }
  const rules = await companyRulesOf(tx, scope.tenant);
  const totals = totalsOf(input, rules);
  const number = await allocateNumber(tx, scope.tenant, "invoice", request.closingDate);
  const status = INITIAL_STATUS.invoice;
  const [row] = await tx
    .insert(documents)
    .values({ ...documentColumnsOf("invoice", input, totals, customer!.id), ...rules, companyUniqueCode: scope.tenant, kind: "invoice", number, status, createdBy: actor.code })
    .returning();
  await writeLines(tx, row!.id, input, totals);
  await recordHistory(tx, row!, { event: "created", from: null, to: status }, actor);
  await tx.insert(closingInvoiceSlips).values(slips.map((slip) => ({ slipId: slip.id, invoiceId: row!.id, companyUniqueCode: scope.tenant })));
  return {
    invoiceId: row!.id,
    number,
    customerId: customer!.id,
    customerName: customer!.name,
    slipCount: slips.length,
    taxIncluded: totals.taxIncluded,
    dueDate: input.due_date,
  };
}

/**
 * 合算請求 for a closing date: one draft invoice per customer (all closing on the date, or those chosen), each in
 * its own transaction so one customer's refusal keeps the others' invoices. Exported for the bench: 1,000 slips of
 * 100 customers are 100 invoices in one call.
 */
export async function mergeClosingInvoices(db: Database, scope: DocumentScope, request: ClosingRequest, actor: Actor) {
  const candidates = await closingCandidates(db, scope, request.closingDate);
  const period = { from: candidates.from, to: candidates.to };
  const chosen = request.customerIds === null ? candidates.customers : [...new Set(request.customerIds)].map((id) => candidates.customers.find((entry) => entry.customerId === id) ?? id);
  const defaults = await runDefaults(db, scope.tenant);
  const created: ClosingCreated[] = [];
  const skipped: ClosingSkipped[] = [];
  // A chosen customer with nothing to bill is named when it is the company's own; another company's stays unnamed.
  const missing = chosen.filter((candidate) => typeof candidate === "number");
  const ownNames = new Map(
    missing.length === 0
      ? []
      : (
          await db
            .select({ id: customers.id, name: customers.name })
            .from(customers)
            .where(and(eq(customers.companyUniqueCode, scope.tenant), inArray(customers.id, missing)))
        ).map((row) => [row.id, row.name]),
  );
  for (const candidate of chosen) {
    if (typeof candidate === "number") {
      skipped.push({ customerId: candidate, customerName: ownNames.get(candidate) ?? null, message: NOTHING_TO_BILL });
      continue;
    }
    try {
      const result = await db.transaction((tx) => mergeCustomer(tx, scope, request, period, candidate, defaults, actor));
      if ("invoiceId" in result) created.push(result);
      else skipped.push(result);
    } catch (error) {
      const message = violatesUniqueIndex(error, "closing_invoice_slips_pkey")
        ? ALREADY_BILLED
        : violatesUniqueIndex(error, "documents_company_kind_number_idx")
          ? "同じ番号の請求書がすでにあります。帳票設定の番号の形式を確認してください。"
          : null;
      if (message === null) throw error;
      skipped.push({ customerId: candidate.customerId, customerName: candidate.customerName, message });
    }
  }
  return { closingDate: request.closingDate, ...period, created, skipped };
}

/** Both ways of the link: an invoice's slips, or the invoice a slip was billed on (null when none). */
export async function closingLinksOf(db: Writer, scope: DocumentScope, id: number) {
  const [document] = await db
    .select({ id: documents.id, kind: documents.kind })
    .from(documents)
    .where(and(eq(documents.id, id), inScope(scope)));
  if (!document || (document.kind !== "invoice" && document.kind !== "delivery_slip")) throw notFound("書類が見つかりません。");
  if (document.kind === "invoice") {
    const slips = await db
      .select({ id: documents.id, number: documents.number, date: slipDate, taxIncluded: documents.taxIncluded })
      .from(closingInvoiceSlips)
      .innerJoin(documents, eq(documents.id, closingInvoiceSlips.slipId))
      .where(eq(closingInvoiceSlips.invoiceId, id))
      .orderBy(asc(slipDate), asc(documents.number));
    return { id, kind: document.kind, slips: slips.map((slip) => ({ ...slip, taxIncluded: canonicalDecimal(slip.taxIncluded) })) };
  }
  const [invoice] = await db
    .select({ id: documents.id, number: documents.number, status: documents.status, issuedAt: documents.issuedAt, voidedAt: documents.voidedAt })
    .from(closingInvoiceSlips)
    .innerJoin(documents, eq(documents.id, closingInvoiceSlips.invoiceId))
    .where(eq(closingInvoiceSlips.slipId, id));
  return { id, kind: document.kind, invoice: invoice ?? null };
}

/** The closing invoices dated on a closing date (drafts first made by a merge, and what became of them), with how many slips each bills. */
export async function closingInvoicesOn(db: Writer, scope: DocumentScope, closingDate: string) {
  const invoices = await db
    .select({
      id: documents.id,
      number: documents.number,
      customerName: documents.customerName,
      taxIncluded: documents.taxIncluded,
      dueDate: documents.dueDate,
      status: documents.status,
      issuedAt: documents.issuedAt,
      voidedAt: documents.voidedAt,
      slipCount: sql<number>`count(*)::int`,
    })
    .from(documents)
    .innerJoin(closingInvoiceSlips, eq(closingInvoiceSlips.invoiceId, documents.id))
    .where(and(eq(documents.kind, "invoice"), inScope(scope), eq(documents.issueDate, closingDate)))
    .groupBy(documents.id)
    .orderBy(asc(documents.customerSearchKey), asc(documents.id));
  return { closingDate, invoices: invoices.map((invoice) => ({ ...invoice, taxIncluded: canonicalDecimal(invoice.taxIncluded) })) };
}
