import { DEMO_BANKS, DEMO_COMPANIES, type DemoUser } from "./demo-data";

/** The SSO user profile of SPEC §3, as the bank's identity provider reports it. */
export type SsoProfile = {
  ba_company_name: string | null;
  ba_company_type: string | null;
  ba_company_unique_code: string | null;
  ba_user_bank_code: string;
  ba_user_bank_name: string;
  ba_user_bb_code: string | null;
  ba_user_bb_name: string | null;
  ba_user_email: string;
  ba_user_first_name: string;
  ba_user_first_name_kana: string;
  ba_user_last_name: string;
  ba_user_last_name_kana: string;
  ba_user_name: string;
  ba_user_type: string;
  ba_user_unique_code: string;
  ba_user_bb_unique_code: string | null;
  is_credit_card: boolean;
};

export const SSO_PROFILE_CLAIMS = [
  "ba_company_name",
  "ba_company_type",
  "ba_company_unique_code",
  "ba_user_bank_code",
  "ba_user_bank_name",
  "ba_user_bb_code",
  "ba_user_bb_name",
  "ba_user_email",
  "ba_user_first_name",
  "ba_user_first_name_kana",
  "ba_user_last_name",
  "ba_user_last_name_kana",
  "ba_user_name",
  "ba_user_type",
  "ba_user_unique_code",
  "ba_user_bb_unique_code",
  "is_credit_card",
] as const satisfies ReadonlyArray<keyof SsoProfile>;

export function ssoProfileOf(user: DemoUser): SsoProfile {
  const bank = DEMO_BANKS.find((candidate) => candidate.bankCode === user.bankCode)!;
  const company = DEMO_COMPANIES.find((candidate) => candidate.companyUniqueCode === user.companyUniqueCode);
  return {
    ba_company_name: company?.name ?? null,
    ba_company_type: company ? "corporation" : null,
    ba_company_unique_code: company?.companyUniqueCode ?? null,
    ba_user_bank_code: bank.bankCode,
    ba_user_bank_name: bank.name,
    ba_user_bb_code: user.branch?.code ?? null,
    ba_user_bb_name: user.branch?.name ?? null,
    ba_user_email: user.login,
    ba_user_first_name: user.firstName,
    ba_user_first_name_kana: user.firstNameKana,
    ba_user_last_name: user.lastName,
    ba_user_last_name_kana: user.lastNameKana,
    ba_user_name: `${user.lastName} ${user.firstName}`,
    ba_user_type: user.userType,
    ba_user_unique_code: user.userUniqueCode,
    ba_user_bb_unique_code: user.branch ? `${bank.bankCode}-${user.branch.code}` : null,
    is_credit_card: false,
  };
}
