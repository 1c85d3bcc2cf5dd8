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

/** 株式会社デモ商事's customers (SANDBOX.md: ten). */
export const DEMO_CUSTOMERS = [
  { name: "株式会社青空商事", nameKana: "アオゾラショウジ", honorific: "御中", tel: "03-1111-2222", emails: ["keiri@aozora.example"], closingDay: 99, paymentMonthOffset: 1, paymentDay: 99 },
  { name: "株式会社いろは製作所", nameKana: "イロハセイサクショ", honorific: "御中", tel: "06-2222-3333", emails: ["info@iroha.example"], closingDay: 20, paymentMonthOffset: 1, paymentDay: 10 },
  { name: "有限会社うみかぜ", nameKana: "ウミカゼ", honorific: "御中", tel: "092-333-4444", emails: [], closingDay: 99, paymentMonthOffset: 2, paymentDay: 5 },
  { name: "江戸川デザイン事務所", nameKana: "エドガワデザインジムショ", honorific: "御中", tel: null, emails: ["hello@edogawa.example"], closingDay: 25, paymentMonthOffset: 1, paymentDay: 25 },
  { name: "大野 健一", nameKana: "オオノ ケンイチ", honorific: "様", tel: "090-1234-5678", emails: ["ohno@example.jp"], closingDay: null, paymentMonthOffset: null, paymentDay: null },
  { name: "株式会社かがやき物流", nameKana: "カガヤキブツリュウ", honorific: "御中", tel: "045-555-6666", emails: ["billing@kagayaki.example"], closingDay: 99, paymentMonthOffset: 1, paymentDay: 99 },
  { name: "北山食品株式会社", nameKana: "キタヤマショクヒン", honorific: "御中", tel: "011-777-8888", emails: [], closingDay: 15, paymentMonthOffset: 1, paymentDay: 15 },
  { name: "合同会社くすのき", nameKana: "クスノキ", honorific: "御中", tel: null, emails: ["office@kusunoki.example"], closingDay: 99, paymentMonthOffset: 1, paymentDay: 99 },
  { name: "けやき税理士法人", nameKana: "ケヤキゼイリシホウジン", honorific: "御中", tel: "03-9999-0000", emails: ["tax@keyaki.example"], closingDay: null, paymentMonthOffset: null, paymentDay: null },
  { name: "株式会社コスモ電機", nameKana: "コスモデンキ", honorific: "御中", tel: "052-123-4567", emails: ["ap@cosmo.example"], closingDay: 99, paymentMonthOffset: 1, paymentDay: 99 },
] as const;
