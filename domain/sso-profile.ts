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
