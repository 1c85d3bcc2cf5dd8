/** Bank-side user types carried by the SSO profile (`ba_user_type`). */
export const COMPANY_USER_TYPES = ["company_owner", "company_user"] as const;
export const ADMIN_USER_TYPES = ["system_admin", "bank_admin", "branch_admin", "branch_user"] as const;
export const USER_TYPES = [...COMPANY_USER_TYPES, ...ADMIN_USER_TYPES] as const;

export type CompanyUserType = (typeof COMPANY_USER_TYPES)[number];
export type AdminUserType = (typeof ADMIN_USER_TYPES)[number];
export type UserType = (typeof USER_TYPES)[number];

/** Role of a company user in the payment service (SPEC §4). */
export const PAYMENT_ROLE = { invalid: 0, owner: 1, user: 2 } as const;
export type PaymentRole = (typeof PAYMENT_ROLE)[keyof typeof PAYMENT_ROLE];

/**
 * What a company user sees (decision 024): `reference_id` for issued documents,
 * `receive_reference_id` for received ones — all of the company's (1) or only
 * those they created or registered (2). Owners always see all.
 */
export const REFERENCE = { all: 1, own: 2 } as const;
export type Reference = (typeof REFERENCE)[keyof typeof REFERENCE];

export function isAdminUserType(type: UserType): type is AdminUserType {
  return (ADMIN_USER_TYPES as readonly string[]).includes(type);
}

/** SPEC §6: a system admin of bank 9998 oversees every bank. */
export const SPECIAL_ADMIN_BANK_CODE = "9998";

export function isSpecialSystemAdmin(user: { userType: UserType; bankCode: string }): boolean {
  return user.userType === "system_admin" && user.bankCode === SPECIAL_ADMIN_BANK_CODE;
}
