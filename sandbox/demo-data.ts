import type { PaymentRole, UserType } from "../domain/roles";

/**
 * The sandbox's demo banks, companies and users (../shared/SANDBOX.md). They
 * are a contract: the README lists them, tests sign in as them. Change them
 * only with a note in docs/decisions/.
 */
export const DEMO_PASSWORD = "demo";

export type DemoBank = { bankCode: string; name: string; receiveEnabled: boolean; identityProvider: "default" | "0182" };

export const DEMO_BANKS: DemoBank[] = [
  { bankCode: "0001", name: "デモ銀行", receiveEnabled: true, identityProvider: "default" },
  { bankCode: "0002", name: "サンプル信用金庫", receiveEnabled: false, identityProvider: "default" },
  { bankCode: "0182", name: "みらい地方銀行", receiveEnabled: true, identityProvider: "0182" },
  { bankCode: "9998", name: "運営管理", receiveEnabled: false, identityProvider: "default" },
];

export type DemoCompany = {
  companyUniqueCode: string;
  name: string;
  bankCode: string;
  /** null: the company has no payment service user yet. */
  planId: number | null;
};

export const DEMO_COMPANIES: DemoCompany[] = [
  { companyUniqueCode: "C-DEMO", name: "株式会社デモ商事", bankCode: "0001", planId: 4 },
  { companyUniqueCode: "C-OTHER", name: "合同会社アザー", bankCode: "0001", planId: 1 },
  { companyUniqueCode: "C-NEWCOMER", name: "新規工房", bankCode: "0001", planId: null },
  { companyUniqueCode: "C-SHINKIN", name: "有限会社しんきん", bankCode: "0002", planId: 1 },
  { companyUniqueCode: "C-MIRAI", name: "株式会社みらい製作所", bankCode: "0182", planId: 2 },
];

export type DemoUser = {
  login: string;
  userUniqueCode: string;
  userType: UserType;
  bankCode: string;
  branch: { code: string; name: string } | null;
  companyUniqueCode: string | null;
  /** null: no payment service user. */
  paymentRole: PaymentRole | null;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
};

const HEAD_OFFICE = { code: "001", name: "本店営業部" };

const user = (values: Omit<DemoUser, "branch"> & Partial<Pick<DemoUser, "branch">>): DemoUser => ({ branch: null, ...values });

export const DEMO_USERS: DemoUser[] = [
  user({ login: "owner@demo.example", userUniqueCode: "U-DEMO-OWNER", userType: "company_owner", bankCode: "0001", companyUniqueCode: "C-DEMO", paymentRole: 1, lastName: "山田", firstName: "太郎", lastNameKana: "ヤマダ", firstNameKana: "タロウ" }),
  user({ login: "user@demo.example", userUniqueCode: "U-DEMO-USER", userType: "company_user", bankCode: "0001", companyUniqueCode: "C-DEMO", paymentRole: 2, lastName: "佐藤", firstName: "花子", lastNameKana: "サトウ", firstNameKana: "ハナコ" }),
  user({ login: "owner@other.example", userUniqueCode: "U-OTHER-OWNER", userType: "company_owner", bankCode: "0001", companyUniqueCode: "C-OTHER", paymentRole: 1, lastName: "伊藤", firstName: "健", lastNameKana: "イトウ", firstNameKana: "ケン" }),
  user({ login: "newcomer@demo.example", userUniqueCode: "U-NEWCOMER", userType: "company_owner", bankCode: "0001", companyUniqueCode: "C-NEWCOMER", paymentRole: null, lastName: "鈴木", firstName: "一郎", lastNameKana: "スズキ", firstNameKana: "イチロウ" }),
  user({ login: "invalid@demo.example", userUniqueCode: "U-DEMO-INVALID", userType: "company_user", bankCode: "0001", companyUniqueCode: "C-DEMO", paymentRole: 0, lastName: "中村", firstName: "美咲", lastNameKana: "ナカムラ", firstNameKana: "ミサキ" }),
  user({ login: "owner@shinkin.example", userUniqueCode: "U-SHINKIN-OWNER", userType: "company_owner", bankCode: "0002", companyUniqueCode: "C-SHINKIN", paymentRole: 1, lastName: "高橋", firstName: "次郎", lastNameKana: "タカハシ", firstNameKana: "ジロウ" }),
  user({ login: "owner@mirai.example", userUniqueCode: "U-MIRAI-OWNER", userType: "company_owner", bankCode: "0182", companyUniqueCode: "C-MIRAI", paymentRole: 1, lastName: "小林", firstName: "さくら", lastNameKana: "コバヤシ", firstNameKana: "サクラ" }),
  user({ login: "sysadmin@demo.example", userUniqueCode: "U-SYSADMIN", userType: "system_admin", bankCode: "0001", companyUniqueCode: null, paymentRole: null, lastName: "渡辺", firstName: "浩", lastNameKana: "ワタナベ", firstNameKana: "ヒロシ" }),
  user({ login: "bankadmin@demo.example", userUniqueCode: "U-BANK-ADMIN", userType: "bank_admin", bankCode: "0001", companyUniqueCode: null, paymentRole: null, lastName: "田中", firstName: "誠", lastNameKana: "タナカ", firstNameKana: "マコト" }),
  user({ login: "branchadmin@demo.example", userUniqueCode: "U-BRANCH-ADMIN", userType: "branch_admin", bankCode: "0001", branch: HEAD_OFFICE, companyUniqueCode: null, paymentRole: null, lastName: "加藤", firstName: "愛", lastNameKana: "カトウ", firstNameKana: "アイ" }),
  user({ login: "branchuser@demo.example", userUniqueCode: "U-BRANCH-USER", userType: "branch_user", bankCode: "0001", branch: HEAD_OFFICE, companyUniqueCode: null, paymentRole: null, lastName: "吉田", firstName: "翔", lastNameKana: "ヨシダ", firstNameKana: "ショウ" }),
  user({ login: "operator@demo.example", userUniqueCode: "U-OPERATOR", userType: "system_admin", bankCode: "9998", companyUniqueCode: null, paymentRole: null, lastName: "山本", firstName: "剛", lastNameKana: "ヤマモト", firstNameKana: "ツヨシ" }),
];

/** The plans master (SPEC §4: 0 none, 1 issue, 2–4 issue + receive). Yen, tax excluded and included. */
export const DEMO_PLANS = [
  { planId: 0, planName: "未契約", amount: 0, totalAmount: 0, issueAmount: 0, issueTotalAmount: 0, receiveAmount: 0, receiveTotalAmount: 0, maxReceiveFiles: 0, sortOrder: 0 },
  { planId: 1, planName: "発行プラン", amount: 1000, totalAmount: 1100, issueAmount: 1000, issueTotalAmount: 1100, receiveAmount: 0, receiveTotalAmount: 0, maxReceiveFiles: 0, sortOrder: 1 },
  { planId: 2, planName: "発行・受取ライトプラン", amount: 2000, totalAmount: 2200, issueAmount: 1000, issueTotalAmount: 1100, receiveAmount: 1000, receiveTotalAmount: 1100, maxReceiveFiles: 50, sortOrder: 2 },
  { planId: 3, planName: "発行・受取スタンダードプラン", amount: 3000, totalAmount: 3300, issueAmount: 1000, issueTotalAmount: 1100, receiveAmount: 2000, receiveTotalAmount: 2200, maxReceiveFiles: 200, sortOrder: 3 },
  { planId: 4, planName: "発行・受取プレミアムプラン", amount: 5000, totalAmount: 5500, issueAmount: 1000, issueTotalAmount: 1100, receiveAmount: 4000, receiveTotalAmount: 4400, maxReceiveFiles: 1000, sortOrder: 4 },
];
