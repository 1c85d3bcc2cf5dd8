import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { DEFAULT_RECURRING_APPROVAL, type ApprovalRule, namedApprovers, type RecurringApprovalMode } from "../../domain/approvals";
import { type ApprovalRuleInput, ruleFromInput } from "../../domain/approval-input";
import type { DocumentKind } from "../../domain/document-kinds";
import { PAYMENT_ROLE } from "../../domain/roles";
import type { Database } from "../db/client";
import { approvalRules, approvalSettings, paymentServiceUsers } from "../db/schema";
import type { Writer } from "../documents/store";
import { validationFailed } from "../errors";

/* The company's approval rules (decision 049), one per kind at most; the owner keeps them. */

type RuleRow = typeof approvalRules.$inferSelect;

const ruleOfRow = (row: RuleRow): ApprovalRule => ({
  kind: row.kind,
  threshold: row.threshold,
  amountBasis: row.amountBasis,
  steps: row.steps,
  allowSelfApproval: row.allowSelfApproval,
});

export async function rulesOf(db: Writer, tenant: string): Promise<ApprovalRule[]> {
  const rows = await db.select().from(approvalRules).where(eq(approvalRules.companyUniqueCode, tenant)).orderBy(asc(approvalRules.id));
  return rows.map(ruleOfRow);
}

export async function ruleFor(db: Writer, tenant: string, kind: DocumentKind): Promise<ApprovalRule | null> {
  const [row] = await db
    .select()
    .from(approvalRules)
    .where(and(eq(approvalRules.companyUniqueCode, tenant), eq(approvalRules.kind, kind)))
    .limit(1);
  return row ? ruleOfRow(row) : null;
}

/** Sets the kind's rule; the named approvers must be users of the company who may sign in (role not invalid). */
export async function saveRule(db: Writer, tenant: string, kind: DocumentKind, input: ApprovalRuleInput, by: string): Promise<ApprovalRule> {
  const rule = ruleFromInput(kind, input);
  const named = namedApprovers(rule.steps);
  if (named.length > 0) {
    const found = await db
      .select({ code: paymentServiceUsers.userUniqueCode })
      .from(paymentServiceUsers)
      .where(and(eq(paymentServiceUsers.companyUniqueCode, tenant), inArray(paymentServiceUsers.userUniqueCode, named), ne(paymentServiceUsers.role, PAYMENT_ROLE.invalid)));
    const known = new Set(found.map((row) => row.code));
    if (named.some((code) => !known.has(code))) throw validationFailed({ steps: ["承認者には、この会社の利用者を選んでください"] });
  }
  const values = { threshold: rule.threshold, amountBasis: rule.amountBasis, steps: rule.steps, allowSelfApproval: rule.allowSelfApproval, updatedBy: by };
  await db
    .insert(approvalRules)
    .values({ companyUniqueCode: tenant, kind, ...values })
    .onConflictDoUpdate({ target: [approvalRules.companyUniqueCode, approvalRules.kind], set: { ...values, updatedAt: new Date() } });
  return rule;
}

/** Removes the kind's rule: its documents need no approval from now on; requests already made keep their frozen rule. */
export async function deleteRule(db: Database, tenant: string, kind: DocumentKind): Promise<void> {
  await db.delete(approvalRules).where(and(eq(approvalRules.companyUniqueCode, tenant), eq(approvalRules.kind, kind)));
}

export async function recurringApprovalOf(db: Writer, tenant: string): Promise<RecurringApprovalMode> {
  const [row] = await db.select({ mode: approvalSettings.recurringApproval }).from(approvalSettings).where(eq(approvalSettings.companyUniqueCode, tenant)).limit(1);
  return row?.mode ?? DEFAULT_RECURRING_APPROVAL;
}

export async function setRecurringApproval(db: Database, tenant: string, mode: RecurringApprovalMode): Promise<void> {
  await db
    .insert(approvalSettings)
    .values({ companyUniqueCode: tenant, recurringApproval: mode })
    .onConflictDoUpdate({ target: approvalSettings.companyUniqueCode, set: { recurringApproval: mode, updatedAt: new Date() } });
}
