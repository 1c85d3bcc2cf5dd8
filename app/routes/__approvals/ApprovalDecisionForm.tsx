import { Form } from "@remix-run/react";
import type { DecisionReply, DecisionWords } from "./approvals.server";

/**
 * 承認 or 差戻し of one request: one box for the comment, which a return needs as its reason, and a button for each.
 * A return sent without its reason comes back with the error beside the box. The words come from the loader, so the
 * pages that show this carry no dictionary for it.
 */
export function ApprovalDecisionForm({ request, subject, reply, words }: { request: number; subject: string; reply: DecisionReply | null | undefined; words: DecisionWords }) {
  const mine = reply?.request === request ? reply : null;
  const id = `decision-${request}`;
  return (
    <Form method="post" aria-label={`${subject} ${words.decide}`}>
      <input type="hidden" name="request" value={String(request)} />
      <div className="field">
        <label htmlFor={id}>{words.text}</label>
        <textarea id={id} name="text" rows={2} maxLength={500} defaultValue={mine?.text ?? ""} aria-invalid={mine ? true : undefined} aria-describedby={mine ? `${id}-error` : undefined} />
        {mine ? (
          <p id={`${id}-error`} className="field__error">
            {mine.error}
          </p>
        ) : null}
      </div>
      <p className="document-actions">
        <button type="submit" name="intent" value="approve" className="button">
          {words.approve}
        </button>{" "}
        <button type="submit" name="intent" value="return" className="button button--secondary">
          {words.return}
        </button>
      </p>
    </Form>
  );
}
