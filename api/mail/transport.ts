import nodemailer from "nodemailer";
import type { Database } from "../db/client";
import { localMailbox } from "../db/schema";

/** A message as the outbox (or the approval mailer) hands it over. */
export type OutgoingMessage = {
  companyUniqueCode: string;
  /** The row of document_mails, or of approval_mails when `source` says so. */
  mailId: number;
  source?: "document" | "approval";
  from: string;
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  messageId: string;
  attachments: Array<{ filename: string; content: Buffer; contentType: string }>;
};

/** Delivery refused for good (a 5xx answer, every recipient rejected): retrying would not help. */
export class PermanentMailError extends Error {}

export type MailTransport = { send(message: OutgoingMessage): Promise<void>; close(): void };

type SmtpFailure = Error & { responseCode?: number; rejected?: string[]; response?: string };

/** SMTP through nodemailer, to the server SMTP_URL names. */
/** `proxy`: an HTTP proxy to tunnel the SMTP connection through (CONNECT), as a bank's data centre may require. */
export function createSmtpTransport(smtpUrl: string, { proxy }: { proxy?: string } = {}): MailTransport {
  const transporter = nodemailer.createTransport(proxy ? { url: smtpUrl, proxy } : smtpUrl);
  return {
    async send(message) {
      try {
        const info = await transporter.sendMail({ ...message, text: message.text });
        const rejected = (info.rejected ?? []).map(String);
        // The others have it: a resend would reach them again, and the message says so.
        if (rejected.length > 0) throw new PermanentMailError(`受信を拒否された宛先があります：${rejected.join(", ")}。ほかの宛先には送信しました（再送すると、ほかの宛先にも届きます）。`);
      } catch (error) {
        if (error instanceof PermanentMailError) throw error;
        const failure = error as SmtpFailure;
        const reason = failure.response ?? failure.message;
        if (failure.responseCode !== undefined && failure.responseCode >= 500) throw new PermanentMailError(`メールサーバーに拒否されました：${reason}`);
        throw new Error(`メールサーバーに送れませんでした：${reason}`);
      }
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default: no mail leaves the machine; each message is built
 * exactly as SMTP would carry it and kept in local_mailbox for the sandbox.
 */
export function createLocalMailbox(db: Database): MailTransport {
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message) {
      const { source = "document", ...mail } = message;
      const info = await builder.sendMail(mail);
      await db.insert(localMailbox).values({
        companyUniqueCode: message.companyUniqueCode,
        mailId: message.mailId,
        source,
        envelopeTo: [...message.to, ...message.cc],
        subject: message.subject,
        text: message.text,
        attachmentNames: message.attachments.map((attachment) => attachment.filename),
        raw: (info.message as Buffer).toString("utf8"),
      });
    },
    close: () => builder.close(),
  };
}
