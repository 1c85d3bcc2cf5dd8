import type { PaymentRole, Reference, UserType } from "../domain/roles";

/**
 * The sandbox's demo banks, companies and users (../shared/SANDBOX.md). They
 * are a contract: the README lists them, tests sign in as them. Change them
 * only with a note in docs/decisions/.
 */
export const DEMO_PASSWORD = "demo";

export type DemoBank = {
  bankCode: string;
  name: string;
  receiveEnabled: boolean;
  identityProvider: "default" | "0182";
  /** Bank config `check_payment_method_filled`: registration asks for a payment method the bank does not have yet. */
  checksPaymentMethod?: boolean;
};

export const DEMO_BANKS: DemoBank[] = [
  { bankCode: "0001", name: "デモ銀行", receiveEnabled: true, identityProvider: "default", checksPaymentMethod: true },
  { bankCode: "0002", name: "サンプル信用金庫", receiveEnabled: false, identityProvider: "default" },
  { bankCode: "0182", name: "みらい地方銀行", receiveEnabled: true, identityProvider: "0182" },
  { bankCode: "9998", name: "運営管理", receiveEnabled: false, identityProvider: "default" },
];

/** Each bank's branches (店番 and name): branch staff see the companies of theirs. */
export const DEMO_BRANCHES: Array<{ bankCode: string; branchCode: string; name: string }> = [
  { bankCode: "0001", branchCode: "001", name: "本店営業部" },
  { bankCode: "0001", branchCode: "002", name: "駅前支店" },
  { bankCode: "0002", branchCode: "001", name: "本店" },
  { bankCode: "0182", branchCode: "001", name: "本店営業部" },
];

export type DemoCompany = {
  companyUniqueCode: string;
  name: string;
  bankCode: string;
  /** The bank branch that handles the company: its users' `ba_user_bb_code`. */
  branchCode: string;
  /** null: the company has no payment service user yet. */
  planId: number | null;
  /** Bank config `is_payment_method_filled` for this company; filled unless it says false. */
  paymentMethodFilled?: boolean;
  /**
   * A plan state the seed sets up relative to the day it runs (ADR 022):
   * in the months of a free-trial campaign, with a cancellation pending at
   * the end of the month, or with the plan changed this month.
   */
  planState?: "campaign" | "cancellation_pending" | "changed_this_month" | "free_term" | "withdrawn";
  /** An earlier time with the product that ended before the current one (the admin detail's other join date). */
  earlierEnrollment?: { joinDate: string; withdrawalDate: string; planId: number };
};

export const DEMO_COMPANIES: DemoCompany[] = [
  { companyUniqueCode: "C-DEMO", name: "株式会社デモ商事", bankCode: "0001", branchCode: "001", planId: 4 },
  { companyUniqueCode: "C-OTHER", name: "合同会社アザー", bankCode: "0001", branchCode: "002", planId: 1, earlierEnrollment: { joinDate: "2024-04-01", withdrawalDate: "2025-03-31", planId: 1 } },
  { companyUniqueCode: "C-NEWCOMER", name: "新規工房", bankCode: "0001", branchCode: "001", planId: null, paymentMethodFilled: false },
  { companyUniqueCode: "C-NEWSHOP", name: "新規商店", bankCode: "0001", branchCode: "001", planId: null, paymentMethodFilled: false },
  { companyUniqueCode: "C-STARTUP", name: "スタートアップ合同会社", bankCode: "0001", branchCode: "002", planId: null, paymentMethodFilled: false },
  { companyUniqueCode: "C-CAMPAIGN", name: "株式会社はじまり商会", bankCode: "0001", branchCode: "002", planId: 1, planState: "campaign" },
  { companyUniqueCode: "C-LEAVING", name: "有限会社おわり屋", bankCode: "0001", branchCode: "001", planId: 1, planState: "cancellation_pending" },
  { companyUniqueCode: "C-CHANGED", name: "合同会社かわる", bankCode: "0001", branchCode: "002", planId: 3, planState: "changed_this_month" },
  { companyUniqueCode: "C-FORMER", name: "株式会社もとや商店", bankCode: "0001", branchCode: "002", planId: 1, planState: "withdrawn" },
  { companyUniqueCode: "C-SHINKIN", name: "有限会社しんきん", bankCode: "0002", branchCode: "001", planId: 1 },
  { companyUniqueCode: "C-SHINKIN-NEW", name: "しんきん青果店", bankCode: "0002", branchCode: "001", planId: 1, planState: "free_term" },
  { companyUniqueCode: "C-MIRAI", name: "株式会社みらい製作所", bankCode: "0182", branchCode: "001", planId: 2 },
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
  /** Which issued documents a company user sees (decision 024); the column's default, 2 (only their own), when absent. */
  referenceId?: Reference;
  lastName: string;
  firstName: string;
  lastNameKana: string;
  firstNameKana: string;
};

const HEAD_OFFICE = { code: "001", name: "本店営業部" };

const user = (values: Omit<DemoUser, "branch"> & Partial<Pick<DemoUser, "branch">>): DemoUser => ({ branch: null, ...values });

export const DEMO_USERS: DemoUser[] = [
  user({ login: "owner@demo.example", userUniqueCode: "U-DEMO-OWNER", userType: "company_owner", bankCode: "0001", companyUniqueCode: "C-DEMO", paymentRole: 1, lastName: "山田", firstName: "太郎", lastNameKana: "ヤマダ", firstNameKana: "タロウ" }),
  user({ login: "user@demo.example", userUniqueCode: "U-DEMO-USER", userType: "company_user", bankCode: "0001", companyUniqueCode: "C-DEMO", paymentRole: 2, referenceId: 1, lastName: "佐藤", firstName: "花子", lastNameKana: "サトウ", firstNameKana: "ハナコ" }),
  // Company users for user management (decision 024): two the e2e tests change (one per browser project, so they never race), one not yet using the product.
  user({ login: "staff@demo.example", userUniqueCode: "U-DEMO-STAFF", userType: "company_user", bankCode: "0001", companyUniqueCode: "C-DEMO", paymentRole: 2, lastName: "高木", firstName: "美穂", lastNameKana: "タカギ", firstNameKana: "ミホ" }),
  user({ login: "clerk@demo.example", userUniqueCode: "U-DEMO-CLERK", userType: "company_user", bankCode: "0001", companyUniqueCode: "C-DEMO", paymentRole: 2, lastName: "森", firstName: "大輔", lastNameKana: "モリ", firstNameKana: "ダイスケ" }),
  user({ login: "newhire@demo.example", userUniqueCode: "U-DEMO-NEWHIRE", userType: "company_user", bankCode: "0001", companyUniqueCode: "C-DEMO", paymentRole: null, lastName: "林", firstName: "優", lastNameKana: "ハヤシ", firstNameKana: "ユウ" }),
  user({ login: "owner@other.example", userUniqueCode: "U-OTHER-OWNER", userType: "company_owner", bankCode: "0001", companyUniqueCode: "C-OTHER", paymentRole: 1, lastName: "伊藤", firstName: "健", lastNameKana: "イトウ", firstNameKana: "ケン" }),
  user({ login: "newcomer@demo.example", userUniqueCode: "U-NEWCOMER", userType: "company_owner", bankCode: "0001", companyUniqueCode: "C-NEWCOMER", paymentRole: null, lastName: "鈴木", firstName: "一郎", lastNameKana: "スズキ", firstNameKana: "イチロウ" }),
  user({ login: "newshop@demo.example", userUniqueCode: "U-NEWSHOP", userType: "company_owner", bankCode: "0001", companyUniqueCode: "C-NEWSHOP", paymentRole: null, lastName: "森", firstName: "大輔", lastNameKana: "モリ", firstNameKana: "ダイスケ" }),
  user({ login: "startup@demo.example", userUniqueCode: "U-STARTUP", userType: "company_owner", bankCode: "0001", companyUniqueCode: "C-STARTUP", paymentRole: null, lastName: "清水", firstName: "優", lastNameKana: "シミズ", firstNameKana: "ユウ" }),
  user({ login: "campaign@demo.example", userUniqueCode: "U-CAMPAIGN", userType: "company_owner", bankCode: "0001", companyUniqueCode: "C-CAMPAIGN", paymentRole: 1, lastName: "松本", firstName: "陽子", lastNameKana: "マツモト", firstNameKana: "ヨウコ" }),
  user({ login: "leaving@demo.example", userUniqueCode: "U-LEAVING", userType: "company_owner", bankCode: "0001", companyUniqueCode: "C-LEAVING", paymentRole: 1, lastName: "井上", firstName: "修", lastNameKana: "イノウエ", firstNameKana: "オサム" }),
  user({ login: "changed@demo.example", userUniqueCode: "U-CHANGED", userType: "company_owner", bankCode: "0001", companyUniqueCode: "C-CHANGED", paymentRole: 1, lastName: "木村", firstName: "綾", lastNameKana: "キムラ", firstNameKana: "アヤ" }),
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
/** The demo's Peppol participants (decision 045): はじまり商会 sends digital invoices to かわる, which takes them in. */
export const SANDBOX_PEPPOL_COMPANIES = {
  sender: { companyUniqueCode: "C-CAMPAIGN", name: "株式会社はじまり商会", registeredNo: "T8011003300007", peppolId: "0188:8011003300007" },
  receiver: { companyUniqueCode: "C-CHANGED", name: "合同会社かわる", peppolId: "0188:5011003400008" },
} as const;

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

/** 株式会社デモ商事's items (SANDBOX.md: twenty): goods at both rates, services, a reimbursed stamp fee (立替金) and a discount. */
export const DEMO_ITEMS = [
  { code: "G-001", name: "コピー用紙 A4 500枚", unit: "冊", unitPrice: "480", taxCategory: "standard" },
  { code: "G-002", name: "ボールペン 黒 10本入", unit: "箱", unitPrice: "880", taxCategory: "standard" },
  { code: "G-003", name: "クリアファイル 20枚", unit: "袋", unitPrice: "330", taxCategory: "standard" },
  { code: "G-004", name: "トナーカートリッジ", unit: "本", unitPrice: "12800", taxCategory: "standard" },
  { code: "G-005", name: "段ボール箱 120サイズ", unit: "枚", unitPrice: "185.5", taxCategory: "standard" },
  { code: "F-001", name: "ミネラルウォーター 500ml 24本", unit: "ケース", unitPrice: "1980", taxCategory: "reduced" },
  { code: "F-002", name: "緑茶ティーバッグ 100袋", unit: "箱", unitPrice: "1250", taxCategory: "reduced" },
  { code: "F-003", name: "お弁当（打合せ用）", unit: "食", unitPrice: "1080", taxCategory: "reduced" },
  { code: "F-004", name: "焼き菓子詰め合わせ", unit: "箱", unitPrice: "3240", taxCategory: "reduced" },
  { code: "S-001", name: "ホームページ保守", unit: "月", unitPrice: "30000", taxCategory: "standard" },
  { code: "S-002", name: "システム設計", unit: "時間", unitPrice: "8500", taxCategory: "standard" },
  { code: "S-003", name: "デザイン制作", unit: "式", unitPrice: "150000", taxCategory: "standard" },
  { code: "S-004", name: "出張作業", unit: "回", unitPrice: "15000", taxCategory: "standard" },
  { code: "S-005", name: "研修講師", unit: "日", unitPrice: "80000", taxCategory: "standard" },
  { code: "S-006", name: "データ入力", unit: "件", unitPrice: "12.5", taxCategory: "standard" },
  { code: "T-001", name: "配送料", unit: "式", unitPrice: "1100", taxCategory: "standard" },
  { code: "T-002", name: "梱包作業", unit: "個", unitPrice: "250", taxCategory: "standard" },
  { code: "X-001", name: "収入印紙代（立替）", unit: "枚", unitPrice: "200", taxCategory: "reimbursement" },
  { code: "X-002", name: "振込手数料", unit: "回", unitPrice: "440", taxCategory: "standard" },
  { code: "X-003", name: "値引", unit: "式", unitPrice: "-1000", taxCategory: "standard" },
] as const;

/**
 * 株式会社デモ商事's documents (SANDBOX.md: a few of each kind in several
 * statuses). Lines name demo items by code; the customer by its index in
 * DEMO_CUSTOMERS. An estimate is converted to an invoice and that invoice to
 * a receipt, so the source and derived links have something to show.
 */
export const DEMO_DOCUMENTS = [
  { key: "e1", kind: "estimate", issueDate: "2026-10-01", customer: 0, subject: "ホームページ改修のお見積り", status: 2, issued: true, lines: [["S-003", "1"], ["S-002", "12"]] },
  { key: "e2", kind: "estimate", issueDate: "2026-10-20", customer: 1, subject: "事務用品一式", status: 1, issued: true, lines: [["G-001", "10"], ["G-002", "5"], ["F-002", "2"]] },
  { key: "e3", kind: "estimate", issueDate: "2026-11-05", customer: 5, subject: "配送業務のお見積り", status: 3, issued: true, lines: [["T-001", "20"], ["T-002", "40"]] },
  { key: "d1", kind: "delivery_slip", issueDate: "2026-10-25", customer: 1, subject: "事務用品のお届け", status: 2, issued: true, lines: [["G-001", "10"], ["G-002", "5"]] },
  { key: "d2", kind: "delivery_slip", issueDate: "2026-11-10", customer: 6, subject: "飲料のお届け", status: 1, issued: false, lines: [["F-001", "4"], ["F-002", "3"]] },
  { key: "i1", kind: "invoice", issueDate: "2026-10-31", customer: 0, subject: "ホームページ改修", status: 4, issued: true, source: "e1", lines: [["S-003", "1"], ["S-002", "12"]] },
  { key: "i2", kind: "invoice", issueDate: "2026-10-31", customer: 2, subject: "10月分保守", status: 3, issued: true, lines: [["S-001", "1"], ["X-002", "1"]] },
  { key: "i3", kind: "invoice", issueDate: "2026-11-15", customer: 3, subject: "デザイン制作（源泉徴収あり）", status: 2, issued: true, withholding: true, lines: [["S-003", "1"], ["X-003", "1"]] },
  { key: "i4", kind: "invoice", issueDate: "2026-11-20", customer: 9, subject: "11月分保守", status: 1, issued: false, lines: [["S-001", "1"], ["F-003", "6"]] },
  { key: "i5", kind: "invoice", issueDate: "2026-11-25", customer: 4, subject: "社内研修（4日間）", status: 1, issued: false, lines: [["S-005", "4"]] },
  { key: "r1", kind: "receipt", issueDate: "2026-11-05", customer: 0, subject: null, status: 1, issued: true, source: "i1", lines: [["S-003", "1"], ["S-002", "12"]] },
  { key: "r2", kind: "receipt", issueDate: "2026-11-18", customer: 4, subject: null, status: 2, issued: false, lines: [["F-004", "2"]] },
] as const;

/**
 * The demo's 承認 (decision 049): invoices from ¥300,000 税込 need one step by any owner, and 佐藤 花子 has asked
 * for the approval of 「社内研修（4日間）」 (¥352,000), so 山田 太郎 finds it waiting.
 */
export const DEMO_APPROVAL = {
  rule: { threshold: 300000, amount_basis: "tax_included", steps: [{ any_owner: true }], allow_self_approval: false },
  waiting: { subject: "社内研修（4日間）", requestedBy: "U-DEMO-USER", comment: "4日間の研修費用です。ご確認をお願いします。" },
} as const;
