import { isAdminUserType, type PaymentRole, type UserType } from "@domain/roles";

/**
 * What a session remembers of the signed-in user: the parts of the SSO profile
 * and of the payment service that pages need. Shared with the browser (no secrets).
 */
export type SessionUser = {
  userUniqueCode: string;
  userType: UserType;
  lastName: string;
  firstName: string;
  bankCode: string;
  bankName: string;
  branchName: string | null;
  companyName: string | null;
  companyUniqueCode: string | null;
  /** null: the company has no payment service user yet (plan not registered). */
  paymentRole: PaymentRole | null;
  /** The bank offers receiving (bank config `enable_payment_receive`). */
  receiveEnabled: boolean;
  /** A cookie terms record exists, so the cookie-policy link is shown. */
  hasCookieTerms: boolean;
  /** The company's current and previous plan (SPEC §4), null without a plan. */
  planId: number | null;
  previousPlanId: number | null;
  /** The last day of a cancelled service (pending or past), null otherwise: the layout says so on every page. */
  withdrawalDate: string | null;
};

export function isAdmin(user: Pick<SessionUser, "userType">): boolean {
  return isAdminUserType(user.userType);
}
