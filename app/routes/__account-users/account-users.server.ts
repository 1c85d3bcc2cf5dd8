import type { PermissionsInput } from "@domain/account-users";
import { paymentUserAnswer, paymentUsersAnswer, type PaymentUserAnswer } from "@domain/account-answers";
import type { PaymentRole } from "@domain/roles";
import type { SsoProfile } from "@domain/sso-profile";
import { findCompanyBankUser, listCompanyBankUsers } from "../../services/bank-service.server";
import { isNotFound, notFound } from "../../services/errors.server";
import { askPaymentApi, asJsonPost, type PaymentApiCaller } from "../../services/payment-api.server";

/** A payment service user as the Payment API's owner endpoints answer it. */
export type PaymentUser = PaymentUserAnswer;

/** A user of the company: the bank's profile joined with their payment service user (null: not using the product yet). */
export type CompanyUser = {
  userUniqueCode: string;
  /** null: the payment service still has the user, the bank service no longer does. */
  profile: Pick<SsoProfile, "ba_user_last_name" | "ba_user_first_name" | "ba_user_last_name_kana" | "ba_user_first_name_kana" | "ba_user_email" | "ba_user_type"> | null;
  payment: PaymentUser | null;
};

function profileOf(user: SsoProfile): CompanyUser["profile"] {
  const { ba_user_last_name, ba_user_first_name, ba_user_last_name_kana, ba_user_first_name_kana, ba_user_email, ba_user_type } = user;
  return { ba_user_last_name, ba_user_first_name, ba_user_last_name_kana, ba_user_first_name_kana, ba_user_email, ba_user_type };
}

export function listPaymentUsers(caller: PaymentApiCaller): Promise<PaymentUser[]> {
  return askPaymentApi(caller, "/user_service/users", paymentUsersAnswer).then((answer) => answer.users);
}

/** The company's users from the bank service, each with their payment service user; then payment users the bank no longer lists, so they can still be disabled. */
export async function listCompanyUsers(caller: PaymentApiCaller): Promise<CompanyUser[]> {
  const [bankUsers, paymentUsers] = await Promise.all([listCompanyBankUsers(caller.idToken), listPaymentUsers(caller)]);
  const byCode = new Map(paymentUsers.map((user) => [user.user_unique_code, user]));
  const known = new Set(bankUsers.map((user) => user.ba_user_unique_code));
  return [
    ...bankUsers.map((user) => ({ userUniqueCode: user.ba_user_unique_code, profile: profileOf(user), payment: byCode.get(user.ba_user_unique_code) ?? null })),
    ...paymentUsers.filter((user) => !known.has(user.user_unique_code)).map((user) => ({ userUniqueCode: user.user_unique_code, profile: null, payment: user })),
  ];
}

/** One user of the company; the 404 page when neither the bank service nor the payment service knows them as the company's. */
export async function getCompanyUser(caller: PaymentApiCaller, userUniqueCode: string): Promise<CompanyUser> {
  const [bankUser, payment] = await Promise.all([
    findCompanyBankUser(caller.idToken, userUniqueCode),
    askPaymentApi(caller, `/user_service/users/${encodeURIComponent(userUniqueCode)}`, paymentUserAnswer).catch((thrown: unknown) => {
      if (isNotFound(thrown)) return null;
      throw thrown;
    }),
  ]);
  if (!bankUser && !payment) throw notFound();
  return { userUniqueCode, profile: bankUser ? profileOf(bankUser) : null, payment };
}

export function changeRole(caller: PaymentApiCaller, userUniqueCode: string, role: PaymentRole, version: number): Promise<PaymentUser> {
  return askPaymentApi(caller, `/user_service/users/${encodeURIComponent(userUniqueCode)}/role`, paymentUserAnswer, asJsonPost({ role, version }));
}

/** A bank user of the company starts using the product as a company user (role 2). */
export function enableUser(caller: PaymentApiCaller, userUniqueCode: string): Promise<PaymentUser> {
  return askPaymentApi(caller, `/user_service/users/${encodeURIComponent(userUniqueCode)}/enable`, paymentUserAnswer, { method: "POST" });
}

export function savePermissions(caller: PaymentApiCaller, input: PermissionsInput): Promise<PaymentUser[]> {
  return askPaymentApi(caller, "/user_service/permissions", paymentUsersAnswer, asJsonPost(input)).then((answer) => answer.users);
}
