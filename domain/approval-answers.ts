import { z } from "zod";
import { listPageAnswer } from "./answer-fields";
import { AMOUNT_BASES, APPROVAL_EVENTS, APPROVAL_REQUEST_STATUSES, APPROVAL_STATES, RECURRING_APPROVAL_MODES } from "./approvals";
import { DOCUMENT_KIND_IDS } from "./document-kinds";

/**
 * The Payment API's answers about approvals (decision 049), as they arrive (snake_case, amounts as decimal strings,
 * times as ISO text): the API's tests read them with these and the web app will parse with them (ADR 047).
 */

const kind = z.enum(DOCUMENT_KIND_IDS);

const stepAnswer = z.union([z.object({ any_owner: z.literal(true) }), z.object({ any_owner: z.literal(false), users: z.array(z.string()) })]);

/** The owner's settings page: a rule per kind that has one, and how 定期請求 is approved. */
export const approvalSettingsAnswer = z.object({
  rules: z.array(
    z.object({
      kind,
      threshold: z.number().int(),
      amount_basis: z.enum(AMOUNT_BASES),
      steps: z.array(stepAnswer),
      allow_self_approval: z.boolean(),
    }),
  ),
  recurring_approval: z.enum(RECURRING_APPROVAL_MODES),
});
export type ApprovalSettingsAnswer = z.output<typeof approvalSettingsAnswer>;

/** A request as answered after 申請, 承認 or 差戻し, and inside a document's or a schedule's answer. */
export const approvalRequestAnswer = z.object({
  id: z.number().int(),
  status: z.enum(APPROVAL_REQUEST_STATUSES),
  step: z.number().int(),
  steps: z.number().int(),
  allow_self_approval: z.boolean(),
  revision: z.number().int().nullable(),
  requested_by: z.string(),
  requested_by_name: z.string().nullable(),
  comment: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type ApprovalRequestAnswer = z.output<typeof approvalRequestAnswer>;

/** A document's approval in its detail answer: whether it needs one now, and its current revision's request. */
export const documentApprovalAnswer = z.object({ state: z.enum(APPROVAL_STATES), request: approvalRequestAnswer.nullable() });

/** What a request is about: a document (with the amounts the rule read) or a 定期請求 schedule. */
const subjectFields = {
  document: z
    .object({ id: z.number().int(), kind, number: z.string(), customer_name: z.string(), tax_included: z.string(), tax_excluded: z.string() })
    .nullable(),
  schedule: z.object({ id: z.number().int(), customer_name: z.string() }).nullable(),
};

/** 承認待ち: the requests whose current step the caller may decide (TOP and the list). */
export const approvalsWaitingAnswer = z.object({
  items: z.array(approvalRequestAnswer.extend(subjectFields)),
  count: z.number().int(),
});
export type ApprovalsWaitingAnswer = z.output<typeof approvalsWaitingAnswer>;

/** The caller's own requests and how each ended: what TOP tells the author. */
export const myApprovalRequestsAnswer = z.object({
  items: z.array(
    approvalRequestAnswer.extend({
      ...subjectFields,
      last_decision: z
        .object({
          decision: z.enum(["approved", "returned"]),
          step: z.number().int(),
          decided_by: z.string(),
          decided_by_name: z.string().nullable(),
          comment: z.string().nullable(),
          decided_at: z.string(),
        })
        .nullable(),
    }),
  ),
});
export type MyApprovalRequestsAnswer = z.output<typeof myApprovalRequestsAnswer>;

/** The company's approval audit, a page at a time (owner only). */
export const approvalAuditAnswer = listPageAnswer(
  z.object({
    id: z.number().int(),
    request_id: z.number().int(),
    document_id: z.number().int().nullable(),
    schedule_id: z.number().int().nullable(),
    event: z.enum(APPROVAL_EVENTS),
    step: z.number().int().nullable(),
    actor: z.string(),
    actor_name: z.string().nullable(),
    comment: z.string().nullable(),
    at: z.string(),
    document: z.object({ id: z.number().int(), kind, number: z.string() }).nullable(),
  }),
);
export type ApprovalAuditAnswer = z.output<typeof approvalAuditAnswer>;
