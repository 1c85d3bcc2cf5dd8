import { z } from "zod";
import { NOTICE_KINDS } from "./admin-banks";
import { approvalsWaitingAnswer, myApprovalRequestsAnswer } from "./approval-answers";
import { DOCUMENT_KIND_IDS } from "./document-kinds";
import { PLAN_STATUSES } from "./plans";

/**
 * The Payment API's answer for TOP (GET /top), as it arrives (snake_case, amounts as decimal strings, dates as
 * YYYY-MM-DD, times as ISO text): the API's tests read it with this and the web app parses with it (issue 35).
 */

const amounts = z.object({ count: z.number().int(), tax_excluded: z.string(), tax_included: z.string(), from: z.string() });
const counted = z.object({ count: z.number().int(), amount: z.string() });
const kind = z.enum(DOCUMENT_KIND_IDS);

export const topAnswer = z.object({
  today: z.string(),
  sales: z.object({ this_month: amounts, last_month: amounts, difference: z.string() }),
  receivables: z.object({ unpaid: counted, overdue: counted }),
  awaiting_estimates: z.object({ count: z.number().int(), tax_included: z.string() }),
  latest_documents: z.array(
    z.object({
      id: z.number().int(),
      kind,
      number: z.string(),
      customer_name: z.string(),
      status: z.number().int(),
      tax_included: z.string(),
      issued_at: z.string().nullable(),
      voided_at: z.string().nullable(),
      updated_at: z.string(),
    }),
  ),
  mail_errors: z.object({
    count: z.number().int(),
    items: z.array(
      z.object({ mail_id: z.number().int(), document_id: z.number().int(), kind, number: z.string(), customer_name: z.string(), last_error: z.string().nullable(), at: z.string() }),
    ),
  }),
  notices: z.array(
    z.object({
      id: z.number().int(),
      kind: z.enum(NOTICE_KINDS),
      title: z.string(),
      body: z.string(),
      starts_at: z.string().nullable(),
      ends_at: z.string().nullable(),
      publish_from: z.string(),
    }),
  ),
  plan: z
    .object({
      plan_name: z.string().nullable(),
      status: z.enum(PLAN_STATUSES),
      trial_days_left: z.number().int().nullable(),
      withdrawal_date: z.string().nullable(),
      charged_from: z.string().nullable(),
    })
    .nullable(),
  /** 承認 (decision 049): the first requests waiting for the caller, with the count of all, and the caller's latest own requests. */
  approvals: z.object({ waiting: approvalsWaitingAnswer, mine: myApprovalRequestsAnswer.shape.items }),
});
