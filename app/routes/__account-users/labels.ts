import type { TFunction } from "~/components/texts";
import type accountUsersTexts from "~/locales/ja/accountUsers.json";

type T = TFunction<{ accountUsers: typeof accountUsersTexts }>;

/** 「山田 太郎」 from the bank's profile. */
export const userNameOf = (profile: { ba_user_last_name: string; ba_user_first_name: string }) => `${profile.ba_user_last_name} ${profile.ba_user_first_name}`;

/** The payment role's text key: オーナー, 利用者, 無効, or 未登録 when the user has no payment service user. */
export function roleKeyOf(payment: { role: number } | null): "0" | "1" | "2" | "none" {
  if (!payment) return "none";
  return payment.role === 1 ? "1" : payment.role === 2 ? "2" : "0";
}

export function bankUserTypeText(t: T, type: string): string {
  return type === "company_owner" || type === "company_user" ? t(`accountUsers.bankUserTypes.${type}`) : type;
}

/** Status 1 is a completed registration; others are shown by number, their meaning not being specified (decision 024). */
export function registrationText(t: T, payment: { registration_status: number } | null): string {
  if (!payment) return t("accountUsers.registrationStatuses.none");
  return payment.registration_status === 1 ? t("accountUsers.registrationStatuses.1") : t("accountUsers.registrationStatuses.other", { status: payment.registration_status });
}
