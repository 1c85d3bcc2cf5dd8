import { APPROVAL_EVENTS } from "./approvals";
import { CONVERSIONS, type DocumentKind } from "./document-kinds";
import { DOCUMENT_STATUSES, INITIAL_STATUS, STATUS_TRANSITIONS, statusLabel } from "./documents";

/*
 * The lifecycle of an issued document (docs/decisions/014), written once:
 * the Payment API asks it what to allow, the pages ask it what to offer.
 *
 *   draft ──発行 / 送信 / お客様控えの印刷・PDF──▶ issued ──無効にする──▶ voided
 *
 * A draft is the company's own working copy: it can be edited in place,
 * previewed (marked 下書き) and deleted. Once issued, the document is a record
 * the customer holds: an edit makes a new revision (a correction, 修正),
 * never a silent rewrite, and it can be voided but not deleted.
 */

/** What the rules need to know about a document, whichever side asks. */
export type LifecycleFacts = {
  kind: DocumentKind;
  status: number;
  issued: boolean;
  voided: boolean;
  /** Sent by e-mail at least once (queued, sent or failed). */
  sent: boolean;
  /** Something was made from it (a conversion or a credit note). */
  converted: boolean;
  /** It is itself a credit note (赤伝) against another invoice. */
  creditNote: boolean;
  /** An invoice with a payment recorded against it (not cancelled). */
  paid: boolean;
};

/**
 * The facts of a document's own record, on either side of the API (the row's columns, or the answer's
 * fields under these names). What other records tell — a send, a document made from it, a payment — is
 * the caller's to look up; left out, it counts as not having happened, which is enough for the actions
 * that do not ask it (making a document from it, recording a payment).
 */
export function factsOfRecord(
  document: { kind: DocumentKind; status: number; issuedAt: Date | string | null; voidedAt: Date | string | null; creditNoteOf: number | object | null },
  related: Partial<Pick<LifecycleFacts, "sent" | "converted" | "paid">> = {},
): LifecycleFacts {
  return {
    kind: document.kind,
    status: document.status,
    issued: document.issuedAt !== null,
    voided: document.voidedAt !== null,
    sent: related.sent ?? false,
    converted: related.converted ?? false,
    creditNote: document.creditNoteOf !== null,
    paid: related.paid ?? false,
  };
}

export type LifecycleAction =
  | "edit"
  | "correct"
  | "issue"
  | "send"
  | "delete"
  | "void"
  | "duplicate"
  | "creditNote"
  | "recordPayment"
  /** Handing it out as a digital invoice (JP PINT, decision 043). */
  | "exportDigitalInvoice"
  /** Making a document of another kind from this one (SPEC §4 conversions). */
  | { into: DocumentKind }
  | { status: number };

/** 入金済: an invoice holds it exactly when its payments cover the amount due (decision 033), never by hand. */
export const INVOICE_PAID = 4;
/** Where a payment that no longer covers the amount due leaves an invoice that was 入金済. */
export const INVOICE_UNPAID = 3;

const PAID_FOLLOWS_PAYMENTS = "「入金済」は入金の記録に従って変わります。入金を記録するか、記録した入金を取り消してください。";

export type LifecycleStage = "draft" | "issued" | "voided";

export function stageOf(facts: Pick<LifecycleFacts, "issued" | "voided">): LifecycleStage {
  if (facts.voided) return "voided";
  return facts.issued ? "issued" : "draft";
}

/**
 * Statuses an issued document may hold: an issued invoice has been billed,
 * so it is never 未請求 again; an issued receipt is 発行済 for good.
 */
const ISSUED_STATUSES: Record<DocumentKind, readonly number[]> = {
  estimate: [1, 2, 3, 4],
  delivery_slip: [1, 2, 3],
  invoice: [2, 3, 4, 5],
  receipt: [1],
};

/** The status issuing moves a document to: an invoice becomes 請求済, a receipt 発行済; others keep theirs. */
export function statusOnIssue(kind: DocumentKind, status: number): number {
  if (kind === "invoice" && status === INITIAL_STATUS.invoice) return 2;
  if (kind === "receipt") return 1;
  return status;
}

/** The statuses this document can be changed to now. A draft keeps its first status until it is issued. */
export function nextStatuses(facts: LifecycleFacts): number[] {
  if (stageOf(facts) !== "issued") return [];
  const allowed = ISSUED_STATUSES[facts.kind];
  return (STATUS_TRANSITIONS[facts.kind][facts.status] ?? []).filter((to) => allowed.includes(to));
}

/** The statuses a person may set on some issued document of the kind: 入金済 is not one (it follows the payments, decision 033). */
export function settableStatuses(kind: DocumentKind) {
  const reachable = new Set(Object.values(STATUS_TRANSITIONS[kind]).flat());
  return DOCUMENT_STATUSES[kind].filter((status) => reachable.has(status.id));
}

/** Why the action is refused, in words for the user; null when it is allowed. */
export function refusalOf(facts: LifecycleFacts, action: LifecycleAction): string | null {
  const stage = stageOf(facts);
  if (typeof action === "object" && "into" in action) {
    if (stage === "voided") return "無効にした書類からは作成できません。";
    if (!CONVERSIONS[facts.kind].includes(action.into)) return "この書類からは作成できません。";
    if (action.into === "receipt" && facts.creditNote) return "赤伝（取消の請求書）からは領収書を作成できません。";
    // A receipt says money was received for an invoice the customer holds; a draft is not one yet.
    if (action.into === "receipt" && stage === "draft") return "領収書は発行した請求書から作成します。先に請求書を発行してください。";
    return null;
  }
  if (typeof action === "object") {
    if (stage === "voided") return "無効にした書類のステータスは変更できません。";
    if (!DOCUMENT_STATUSES[facts.kind].some((status) => status.id === action.status)) return "ステータスが正しくありません。";
    if (action.status === facts.status) return null;
    if (stage === "draft") return `下書きの書類は「${statusLabel(facts.kind, action.status)}」にできません。先に発行してください。`;
    if (facts.kind === "invoice" && (action.status === INVOICE_PAID || facts.status === INVOICE_PAID)) return PAID_FOLLOWS_PAYMENTS;
    if (!nextStatuses(facts).includes(action.status)) {
      return `「${statusLabel(facts.kind, facts.status)}」から「${statusLabel(facts.kind, action.status)}」には変更できません。`;
    }
    return null;
  }
  switch (action) {
    case "edit":
      if (stage === "voided") return "無効にした書類は編集できません。";
      return stage === "issued" ? "発行した書類は修正として保存します。" : null;
    case "correct":
      if (stage === "voided") return "無効にした書類は修正できません。";
      return stage === "draft" ? "下書きはそのまま編集できます。" : null;
    case "issue":
      if (stage === "voided") return "無効にした書類は発行できません。";
      return stage === "issued" ? "この書類はすでに発行しています。" : null;
    case "send":
      return stage === "voided" ? "無効にした書類は送信できません。" : null;
    case "delete":
      if (stage !== "draft") return "発行した書類は削除できません。取り消すときは「無効にする」を使ってください。";
      if (facts.sent) return "メールで送信した書類は削除できません。取り消すときは「無効にする」を使ってください。";
      if (facts.converted) return "この書類から作った書類があるため削除できません。";
      return null;
    case "void":
      if (stage === "voided") return "この書類はすでに無効です。";
      if (facts.paid) return "入金が記録されている請求書は無効にできません。先に入金の記録を取り消してください。";
      return stage === "draft" ? "下書きは無効にせず削除できます。" : null;
    case "recordPayment":
      if (facts.kind !== "invoice") return "入金は請求書にだけ記録できます。";
      if (facts.creditNote) return "赤伝（取消の請求書）には入金を記録できません。";
      if (stage === "voided") return "無効にした請求書には入金を記録できません。";
      return stage === "draft" ? "下書きの請求書には入金を記録できません。発行してから記録してください。" : null;
    case "exportDigitalInvoice":
      if (facts.kind !== "invoice") return "デジタルインボイス（JP PINT）にできるのは請求書だけです。";
      if (stage === "voided") return "無効にした請求書はデジタルインボイス（JP PINT）にできません。";
      return stage === "draft" ? "下書きの請求書はデジタルインボイス（JP PINT）にできません。発行してから出力してください。" : null;
    case "duplicate":
      return null;
    case "creditNote":
      if (facts.kind !== "invoice") return "赤伝は請求書にだけ作成できます。";
      if (facts.creditNote) return "赤伝に赤伝は作成できません。";
      if (stage === "voided") return "無効にした請求書には赤伝を作成できません。";
      return stage === "draft" ? "赤伝は発行した請求書に作成します。下書きはそのまま編集してください。" : null;
  }
}

export function can(facts: LifecycleFacts, action: LifecycleAction): boolean {
  return refusalOf(facts, action) === null;
}

/** How an edit is saved: in place for a draft, as a new revision for an issued document. */
export function editModeOf(facts: LifecycleFacts): "edit" | "correct" | null {
  if (can(facts, "edit")) return "edit";
  return can(facts, "correct") ? "correct" : null;
}

/**
 * What a document's history records: each lifecycle step the API writes (api/documents/lifecycle.ts recordHistory),
 * and each approval step with its comment (api/approvals/gate.ts recordApprovalEvent, decision 049).
 */
export const HISTORY_EVENTS = ["created", "issued", "status", "corrected", "voided", "credit_note", "reminder", ...APPROVAL_EVENTS] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];
