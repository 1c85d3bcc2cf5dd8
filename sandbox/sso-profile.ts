import type { SsoProfile } from "../domain/sso-profile";
import { DEMO_BANKS, DEMO_BRANCHES, type DemoUser } from "./demo-data";
import { companyOf } from "./directory";

/** A demo user as the sandbox identity provider reports them. */
export function ssoProfileOf(user: DemoUser): SsoProfile {
  const bank = DEMO_BANKS.find((candidate) => candidate.bankCode === user.bankCode)!;
  const company = companyOf(user.companyUniqueCode);
  // A company's people belong to the branch that handles the company.
  const branch = user.branch ?? (company ? { code: company.branchCode, name: DEMO_BRANCHES.find((candidate) => candidate.bankCode === company.bankCode && candidate.branchCode === company.branchCode)!.name } : null);
  return {
    ba_company_name: company?.name ?? null,
    ba_company_type: company ? "corporation" : null,
    ba_company_unique_code: company?.companyUniqueCode ?? null,
    ba_user_bank_code: bank.bankCode,
    ba_user_bank_name: bank.name,
    ba_user_bb_code: branch?.code ?? null,
    ba_user_bb_name: branch?.name ?? null,
    ba_user_email: user.login,
    ba_user_first_name: user.firstName,
    ba_user_first_name_kana: user.firstNameKana,
    ba_user_last_name: user.lastName,
    ba_user_last_name_kana: user.lastNameKana,
    ba_user_name: `${user.lastName} ${user.firstName}`,
    ba_user_type: user.userType,
    ba_user_unique_code: user.userUniqueCode,
    ba_user_bb_unique_code: branch ? `${bank.bankCode}-${branch.code}` : null,
    is_credit_card: false,
  };
}
