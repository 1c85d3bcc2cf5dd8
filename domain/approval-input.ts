import { z } from "zod";
import { MAX_APPROVAL_STEPS, AMOUNT_BASES, type ApprovalRule, type StepApprovers } from "./approvals";
import { DOCUMENT_KIND_IDS, type DocumentKind } from "./document-kinds";

/*
 * What a client posts about approvals (decision 049), checked by the API: apart from approvals.ts, so zod stays out
 * of the pages' scripts, which read that module's lists through the document lifecycle.
 */

const approverCode = z.string().trim().min(1).max(100);

/** A rule as the settings form or another client posts it: `any_owner` or the named users, per step. */
export const approvalRuleInputSchema = z.object({
  threshold: z.coerce
    .number({ invalid_type_error: "金額を数字で入力してください" })
    .int("金額は円単位の整数で入力してください")
    .min(0, "金額は0円以上で入力してください")
    .max(999_999_999_999, "金額が大きすぎます"),
  amount_basis: z.enum(AMOUNT_BASES, { errorMap: () => ({ message: "税込か税抜かを選んでください" }) }),
  steps: z
    .array(
      z.union([
        z.object({ any_owner: z.literal(true) }),
        z.object({ any_owner: z.literal(false).optional(), users: z.array(approverCode).min(1, "承認者を選んでください").max(20) }),
      ]),
      { invalid_type_error: "承認の段階を指定してください" },
    )
    .min(1, "承認の段階は1〜3段階で指定してください")
    .max(MAX_APPROVAL_STEPS, "承認の段階は1〜3段階で指定してください"),
  allow_self_approval: z.boolean().default(false),
});
export type ApprovalRuleInput = z.output<typeof approvalRuleInputSchema>;

export function ruleFromInput(kind: DocumentKind, input: ApprovalRuleInput): ApprovalRule {
  return {
    kind,
    threshold: input.threshold,
    amountBasis: input.amount_basis,
    steps: input.steps.map((step): StepApprovers => ("users" in step ? { anyOwner: false, users: [...new Set(step.users)] } : { anyOwner: true })),
    allowSelfApproval: input.allow_self_approval,
  };
}

export const approvalKindParam = z.enum(DOCUMENT_KIND_IDS, { errorMap: () => ({ message: "書類の種類が正しくありません" }) });
