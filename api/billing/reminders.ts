import { and, asc, count, desc, eq, isNotNull, isNull, max, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { mailAddressee } from "../../domain/mail";
import {
  OVERDUE_BUCKET_DAYS,
  REMINDER_LEVELS,
  REMINDERS_PER_PAGE,
  daysOverdue,
  defaultLevel,
  reminderDraft,
  reminderRefusal,
  type OverdueBucket,
} from "../../domain/reminders";
import type { ReminderRequestInput } from "../../domain/reminder-request";
import { factsOfRecord, INVOICE_PAID } from "../../domain/lifecycle";
import type { Database } from "../db/client";
import { companies, customers, documentMails, documents, reminders } from "../db/schema";
import { recordHistory, requireAllowed } from "../documents/lifecycle";
import { ownDocument } from "../documents/presenters";
import { inScope, type DocumentScope } from "../documents/scope";
import type { Actor } from "../documents/snapshots";
import { conflict, notFound } from "../errors";
import type { MailOutbox } from "../mail/outbox";
import { clearedPerInvoice } from "../payments/store";
import { decimal } from "../reports/money";

/*
 * Reminders for overdue invoices (issue 19 item 4, decision 032). An invoice is overdue when it is issued,
 * not voided, not a credit note, not 入金済, its due date (a JST calendar date) is before today and its
 * balance — amount due + its credit notes' (negative) amounts − Σ(amount + fee) of its payments not
 * cancelled, as api/payments/store.ts counts payments — is positive.
 */

const NOT_FOUND = "請求書が見つかりません。";
const IN_PROGRESS = "この督促メールは送信の処理中です。しばらくしてから督促の履歴をご確認ください。";

/** The credit notes (赤伝) issued against each invoice of the company and not voided: their amounts due are negative. */
function creditedOf(db: Database, tenant: string) {
  const notes = alias(documents, "credit_notes");
  return db
    .select({ invoiceId: notes.creditNoteOf, credited: sql<string>`sum(${notes.amountDue})`.as("credited") })
    .from(notes)
    .where(and(eq(notes.companyUniqueCode, tenant), isNotNull(notes.creditNoteOf), isNotNull(notes.issuedAt), isNull(notes.voidedAt)))
    .groupBy(notes.creditNoteOf)
    .as("credited");
}

/** How many reminders went out per invoice of the company, and when the last one did. */
function sentOf(db: Database, tenant: string) {
  return db
    .select({ documentId: reminders.documentId, sent: count().as("sent"), lastSentAt: max(reminders.sentAt).as("last_sent_at") })
    .from(reminders)
    .where(and(eq(reminders.companyUniqueCode, tenant), isNotNull(reminders.mailId)))
    .groupBy(reminders.documentId)
    .as("sent");
}

/** A condition on an invoice, given its balance and days overdue as SQL. */
type SqlOf = (balance: SQL, days: SQL) => SQL | undefined;

/** An invoice with what decides whether it may be reminded and what its reminder says. */
async function invoicesWithBalance(db: Database, scope: DocumentScope, today: string, where: SqlOf, page?: { limit: number; offset: number }) {
  const cleared = clearedPerInvoice(db, scope.tenant);
  const sent = sentOf(db, scope.tenant);
  const credited = creditedOf(db, scope.tenant);
  // What the customer still owes: a credit note takes its (negative) amount off, as the receivables report nets them.
  const balance = sql<string>`(${documents.amountDue} + coalesce(${credited.credited}, 0) - coalesce(${cleared.cleared}, 0))`;
  const days = sql<number>`(${today}::date - ${documents.dueDate})`;
  const query = db
    .select({
      id: documents.id,
      number: documents.number,
      status: documents.status,
      customerId: documents.customerId,
      customerName: documents.customerName,
      customerHonorific: documents.customerHonorific,
      dueDate: documents.dueDate,
      amountDue: documents.amountDue,
      issuedAt: documents.issuedAt,
      voidedAt: documents.voidedAt,
      creditNoteOf: documents.creditNoteOf,
      balance: sql<string>`${balance}::text`,
      creditNoted: sql<boolean>`(${credited.credited} is not null)`,
      days,
      sent: sent.sent,
      lastSentAt: sent.lastSentAt,
      total: sql<number>`count(*) over ()`,
    })
    .from(documents)
    .leftJoin(cleared, eq(cleared.documentId, documents.id))
    .leftJoin(sent, eq(sent.documentId, documents.id))
    .leftJoin(credited, eq(credited.invoiceId, documents.id))
    .where(and(inScope(scope), eq(documents.kind, "invoice"), where(balance, days)))
    .orderBy(desc(days), asc(documents.dueDate), asc(documents.id));
  return page ? query.limit(page.limit).offset(page.offset) : query;
}

/** The overdue conditions in SQL: the same rule as domain/reminders.ts reminderRefusal, for the list. */
const overdue =
  (bucket: OverdueBucket | null): SqlOf =>
  (balance, days) => {
    const range = bucket ? OVERDUE_BUCKET_DAYS[bucket] : null;
    return and(
      isNotNull(documents.issuedAt),
      isNull(documents.voidedAt),
      isNull(documents.creditNoteOf),
      sql`${documents.status} <> ${INVOICE_PAID}`,
      isNotNull(documents.dueDate),
      sql`${balance} > 0`,
      sql`${days} >= ${range?.min ?? 1}`,
      range?.max ? sql`${days} <= ${range.max}` : undefined,
    );
  };

const sentAtText = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string | Date).toISOString());

/** The overdue invoices of the scope, longest overdue first, a page at a time, each with its reminders counted. */
export async function overdueInvoices(db: Database, scope: DocumentScope, today: string, bucket: OverdueBucket | null, page: number) {
  const rows = await invoicesWithBalance(db, scope, today, overdue(bucket), {
    limit: REMINDERS_PER_PAGE,
    offset: (page - 1) * REMINDERS_PER_PAGE,
  });
  return {
    today,
    bucket,
    page,
    perPage: REMINDERS_PER_PAGE,
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((row) => ({
      id: row.id,
      number: row.number,
      customerName: row.customerName,
      dueDate: row.dueDate!,
      daysOverdue: Number(row.days),
      amountDue: decimal(row.amountDue),
      balance: decimal(row.balance),
      remindersSent: Number(row.sent ?? 0),
      lastRemindedAt: sentAtText(row.lastSentAt),
    })),
  };
}

/** One invoice of the scope with its balance and whether a reminder may be sent today; 404 outside the scope. */
async function invoiceFacts(db: Database, scope: DocumentScope, id: number, today: string) {
  const [row] = await invoicesWithBalance(db, scope, today, () => eq(documents.id, id));
  if (!row) throw notFound(NOT_FOUND);
  const balance = decimal(row.balance);
  const refusal = reminderRefusal({ ...factsOfRecord({ ...row, kind: "invoice" }), creditNoted: Boolean(row.creditNoted), dueDate: row.dueDate, balance }, today);
  return { row, balance, refusal };
}

/** The invoice's reminders, newest first, with the state of the mail that carries each. */
async function historyOf(db: Database, documentId: number) {
  const rows = await db
    .select({ reminder: reminders, mailStatus: documentMails.status, mailError: documentMails.lastError, mailOpenedAt: documentMails.firstOpenedAt })
    .from(reminders)
    .innerJoin(documentMails, eq(documentMails.id, reminders.mailId))
    .where(eq(reminders.documentId, documentId))
    .orderBy(desc(reminders.sentAt), desc(reminders.id));
  return rows.map(({ reminder, mailStatus, mailError, mailOpenedAt }) => ({
    id: reminder.id,
    level: reminder.level,
    to: reminder.to,
    subject: reminder.subject,
    body: reminder.body,
    sentBy: reminder.sentBy,
    sentByName: reminder.sentByName,
    sentAt: reminder.sentAt.toISOString(),
    mailId: reminder.mailId,
    mailStatus,
    mailError,
    mailFirstOpenedAt: mailOpenedAt?.toISOString() ?? null,
  }));
}

/**
 * What the compose page needs: the invoice's figures, its reminders, and — when a reminder may be sent —
 * the recipients and each level's prefilled text, the default level following how many were sent before.
 */
export async function reminderContext(db: Database, scope: DocumentScope, id: number, today: string) {
  const { row, balance, refusal } = await invoiceFacts(db, scope, id, today);
  const [history, [company], [customer]] = await Promise.all([
    historyOf(db, row.id),
    db.select({ name: companies.companyName }).from(companies).where(eq(companies.companyUniqueCode, scope.tenant)).orderBy(asc(companies.id)).limit(1),
    row.customerId === null
      ? Promise.resolve([])
      : db
          .select({ emails: customers.emails, department: customers.department, personInCharge: customers.personInCharge })
          .from(customers)
          .where(and(eq(customers.id, row.customerId), eq(customers.companyUniqueCode, scope.tenant)))
          .limit(1),
  ]);
  const invoice = {
    id: row.id,
    number: row.number,
    customerName: row.customerName,
    dueDate: row.dueDate,
    daysOverdue: row.dueDate === null ? null : daysOverdue(row.dueDate, today),
    amountDue: decimal(row.amountDue),
    balance,
  };
  if (refusal) return { today, invoice, refusal, history, draft: null };
  const values = {
    addressee: mailAddressee({
      name: row.customerName,
      honorific: row.customerHonorific,
      department: customer?.department,
      personInCharge: customer?.personInCharge,
    }),
    number: row.number,
    amountDue: invoice.amountDue,
    balance,
    dueDate: row.dueDate!,
    days: invoice.daysOverdue!,
    companyName: company?.name ?? "",
  };
  return {
    today,
    invoice,
    refusal,
    history,
    draft: {
      level: defaultLevel(history.length),
      to: customer?.emails ?? [],
      templates: REMINDER_LEVELS.map((level) => ({ level, ...reminderDraft(level, values) })),
    },
  };
}

/** The reminder of an earlier submit of the same form: answered again instead of sending a second mail. */
async function earlierSubmit(db: Database, tenant: string, key: string) {
  const [row] = await db
    .select()
    .from(reminders)
    .where(and(eq(reminders.companyUniqueCode, tenant), eq(reminders.idempotencyKey, key)))
    .limit(1);
  if (row && row.mailId === null) throw conflict(IN_PROGRESS);
  return row ?? null;
}

/**
 * Sends a reminder through the outbox (the same path as sending the document by e-mail, ADR 013) and
 * records it. Refused (409) when the invoice is not overdue and unpaid. The form's one-time key is
 * claimed by inserting the reminder first, so two submits of one form send one mail; a send the outbox
 * refuses (its hourly limit) gives the key back.
 */
export async function sendReminder(
  db: Database,
  outbox: MailOutbox,
  scope: DocumentScope,
  id: number,
  input: ReminderRequestInput,
  actor: Actor,
  today: string,
) {
  const { refusal } = await invoiceFacts(db, scope, id, today);
  const earlier = await earlierSubmit(db, scope.tenant, input.idempotency_key);
  if (earlier) {
    if (earlier.documentId !== id) throw conflict("画面を開き直してから、もう一度送信してください。");
    return { reminder: earlier, repeated: true };
  }
  if (refusal) throw conflict(refusal);
  const document = await ownDocument(db, scope, id, "invoice");
  await requireAllowed(db, document, "send");
  const [claimed] = await db
    .insert(reminders)
    .values({
      companyUniqueCode: scope.tenant,
      documentId: id,
      level: input.level,
      to: input.to,
      subject: input.subject,
      body: input.body,
      idempotencyKey: input.idempotency_key,
      sentBy: actor.code,
      sentByName: actor.name,
    })
    .onConflictDoNothing()
    .returning();
  if (!claimed) {
    // Another request with the same key got there first, between the check above and this insert.
    const first = await earlierSubmit(db, scope.tenant, input.idempotency_key);
    return { reminder: first!, repeated: true };
  }
  try {
    const { to, cc, subject, body, delivery } = input;
    const mail = await outbox.enqueue(document, { to, cc, subject, body, delivery }, actor);
    const [reminder] = await db.update(reminders).set({ mailId: mail.id, sentAt: mail.createdAt }).where(eq(reminders.id, claimed.id)).returning();
    // Recorded on the invoice too: its history says when it was dunned and by whom.
    await recordHistory(db, document, { event: "reminder", from: document.status, to: document.status }, actor);
    return { reminder: reminder!, repeated: false };
  } catch (error) {
    await db.delete(reminders).where(eq(reminders.id, claimed.id));
    throw error;
  }
}
