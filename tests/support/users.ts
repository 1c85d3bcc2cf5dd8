import type { SessionUser } from "~/services/session-user";

/**
 * Session users shaped after the sandbox's demo users (../shared/SANDBOX.md),
 * for tests that need a signed-in page before the sign-in flow exists.
 */
const base = {
  bankCode: "0001",
  bankName: "デモ銀行",
  branchName: null,
  receiveEnabled: true,
  hasCookieTerms: true,
} as const;

export const fixtureUsers = {
  owner: {
    ...base,
    userUniqueCode: "U-DEMO-OWNER",
    userType: "company_owner",
    lastName: "山田",
    firstName: "太郎",
    companyName: "株式会社デモ商事",
    companyUniqueCode: "C-DEMO",
    paymentRole: 1,
  },
  user: {
    ...base,
    userUniqueCode: "U-DEMO-USER",
    userType: "company_user",
    lastName: "佐藤",
    firstName: "花子",
    companyName: "株式会社デモ商事",
    companyUniqueCode: "C-DEMO",
    paymentRole: 2,
  },
  newcomer: {
    ...base,
    userUniqueCode: "U-NEWCOMER",
    userType: "company_owner",
    lastName: "鈴木",
    firstName: "一郎",
    companyName: "新規工房",
    companyUniqueCode: "C-NEWCOMER",
    paymentRole: null,
    hasCookieTerms: false,
  },
  shinkinOwner: {
    ...base,
    bankCode: "0002",
    bankName: "サンプル信用金庫",
    receiveEnabled: false,
    userUniqueCode: "U-SHINKIN-OWNER",
    userType: "company_owner",
    lastName: "高橋",
    firstName: "次郎",
    companyName: "有限会社しんきん",
    companyUniqueCode: "C-SHINKIN",
    paymentRole: 1,
  },
  bankAdmin: {
    ...base,
    userUniqueCode: "U-BANK-ADMIN",
    userType: "bank_admin",
    lastName: "田中",
    firstName: "誠",
    companyName: null,
    companyUniqueCode: null,
    paymentRole: null,
  },
} satisfies Record<string, SessionUser>;

export type FixtureUserName = keyof typeof fixtureUsers;
