import { z } from "zod";
import { checkbox, optionalDate, requiredDate, requiredText } from "./form-fields";
import { emailList } from "./customer";

/**
 * 定期請求 (decision 031): when a schedule runs, and the period words its
 * subject and line names carry. Dates are calendar days (YYYY-MM-DD), no time zones.
 */

/** The schedule's day: 1–31, or 99 for the month's end (月末). */
export const MONTH_END = 99;

/** How far back the worker makes missed periods after downtime (decision 031). */
export const MAX_MISSED_PERIODS = 12;

export type Recurrence = {
  /** 1–31 or MONTH_END; a day the month lacks runs on its last day. */
  dayOfMonth: number;
  intervalMonths: number;
  startDate: string;
  endDate: string | null;
};

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (value: number) => String(value).padStart(2, "0");

/** Months counted from year 0 (January of year 0 is 0), so adding months is adding numbers. */
const monthIndexOf = (isoDate: string) => Number(isoDate.slice(0, 4)) * 12 + Number(isoDate.slice(5, 7)) - 1;

/** The run date in the month `index`: the schedule's day, or the month's last day when the month is shorter (31st → 30th, 29th, 28th). */
function runDateOf(index: number, dayOfMonth: number): string {
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const day = Math.min(dayOfMonth === MONTH_END ? 31 : dayOfMonth, daysIn(year, month));
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** The first run date after `date` (exclusive), or on it when `inclusive`; null after the end date. */
export function nextRunDate(recurrence: Recurrence, date: string, inclusive = false): string | null {
  const start = monthIndexOf(recurrence.startDate);
  // Runs fall in the start month and every `intervalMonths` after it; begin at the cycle month of `date` (or the start's).
  const from = Math.max(start, monthIndexOf(date));
  let index = start + Math.floor((from - start) / recurrence.intervalMonths) * recurrence.intervalMonths;
  for (;;) {
    const run = runDateOf(index, recurrence.dayOfMonth);
    if (run >= recurrence.startDate && (inclusive ? run >= date : run > date)) {
      return recurrence.endDate !== null && run > recurrence.endDate ? null : run;
    }
    index += recurrence.intervalMonths;
  }
}

/** The schedule's first run: on or after its start date. */
export const firstRunDate = (recurrence: Recurrence) => nextRunDate(recurrence, recurrence.startDate, true);

/**
 * The runs due on `today` from `nextRun` on, oldest first, and the date after
 * them. Only the latest MAX_MISSED_PERIODS are made; `skipped` counts the older
 * ones in `skipped`, which are not made (an invoice for a year-old month is a decision for a person).
 */
export function dueRuns(recurrence: Recurrence, nextRun: string | null, today: string): { runs: string[]; skipped: string[]; nextRun: string | null } {
  const runs: string[] = [];
  let run = nextRun;
  while (run !== null && run <= today) {
    runs.push(run);
    run = nextRunDate(recurrence, run);
  }
  const kept = Math.max(0, runs.length - MAX_MISSED_PERIODS);
  return { runs: runs.slice(kept), skipped: runs.slice(0, kept), nextRun: run };
}

/** A run's period as the unique key of what it makes: its month, "2027-02". */
export const periodOf = (runDate: string) => runDate.slice(0, 7);

/** The words a subject or line name may carry, replaced by the run's month. */
export const PERIOD_PLACEHOLDERS = ["{年}", "{月}", "{前月}", "{翌月}"] as const;

/**
 * {年} and {月} are the run's year and month (2027, 1); {前月} and {翌月}
 * name the month before and after with its year (2026年12月, 2027年2月), so
 * a January run of 「{前月}分」 reads 「2026年12月分」.
 */
export function fillPeriod(template: string, runDate: string): string {
  const index = monthIndexOf(runDate);
  const monthName = (at: number) => `${Math.floor(at / 12)}年${(at % 12) + 1}月`;
  const values: Record<string, string> = {
    "{年}": String(Math.floor(index / 12)),
    "{月}": String((index % 12) + 1),
    "{前月}": monthName(index - 1),
    "{翌月}": monthName(index + 1),
  };
  return template.replace(/\{(年|月|前月|翌月)\}/g, (placeholder) => values[placeholder]!);
}

/** 「毎月25日」「3か月ごと 月末」: the cycle as the list shows it. */
export function cycleLabel(recurrence: Pick<Recurrence, "dayOfMonth" | "intervalMonths">): string {
  const day = recurrence.dayOfMonth === MONTH_END ? "月末" : `${recurrence.dayOfMonth}日`;
  return recurrence.intervalMonths === 1 ? `毎月${day}` : `${recurrence.intervalMonths}か月ごと ${day}`;
}

/** Where a schedule stands: paused by a person, finished after its end date, or running. */
export const SCHEDULE_STATES = ["active", "paused", "ended"] as const;
export type ScheduleState = (typeof SCHEDULE_STATES)[number];

/** Where one period's run stands (recurring_runs.status, api/jobs/recurring-worker.ts). */
export const RUN_STATUSES = ["queued", "running", "done", "error", "skipped"] as const;

/** A whole number sent as text (forms) or a number (JSON) that `accepts`; anything else gets `message`. */
const wholeNumber = (accepts: (value: number) => boolean, message: string) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((value, ctx) => {
      const number = Number(value);
      if (value === undefined || value === "" || !Number.isInteger(number) || !accepts(number)) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        return z.NEVER;
      }
      return number;
    });

const dayOfMonth = wholeNumber((day) => (day >= 1 && day <= 31) || day === MONTH_END, "1〜31日または月末を選んでください");
const intervalMonths = wholeNumber((months) => months >= 1 && months <= 12, "1〜12か月の間で入力してください");

const lineName = requiredText(200);

/** Text the schedule may reword: left out keeps the invoice's, sent empty clears it. */
const rewordedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null));

/**
 * A schedule as the form and the Payment API receive it. The lines' amounts
 * come from the invoice it was made from; the names may be reworded with
 * placeholders, one per line in the invoice's order.
 */
export const recurringScheduleSchema = z
  .object({
    subject: rewordedText(100),
    notes: rewordedText(1000),
    line_descriptions: z.array(lineName).max(100).default([]),
    day_of_month: dayOfMonth,
    interval_months: intervalMonths,
    start_date: requiredDate,
    end_date: optionalDate,
    auto_issue: checkbox,
    auto_send: checkbox,
    // An address here replaces the customer's (domain/customer.ts emailList: one box, several addresses).
    mail_to: emailList,
  })
  .superRefine((input, ctx) => {
    if (input.end_date !== null && input.end_date < input.start_date) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["end_date"], message: "終了日は開始日以降の日付を入力してください" });
    }
  });

export type RecurringScheduleInput = z.output<typeof recurringScheduleSchema>;
