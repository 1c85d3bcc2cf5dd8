import { and, eq, ne } from "drizzle-orm";
import { approvalRefusalOf } from "../../domain/approvals";
import { canonicalDecimal } from "../../domain/decimal";
import { formatYen } from "../../domain/decimal-display";
import { DOCUMENT_KINDS, DOCUMENT_PATHS } from "../../domain/document-kinds";
import { PAYMENT_ROLE } from "../../domain/roles";
import { scheduleAmounts } from "../billing/recurring";
import { approvalDecisions, approvalMails, documents, paymentServiceUsers, recurringSchedules } from "../db/schema";
import type { Actor } from "../documents/snapshots";
import type { Writer } from "../documents/store";
import type { RequestRow } from "./gate";

/*
 * Approval mails (decision 049): who is told what, written as rows of approval_mails in the transaction of the event
 * they tell of, so a mail goes out exactly when the event committed. api/mail/approval-mailer.ts sends them.
 *   申請 → the first step's approvers; a step approved with steps left → the next step's approvers;
 *   承認 of the last step → the author; 差戻し → the author, with the reason.
 * A person without an address is skipped: the event is still on TOP (承認待ち, GET /approvals/mine).
 */

export type ApprovalNotice =
  | { event: "approval_requested"; comment: string | null }
  | { event: "approval_step_approved"; comment: string | null }
  | { event: "approved"; comment: string | null; resumesRun: boolean }
  | { event: "approval_returned"; comment: string };

type Recipient = { userUniqueCode: string; name: string | null; email: string | null };
type Subject = { title: string; facts: string[]; path: string };

const APPROVALS_PATH = "/approvals";

const nameOf = (actor: Actor) => actor.name ?? actor.code;

/** What the request is about, as the mail names it: the document (kind, number, customer, 税込) or the schedule. */
async function subjectOf(tx: Writer, request: RequestRow): Promise<Subject> {
  if (request.documentId !== null) {
    const [document] = await tx.select().from(documents).where(eq(documents.id, request.documentId));
    const kind = DOCUMENT_KINDS.find((candidate) => candidate.id === document!.kind)!.label;
    return {
      title: `${kind} ${document!.number} ${document!.customerName}`,
      facts: [`書類：${kind} ${document!.number}`, `取引先：${document!.customerName}`, `金額：${formatYen(canonicalDecimal(document!.taxIncluded))}（税込）`],
      path: `${DOCUMENT_PATHS[document!.kind].base}/detail/${document!.id}`,
    };
  }
  const [schedule] = await tx.select().from(recurringSchedules).where(eq(recurringSchedules.id, request.scheduleId!));
  const amounts = await scheduleAmounts(tx, schedule!);
  return {
    title: `定期請求 ${schedule!.customerName}`,
    facts: ["書類：定期請求（毎回作成する請求書）", `取引先：${schedule!.customerName}`, `金額：${formatYen(amounts.taxIncluded)}（税込、1回分）`],
    path: `/billing/recurring/${schedule!.id}`,
  };
}

/** The people who may decide the request's current step now, as 承認待ち lists it for them. */
async function currentApprovers(tx: Writer, request: RequestRow): Promise<Recipient[]> {
  const [users, earlier] = await Promise.all([
    tx
      .select({ userUniqueCode: paymentServiceUsers.userUniqueCode, name: paymentServiceUsers.name, email: paymentServiceUsers.email, role: paymentServiceUsers.role })
      .from(paymentServiceUsers)
      .where(and(eq(paymentServiceUsers.companyUniqueCode, request.companyUniqueCode), ne(paymentServiceUsers.role, PAYMENT_ROLE.invalid))),
    tx.select({ decidedBy: approvalDecisions.decidedBy }).from(approvalDecisions).where(eq(approvalDecisions.requestId, request.id)),
  ]);
  const state = { rule: request.rule, step: request.step, requestedBy: request.requestedBy, decidedBy: earlier.map((row) => row.decidedBy) };
  return users.filter((user) => approvalRefusalOf(state, { userCode: user.userUniqueCode, owner: user.role === PAYMENT_ROLE.owner }) === null);
}

async function author(tx: Writer, request: RequestRow): Promise<Recipient[]> {
  return tx
    .select({ userUniqueCode: paymentServiceUsers.userUniqueCode, name: paymentServiceUsers.name, email: paymentServiceUsers.email })
    .from(paymentServiceUsers)
    .where(and(eq(paymentServiceUsers.userUniqueCode, request.requestedBy), eq(paymentServiceUsers.companyUniqueCode, request.companyUniqueCode)));
}

const stepOf = (request: RequestRow) => `第${request.step}段階（全${request.rule.steps.length}段階）`;
const commentLine = (label: string, comment: string | null) => (comment ? [`${label}：${comment}`] : []);

/** The subject and the text before the link, in the words of the event. */
function wordsOf(request: RequestRow, notice: ApprovalNotice, subject: Subject, actor: Actor): { subject: string; lead: string; details: string[]; path: string } {
  switch (notice.event) {
    case "approval_requested":
      return {
        subject: `【承認依頼】${subject.title}`,
        lead: `${nameOf(actor)}さんから承認の申請が届いています。承認待ちの一覧から、承認または差戻しをしてください。`,
        details: [`段階：${stepOf(request)}`, `申請者：${nameOf(actor)}`, ...commentLine("申請のコメント", notice.comment)],
        path: APPROVALS_PATH,
      };
    case "approval_step_approved":
      return {
        subject: `【承認依頼】${subject.title}`,
        lead: `第${request.step - 1}段階を${nameOf(actor)}さんが承認しました。次の段階の承認をお願いします。承認待ちの一覧から、承認または差戻しをしてください。`,
        details: [
          `段階：${stepOf(request)}`,
          `申請者：${request.requestedByName ?? request.requestedBy}`,
          `前の段階の承認者：${nameOf(actor)}`,
          ...commentLine("承認のコメント", notice.comment),
        ],
        path: APPROVALS_PATH,
      };
    case "approved":
      return {
        subject: `【承認されました】${subject.title}`,
        lead: notice.resumesRun
          ? "申請した書類が承認されました。定期請求の設定どおりに発行・送信します。"
          : "申請した書類が承認されました。発行・送信できます。",
        details: [`承認者：${nameOf(actor)}`, ...commentLine("承認のコメント", notice.comment)],
        path: subject.path,
      };
    case "approval_returned":
      return {
        subject: `【差戻し】${subject.title}`,
        lead: "申請した書類が差し戻されました。理由を確認し、直してから申請し直してください。",
        details: [`差し戻した人：${nameOf(actor)}`, `差戻しの理由：${notice.comment}`],
        path: subject.path,
      };
  }
}

/**
 * Writes the event's mails in the caller's transaction: one row per recipient with an address. `request` is the
 * request as the event left it (its step is the one now waiting).
 */
export async function queueApprovalMails(tx: Writer, request: RequestRow, notice: ApprovalNotice, actor: Actor): Promise<void> {
  const recipients = notice.event === "approval_requested" || notice.event === "approval_step_approved" ? await currentApprovers(tx, request) : await author(tx, request);
  const addressed = recipients.filter((recipient) => recipient.email);
  if (addressed.length === 0) return;
  const subject = await subjectOf(tx, request);
  const words = wordsOf(request, notice, subject, actor);
  await tx.insert(approvalMails).values(
    addressed.map((recipient) => ({
      companyUniqueCode: request.companyUniqueCode,
      requestId: request.id,
      event: notice.event,
      recipient: recipient.userUniqueCode,
      to: recipient.email!,
      subject: words.subject,
      body: [...(recipient.name ? [`${recipient.name} 様`, ""] : []), words.lead, "", ...subject.facts, ...words.details].join("\n"),
      path: words.path,
    })),
  );
}
