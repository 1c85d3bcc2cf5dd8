import { z } from "zod";
import { normalizeIsoDate } from "./normalize";

/**
 * The admin area's bank forms (decision 027) as the Payment API reads them
 * and the pages type them: bank settings, notices and free-trial
 * reservations. What only the API can judge (versions, overlaps, the bank's
 * branches, today) stays in api/admin.
 */

export const NOTICE_KINDS = ["maintenance", "terms", "info"] as const;

/** Where a notice stands on a day: not yet shown, shown, past its last day, or withdrawn. */
export const NOTICE_STATUSES = ["scheduled", "published", "ended", "withdrawn"] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];

/** Where a free-trial reservation stands on a day, with what the pages call it. */
export const RESERVATION_STATUS_LABELS = { scheduled: "予定", running: "実施中", finished: "終了", canceled: "取消" } as const;
export type ReservationStatus = keyof typeof RESERVATION_STATUS_LABELS;
export const RESERVATION_STATUSES = Object.keys(RESERVATION_STATUS_LABELS) as [ReservationStatus, ...ReservationStatus[]];

/** A calendar date as people type it (2026/4/1 too); null when left empty and allowed to be. */
export function dateField(label: string): z.ZodType<string, z.ZodTypeDef, unknown>;
export function dateField(label: string, options: { optional: true }): z.ZodType<string | null, z.ZodTypeDef, unknown>;
export function dateField(label: string, { optional = false }: { optional?: boolean } = {}): z.ZodType<string | null, z.ZodTypeDef, unknown> {
  // Optional at the string so that a form's empty field (which conform reads as absent) reaches the message below.
  return z
    .string()
    .trim()
    .optional()
    .transform((typed, ctx) => {
      const value = typed ?? "";
      if (value === "" && optional) return null;
      if (value === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label}を入力してください` });
        return z.NEVER;
      }
      const date = normalizeIsoDate(value);
      if (!date) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `${label}は 2026-04-01 の形式で、暦にある日付を入力してください` });
        return z.NEVER;
      }
      return date;
    });
}

/** A checkbox or a JSON boolean; absent is an error, so a client that forgets a switch never turns it off. */
const switchField = z.preprocess((value) => {
  if (value === "true" || value === "on" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  return value;
}, z.boolean());

/** The bank config of SPEC §3 as the admin edits it, with the version the form was opened with. */
export const bankSettingsInput = z.object({
  version: z.coerce.number().int(),
  ba_name: z.string().trim().min(1, "サービス表示名を入力してください").max(50, "サービス表示名は50文字以内で入力してください"),
  enable_payment_receive: switchField,
  check_payment_method_filled: switchField,
  is_payment_method_filled: switchField,
});
export type BankSettingsInput = z.output<typeof bankSettingsInput>;

/** The same form as the page posts it: a checkbox left unticked is not in the form at all, and means off. */
export const bankSettingsFormSchema = bankSettingsInput.extend({
  enable_payment_receive: z.boolean().optional().default(false),
  check_payment_method_filled: z.boolean().optional().default(false),
  is_payment_method_filled: z.boolean().optional().default(false),
});

/** A notice to the bank's companies; a maintenance notice names its window (JST). */
export const bankNoticeInput = z
  .object({
    kind: z.enum(NOTICE_KINDS, {
      errorMap: () => ({ message: "お知らせの種類を選んでください" }),
    }),
    title: z.string().trim().min(1, "件名を入力してください").max(100, "件名は100文字以内で入力してください"),
    body: z.string().trim().max(2000, "本文は2000文字以内で入力してください").optional().default(""),
    starts_at: z.string().trim().optional().default(""),
    ends_at: z.string().trim().optional().default(""),
    publish_from: dateField("掲載開始日"),
    publish_until: dateField("掲載終了日", { optional: true }),
  })
  .superRefine((input, ctx) => {
    if (input.publish_until && input.publish_until < input.publish_from)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["publish_until"],
        message: "掲載終了日は掲載開始日以降の日付にしてください",
      });
    if (input.kind !== "maintenance") return;
    const starts = jstDateTime(input.starts_at);
    const ends = jstDateTime(input.ends_at);
    if (!starts)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["starts_at"],
        message: "メンテナンスの開始日時を入力してください",
      });
    if (!ends)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["ends_at"],
        message: "メンテナンスの終了日時を入力してください",
      });
    if (starts && ends && ends <= starts)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["ends_at"],
        message: "終了日時は開始日時より後にしてください",
      });
  });
export type BankNoticeInput = z.output<typeof bankNoticeInput>;

/** 「2026-12-01T01:00」 (a datetime-local field) read as Japan time. */
export function jstDateTime(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return null;
  const date = new Date(`${value}:00+09:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A free-trial campaign as the form sends it: '' as the branch means all new companies of the bank. */
const reservationFields = z.object({
  branch_code: z
    .string()
    .trim()
    .max(10, "対象の支店を選んでください")
    .optional()
    .default("")
    .transform((value) => (value === "" ? null : value)),
  free_months: z.coerce
    .number({
      invalid_type_error: "無料期間は1から12までの月数を入力してください",
    })
    .int("無料期間は1から12までの月数を入力してください")
    .min(1, "無料期間は1から12までの月数を入力してください")
    .max(12, "無料期間は1から12までの月数を入力してください"),
  start_date: dateField("開始日"),
  finish_date: dateField("終了日"),
});

function finishOnOrAfterStart(input: { start_date: string; finish_date: string }, ctx: z.RefinementCtx) {
  if (input.finish_date < input.start_date)
    ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["finish_date"], message: "終了日は開始日以降の日付にしてください" });
}

export const reservationInput = reservationFields.superRefine(finishOnOrAfterStart);
/** The reservation form carries the version it was opened with when it edits one. */
export const reservationFormSchema = reservationFields.extend({ version: z.coerce.number().int().optional() }).superRefine(finishOnOrAfterStart);
export type ReservationInput = z.output<typeof reservationInput>;

/** What the forms hold before the schemas above read them. */
export type BankSettingsFormInput = {
  version: number;
  ba_name: string;
  enable_payment_receive?: boolean;
  check_payment_method_filled?: boolean;
  is_payment_method_filled?: boolean;
};
export type NoticeFormInput = {
  kind: (typeof NOTICE_KINDS)[number];
  title: string;
  body?: string;
  starts_at?: string;
  ends_at?: string;
  publish_from: string;
  publish_until?: string;
};
export type ReservationFormInput = { version?: number; branch_code?: string; free_months: number; start_date: string; finish_date: string };
/** What the notice form's check gives once it passes. */
export type NoticeFormValue = z.output<typeof bankNoticeInput>;
/** What the reservation form's check gives once it passes. */
export type ReservationFormValue = z.output<typeof reservationFormSchema>;
