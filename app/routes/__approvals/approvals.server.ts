import { json, redirect } from "@remix-run/node";
import {
  approvalAuditAnswer,
  approvalRequestAnswer,
  approvalSettingsAnswer,
  approvalsWaitingAnswer,
  myApprovalRequestsAnswer,
  type ApprovalRequestAnswer,
  type ApprovalsWaitingAnswer,
  type MyApprovalRequestsAnswer,
} from "@domain/approval-answers";
import { APPROVAL_EVENTS, type RecurringApprovalMode } from "@domain/approvals";
import { formatDateTimeJst } from "@domain/datetime";
import { formatYen } from "@domain/decimal-display";
import { documentAnswer } from "@domain/document-answers";
import { DOCUMENT_PATHS, kindLabel, type DocumentKind } from "@domain/document-kinds";
import type { TFunction } from "~/components/texts";
import type approvalTexts from "~/locales/ja/approvals.json";
import { askPaymentApi, asJsonPost, PaymentApiValidationError, sendToPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";
import { redirectWithNotice } from "../../services/session.server";

/** The approval pages' and the detail page's calls to the Payment API (decision 049), and what they show of a request. */

export type ApprovalTexts = TFunction<{ approvals: typeof approvalTexts }>;

export const getApprovalSettings = (caller: PaymentApiCaller) => askPaymentApi(caller, "/approval-rules", approvalSettingsAnswer);

export const saveApprovalRule = (caller: PaymentApiCaller, kind: DocumentKind, rule: Record<string, unknown>) =>
  askPaymentApi(caller, `/approval-rules/${kind}`, approvalSettingsAnswer, asJsonPost(rule));

export const deleteApprovalRule = (caller: PaymentApiCaller, kind: DocumentKind) => sendToPaymentApi(caller, `/approval-rules/${kind}`, { method: "DELETE" });

export const setRecurringApproval = (caller: PaymentApiCaller, mode: RecurringApprovalMode) =>
  sendToPaymentApi(caller, "/approval-settings", asJsonPost({ recurring_approval: mode }));

export const requestDocumentApproval = (caller: PaymentApiCaller, id: number, comment: string | null) =>
  askPaymentApi(caller, `/documents/${id}/approval-request`, documentAnswer, asJsonPost({ comment }));

export const waitingApprovals = (caller: PaymentApiCaller) => askPaymentApi(caller, "/approvals/waiting", approvalsWaitingAnswer);

export const myApprovalRequests = (caller: PaymentApiCaller) => askPaymentApi(caller, "/approvals/mine", myApprovalRequestsAnswer);

export const approvalAuditPage = (caller: PaymentApiCaller, page: number) => askPaymentApi(caller, `/approval-audit?page=${page}`, approvalAuditAnswer);

const decideApproval = (caller: PaymentApiCaller, id: number, decision: "approve" | "return", text: string | null) =>
  askPaymentApi(caller, `/approvals/${id}/${decision}`, approvalRequestAnswer, asJsonPost(decision === "approve" ? { comment: text } : { reason: text }));


type Subject = Pick<ApprovalsWaitingAnswer["items"][number], "document" | "schedule">;

/** What a request is about, in words, and where it is seen. */
export function subjectOf(t: ApprovalTexts, { document, schedule }: Subject) {
  if (document) {
    return {
      name: `${kindLabel(document.kind)} ${document.number}`,
      customer: document.customer_name,
      amount: formatYen(document.tax_included),
      href: `${DOCUMENT_PATHS[document.kind].base}/detail/${document.id}`,
    };
  }
  return { name: t("approvals.schedule", { customer: schedule?.customer_name ?? "" }), customer: schedule?.customer_name ?? "", amount: "", href: schedule ? `/billing/recurring/${schedule.id}` : null };
}

/** A request's state in words: 承認待ち with its step, 承認済み, 差戻し, 取り下げ. */
export const requestStateOf = (t: ApprovalTexts, request: Pick<ApprovalRequestAnswer, "status" | "step" | "steps">) =>
  t(`approvals.states.${request.status}`, { step: request.step, steps: request.steps });

export const requestedByOf = (t: ApprovalTexts, request: Pick<ApprovalRequestAnswer, "requested_by" | "requested_by_name" | "created_at">) =>
  t("approvals.requestedBy", { name: request.requested_by_name ?? request.requested_by, at: formatDateTimeJst(request.created_at) });

/** 承認待ち as a list shows it: each request with what it is about, who asked and why. */
export const waitingRowsOf = (t: ApprovalTexts, waiting: ApprovalsWaitingAnswer) =>
  waiting.items.map((request) => ({
    id: request.id,
    ...subjectOf(t, request),
    state: requestStateOf(t, request),
    requestedBy: requestedByOf(t, request),
    // Under the list's own 申請 heading: who and when, without the word again.
    requester: t("approvals.requester", { name: request.requested_by_name ?? request.requested_by, at: formatDateTimeJst(request.created_at) }),
    comment: request.comment,
  }));

/** The author's own requests and how each ended, with the last decision's reason. */
export const myRowsOf = (t: ApprovalTexts, items: MyApprovalRequestsAnswer["items"]) =>
  items.map((request) => ({
    id: request.id,
    ...subjectOf(t, request),
    state: requestStateOf(t, request),
    returned: request.status === "returned",
    requestedAt: formatDateTimeJst(request.created_at),
    lastDecision: request.last_decision
      ? {
          text: t("approvals.lastDecision", {
            decision: t(request.last_decision.decision === "approved" ? "approvals.approve" : "approvals.return"),
            name: request.last_decision.decided_by_name ?? request.last_decision.decided_by,
            at: formatDateTimeJst(request.last_decision.decided_at),
          }),
          comment: request.last_decision.comment,
        }
      : null,
  }));

export const DECISION_INTENTS = ["approve", "return"] as const;
export type DecisionIntent = (typeof DECISION_INTENTS)[number];

/** The decision form's words, written by the loader. */
export const decisionWordsOf = (t: ApprovalTexts) => ({ decide: t("approvals.columns.decide"), text: t("approvals.decisionText"), approve: t("approvals.approve"), return: t("approvals.return") });
export type DecisionWords = ReturnType<typeof decisionWordsOf>;

/** What a decision form shows again when it was refused before reaching the API: which request, what was typed, why. */
export type DecisionReply = { request: number; text: string; error: string };

/**
 * 承認 or 差戻し of a request from a form (the detail page's and the list's): a return without its reason comes back with
 * the words typed kept; the API's refusal (decided meanwhile: 409) is told as a notice on the page it came from. A
 * post from someone the step does not name is the API's 403.
 */
export async function decisionAction(request: Request, caller: PaymentApiCaller, t: ApprovalTexts, formData: FormData, back: string) {
  const intent = formData.get("intent") as DecisionIntent;
  const id = String(formData.get("request") ?? "");
  if (!/^\d{1,9}$/.test(id)) return redirect(back);
  const text = String(formData.get("text") ?? "")
    .trim()
    .slice(0, 500);
  if (intent === "return" && text === "") return json({ decision: { request: Number(id), text, error: t("approvals.reasonRequired") } satisfies DecisionReply }, { status: 422 });
  try {
    await decideApproval(caller, Number(id), intent, text || null);
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, back, "error", error.message);
  }
  return redirectWithNotice(request, back, "success", t(intent === "approve" ? "approvals.approvedNotice" : "approvals.returnedNotice"));
}

export const isDecisionIntent = (value: unknown): value is DecisionIntent => (DECISION_INTENTS as readonly unknown[]).includes(value);

type DocumentApproval = { state: "not_needed" | "needed" | "pending" | "approved"; request: ApprovalRequestAnswer | null };
type ReturnEntry = { event: string; changed_by: string; changed_by_name: string | null; changed_at: string; comment: string | null };

/**
 * The detail page's 承認 section (decision 049): what the document needs, its request, the last return's reason, and
 * whether this person decides its current step (`mayDecide`, the detail page's answer). Null when the document needs
 * no approval and never had one.
 */
export function approvalSectionOf(t: ApprovalTexts, approval: DocumentApproval, mayDecide: boolean, history: readonly ReturnEntry[], editable: boolean) {
  const { state, request } = approval;
  if (state === "not_needed" && !request) return null;
  // A draft sent back says why, until it is asked for again: the last approval event of its history is the return.
  const lastEvent = history.findLast((entry) => (APPROVAL_EVENTS as readonly string[]).includes(entry.event));
  const returned = state === "needed" && lastEvent?.event === "approval_returned" ? lastEvent : undefined;
  const decides = state === "pending" && request !== null && mayDecide;
  return {
    state,
    awaiting: state === "needed" || state === "pending",
    heading: t("approvals.heading"),
    text:
      state === "pending" && request
        ? t("approvals.pending", { step: request.step, steps: request.steps })
        : state === "approved"
          ? t("approvals.approvedBy")
          : state === "needed"
            ? t("approvals.needed")
            : "",
    requested: request && request.status !== "returned" && request.status !== "withdrawn" ? { by: requestedByOf(t, request), comment: request.comment } : null,
    returned: returned
      ? t("approvals.returnedBy", { name: returned.changed_by_name ?? returned.changed_by, at: formatDateTimeJst(returned.changed_at), reason: returned.comment ?? "" })
      : null,
    // Whoever may edit the draft may ask for it.
    request: state === "needed" && editable ? { label: t("approvals.request"), comment: t("approvals.requestComment") } : null,
    decides: decides && request ? { request: request.id, words: decisionWordsOf(t) } : null,
    notYours: state === "pending" && !decides ? t("approvals.notYours") : null,
  };
}

/** A request's comment as typed, or null when none. */
const commentOf = (formData: FormData) =>
  String(formData.get("comment") ?? "")
    .trim()
    .slice(0, 500) || null;

/** 申請 from the detail page, with its optional comment. */
export async function requestApprovalAction(request: Request, caller: PaymentApiCaller, t: ApprovalTexts, id: number, formData: FormData, back: string) {
  try {
    await requestDocumentApproval(caller, id, commentOf(formData));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, back, "error", error.message);
  }
  return redirectWithNotice(request, back, "success", t("approvals.requested"));
}

/**
 * A 定期請求 schedule's 承認 when the company approves schedules once for all their runs (decision 049): its live
 * request, or the request form while it needs one. Null when neither.
 */
export function scheduleApprovalOf(t: ApprovalTexts, approval: ApprovalRequestAnswer | null, needed: boolean) {
  if (approval) {
    return {
      heading: t("approvals.heading"),
      text: approval.status === "approved" ? t("approvals.scheduleApproved") : requestStateOf(t, approval),
      requested: { by: requestedByOf(t, approval), comment: approval.comment },
      request: null,
    };
  }
  if (!needed) return null;
  return { heading: t("approvals.heading"), text: t("approvals.scheduleNeeded"), requested: null, request: { label: t("approvals.request"), comment: t("approvals.requestComment") } };
}

/** 申請 of a schedule, from its page. */
export async function requestScheduleApprovalAction(request: Request, caller: PaymentApiCaller, t: ApprovalTexts, id: number, formData: FormData, back: string) {
  const comment = commentOf(formData);
  try {
    await askPaymentApi(caller, `/recurring-invoices/${id}/approval-request`, approvalRequestAnswer, asJsonPost({ comment }));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, back, "error", error.message);
  }
  return redirectWithNotice(request, back, "success", t("approvals.scheduleRequested"));
}
