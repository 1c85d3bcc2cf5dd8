import { MAIL_STATUSES } from "./list-codes";

/** What a send shows (SPEC §4): waiting in the outbox, or one of 送信済, 閲覧済, 送信エラー. Apart from the send schema, so lists show it without loading zod. */
/** A send's place in the outbox: waiting, being handed over, done, or given up. */
export const MAIL_SEND_STATUSES = ["queued", "sending", "sent", "error"] as const;

export type MailDisplayStatus = "sending" | "sent" | "browsed" | "error";

export function mailDisplayStatus(mail: { status: string; first_opened_at: string | null }): MailDisplayStatus {
  if (mail.status === "error") return "error";
  if (mail.status !== "sent") return "sending";
  return mail.first_opened_at ? "browsed" : "sent";
}

export function mailStatusLabel(status: MailDisplayStatus): string {
  if (status === "sending") return "送信待ち";
  return MAIL_STATUSES.find((code) => code.key === status)!.label;
}
