import { and, eq } from "drizzle-orm";
import { approvalRuleInputSchema } from "../domain/approval-input";
import { openApprovalRequest } from "../api/approvals/flow";
import { saveRule } from "../api/approvals/rules";
import { documents } from "../api/db/schema";
import type { Writer } from "../api/documents/store";
import { DEMO_APPROVAL, DEMO_USERS } from "./demo-data";

/** デモ商事's approval rule for invoices and the one invoice waiting for it, made as the Payment API makes them. */
export async function seedDemoApprovals(tx: Writer): Promise<void> {
  const tenant = "C-DEMO";
  await saveRule(tx, tenant, "invoice", approvalRuleInputSchema.parse(DEMO_APPROVAL.rule), "U-DEMO-OWNER");
  const [invoice] = await tx
    .select()
    .from(documents)
    .where(and(eq(documents.companyUniqueCode, tenant), eq(documents.kind, "invoice"), eq(documents.subject, DEMO_APPROVAL.waiting.subject)));
  if (!invoice) return;
  const author = DEMO_USERS.find((user) => user.userUniqueCode === DEMO_APPROVAL.waiting.requestedBy)!;
  await openApprovalRequest(tx, invoice, DEMO_APPROVAL.waiting.comment, { code: author.userUniqueCode, name: `${author.lastName} ${author.firstName}` });
}
