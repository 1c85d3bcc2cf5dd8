import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { fixedTextsFor } from "../../services/fixed-texts.server";
import { readFormData } from "../../services/read-form.server";
import { decisionAction, decisionWordsOf, isDecisionIntent, myApprovalRequests, myRowsOf, waitingApprovals, waitingRowsOf, type ApprovalTexts } from "../__approvals/approvals.server";

const SCREEN_NAME = "approvals";
const HERE = "/approvals";

/**
 * 承認待ち (decision 049): the requests this person decides, each with what it is about — also for an approver who may not
 * open the document itself (decision 024's limited scope) — and the person's own requests with how each ended.
 */
export async function approvalsPageLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  const [waiting, mine, t] = await Promise.all([waitingApprovals(caller), myApprovalRequests(caller), fixedTextsFor<ApprovalTexts>(request)]);
  return { waiting: waitingRowsOf(t, waiting), mine: myRowsOf(t, mine.items), words: decisionWordsOf(t) };
}

export async function approvalsPageAction({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN_NAME);
  const formData = await readFormData(request);
  if (!isDecisionIntent(formData.get("intent"))) return redirect(HERE);
  return decisionAction(request, caller, await fixedTextsFor<ApprovalTexts>(request), formData, HERE);
}
