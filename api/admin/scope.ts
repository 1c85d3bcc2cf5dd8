import type { Request } from "express";
import { and, eq, type SQL } from "drizzle-orm";
import { isAdminUserType, isSpecialSystemAdmin, type AdminUserType } from "../../domain/roles";
import type { Caller } from "../auth";
import { companyPlans } from "../db/schema";
import { ApiError, notFound, unauthorized } from "../errors";

/**
 * What a member of bank staff may see and do in the admin area (decision 027):
 * the special system admin (system_admin of 9998) every bank; system and bank
 * admins their bank; branch admins and branch users their branch's companies
 * and their bank's settings. Only system and bank admins change settings and
 * reservations; branch users only read (no export).
 */
export type AdminScope = {
  caller: Caller & { userType: AdminUserType };
  /** The special system admin: every bank. */
  allBanks: boolean;
  /** Set for branch staff: only the companies this branch handles. */
  branchCode: string | null;
  /** May change bank settings, reservations and notices (of the banks it sees). */
  canChange: boolean;
  /** May export the companies list. */
  canExport: boolean;
};

export const ADMIN_NOT_FOUND = "対象が見つからないか、閲覧する権限がありません。";

/** The admin router's own check: bank staff only; a company user's token never reaches an admin endpoint. */
export function requireAdminScope(req: Request): AdminScope {
  const caller = req.caller;
  if (!caller) throw unauthorized();
  if (!isAdminUserType(caller.userType)) throw new ApiError(403, "forbidden", "管理画面の機能は、銀行の担当者だけが利用できます。");
  const branchStaff = caller.userType === "branch_admin" || caller.userType === "branch_user";
  // A branch role without a branch in its profile would otherwise see the whole bank.
  if (branchStaff && !caller.branchCode)
    throw new ApiError(403, "forbidden", "支店の情報がないため、管理画面を利用できません。銀行の管理者にお問い合わせください。");
  return {
    caller: caller as AdminScope["caller"],
    allBanks: isSpecialSystemAdmin(caller),
    branchCode: branchStaff ? caller.branchCode : null,
    canChange: caller.userType === "system_admin" || caller.userType === "bank_admin",
    canExport: caller.userType !== "branch_user",
  };
}

/** Whether the scope sees this bank's settings (its own bank, or every bank for 9998). */
export function seesBank(scope: AdminScope, bankCode: string): boolean {
  return scope.allBanks || scope.caller.bankCode === bankCode;
}

/** A bank the scope sees, else 404 (another bank's code reads as not there). */
export function requireVisibleBank(scope: AdminScope, bankCode: string): string {
  if (!/^\d{4}$/.test(bankCode) || !seesBank(scope, bankCode)) throw notFound(ADMIN_NOT_FOUND);
  return bankCode;
}

/** A bank the scope may change: 403 for read-only roles, 404 for banks it does not see. */
export function requireChangeableBank(scope: AdminScope, bankCode: string): string {
  requireVisibleBank(scope, bankCode);
  if (!scope.canChange) throw new ApiError(403, "forbidden", "この操作は、銀行の管理者（システム管理者・銀行管理者）だけが行えます。");
  return bankCode;
}

/** The companies (rows of company_plans) the scope sees. */
export function companiesInScope(scope: AdminScope): SQL | undefined {
  if (scope.allBanks) return undefined;
  const bank = eq(companyPlans.bankCode, scope.caller.bankCode);
  return scope.branchCode === null ? bank : and(bank, eq(companyPlans.branchCode, scope.branchCode));
}
