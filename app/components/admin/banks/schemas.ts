import { z } from "zod";

/**
 * The admin bank forms as the browser sends them. The Payment API checks the
 * same input again with its own schemas (api/admin/banks.ts, reservations.ts)
 * and the rules only it can judge: versions, overlaps, branches, today.
 */
export const bankSettingsFormSchema = z.object({
  version: z.coerce.number().int(),
  ba_name: z
    .string()
    .trim()
    .max(50, "サービス表示名は50文字以内で入力してください"),
  enable_payment_receive: z.boolean().optional().default(false),
  check_payment_method_filled: z.boolean().optional().default(false),
  is_payment_method_filled: z.boolean().optional().default(false),
});
export type BankSettingsFormInput = z.input<typeof bankSettingsFormSchema>;

export const NOTICE_KINDS = ["maintenance", "terms", "info"] as const;

export const noticeFormSchema = z.object({
  kind: z.enum(NOTICE_KINDS),
  title: z.string().trim().max(100, "件名は100文字以内で入力してください"),
  body: z
    .string()
    .trim()
    .max(2000, "本文は2000文字以内で入力してください")
    .optional(),
  starts_at: z.string().optional(),
  ends_at: z.string().optional(),
  publish_from: z.string(),
  publish_until: z.string().optional(),
});
export type NoticeFormInput = z.input<typeof noticeFormSchema>;

export const reservationFormSchema = z.object({
  version: z.coerce.number().int().optional(),
  branch_code: z.string().optional().default(""),
  free_months: z.coerce.number().int().min(1).max(12),
  start_date: z.string(),
  finish_date: z.string(),
});
export type ReservationFormInput = z.input<typeof reservationFormSchema>;
