import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { formatJapaneseDate, todayJst } from "../../domain/datetime";
import { formatDecimal } from "../../domain/decimal-display";
import { documentInputSchema } from "../../domain/document-input";
import { renderMailTemplate } from "../../domain/document-settings";
import { INITIAL_STATUS } from "../../domain/documents";
import { proposeDueDate, type DueDateRule, type HolidayShift } from "../../domain/due-date";
import { japaneseHolidays } from "../../domain/holidays.server";
import { mailAddressee } from "../../domain/mail";
import { dueRuns, fillPeriod, periodOf } from "../../domain/recurrence";
import { runMayGoOut } from "../approvals/flow";
import { recurrenceOf, type RunRow, type ScheduleRow, type Template } from "../billing/recurring";
import type { Database } from "../db/client";
import { companies, customers, documentMails, documents, documentSettings, recurringRuns, recurringSchedules } from "../db/schema";
import { issue, recordHistory } from "../documents/lifecycle";
import { wholeCompany } from "../documents/scope";
import type { Actor } from "../documents/snapshots";
import { allocateNumber, checkReferences, companyRulesOf, documentColumnsOf, documentSettingOf, totalsOf, writeLines, type Writer } from "../documents/store";
import { ApiError, violatesUniqueIndex } from "../errors";
import { parseBody } from "../validation";
import type { MailOutbox } from "../mail/outbox";
import type { FileStorage } from "../storage/storage";
import { pollingLoop } from "./polling";

/*
 * The worker of 定期請求 (decision 031). Each tick first queues the periods that are due (one row per schedule and
 * period in recurring_runs, unique), then claims queued rows one at a time with FOR UPDATE SKIP LOCKED and a lease, so
 * any number of servers on one database share the work and a period is made once. The invoice and the run's
 * outcome commit in one transaction; a retry after a crash finds the run done, or the invoice by its unique key.
 */

export type RecurringWorkerSettings = {
  /** How long a worker may hold a run while making it. */
  leaseMs: number;
  /** Attempts after an unexpected failure (a lost connection) before the run is reported as an error. */
  maxAttempts: number;
  retryBaseMs: number;
};

export const RECURRING_WORKER_DEFAULTS: RecurringWorkerSettings = { leaseMs: 5 * 60_000, maxAttempts: 3, retryBaseMs: 60_000 };

/** The key of a made invoice under the documents' unique (company, idempotency key) index. */
export const recurringKey = (scheduleId: number, period: string) => `recurring:${scheduleId}:${period}`;

const SKIPPED = "停止中に過ぎた期間が12回分を超えたため、古い期間の請求書は作成していません。必要なら手で作成してください。";
const PAUSED = "一時停止中のため作成していません。";
const MADE_NOT_SENT = "請求書は作成しましたが、発行または送信ができませんでした。請求書の画面から手で発行・送信してください。理由：";
const FAILED = "システムの都合で作成できませんでした。時間をおいても続く場合はお問い合わせください。";

/** An ApiError's words with its fields' messages, for the list's 「前回の結果」. */
function reasonOf(error: ApiError): string {
  const fields = Object.values(error.fields ?? {}).flat();
  return fields.length > 0 ? `${error.message}（${[...new Set(fields)].join("、")}）` : error.message;
}

export function createRecurringWorker(deps: {
  db: Database;
  storage: FileStorage;
  outbox: MailOutbox;
  now?: () => Date;
  settings?: RecurringWorkerSettings;
  logger?: Logger;
}) {
  const { db, storage, outbox, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const settings = deps.settings ?? RECURRING_WORKER_DEFAULTS;

  /** Queues the due periods of one schedule, if no other worker holds it; missed periods each once, oldest first. */
  async function queueSchedule(id: number, today: string): Promise<void> {
    await db.transaction(async (tx) => {
      const [schedule] = await tx
        .select()
        .from(recurringSchedules)
        .where(and(eq(recurringSchedules.id, id), isNull(recurringSchedules.pausedAt), lte(recurringSchedules.nextRunOn, today)))
        .for("update", { skipLocked: true });
      if (!schedule) return;
      const due = dueRuns(recurrenceOf(schedule), schedule.nextRunOn, today);
      const rows = [
        ...due.skipped.map((runOn) => ({ status: "skipped", error: SKIPPED, finishedAt: now(), runOn })),
        ...due.runs.map((runOn) => ({ status: "queued", error: null, finishedAt: null, runOn })),
      ];
      if (rows.length > 0) {
        await tx
          .insert(recurringRuns)
          .values(
            rows.map((row) => ({
              ...row,
              scheduleId: schedule.id,
              companyUniqueCode: schedule.companyUniqueCode,
              period: periodOf(row.runOn),
              nextAttemptAt: now(),
            })),
          )
          .onConflictDoNothing();
      }
      await tx.update(recurringSchedules).set({ nextRunOn: due.nextRun }).where(eq(recurringSchedules.id, schedule.id));
    });
  }

  async function queueDue(today: string): Promise<void> {
    const due = await db
      .select({ id: recurringSchedules.id })
      .from(recurringSchedules)
      .where(and(isNull(recurringSchedules.pausedAt), lte(recurringSchedules.nextRunOn, today)))
      .orderBy(asc(recurringSchedules.nextRunOn))
      .limit(1000);
    for (const { id } of due) await queueSchedule(id, today);
  }

  /** The next queued run (or one whose worker stopped mid-way: its lease ran out), held for this worker. */
  async function claim(): Promise<RunRow | null> {
    const at = now();
    const [run] = await db
      .update(recurringRuns)
      .set({ status: "running", attempts: sql`${recurringRuns.attempts} + 1`, lockedUntil: new Date(at.getTime() + settings.leaseMs) })
      .where(
        eq(
          recurringRuns.id,
          sql`(select ${recurringRuns.id} from ${recurringRuns}
               where (${recurringRuns.status} = 'queued' and ${recurringRuns.nextAttemptAt} <= ${at})
                  or (${recurringRuns.status} = 'running' and ${recurringRuns.lockedUntil} < ${at})
               order by ${recurringRuns.runOn}, ${recurringRuns.id} limit 1 for update skip locked)`,
        ),
      )
      .returning();
    return run ?? null;
  }

  /** The invoice of the run's period, as the schedule's creator would have made it by hand that day. */
  async function makeInvoice(tx: Writer, schedule: ScheduleRow, run: RunRow, actor: Actor): Promise<number> {
    const tenant = schedule.companyUniqueCode;
    const template = schedule.template as Template;
    const [[customer], [setting]] = await Promise.all([
      template.customer_id === null
        ? Promise.resolve([])
        : tx
            .select({
              closingDay: customers.closingDay,
              paymentMonthOffset: customers.paymentMonthOffset,
              paymentDay: customers.paymentDay,
              holidayShift: customers.holidayShift,
            })
            .from(customers)
            .where(eq(customers.id, template.customer_id)),
      tx
        .select()
        .from(documentSettings)
        .where(and(eq(documentSettings.companyUniqueCode, tenant), eq(documentSettings.kind, "invoice"))),
    ]);
    const rule = documentSettingOf("invoice", setting);
    const dueDate = proposeDueDate(
      run.runOn,
      { rule: rule.due_date_rule as DueDateRule, dueDays: rule.due_days, calendar: japaneseHolidays() },
      customer
        ? {
            closing_day: customer.closingDay,
            payment_month_offset: customer.paymentMonthOffset,
            payment_day: customer.paymentDay,
            holiday_shift: customer.holidayShift as HolidayShift,
          }
        : null,
    );
    // parseBody reads the template's nulls as absent, and a template the rules no longer accept as a 422 in words.
    const input = parseBody(documentInputSchema, {
      ...template,
      issue_date: run.runOn,
      due_date: dueDate,
      subject: template.subject === null ? null : fillPeriod(template.subject, run.runOn).slice(0, 100),
      lines: template.lines.map((line) => ({ ...line, description: fillPeriod(line.description, run.runOn).slice(0, 200) })),
    });
    await checkReferences(tx, tenant, input);
    const rules = await companyRulesOf(tx, tenant);
    const totals = totalsOf(input, rules);
    const number = await allocateNumber(tx, tenant, "invoice", input.issue_date);
    const status = INITIAL_STATUS.invoice;
    const [row] = await tx
      .insert(documents)
      .values({
        ...documentColumnsOf("invoice", input, totals, input.customer_id),
        ...rules,
        companyUniqueCode: tenant,
        kind: "invoice",
        number,
        status,
        sourceDocumentId: null,
        copyMode: "new",
        origin: "recurring",
        idempotencyKey: recurringKey(schedule.id, run.period),
        createdBy: actor.code,
      })
      .returning({ id: documents.id });
    await writeLines(tx, row!.id, input, totals);
    await recordHistory(tx, row!, { event: "created", from: null, to: status }, actor);
    return row!.id;
  }

  /** The invoice for the run: made now in one transaction with the run's record, or found when an earlier attempt committed it. */
  async function invoiceOf(schedule: ScheduleRow, run: RunRow, actor: Actor): Promise<number> {
    if (run.documentId !== null) return run.documentId;
    try {
      return await db.transaction(async (tx) => {
        const id = await makeInvoice(tx, schedule, run, actor);
        await tx.update(recurringRuns).set({ documentId: id }).where(eq(recurringRuns.id, run.id));
        return id;
      });
    } catch (error) {
      if (!violatesUniqueIndex(error, "documents_company_idempotency_idx")) throw error;
      const [made] = await db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.companyUniqueCode, schedule.companyUniqueCode), eq(documents.idempotencyKey, recurringKey(schedule.id, run.period))));
      await db.update(recurringRuns).set({ documentId: made!.id }).where(eq(recurringRuns.id, run.id));
      return made!.id;
    }
  }

  /** The send through the outbox (which issues the draft), once: a mail already queued for the invoice is not asked for again. */
  async function send(schedule: ScheduleRow, documentId: number, actor: Actor): Promise<number> {
    const [earlier] = await db.select({ id: documentMails.id }).from(documentMails).where(eq(documentMails.documentId, documentId)).limit(1);
    if (earlier) return earlier.id;
    const tenant = schedule.companyUniqueCode;
    const [[document], [customer], [company], [setting]] = await Promise.all([
      db.select().from(documents).where(eq(documents.id, documentId)),
      schedule.customerId === null ? Promise.resolve([]) : db.select().from(customers).where(eq(customers.id, schedule.customerId)),
      db.select({ name: companies.companyName, picName: companies.picName }).from(companies).where(eq(companies.companyUniqueCode, tenant)),
      db
        .select()
        .from(documentSettings)
        .where(and(eq(documentSettings.companyUniqueCode, tenant), eq(documentSettings.kind, "invoice"))),
    ]);
    const to = schedule.mailTo.length > 0 ? schedule.mailTo : customer?.emails ?? [];
    if (to.length === 0) throw new ApiError(422, "validation_failed", "送信先のメールアドレスがありません。");
    const values = {
      宛名: mailAddressee({
        name: document!.customerName,
        honorific: document!.customerHonorific,
        department: customer?.department,
        personInCharge: customer?.personInCharge,
      }),
      取引先名: document!.customerName,
      取引先担当者名: customer?.personInCharge ?? "",
      書類名: "請求書",
      書類番号: document!.number,
      件名: document!.subject ?? "",
      合計金額: `${formatDecimal(document!.amountDue)}円`,
      支払期限: document!.dueDate ? formatJapaneseDate(document!.dueDate) : "",
      自社名: company?.name ?? "",
      自社担当者名: document!.personInCharge ?? company?.picName ?? "",
    };
    const template = documentSettingOf("invoice", setting);
    const mail = await outbox.enqueue(
      document!,
      { to, cc: [], subject: renderMailTemplate(template.mail_subject, values), body: renderMailTemplate(template.mail_body, values), delivery: "attachment" },
      actor,
    );
    return mail.id;
  }

  async function finish(run: RunRow, outcome: Partial<RunRow>): Promise<void> {
    await db
      .update(recurringRuns)
      .set({ lockedUntil: null, finishedAt: now(), ...outcome })
      .where(eq(recurringRuns.id, run.id));
  }

  /** Makes the run's invoice, issues and sends it as the schedule says, and records the outcome. */
  async function perform(run: RunRow): Promise<void> {
    const [schedule] = await db.select().from(recurringSchedules).where(eq(recurringSchedules.id, run.scheduleId));
    if (!schedule) return;
    if (schedule.pausedAt !== null && run.documentId === null) return finish(run, { status: "skipped", error: PAUSED });
    const actor = { code: schedule.createdBy, name: schedule.createdByName };
    let documentId = run.documentId;
    try {
      documentId = await invoiceOf(schedule, run, actor);
      // A draft-only schedule leaves the invoice for a person to ask for approval, as any draft.
      const goesOut = schedule.autoIssue || schedule.autoSend;
      // When it must wait, the run is recorded as waiting in that transaction; the approval queues it again (decision 049).
      if (goesOut && !(await runMayGoOut(db, schedule, documentId, { id: run.id, documentId, at: now() }, actor))) return;
      const mailId = schedule.autoSend ? await send(schedule, documentId, actor) : null;
      if (schedule.autoIssue && !schedule.autoSend) await issue(db, storage, wholeCompany(schedule.companyUniqueCode), documentId, actor);
      await finish(run, { status: "done", documentId, mailId, error: null });
    } catch (error) {
      if (error instanceof ApiError) {
        // A refusal (a deleted bank account, no address, the mail quota) does not go away by itself: reported, not retried.
        await finish(run, { status: "error", documentId, error: documentId === null ? reasonOf(error) : `${MADE_NOT_SENT}${reasonOf(error)}` });
        return;
      }
      const final = run.attempts >= settings.maxAttempts;
      logger?.error({ err: error, runId: run.id, attempts: run.attempts, final }, "recurring invoice not made");
      if (final) await finish(run, { status: "error", documentId, error: FAILED });
      else
        await db
          .update(recurringRuns)
          .set({ status: "queued", lockedUntil: null, nextAttemptAt: new Date(now().getTime() + settings.retryBaseMs * 2 ** (run.attempts - 1)) })
          .where(eq(recurringRuns.id, run.id));
    }
  }

  /** One pass: queue what is due today, then make every queued run. Returns how many runs it handled. */
  async function tick(): Promise<number> {
    await queueDue(todayJst(now()));
    let handled = 0;
    for (let run = await claim(); run && !loop.isStopping(); run = await claim()) {
      await perform(run);
      handled += 1;
    }
    return handled;
  }

  const loop = pollingLoop(tick, { logger, name: "recurring worker" });

  return {
    tick,
    start: loop.start,
    /** Stops taking runs and waits for the one being made. */
    stop: loop.stop,
  };
}

export type RecurringWorker = ReturnType<typeof createRecurringWorker>;

/** RECURRING_POLL_MS: how often each server looks for due schedules (default a minute; at least a second). */
export function recurringPollMs(env: NodeJS.ProcessEnv = process.env): number {
  const text = env.RECURRING_POLL_MS?.trim();
  if (!text) return 60_000;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1000)
    throw new Error("Invalid Payment API configuration:\nRECURRING_POLL_MS: must be a whole number of milliseconds, at least 1000");
  return value;
}
