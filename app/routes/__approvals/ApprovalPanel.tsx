import { Form } from "@remix-run/react";
import { ApprovalDecisionForm } from "./ApprovalDecisionForm";
import type { DecisionReply, DecisionWords } from "./approvals.server";

/** A 承認 section as a loader wrote it (approvalSectionOf, scheduleApprovalOf): every word comes with it. */
export type ApprovalPanelData = {
  heading: string;
  text: string;
  awaiting?: boolean;
  requested: { by: string; comment: string | null } | null;
  returned?: string | null;
  request: { label: string; comment: string } | null;
  decides?: { request: number; words: DecisionWords } | null;
  notYours?: string | null;
};

/**
 * A document's or a schedule's 承認: where it stands, who asked and why, the reason of a return, and the form that
 * applies to this person (申請, or 承認・差戻し of the step they decide).
 */
export function ApprovalPanel({ approval, subject, reply }: { approval: ApprovalPanelData; subject: string; reply: DecisionReply | null | undefined }) {
  return (
    <div className="approval-panel" data-testid="approval">
      <h3>{approval.heading}</h3>
      <p>{approval.text}</p>
      {approval.requested ? (
        <p>
          {approval.requested.by}
          {approval.requested.comment ? <q>{approval.requested.comment}</q> : null}
        </p>
      ) : null}
      {approval.returned ? <p className="field__error">{approval.returned}</p> : null}
      {approval.request ? (
        <Form method="post">
          <div className="field">
            <label htmlFor="approval-comment">{approval.request.comment}</label>
            <textarea id="approval-comment" name="comment" rows={2} maxLength={500} />
          </div>
          <button type="submit" name="intent" value="requestApproval" className="button">
            {approval.request.label}
          </button>
        </Form>
      ) : null}
      {approval.decides ? <ApprovalDecisionForm request={approval.decides.request} subject={subject} reply={reply} words={approval.decides.words} /> : null}
      {approval.notYours ? <p>{approval.notYours}</p> : null}
    </div>
  );
}
