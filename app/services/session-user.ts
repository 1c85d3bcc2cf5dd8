import { z } from "zod";
import { USER_TYPES, isAdminUserType, type PaymentRole, type UserType } from "@domain/roles";

/**
 * What a session remembers of the signed-in user: the parts of the SSO profile
 * and of the payment service that pages need. Shared with the browser (no secrets).
 */
export const sessionUserSchema = z.object({
  userUniqueCode: z.string(),
  userType: z.enum(USER_TYPES),
  lastName: z.string(),
  firstName: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  branchName: z.string().nullable(),
  companyName: z.string().nullable(),
  companyUniqueCode: z.string().nullable(),
  /** null: the company has no payment service user yet (plan not registered). */
  paymentRole: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  /** The bank offers receiving (bank config `enable_payment_receive`). */
  receiveEnabled: z.boolean(),
  /** A cookie terms record exists, so the cookie-policy link is shown. */
  hasCookieTerms: z.boolean(),
});

export type SessionUser = z.infer<typeof sessionUserSchema>;

export function isAdmin(user: Pick<SessionUser, "userType">): boolean {
  return isAdminUserType(user.userType as UserType);
}

export function hasPaymentUser(user: Pick<SessionUser, "paymentRole">): user is { paymentRole: PaymentRole } {
  return user.paymentRole !== null;
}
