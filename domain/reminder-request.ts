import { z } from "zod";
import { mailRequestSchema } from "./mail";
import { REMINDER_LEVELS, type ReminderLevel } from "./reminders";

// Apart from domain/reminders.ts, so the reminder pages' browser code loads no validation library: the form is checked on the server.

/** A reminder as the compose page and the Payment API receive it: a send, its level and the form's one-time key. */
export const reminderRequestSchema = mailRequestSchema.extend({
  level: z.coerce
    .number({ invalid_type_error: "文面の種類を選んでください" })
    .refine((value): value is ReminderLevel => (REMINDER_LEVELS as readonly number[]).includes(value), "文面の種類を選んでください"),
  idempotency_key: z
    .string({ required_error: "画面を開き直してから、もう一度送信してください" })
    .regex(/^[A-Za-z0-9-]{8,64}$/, "画面を開き直してから、もう一度送信してください"),
});
export type ReminderRequestInput = z.output<typeof reminderRequestSchema>;
