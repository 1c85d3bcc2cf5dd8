import { sql } from "drizzle-orm";
import {
  boolean,
  customType,
  jsonb,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { COMPANY_DEFAULTS } from "../../domain/codes";

/** Raw bytes; PGlite and node-postgres both hand bytea over as a Uint8Array/Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** A bank that offers the product, with its bank config (SPEC §3). */
export const banks = pgTable("banks", {
  bankCode: text("bank_code").primaryKey(),
  name: text("name").notNull(),
  baName: text("ba_name").notNull(),
  enablePaymentReceive: boolean("enable_payment_receive").notNull().default(false),
  checkPaymentMethodFilled: boolean("check_payment_method_filled").notNull().default(false),
  isPaymentMethodFilled: boolean("is_payment_method_filled").notNull().default(false),
  ...timestamps,
});

/** Stored files (logo, stamp, later documents). Tenant-owned; bytes inline unless kept in S3. */
export const files = pgTable(
  "files",
  {
    id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
    companyUniqueCode: text("company_unique_code").notNull(),
    purpose: text("purpose").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    sha256: text("sha256").notNull(),
    storage: text("storage").notNull().default("database"),
    storageKey: text("storage_key"),
    data: bytea("data"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("files_company_idx").on(table.companyUniqueCode)],
);

/** Own-company profile (SPEC §3). `company_unique_code` is the tenant key. */
export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    userId: text("user_id"),
    companyName: text("company_name").notNull(),
    registeredName: text("registered_name"),
    departmentName: text("department_name"),
    picName: text("pic_name"),
    postalCode: text("postal_code"),
    address1: text("address1"),
    address2: text("address2"),
    tel: text("tel"),
    fax: text("fax"),
    email: text("email"),
    registeredNo: text("registered_no"),
    logoFileId: uuid("logo_file_id").references(() => files.id, { onDelete: "set null" }),
    stampFileId: uuid("stamp_file_id").references(() => files.id, { onDelete: "set null" }),
    itemRoundingId: integer("item_rounding_id").notNull().default(COMPANY_DEFAULTS.itemRoundingId),
    itemRoundingScale: integer("item_rounding_scale").notNull().default(COMPANY_DEFAULTS.itemRoundingScale),
    subtotalRoundingId: integer("subtotal_rounding_id").notNull().default(COMPANY_DEFAULTS.subtotalRoundingId),
    taxId: integer("tax_id").notNull().default(COMPANY_DEFAULTS.taxId),
    taxRoundingId: integer("tax_rounding_id").notNull().default(COMPANY_DEFAULTS.taxRoundingId),
    taxWithholdingId: integer("tax_withholding_id").notNull().default(COMPANY_DEFAULTS.taxWithholdingId),
    bankCode: text("bank_code"),
    bankName: text("bank_name"),
    /** Optimistic lock: an update must name the version it was made from. */
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  // One own-company profile per company; the unique index also serves tenant-scoped reads.
  (table) => [uniqueIndex("companies_company_idx").on(table.companyUniqueCode)],
);

export const companyBankAccounts = pgTable(
  "company_bank_accounts",
  {
    id: serial("id").primaryKey(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    companyUniqueCode: text("company_unique_code").notNull(),
    bankName: text("bank_name").notNull(),
    bankCode: text("bank_code"),
    bankBranchName: text("bank_branch_name").notNull(),
    bankBranchCode: text("bank_branch_code"),
    bankAccountTypeId: integer("bank_account_type_id").notNull().default(COMPANY_DEFAULTS.bankAccountTypeId),
    bankAccountNo: text("bank_account_no").notNull(),
    bankAccountName: text("bank_account_name").notNull(),
    displayed: boolean("displayed").notNull().default(false),
    ...timestamps,
  },
  (table) => [
    index("company_bank_accounts_company_idx").on(table.companyUniqueCode),
    index("company_bank_accounts_company_id_idx").on(table.companyId),
  ],
);

/** A company's user in the payment service (SPEC §3). */
export const paymentServiceUsers = pgTable(
  "payment_service_users",
  {
    id: serial("id").primaryKey(),
    userUniqueCode: text("user_unique_code").notNull(),
    companyUniqueCode: text("company_unique_code").notNull(),
    role: integer("role").notNull(),
    registrationStatus: integer("registration_status").notNull().default(1),
    serviceId: integer("service_id").notNull().default(1),
    planId: integer("plan_id").notNull().default(0),
    useStartDate: date("use_start_date"),
    useEndDate: date("use_end_date"),
    userId: text("user_id"),
    referenceId: integer("reference_id").notNull().default(2),
    receiveReferenceId: integer("receive_reference_id").notNull().default(1),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("payment_service_users_user_idx").on(table.userUniqueCode),
    index("payment_service_users_company_idx").on(table.companyUniqueCode),
  ],
);

/** The company's payment contract (SPEC §3: payment info). */
export const paymentInfos = pgTable("payment_infos", {
  companyUniqueCode: text("company_unique_code").primaryKey(),
  planId: integer("plan_id").notNull().default(0),
  joinDate: date("join_date"),
  startDate: date("start_date"),
  endDate: date("end_date"),
  withdrawalDate: date("withdrawal_date"),
  ...timestamps,
});

/** The plans master. Amounts are yen, tax excluded and included. */
export const plans = pgTable("plans", {
  planId: integer("plan_id").primaryKey(),
  planName: text("plan_name").notNull(),
  amount: integer("amount").notNull().default(0),
  totalAmount: integer("total_amount").notNull().default(0),
  issueAmount: integer("issue_amount").notNull().default(0),
  issueTotalAmount: integer("issue_total_amount").notNull().default(0),
  receiveAmount: integer("receive_amount").notNull().default(0),
  receiveTotalAmount: integer("receive_total_amount").notNull().default(0),
  maxReceiveFiles: integer("max_receive_files").notNull().default(0),
  sortOrder: integer("sort_order").notNull().default(0),
});

/** Each company's current plan (SPEC §3: plan info). */
export const companyPlans = pgTable("company_plans", {
  companyUniqueCode: text("company_unique_code").primaryKey(),
  bankCode: text("bank_code").notNull(),
  planId: integer("plan_id").notNull().default(0),
  previousPlanId: integer("previous_plan_id"),
  joinDate: date("join_date"),
  startDate: date("start_date"),
  endDate: date("end_date"),
  withdrawalDate: date("withdrawal_date"),
  isContract: boolean("is_contract").notNull().default(false),
  isPlanChanged: boolean("is_plan_changed").notNull().default(false),
  isFreeTerm: boolean("is_free_term").notNull().default(false),
  isSubscribeCancellation: boolean("is_subscribe_cancellation").notNull().default(false),
  isCampaign: boolean("is_campaign").notNull().default(false),
  campaignNumOfMonths: integer("campaign_num_of_months"),
  campaignStartDate: date("campaign_start_date"),
  campaignFinishDate: date("campaign_finish_date"),
  isCampaignApplied: boolean("is_campaign_applied").notNull().default(false),
  appliedCampaignNumOfMonths: integer("applied_campaign_num_of_months"),
  appliedCampaignStartDate: date("applied_campaign_start_date"),
  appliedCampaignFinishDate: date("applied_campaign_finish_date"),
  appliedCampaignEndDate: date("applied_campaign_end_date"),
  ...timestamps,
});

/** Every plan change, kept for the once-a-month rule and for the bank's records. */
export const companyPlanHistory = pgTable(
  "company_plan_history",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    event: text("event").notNull(),
    planId: integer("plan_id").notNull(),
    previousPlanId: integer("previous_plan_id"),
    userUniqueCode: text("user_unique_code"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("company_plan_history_company_idx").on(table.companyUniqueCode, table.occurredAt)],
);

/** Terms texts: the cookie policy, each product's terms, each bank's terms. */
export const terms = pgTable(
  "terms",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    product: text("product"),
    bankCode: text("bank_code"),
    title: text("title").notNull(),
    body: text("body").notNull(),
    version: text("version").notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("terms_kind_idx").on(table.kind, table.product, table.bankCode)],
);

/** A company's customers (取引先). `search_key` holds name and kana folded for search (domain/normalize). */
export const customers = pgTable(
  "customers",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    name: text("name").notNull(),
    nameKana: text("name_kana"),
    honorific: text("honorific").notNull().default("御中"),
    department: text("department"),
    personInCharge: text("person_in_charge"),
    postalCode: text("postal_code"),
    address1: text("address1"),
    address2: text("address2"),
    tel: text("tel"),
    emails: jsonb("emails").$type<string[]>().notNull().default([]),
    registeredNo: text("registered_no"),
    /** 1–28, or 99 for the month's end. */
    closingDay: integer("closing_day"),
    /** 0 this month, 1 next month, 2 the month after. */
    paymentMonthOffset: integer("payment_month_offset"),
    /** 1–28, or 99 for the month's end. */
    paymentDay: integer("payment_day"),
    notes: text("notes"),
    searchKey: text("search_key").notNull(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [index("customers_company_idx").on(table.companyUniqueCode, table.id)],
);
