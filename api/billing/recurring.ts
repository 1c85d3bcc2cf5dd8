import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { ruleApplies } from "../../domain/approvals";
import { todayJst } from "../../domain/datetime";
import { canonicalDecimal } from "../../domain/decimal";
import { documentInputSchema } from "../../domain/document-input";
import { nextRunDate, type Recurrence, type RecurringScheduleInput } from "../../domain/recurrence";
import { liveScheduleRequest, presentRequest, withdrawScheduleApproval } from "../approvals/gate";
import { recurringApprovalOf, ruleFor } from "../approvals/rules";
import type { Database } from "../db/client";
import { customers, documentLines, documents, recurringRuns, recurringSchedules } from "../db/schema";
import { companyRulesOf, totalsOf, type Writer } from "../documents/store";
import type { DocumentScope } from "../documents/scope";
import { conflict, notFound, validationFailed } from "../errors";
import type { Actor } from "../documents/snapshots";
import { parseBody } from "../validation";

/*
 * 定期請求 schedules (issue 19 item 2, decision 031): made from an invoice in the caller's document scope,
 * read and changed in that scope only. The worker that makes the invoices is api/jobs/recurring-worker.ts.
 */

export type ScheduleRow = typeof recurringSchedules.$inferSelect;
export type RunRow = typeof recurringRuns.$inferSelect;

export const SCHEDULE_NOT_FOUND = "定期請求が見つかりません。";

/** The schedules a caller may see: the company's, and a user limited to their own documents sees the ones they made. */
function scheduleInScope(scope: DocumentScope): SQL {
  return and(eq(recurringSchedules.companyUniqueCode, scope.tenant), scope.createdBy === null ? undefined : eq(recurringSchedules.createdBy, scope.createdBy))!;
}

export const recurrenceOf = (row: Pick<ScheduleRow, "dayOfMonth" | "intervalMonths" | "startDate" | "endDate">): Recurrence => ({
  dayOfMonth: row.dayOfMonth,
  intervalMonths: row.intervalMonths,
  startDate: row.startDate,
  endDate: row.endDate,
});

/** The line fields a made invoice copies: amounts as the source had them, names as the schedule words them. */
type TemplateLine = { item_id: number | null; description: string; quantity: string; unit: string | null; unit_price: string; tax_category: string };

/** What every made invoice starts from: the source invoice's fields, as documentInputSchema reads them. */
export type Template = {
  customer_id: number | null;
  customer_name: string;
  customer_honorific: string;
  subject: string | null;
  person_in_charge: string | null;
  notes: string | null;
  tax_type_id: number;
  withholding: boolean;
  bank_account_id: number | null;
  lines: TemplateLine[];
};

/** What a schedule's runs would bill: the template's totals with the company's rounding. */
export async function scheduleAmounts(tx: Writer, schedule: ScheduleRow) {
  const template = schedule.template as Template;
  const input = parseBody(documentInputSchema, { ...template, issue_date: todayJst() });
  return totalsOf(input, await companyRulesOf(tx, schedule.companyUniqueCode));
}

/** The first run a new or changed schedule waits for: not before today, so a change never makes past periods. */
const nextRunFrom = (recurrence: Recurrence, today: string) => nextRunDate(recurrence, today > recurrence.startDate ? today : recurrence.startDate, true);

async function ownSchedule(db: Writer, scope: DocumentScope, id: number): Promise<ScheduleRow> {
  const [row] = await db
    .select()
    .from(recurringSchedules)
    .where(and(eq(recurringSchedules.id, id), scheduleInScope(scope)))
    .limit(1);
  if (!row) throw notFound(SCHEDULE_NOT_FOUND);
  return row;
}

/** The template with the schedule's wording: subject, notes and, line by line, the names. */
function reworded(template: Template, input: RecurringScheduleInput): Template {
  if (input.line_descriptions.length > 0 && input.line_descriptions.length !== template.lines.length) {
    throw validationFailed({ line_descriptions: ["明細の行数が元の請求書と合いません。画面を開き直してください。"] });
  }
  return {
    ...template,
    subject: input.subject === undefined ? template.subject : input.subject,
    notes: input.notes === undefined ? template.notes : input.notes,
    lines: template.lines.map((line, index) => ({ ...line, description: input.line_descriptions[index] ?? line.description })),
  };
}

/** Sending needs an address: the schedule's, or the customer's as the run will read them. */
async function requireRecipient(db: Writer, tenant: string, customerId: number | null, input: RecurringScheduleInput) {
  if (!input.auto_send || input.mail_to.length > 0) return;
  const [customer] =
    customerId === null
      ? []
      : await db
          .select({ emails: customers.emails })
          .from(customers)
          .where(and(eq(customers.id, customerId), eq(customers.companyUniqueCode, tenant)));
  if (!customer || customer.emails.length === 0) {
    throw validationFailed({ mail_to: ["自動で送信するには送信先のメールアドレスを入力してください（取引先にメールアドレスが登録されていません）"] });
  }
}

function scheduleColumns(input: RecurringScheduleInput) {
  return {
    dayOfMonth: input.day_of_month,
    intervalMonths: input.interval_months,
    startDate: input.start_date,
    endDate: input.end_date,
    autoIssue: input.auto_issue || input.auto_send,
    autoSend: input.auto_send,
    mailTo: input.mail_to,
  };
}

/** The invoice a schedule is made from, as a template; credit notes (negative lines) are refused. */
export async function templateOf(db: Writer, scope: DocumentScope, invoiceId: number): Promise<Template & { sourceDocumentId: number }> {
  const [invoice] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.id, invoiceId),
        eq(documents.kind, "invoice"),
        eq(documents.companyUniqueCode, scope.tenant),
        scope.createdBy === null ? undefined : eq(documents.createdBy, scope.createdBy),
      ),
    )
    .limit(1);
  if (!invoice) throw validationFailed({ source_document_id: ["元の請求書が見つかりません"] });
  if (invoice.creditNoteOf !== null) throw validationFailed({ source_document_id: ["赤伝からは定期請求を作れません"] });
  const lines = await db.select().from(documentLines).where(eq(documentLines.documentId, invoice.id)).orderBy(asc(documentLines.position));
  return {
    sourceDocumentId: invoice.id,
    customer_id: invoice.customerId,
    customer_name: invoice.customerName,
    customer_honorific: invoice.customerHonorific,
    subject: invoice.subject,
    person_in_charge: invoice.personInCharge,
    notes: invoice.notes,
    tax_type_id: invoice.taxTypeId,
    withholding: invoice.withholding,
    bank_account_id: invoice.bankAccountId,
    lines: lines.map((line) => ({
      item_id: line.itemId,
      description: line.description,
      quantity: canonicalDecimal(line.quantity),
      unit: line.unit,
      unit_price: canonicalDecimal(line.unitPrice),
      tax_category: line.taxCategory,
    })),
  };
}

export async function createSchedule(
  db: Writer,
  scope: DocumentScope,
  invoiceId: number,
  input: RecurringScheduleInput,
  actor: Actor,
  today: string,
): Promise<ScheduleRow> {
  const { sourceDocumentId, ...template } = await templateOf(db, scope, invoiceId);
  await requireRecipient(db, scope.tenant, template.customer_id, input);
  const columns = scheduleColumns(input);
  const [row] = await db
    .insert(recurringSchedules)
    .values({
      ...columns,
      companyUniqueCode: scope.tenant,
      sourceDocumentId,
      customerId: template.customer_id,
      customerName: template.customer_name,
      template: reworded(template, input),
      nextRunOn: nextRunFrom(recurrenceOf(columns), today),
      createdBy: actor.code,
      createdByName: actor.name,
    })
    .returning();
  return row!;
}

/**
 * A change of wording or cycle; the next run is counted again from today, after a version check. It withdraws the
 * schedule's approval (decision 049): what was approved is not what it would make now.
 */
export async function updateSchedule(
  db: Database,
  scope: DocumentScope,
  id: number,
  input: RecurringScheduleInput,
  version: number,
  today: string,
  actor: Actor,
): Promise<ScheduleRow> {
  const current = await ownSchedule(db, scope, id);
  await requireRecipient(db, scope.tenant, current.customerId, input);
  const columns = scheduleColumns(input);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(recurringSchedules)
      .set({
        ...columns,
        template: reworded(current.template as Template, input),
        nextRunOn: nextRunFrom(recurrenceOf(columns), today),
        version: sql`${recurringSchedules.version} + 1`,
        updatedAt: new Date(),
      })
      .where(and(eq(recurringSchedules.id, id), eq(recurringSchedules.version, version)))
      .returning();
    if (!row) throw conflict("この定期請求は他の操作で変更されています。画面を開き直してから、もう一度変更してください。");
    await withdrawScheduleApproval(tx, id, actor);
    return row;
  });
}

/**
 * 一時停止 and 再開. Periods that fall in a pause are not made afterwards: the
 * next run is counted again from the day it resumes (decision 031).
 */
export async function setPaused(db: Database, scope: DocumentScope, id: number, paused: boolean, today: string): Promise<ScheduleRow> {
  const current = await ownSchedule(db, scope, id);
  const [row] = await db
    .update(recurringSchedules)
    .set(
      paused
        ? { pausedAt: current.pausedAt ?? new Date(), updatedAt: new Date() }
        : { pausedAt: null, nextRunOn: nextRunFrom(recurrenceOf(current), today), updatedAt: new Date() },
    )
    .where(eq(recurringSchedules.id, id))
    .returning();
  return row!;
}

/** The invoices already made stay; their runs' record goes with the schedule. */
export async function deleteSchedule(db: Database, scope: DocumentScope, id: number): Promise<void> {
  await ownSchedule(db, scope, id);
  await db.delete(recurringSchedules).where(eq(recurringSchedules.id, id));
}

/** A run as lists show it, with the number of the invoice it made while that invoice is in the caller's scope. */
function presentRun(run: RunRow, numbers: Map<number, string>) {
  return {
    id: run.id,
    period: run.period,
    runOn: run.runOn,
    status: run.status,
    documentId: run.documentId !== null && numbers.has(run.documentId) ? run.documentId : null,
    documentNumber: run.documentId === null ? null : numbers.get(run.documentId) ?? null,
    error: run.error,
    finishedAt: run.finishedAt,
  };
}

async function documentNumbers(db: Writer, scope: DocumentScope, runs: RunRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(runs.flatMap((run) => (run.documentId === null ? [] : [run.documentId])))];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: documents.id, number: documents.number })
    .from(documents)
    .where(and(inArray(documents.id, ids), eq(documents.companyUniqueCode, scope.tenant)));
  return new Map(rows.map((row) => [row.id, row.number]));
}

function presentSchedule(row: ScheduleRow) {
  const template = row.template as Template;
  return {
    id: row.id,
    sourceDocumentId: row.sourceDocumentId,
    customerId: row.customerId,
    customerName: row.customerName,
    subject: template.subject,
    notes: template.notes,
    lines: template.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: line.unit_price,
      taxCategory: line.tax_category,
    })),
    dayOfMonth: row.dayOfMonth,
    intervalMonths: row.intervalMonths,
    startDate: row.startDate,
    endDate: row.endDate,
    autoIssue: row.autoIssue,
    autoSend: row.autoSend,
    mailTo: row.mailTo,
    nextRunOn: row.pausedAt ? null : row.nextRunOn,
    state: row.pausedAt ? ("paused" as const) : row.nextRunOn === null ? ("ended" as const) : ("active" as const),
    pausedAt: row.pausedAt,
    version: row.version,
    createdAt: row.createdAt,
  };
}

/** Every schedule in the scope with its latest run, newest schedule first. */
export async function listSchedules(db: Database, scope: DocumentScope) {
  const rows = await db.select().from(recurringSchedules).where(scheduleInScope(scope)).orderBy(desc(recurringSchedules.id)).limit(500);
  const latest =
    rows.length === 0
      ? []
      : await db
          .selectDistinctOn([recurringRuns.scheduleId])
          .from(recurringRuns)
          .where(
            inArray(
              recurringRuns.scheduleId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(recurringRuns.scheduleId, desc(recurringRuns.runOn), desc(recurringRuns.id));
  const numbers = await documentNumbers(db, scope, latest);
  const byId = new Map(latest.map((run) => [run.scheduleId, presentRun(run, numbers)]));
  return rows.map((row) => ({ ...presentSchedule(row), lastRun: byId.get(row.id) ?? null }));
}

/** Whether the schedule itself is asked for (decision 049): the company approves schedules once, and its invoice rule applies to their amounts. */
async function scheduleNeedsApproval(db: Writer, row: ScheduleRow): Promise<boolean> {
  const [mode, rule] = await Promise.all([recurringApprovalOf(db, row.companyUniqueCode), ruleFor(db, row.companyUniqueCode, "invoice")]);
  return mode === "per_schedule" && rule !== null && ruleApplies(rule, await scheduleAmounts(db, row));
}

/** One schedule and its runs, newest first. */
export async function scheduleDetail(db: Database, scope: DocumentScope, id: number) {
  const row = await ownSchedule(db, scope, id);
  const runs = await db
    .select()
    .from(recurringRuns)
    .where(eq(recurringRuns.scheduleId, id))
    .orderBy(desc(recurringRuns.runOn), desc(recurringRuns.id))
    .limit(120);
  const [numbers, approval, approvalNeeded] = await Promise.all([documentNumbers(db, scope, runs), liveScheduleRequest(db, id), scheduleNeedsApproval(db, row)]);
  return { ...presentSchedule(row), runs: runs.map((run) => presentRun(run, numbers)), approval: approval && presentRequest(approval), approvalNeeded };
}
