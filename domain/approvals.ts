import type { DocumentKind } from "./document-kinds";

/*
 * 承認 (issue 38, decision 049): which documents must be approved before they are issued, sent or printed with the
 * company seal, and who may approve them. The rules are the company's (one per kind); a request freezes the rule it
 * was made under, so a later change of the rule never reaches a document already in approval. No zod here: the
 * document lifecycle, which the pages' scripts use, reads this module's lists (the input schemas are approval-input.ts).
 */

/** The amount a rule's threshold is compared with: 税込 or 税抜, stated on the rule. */
export const AMOUNT_BASES = ["tax_included", "tax_excluded"] as const;
export type AmountBasis = (typeof AMOUNT_BASES)[number];
export const AMOUNT_BASIS_LABELS: Record<AmountBasis, string> = { tax_included: "税込", tax_excluded: "税抜" };

/** Who may approve a step: any owner of the company, or the named users (their user codes). */
export type StepApprovers = { anyOwner: true } | { anyOwner: false; users: string[] };

/** A company's rule for one kind, and what an approval request freezes of it. */
export type ApprovalRule = {
  kind: DocumentKind;
  /** Whole yen; 0 means every document of the kind. */
  threshold: number;
  amountBasis: AmountBasis;
  steps: StepApprovers[];
  allowSelfApproval: boolean;
};

/** What a request keeps of the rule: who approves each step and whether the author may. */
export type FrozenRule = Pick<ApprovalRule, "steps" | "allowSelfApproval">;

export const MAX_APPROVAL_STEPS = 3;

/** For 定期請求 (decision 049): a schedule approved once covers its runs, or each run's invoice waits for approval. */
export const RECURRING_APPROVAL_MODES = ["per_run", "per_schedule"] as const;
export type RecurringApprovalMode = (typeof RECURRING_APPROVAL_MODES)[number];
export const DEFAULT_RECURRING_APPROVAL: RecurringApprovalMode = "per_run";

/** Where a document stands: no approval needed, needed and not asked (or returned), asked, or approved. */
export const APPROVAL_STATES = ["not_needed", "needed", "pending", "approved"] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

export const APPROVAL_REQUEST_STATUSES = ["pending", "approved", "returned", "withdrawn"] as const;
export type ApprovalRequestStatus = (typeof APPROVAL_REQUEST_STATUSES)[number];

/** What the audit and a document's history record of an approval. */
export const APPROVAL_EVENTS = ["approval_requested", "approval_step_approved", "approved", "approval_returned", "approval_withdrawn"] as const;
export type ApprovalEvent = (typeof APPROVAL_EVENTS)[number];

/** The amounts a rule is matched against, as whole yen or decimal text (the documents table keeps numeric). */
export type ApprovalAmounts = { taxIncluded: string | number; taxExcluded: string | number };

/** Whether the rule applies to a document with these amounts: its amount on the stated basis is at least the threshold. */
export function ruleApplies(rule: Pick<ApprovalRule, "threshold" | "amountBasis">, amounts: ApprovalAmounts): boolean {
  const amount = Number(rule.amountBasis === "tax_included" ? amounts.taxIncluded : amounts.taxExcluded);
  return amount >= rule.threshold;
}

/** The caller as the approval rules see them. */
export type Approver = { userCode: string; owner: boolean };

/**
 * Why this person may not decide the request's current step, in words; null when they may. The author is refused
 * unless the frozen rule allows self-approval, and nobody decides two steps of one request (two people, not one twice).
 */
export function approvalRefusalOf(
  request: { rule: FrozenRule; step: number; requestedBy: string; decidedBy: readonly string[] },
  approver: Approver,
): string | null {
  const step = request.rule.steps[request.step - 1];
  if (!step) return "この申請には承認する段階が残っていません。";
  const listed = step.anyOwner ? approver.owner : step.users.includes(approver.userCode);
  if (!listed) return `第${request.step}段階の承認者ではないため、承認・差戻しできません。`;
  if (request.requestedBy === approver.userCode && !request.rule.allowSelfApproval) return "自分が申請した書類は承認・差戻しできません。";
  if (request.decidedBy.includes(approver.userCode)) return "前の段階を承認した人は、次の段階を承認・差戻しできません。";
  return null;
}

/** The user codes a frozen rule names anywhere, to check that they are the company's users. */
export const namedApprovers = (steps: readonly StepApprovers[]): string[] => [...new Set(steps.flatMap((step) => (step.anyOwner ? [] : step.users)))];

/** The refusal when an action needs an approval the document does not have (issue, send, print with the seal). */
export function unapprovedRefusal(state: ApprovalState, action: "issue" | "send"): string | null {
  if (state === "not_needed" || state === "approved") return null;
  const what = action === "issue" ? "発行" : "送信";
  return state === "pending" ? `この書類は承認待ちです。承認されるまで${what}できません。` : `この書類は承認が必要です。申請して承認されてから${what}してください。`;
}
