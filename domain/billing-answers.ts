import { z } from "zod";
import { approvalRequestAnswer } from "./approval-answers";
import { CLOSING_LINE_MODES } from "./closing";
import { listPageAnswer } from "./answer-fields";
import { RUN_STATUSES, SCHEDULE_STATES } from "./recurrence";
import { OVERDUE_BUCKETS, REMINDER_LEVELS, type ReminderLevel } from "./reminders";

/**
 * The Payment API's answers about billing — 合算請求, 定期請求 and 督促 (issue 19) — as they arrive: snake_case,
 * decimals as strings, dates as YYYY-MM-DD and times as ISO text. The API's tests read its answers with these and the
 * web app parses with them (issue 35).
 */

// ---- 合算請求 (api/billing/closing.ts) ----

/** Per customer closing on the date, the issued delivery slips of the period no valid invoice bills yet. */
export const closingCandidatesAnswer = z.object({
  closing_date: z.string(),
  from: z.string(),
  to: z.string(),
  /** The invoice settings' layout of the lines, the page's first choice. */
  line_mode: z.enum(CLOSING_LINE_MODES),
  customers: z.array(
    z.object({
      customer_id: z.number().int(),
      customer_name: z.string(),
      closing_day: z.number().int().nullable(),
      slips: z.array(z.object({ id: z.number().int(), number: z.string(), date: z.string(), tax_included: z.string() })),
    }),
  ),
});

/** A merge: the draft invoices made, and each customer left out with why (a customer of another company unnamed). */
export const closingMergeAnswer = z.object({
  closing_date: z.string(),
  from: z.string(),
  to: z.string(),
  created: z.array(
    z.object({
      invoice_id: z.number().int(),
      number: z.string(),
      customer_id: z.number().int(),
      customer_name: z.string(),
      slip_count: z.number().int(),
      tax_included: z.string(),
      due_date: z.string().nullable(),
    }),
  ),
  skipped: z.array(z.object({ customer_id: z.number().int(), customer_name: z.string().nullable(), message: z.string() })),
});
export type ClosingMergeAnswer = z.output<typeof closingMergeAnswer>;

/** The closing invoices dated on a closing date, and what became of them. */
export const closingMadeAnswer = z.object({
  closing_date: z.string(),
  invoices: z.array(
    z.object({
      id: z.number().int(),
      number: z.string(),
      customer_name: z.string(),
      tax_included: z.string(),
      due_date: z.string().nullable(),
      issued_at: z.string().nullable(),
      voided_at: z.string().nullable(),
      slip_count: z.number().int(),
    }),
  ),
});

// ---- 定期請求 (api/billing/recurring.ts) ----

export const recurringRunAnswer = z.object({
  id: z.number().int(),
  period: z.string(),
  run_on: z.string(),
  status: z.enum(RUN_STATUSES),
  /** The invoice made, while it is in the caller's scope. */
  document_id: z.number().int().nullable(),
  document_number: z.string().nullable(),
  error: z.string().nullable(),
});
export type RecurringRunAnswer = z.output<typeof recurringRunAnswer>;

const scheduleFields = z.object({
  id: z.number().int(),
  source_document_id: z.number().int().nullable(),
  customer_name: z.string(),
  subject: z.string().nullable(),
  notes: z.string().nullable(),
  lines: z.array(z.object({ description: z.string(), quantity: z.string(), unit: z.string().nullable(), unit_price: z.string() })),
  day_of_month: z.number().int(),
  interval_months: z.number().int(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  auto_issue: z.boolean(),
  auto_send: z.boolean(),
  mail_to: z.array(z.string()),
  /** Null while paused or once the end date has passed. */
  next_run_on: z.string().nullable(),
  state: z.enum(SCHEDULE_STATES),
  version: z.number().int(),
});

/** One schedule with its runs, newest first: what GET, create, change, pause and resume answer. */
export const recurringScheduleAnswer = scheduleFields.extend({
  runs: z.array(recurringRunAnswer),
  /** Its live approval request when the company approves schedules once for all runs (decision 049). */
  approval: approvalRequestAnswer.nullable(),
  /** Whether the schedule itself must be approved before its runs go out (approved once for all runs). */
  approval_needed: z.boolean(),
});
export type RecurringScheduleAnswer = z.output<typeof recurringScheduleAnswer>;

export const recurringListAnswer = z.object({ schedules: z.array(scheduleFields.extend({ last_run: recurringRunAnswer.nullable() })) });

// ---- 督促 (api/billing/reminders.ts) ----

const reminderLevel = z.number().refine((level): level is ReminderLevel => (REMINDER_LEVELS as readonly number[]).includes(level));

/** The overdue invoices, longest overdue first, as of the API's JST today. */
export const overdueListAnswer = listPageAnswer(
  z.object({
    id: z.number().int(),
    number: z.string(),
    customer_name: z.string(),
    due_date: z.string(),
    days_overdue: z.number().int(),
    amount_due: z.string(),
    balance: z.string(),
    reminders_sent: z.number().int(),
    last_reminded_at: z.string().nullable(),
  }),
).extend({ today: z.string(), bucket: z.enum(OVERDUE_BUCKETS).nullable() });
export type OverdueListAnswer = z.output<typeof overdueListAnswer>;

/** One invoice's figures and reminders; the draft is there only when a reminder may be sent (else `refusal` says why). */
export const reminderContextAnswer = z.object({
  today: z.string(),
  invoice: z.object({
    id: z.number().int(),
    number: z.string(),
    customer_name: z.string(),
    due_date: z.string().nullable(),
    days_overdue: z.number().int().nullable(),
    amount_due: z.string(),
    balance: z.string(),
  }),
  refusal: z.string().nullable(),
  history: z.array(
    z.object({
      id: z.number().int(),
      level: z.number().int(),
      to: z.array(z.string()),
      subject: z.string(),
      body: z.string(),
      sent_by: z.string(),
      sent_by_name: z.string().nullable(),
      sent_at: z.string(),
      mail_id: z.number().int(),
      // The outbox's status as stored (document_mails.status, text): the page reads it through mailDisplayStatus.
      mail_status: z.string(),
      mail_error: z.string().nullable(),
      mail_first_opened_at: z.string().nullable(),
    }),
  ),
  draft: z
    .object({
      level: reminderLevel,
      to: z.array(z.string()),
      templates: z.array(z.object({ level: reminderLevel, subject: z.string(), body: z.string() })),
    })
    .nullable(),
});
