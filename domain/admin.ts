import { idsOf, type Code } from "./codes";
import type { PlanStatus } from "./plans";

/** Where a company stands with the product, as the bank's list shows and filters it (decision 027). */
export const ADMIN_COMPANY_STATUSES = [
  { id: "trial", key: "trial", label: "無料期間中" },
  { id: "active", key: "active", label: "利用中" },
  { id: "cancellation_pending", key: "cancellationPending", label: "解約予定" },
  { id: "withdrawn", key: "withdrawn", label: "退会済" },
] as const satisfies readonly Code<string>[];
export type AdminCompanyStatus = (typeof ADMIN_COMPANY_STATUSES)[number]["id"];
export const ADMIN_COMPANY_STATUS_IDS = idsOf(ADMIN_COMPANY_STATUSES) as [AdminCompanyStatus, ...AdminCompanyStatus[]];

/** The bank's word for a plan status (domain/plans planStatusOn): both kinds of free months are a trial to the bank. */
export function adminStatusOf(status: PlanStatus): AdminCompanyStatus {
  if (status === "free_term" || status === "campaign") return "trial";
  if (status === "ended") return "withdrawn";
  return status;
}

export function adminStatusLabel(status: AdminCompanyStatus): string {
  return ADMIN_COMPANY_STATUSES.find((entry) => entry.id === status)!.label;
}

export const ADMIN_COMPANY_SORTS = ["join_date", "name", "code", "plan", "branch"] as const;
export type AdminCompanySort = (typeof ADMIN_COMPANY_SORTS)[number];

export const ADMIN_COMPANIES_PER_PAGE = 50;

/** The bank staff's roles, for the audit trail and the pages. */
export const ADMIN_ROLE_LABELS: Record<string, string> = {
  system_admin: "システム管理者",
  bank_admin: "銀行管理者",
  branch_admin: "支店管理者",
  branch_user: "支店ユーザー",
};
