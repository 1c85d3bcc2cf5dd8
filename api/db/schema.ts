import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  jsonb,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { AmountBasis, ApprovalEvent, ApprovalRequestStatus, FrozenRule, RecurringApprovalMode, StepApprovers } from "../../domain/approvals";
import type { ClosingLineMode } from "../../domain/closing";
import { COMPANY_DEFAULTS, type TaxCategoryId } from "../../domain/codes";
import type { DocumentKind } from "../../domain/document-kinds";
import type { NumberFormat } from "../../domain/document-settings";
import type { Honorific } from "../../domain/honorifics";
import type { MailRequestInput } from "../../domain/mail";
import type { OfficeProcessRuleKind } from "../../domain/office-process-rules";
import type { ReceivedKind } from "../../domain/received-documents";

/** Raw bytes; PGlite and node-postgres both hand bytea over as a Uint8Array/Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * This installation's identity: one row, made by its migration. Every backup's manifest names it, so a
 * restore can tell one installation's backup from another's data (ADR 039).
 */
export const installation = pgTable("installation", {
  id: uuid("id").primaryKey().default(sql`gen_random_uuid()`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A bank that offers the product, with its bank config (SPEC §3). */
export const banks = pgTable("banks", {
  bankCode: text("bank_code").primaryKey(),
  name: text("name").notNull(),
  baName: text("ba_name").notNull(),
  enablePaymentReceive: boolean("enable_payment_receive").notNull().default(false),
  checkPaymentMethodFilled: boolean("check_payment_method_filled").notNull().default(false),
  isPaymentMethodFilled: boolean("is_payment_method_filled").notNull().default(false),
  /** Optimistic lock for the admin area's bank settings form. */
  version: integer("version").notNull().default(1),
  ...timestamps,
});

/** A bank's branches (店番 and name), as the SSO profile names them (`ba_user_bb_code`, `ba_user_bb_name`). */
export const bankBranches = pgTable(
  "bank_branches",
  {
    bankCode: text("bank_code").notNull(),
    branchCode: text("branch_code").notNull(),
    name: text("name").notNull(),
  },
  (table) => [primaryKey({ columns: [table.bankCode, table.branchCode] })],
);

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
    /** Peppol participant ID as "scheme:identifier" (0188 法人番号 or 0221 登録番号): the seller's endpoint in JP PINT. */
    peppolId: text("peppol_id"),
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
    /** The month the business year ends (1–12): reports' year and received documents' retention. */
    fiscalYearEndMonth: integer("fiscal_year_end_month").notNull().default(3),
    /** Years records are kept after the filing deadline: 7, or 10 for a company carrying losses forward. */
    retentionYears: integer("retention_years").notNull().default(7),
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
    lastSignedInAt: timestamp("last_signed_in_at", { withTimezone: true }),
    /**
     * The person's name as their identity provider last gave it (「山田 太郎」): kept at sign-in, registration and enabling,
     * so a history that records only the person's code (a received document's versions, the plan history) names them.
     */
    name: text("name"),
    /** The person's e-mail address as their identity provider last gave it (`ba_user_email`): where approval mails go (decision 049). */
    email: text("email"),
    /** Moves on every role or permission change: a stale change is refused. */
    version: integer("version").notNull().default(1),
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
  /** debit or card (domain/plans PAYMENT_METHODS); null until registration asks for it. */
  paymentMethod: text("payment_method"),
  /** The account fees are debited from; the card itself is kept by the bank, never here. */
  debitBankCode: text("debit_bank_code"),
  debitBranchCode: text("debit_branch_code"),
  debitAccountType: integer("debit_account_type"),
  debitAccountNo: text("debit_account_no"),
  debitAccountName: text("debit_account_name"),
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
export const companyPlans = pgTable(
  "company_plans",
  {
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
    /** The JST day of the last addplan or changeplan: one change per calendar month. */
    planChangedOn: date("plan_changed_on", { mode: "string" }),
    /** The bank branch that handles the company (the owner's `ba_user_bb_code` at registration): branch staff see their branch's companies. */
    branchCode: text("branch_code"),
    /** The company's name as the bank knows it (`ba_company_name`), for the bank's list, and folded for its search (domain/normalize searchKey). */
    companyName: text("company_name").notNull().default(""),
    nameSearchKey: text("name_search_key").notNull().default(""),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [
    // The admin list: a bank's (or branch's) companies by join date, and searched by name.
    index("company_plans_bank_join_idx").on(table.bankCode, table.joinDate, table.companyUniqueCode),
    index("company_plans_branch_join_idx").on(table.bankCode, table.branchCode, table.joinDate),
    index("company_plans_name_trigram_idx").using("gin", sql`${table.nameSearchKey} gin_trgm_ops`),
    // Two-character names (山田): the pairs of the name, as the document list's search does (migration 0016).
    index("company_plans_name_bigram_idx").using("gin", sql`document_search_bigrams('', ${table.nameSearchKey}, '')`),
    // Codes searched by their start, whatever the collation.
    index("company_plans_code_pattern_idx").on(sql`${table.companyUniqueCode} text_pattern_ops`),
    // The list's sorts and its status filter (withdrawal and start dates against today), within a bank.
    index("company_plans_bank_name_idx").on(table.bankCode, table.nameSearchKey, table.companyUniqueCode),
    index("company_plans_bank_plan_idx").on(table.bankCode, table.planId, table.companyUniqueCode),
    index("company_plans_bank_withdrawal_idx").on(table.bankCode, table.isSubscribeCancellation, table.withdrawalDate),
    index("company_plans_bank_start_idx").on(table.bankCode, table.startDate),
  ],
);

/** A version per bank that moves whenever one of its companies' plan rows changes (a trigger, migration 0022): the admin list's counts are kept until it moves. */
export const adminListVersions = pgTable("admin_list_versions", {
  bankCode: text("bank_code").primaryKey(),
  version: bigint("version", { mode: "bigint" }).notNull(),
});

/**
 * A company's earlier time with the product: when a company that left
 * registers again, its previous join (and how it ended) is kept here, so the
 * bank's detail page stays reachable by company and join date.
 */
export const companyEnrollments = pgTable(
  "company_enrollments",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    bankCode: text("bank_code").notNull(),
    branchCode: text("branch_code"),
    companyName: text("company_name").notNull(),
    planId: integer("plan_id").notNull(),
    joinDate: date("join_date", { mode: "string" }).notNull(),
    startDate: date("start_date", { mode: "string" }),
    withdrawalDate: date("withdrawal_date", { mode: "string" }),
    endedAt: timestamp("ended_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("company_enrollments_company_join_idx").on(table.companyUniqueCode, table.joinDate)],
);

/**
 * What bank staff changed in the admin area (who, in which role and bank,
 * when, the record before and after), and their sign-ins and exports with the
 * request's trace id. Never updated or deleted (a trigger refuses it).
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: serial("id").primaryKey(),
    /** The bank whose data it concerns (the actor's own, or the one 9998's operator acted on). */
    bankCode: text("bank_code").notNull(),
    actorUserUniqueCode: text("actor_user_unique_code").notNull(),
    actorName: text("actor_name"),
    actorUserType: text("actor_user_type").notNull(),
    actorBankCode: text("actor_bank_code").notNull(),
    /** bank_setting.update, free_trial_reservation.create/update/cancel, companies.export, sign_in. */
    action: text("action").notNull(),
    /** What it concerns: `bank:0001`, `free_trial_reservation:3`, `company:C-DEMO`; null for sign-ins. */
    target: text("target"),
    before: jsonb("before"),
    after: jsonb("after"),
    traceId: text("trace_id"),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("admin_audit_log_target_idx").on(table.target, table.occurredAt), index("admin_audit_log_bank_idx").on(table.bankCode, table.occurredAt)],
);

/** A bank's notices to its companies (maintenance windows, terms changes, news), shown on their TOP while published. */
export const bankNotices = pgTable(
  "bank_notices",
  {
    id: serial("id").primaryKey(),
    bankCode: text("bank_code").notNull(),
    /** maintenance, terms or info. */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** A maintenance window's start and end; null for other notices. */
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    publishFrom: date("publish_from", { mode: "string" }).notNull(),
    publishUntil: date("publish_until", { mode: "string" }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    createdBy: text("created_by").notNull(),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [index("bank_notices_bank_idx").on(table.bankCode, table.publishFrom)],
);

/** The plans each bank offers its companies. */
export const bankPlans = pgTable(
  "bank_plans",
  {
    bankCode: text("bank_code").notNull(),
    planId: integer("plan_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.bankCode, table.planId] })],
);

/** Which version of which terms a user agreed to, and when (registration). */
export const termsAgreements = pgTable(
  "terms_agreements",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    userUniqueCode: text("user_unique_code").notNull(),
    termsId: integer("terms_id").notNull(),
    termsKind: text("terms_kind").notNull(),
    termsVersion: text("terms_version").notNull(),
    agreedAt: timestamp("agreed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("terms_agreements_company_idx").on(table.companyUniqueCode, table.agreedAt)],
);

/**
 * A bank's free-trial campaign: new companies registering between start and
 * finish (all of the bank's, or one branch's) get `free_months` without charge.
 */
export const freeTrialReservations = pgTable(
  "free_trial_reservations",
  {
    id: serial("id").primaryKey(),
    bankCode: text("bank_code").notNull(),
    /** null: every new company of the bank. */
    branchCode: text("branch_code"),
    freeMonths: integer("free_months").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    finishDate: date("finish_date", { mode: "string" }).notNull(),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    createdBy: text("created_by"),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [index("free_trial_reservations_bank_idx").on(table.bankCode, table.startDate)],
);

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
    honorific: text("honorific").$type<Honorific>().notNull().default("御中"),
    department: text("department"),
    personInCharge: text("person_in_charge"),
    postalCode: text("postal_code"),
    address1: text("address1"),
    address2: text("address2"),
    tel: text("tel"),
    emails: jsonb("emails").$type<string[]>().notNull().default([]),
    registeredNo: text("registered_no"),
    /** Peppol participant ID as "scheme:identifier" (0188 法人番号 or 0221 登録番号): the buyer's endpoint in JP PINT. */
    peppolId: text("peppol_id"),
    /** 1–28, or 99 for the month's end. */
    closingDay: integer("closing_day"),
    /** 0 this month, 1 next month, 2 the month after. */
    paymentMonthOffset: integer("payment_month_offset"),
    /** 1–28, or 99 for the month's end. */
    paymentDay: integer("payment_day"),
    /** previous, next or none: where a due date on a bank holiday moves (HOLIDAY_SHIFTS). */
    holidayShift: text("holiday_shift").notNull().default("previous"),
    notes: text("notes"),
    searchKey: text("search_key").notNull(),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [index("customers_company_idx").on(table.companyUniqueCode, table.id)],
);

/** A company's items (品目). `search_key` holds code and name folded for search; a code is unique in its company. */
export const items = pgTable(
  "items",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    code: text("code"),
    name: text("name").notNull(),
    unit: text("unit"),
    unitPrice: numeric("unit_price", { precision: 14, scale: 4 }).notNull(),
    /** TAX_CATEGORIES id, copied onto a line the item is picked for. */
    taxCategory: text("tax_category").$type<TaxCategoryId>().notNull().default("standard"),
    /** The category's rate (10, 8 or 0), kept for readers of the rate alone. */
    taxRate: integer("tax_rate").notNull().default(10),
    searchKey: text("search_key").notNull(),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [
    index("items_company_idx").on(table.companyUniqueCode, table.id),
    uniqueIndex("items_company_code_idx").on(table.companyUniqueCode, table.code).where(sql`${table.code} is not null`),
  ],
);

/**
 * Per company and document kind (DOCUMENT_KINDS): numbering format, defaults
 * for new documents and the mail templates. A kind with no row uses
 * DOCUMENT_SETTING_DEFAULTS (domain/document-settings).
 */
export const documentSettings = pgTable(
  "document_settings",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    kind: text("kind").$type<DocumentKind>().notNull(),
    numberPrefix: text("number_prefix").notNull(),
    numberDatePart: text("number_date_part").$type<NumberFormat["number_date_part"]>().notNull(),
    numberDigits: integer("number_digits").notNull(),
    numberReset: text("number_reset").$type<NumberFormat["number_reset"]>().notNull(),
    defaultSubject: text("default_subject"),
    defaultNotes: text("default_notes"),
    defaultRemarks: text("default_remarks"),
    defaultHonorific: text("default_honorific").$type<Honorific>().notNull(),
    printStamp: boolean("print_stamp").notNull(),
    /** Company bank account ids shown on invoices; empty means those marked displayed. */
    bankAccountIds: jsonb("bank_account_ids").$type<number[]>().notNull().default([]),
    dueDateRule: text("due_date_rule").notNull(),
    dueDays: integer("due_days"),
    /** 合算請求's layout of the slips' lines (invoice settings only): per_slip or per_item. */
    closingLineMode: text("closing_line_mode").$type<ClosingLineMode>().notNull().default("per_slip"),
    mailSubject: text("mail_subject").notNull(),
    mailBody: text("mail_body").notNull(),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [uniqueIndex("document_settings_company_kind_idx").on(table.companyUniqueCode, table.kind)],
);

/**
 * The last number given per company, kind and numbering period ('' when the
 * sequence never resets, '2026' yearly, '2026-11' monthly). Documents take
 * their numbers from it inside their create transaction.
 */
export const documentCounters = pgTable(
  "document_counters",
  {
    companyUniqueCode: text("company_unique_code").notNull(),
    kind: text("kind").$type<DocumentKind>().notNull(),
    period: text("period").notNull(),
    lastNumber: integer("last_number").notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyUniqueCode, table.kind, table.period] })],
);

/** The 事務処理規程 a company adopted from a template, with what it filled in (one per company). */
export const officeProcessRules = pgTable("office_process_rules", {
  id: serial("id").primaryKey(),
  companyUniqueCode: text("company_unique_code").notNull().unique("office_process_rules_company_idx"),
  kind: text("kind").$type<OfficeProcessRuleKind>().notNull(),
  companyName: text("company_name").notNull(),
  responsibleTitle: text("responsible_title").notNull().default(""),
  responsibleName: text("responsible_name").notNull(),
  effectiveDate: date("effective_date", { mode: "string" }).notNull(),
  version: integer("version").notNull().default(1),
  ...timestamps,
});

/**
 * Issued documents of every kind (DOCUMENT_KINDS), one table: the kinds share
 * almost every field, and conversions copy between them. Totals are stored as
 * computed at save time (domain/totals) so lists can filter and sum by amount.
 */
export const documents = pgTable(
  "documents",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    kind: text("kind").$type<DocumentKind>().notNull(),
    number: text("number").notNull(),
    status: integer("status").notNull(),
    issueDate: date("issue_date", { mode: "string" }).notNull(),
    // A customer referred to cannot be deleted (archived instead): no cascade.
    customerId: integer("customer_id").references(() => customers.id),
    customerName: text("customer_name").notNull(),
    customerHonorific: text("customer_honorific").$type<Honorific>().notNull(),
    customerSearchKey: text("customer_search_key").notNull(),
    subject: text("subject"),
    personInCharge: text("person_in_charge"),
    notes: text("notes"),
    taxTypeId: integer("tax_type_id").notNull(),
    withholding: boolean("withholding").notNull().default(false),
    /** The company's rounding rules when the document was made: later changes to the company do not move its totals. */
    itemRoundingId: integer("item_rounding_id").notNull(),
    itemRoundingScale: integer("item_rounding_scale").notNull(),
    subtotalRoundingId: integer("subtotal_rounding_id").notNull(),
    taxRoundingId: integer("tax_rounding_id").notNull(),
    taxWithholdingId: integer("tax_withholding_id").notNull(),
    validUntil: date("valid_until", { mode: "string" }),
    deliveryDate: date("delivery_date", { mode: "string" }),
    dueDate: date("due_date", { mode: "string" }),
    bankAccountId: integer("bank_account_id"),
    receivedAmount: numeric("received_amount", { precision: 18, scale: 4 }),
    proviso: text("proviso"),
    paymentMethod: text("payment_method"),
    taxExcluded: numeric("tax_excluded", { precision: 18, scale: 4 }).notNull(),
    tax: numeric("tax", { precision: 18, scale: 4 }).notNull(),
    taxIncluded: numeric("tax_included", { precision: 18, scale: 4 }).notNull(),
    withholdingAmount: numeric("withholding_amount", { precision: 18, scale: 4 }).notNull(),
    amountDue: numeric("amount_due", { precision: 18, scale: 4 }).notNull(),
    sourceDocumentId: integer("source_document_id").references((): AnyPgColumn => documents.id),
    copyMode: text("copy_mode").notNull().default("new"),
    origin: text("origin"),
    /** The create form's one-time key: a second submit of the same form finds the first document. */
    idempotencyKey: text("idempotency_key"),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    /** The issued content's revision: 1 as first issued, one more for each correction (修正). */
    revision: integer("revision").notNull().default(1),
    /** Why the latest correction was made, as the user stated it. */
    correctionReason: text("correction_reason"),
    /** A credit note (赤伝) names the invoice it cancels. */
    creditNoteOf: integer("credit_note_of").references((): AnyPgColumn => documents.id),
    createdBy: text("created_by").notNull(),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("documents_company_kind_number_idx").on(table.companyUniqueCode, table.kind, table.number),
    uniqueIndex("documents_company_idempotency_idx").on(table.companyUniqueCode, table.idempotencyKey),
    index("documents_list_idx").on(table.companyUniqueCode, table.kind, table.issueDate, table.id),
    index("documents_status_idx").on(table.companyUniqueCode, table.kind, table.status, table.issueDate, table.id),
    index("documents_customer_idx").on(table.customerId),
    index("documents_source_idx").on(table.sourceDocumentId),
    index("documents_credit_note_idx").on(table.creditNoteOf),
    // The list's sorts (SORT_COLUMNS, with id as the tie-break): the first page of each is read in index order.
    // issue_date is documents_list_idx, number the unique index above.
    index("documents_customer_sort_idx").on(table.companyUniqueCode, table.kind, table.customerSearchKey, table.id),
    index("documents_amount_sort_idx").on(table.companyUniqueCode, table.kind, table.taxIncluded, table.id),
    index("documents_status_sort_idx").on(table.companyUniqueCode, table.kind, table.status, table.id),
    index("documents_updated_sort_idx").on(table.companyUniqueCode, table.kind, table.updatedAt, table.id),
    // The list's search (migration 0016): trigrams of number, customer search key and subject for three
    // characters or more, and their two-character pairs, which pg_trgm cannot answer inside a word.
    index("documents_search_trigram_idx").using("gin", sql`document_search_text(${table.number}, ${table.customerSearchKey}, ${table.subject}) gin_trgm_ops`),
    index("documents_search_bigram_idx").using("gin", sql`document_search_bigrams(${table.number}, ${table.customerSearchKey}, ${table.subject})`),
  ],
);

/** A document's lines in order; values are copied from items, so editing an item never changes a document. */
export const documentLines = pgTable(
  "document_lines",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    itemId: integer("item_id"),
    description: text("description").notNull(),
    quantity: numeric("quantity", { precision: 14, scale: 4 }).notNull(),
    unit: text("unit"),
    unitPrice: numeric("unit_price", { precision: 14, scale: 4 }).notNull(),
    /** TAX_CATEGORIES id; what the line's tax is. */
    taxCategory: text("tax_category").$type<TaxCategoryId>().notNull(),
    /** The category's rate (10, 8 or 0), kept for readers of the rate alone. */
    taxRate: integer("tax_rate").notNull(),
    amount: numeric("amount", { precision: 18, scale: 4 }).notNull(),
  },
  (table) => [index("document_lines_document_idx").on(table.documentId, table.position)],
);

/** Every status change of a document: who and when (SPEC §4 statuses). */
export const documentStatusHistory = pgTable(
  "document_status_history",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    fromStatus: integer("from_status"),
    toStatus: integer("to_status").notNull(),
    /** What happened: created, issued, status, corrected, voided, credit_note (a credit note was made against it). */
    event: text("event").notNull().default("status"),
    /** The revision the event made or concerned, for issued and corrected. */
    revision: integer("revision"),
    changedBy: text("changed_by").notNull(),
    /** The person's name as the identity provider gave it then; history names people, not codes. */
    changedByName: text("changed_by_name"),
    /** An approval event's comment or a return's reason (decision 049). */
    comment: text("comment"),
    /** The approval step an approval or a return decided. */
    approvalStep: integer("approval_step"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("document_status_history_document_idx").on(table.documentId, table.changedAt)],
);

/**
 * What a document showed when it was issued, sent or printed (ARCHITECTURE:
 * issued is frozen): issuer, customer, lines, totals and bank account as
 * JSON, with copies of the logo and stamp files. A later edit of the company
 * or the customer never changes it; an edit of the document (a new version)
 * makes the next one.
 */
export const documentSnapshots = pgTable(
  "document_snapshots",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    companyUniqueCode: text("company_unique_code").notNull(),
    documentVersion: integer("document_version").notNull(),
    /** One snapshot per revision: the original as issued, then each correction. */
    revision: integer("revision").notNull().default(1),
    reason: text("reason").notNull(),
    content: jsonb("content").notNull(),
    createdBy: text("created_by").notNull(),
    createdByName: text("created_by_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("document_snapshots_revision_idx").on(table.documentId, table.revision)],
);

/**
 * Every send of a document by e-mail or as a digital invoice through the Peppol
 * access point (delivery `peppol`, decision 045), which is also the outbox the
 * worker works from (ADR 013): queued → sending → sent, or back to queued
 * with a later next_attempt_at, or error with the reason. Opens of the
 * signed link are counted here.
 */
export const documentMails = pgTable(
  "document_mails",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    snapshotId: integer("snapshot_id")
      .notNull()
      .references(() => documentSnapshots.id),
    to: jsonb("to").$type<string[]>().notNull(),
    cc: jsonb("cc").$type<string[]>().notNull().default([]),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    delivery: text("delivery").$type<MailRequestInput["delivery"] | "peppol">().notNull(),
    /** What a `peppol` send hands to the access point: the JP PINT XML as checked when it was asked for. */
    payload: text("payload"),
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    messageId: text("message_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    firstOpenedAt: timestamp("first_opened_at", { withTimezone: true }),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }),
    resentFromId: integer("resent_from_id"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("document_mails_document_idx").on(table.documentId, table.id),
    index("document_mails_queue_idx").on(table.status, table.nextAttemptAt),
    index("document_mails_company_created_idx").on(table.companyUniqueCode, table.createdAt),
  ],
);

/** The embedded default's mailbox: with no SMTP_URL, sent messages are kept here, as raw RFC 5322 text, for the sandbox to show. */
export const localMailbox = pgTable(
  "local_mailbox",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    /** The row of document_mails, or of approval_mails when `source` says so. */
    mailId: integer("mail_id").notNull(),
    source: text("source").$type<"document" | "approval">().notNull().default("document"),
    envelopeTo: jsonb("envelope_to").$type<string[]>().notNull(),
    subject: text("subject").notNull(),
    /** The text part as written, for the sandbox to show without decoding the message. */
    text: text("text").notNull().default(""),
    attachmentNames: jsonb("attachment_names").$type<string[]>().notNull().default([]),
    raw: text("raw").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("local_mailbox_company_idx").on(table.companyUniqueCode, table.id)],
);

/**
 * The sandbox's stand-in Peppol access point (decision 045): what was handed to it, for whom, and whether the
 * recipient's side has taken it. Used only by sandbox/peppol-access-point.ts, as local_mailbox is by the sandbox's
 * mailbox; a deployment with PEPPOL_AP_URL leaves it empty.
 */
export const sandboxPeppolMessages = pgTable(
  "sandbox_peppol_messages",
  {
    id: serial("id").primaryKey(),
    /** The sender's key for the hand-over: the same key twice is one message. */
    idempotencyKey: text("idempotency_key").notNull(),
    sender: text("sender").notNull(),
    recipient: text("recipient").notNull(),
    invoiceNumber: text("invoice_number").notNull(),
    xml: text("xml").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    takenAt: timestamp("taken_at", { withTimezone: true }),
  },
  (table) => [uniqueIndex("sandbox_peppol_messages_key_idx").on(table.idempotencyKey), index("sandbox_peppol_messages_recipient_idx").on(table.recipient, table.id)],
);

/**
 * A number that grows with every change to a company's documents of a kind,
 * set by a trigger on documents (migration 0016) from
 * document_list_version_seq, so a value is never given twice even after the
 * row is gone: the list's count and sums of a filter are computed once per
 * version and reused until the next change.
 */
export const documentListVersionSeq = pgSequence("document_list_version_seq");

export const documentListVersions = pgTable(
  "document_list_versions",
  {
    companyUniqueCode: text("company_unique_code").notNull(),
    kind: text("kind").notNull(),
    version: bigint("version", { mode: "bigint" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyUniqueCode, table.kind] })],
);

/**
 * Count and sums of the documents that are not voided, per company, kind and
 * status, kept by a trigger on documents (migration 0006): the list's total
 * of an unfiltered or status-filtered view is read here instead of summed
 * over every document, so a company with 10,000 lists like one with 100.
 */
export const documentTotals = pgTable(
  "document_totals",
  {
    companyUniqueCode: text("company_unique_code").notNull(),
    kind: text("kind").notNull(),
    status: integer("status").notNull(),
    documentCount: integer("document_count").notNull(),
    taxIncluded: numeric("tax_included", { precision: 20, scale: 4 }).notNull(),
    amountDue: numeric("amount_due", { precision: 20, scale: 4 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyUniqueCode, table.kind, table.status] })],
);

/**
 * Id tokens ended by sign-out before their expiry, by SHA-256 (the token
 * itself is never stored): the API refuses them, whichever instance asks.
 * Rows past `expires_at` mean nothing and are swept on the next sign-out.
 */
export const revokedTokens = pgTable("revoked_tokens", {
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Rate-limit counters shared by every instance: one row per key (a limit's
 * name and what it counts: an address, a login, a company), its window
 * starting at the first hit after the last one ended.
 */
export const rateLimitHits = pgTable("rate_limit_hits", {
  key: text("key").primaryKey(),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
});

/**
 * The columns of the NTA's publication of qualified invoice issuers (公表情報),
 * as its bulk CSV and Web-API hold them, minus the file's running number.
 * Dates are kept as text YYYY-MM-DD: they are compared as the NTA writes them.
 */
const registrationColumns = () => ({
  registratedNumber: text("registrated_number").primaryKey(),
  process: text("process").notNull(),
  correct: text("correct").notNull(),
  kind: text("kind").notNull(),
  country: text("country").notNull(),
  latest: text("latest").notNull(),
  registrationDate: text("registration_date"),
  updateDate: text("update_date"),
  disposalDate: text("disposal_date"),
  expireDate: text("expire_date"),
  address: text("address").notNull(),
  addressPrefectureCode: text("address_prefecture_code").notNull(),
  addressCityCode: text("address_city_code").notNull(),
  addressRequest: text("address_request").notNull(),
  addressRequestPrefectureCode: text("address_request_prefecture_code").notNull(),
  addressRequestCityCode: text("address_request_city_code").notNull(),
  kana: text("kana").notNull(),
  name: text("name").notNull(),
  addressInside: text("address_inside").notNull(),
  addressInsidePrefectureCode: text("address_inside_prefecture_code").notNull(),
  addressInsideCityCode: text("address_inside_city_code").notNull(),
  tradeName: text("trade_name").notNull(),
  popularNamePreviousName: text("popular_name_previous_name").notNull(),
});

/**
 * The current record of every registered number, loaded from the NTA's bulk
 * download for offline verification (decision 025). Not tenant data: the
 * same publication serves every company.
 */
export const registrationNumbers = pgTable("registration_numbers", registrationColumns());

/** Where a full import is loaded before it replaces registration_numbers in one transaction. */
export const registrationNumbersStaging = pgTable("registration_numbers_staging", registrationColumns());

/** Each import of bulk files: what was read and applied, and the newest update date it held. */
export const registrationNumberImports = pgTable("registration_number_imports", {
  id: serial("id").primaryKey(),
  kind: text("kind").notNull(),
  files: text("files").notNull(),
  rowsRead: integer("rows_read").notNull(),
  upserted: integer("upserted").notNull(),
  deleted: integer("deleted").notNull(),
  skipped: integer("skipped").notNull(),
  lastUpdateDate: text("last_update_date"),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A document received from a supplier (受取請求書・領収書・その他), kept as
 * 電子帳簿保存法 asks: searchable by date, amount and supplier; every change a
 * version in received_document_versions; never deleted, only marked deleted
 * once its retention period has passed (decision 026).
 */
export const receivedDocuments = pgTable(
  "received_documents",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    kind: text("kind").$type<ReceivedKind>().notNull(),
    transactionDate: date("transaction_date", { mode: "string" }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    amount10: bigint("amount_10", { mode: "number" }),
    tax10: bigint("tax_10", { mode: "number" }),
    amount8: bigint("amount_8", { mode: "number" }),
    tax8: bigint("tax_8", { mode: "number" }),
    amount0: bigint("amount_0", { mode: "number" }),
    supplierName: text("supplier_name").notNull(),
    supplierSearchKey: text("supplier_search_key").notNull(),
    // A customer referred to cannot be deleted (archived instead): no cascade.
    customerId: integer("customer_id").references(() => customers.id),
    registrationNumber: text("registration_number"),
    documentNumber: text("document_number"),
    dueDate: date("due_date", { mode: "string" }),
    origin: text("origin").notNull().default("electronic"),
    payeeBankName: text("payee_bank_name"),
    payeeBranchName: text("payee_branch_name"),
    payeeAccountType: integer("payee_account_type"),
    payeeAccountNumber: text("payee_account_number"),
    payeeAccountName: text("payee_account_name"),
    notes: text("notes"),
    /** SPEC §4's match result of the registration number; null without a number. */
    matchResult: integer("match_result"),
    matchReason: text("match_reason"),
    matchRegisteredName: text("match_registered_name"),
    /** Whether the purchase qualifies for the full input tax credit, and the share credited otherwise. */
    creditRate: integer("credit_rate"),
    creditLabel: text("credit_label"),
    matchCheckedAt: timestamp("match_checked_at", { withTimezone: true }),
    idempotencyKey: text("idempotency_key"),
    createdBy: text("created_by").notNull(),
    updatedBy: text("updated_by").notNull(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: text("deleted_by"),
    deleteReason: text("delete_reason"),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [
    uniqueIndex("received_documents_idempotency_idx").on(table.companyUniqueCode, table.idempotencyKey),
    // The three search keys of 電子帳簿保存法 and the list's sorts, each ending in id (the tie-break).
    index("received_documents_date_idx").on(table.companyUniqueCode, table.kind, table.transactionDate, table.id),
    index("received_documents_amount_idx").on(table.companyUniqueCode, table.kind, table.amount, table.id),
    index("received_documents_supplier_idx").on(table.companyUniqueCode, table.kind, table.supplierSearchKey, table.id),
    index("received_documents_updated_idx").on(table.companyUniqueCode, table.kind, table.updatedAt, table.id),
    index("received_documents_customer_idx").on(table.customerId),
    // The 受取 report sums every kind of a company by transaction date (decision 028).
    index("received_documents_report_idx").on(table.companyUniqueCode, table.transactionDate),
    // Free text: the same search functions as the issued documents' list (migration 0016).
    index("received_documents_search_trigram_idx").using(
      "gin",
      sql`document_search_text(coalesce(${table.documentNumber}, ''), ${table.supplierSearchKey}, ${table.notes}) gin_trgm_ops`,
    ),
    index("received_documents_search_bigram_idx").using("gin", sql`document_search_bigrams(coalesce(${table.documentNumber}, ''), ${table.supplierSearchKey}, ${table.notes})`),
  ],
);

/**
 * The files of a received document, as received: a file is added or marked
 * removed by a version, never replaced or erased. Its SHA-256 and receipt time
 * are on the file row.
 */
export const receivedDocumentFiles = pgTable(
  "received_document_files",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => receivedDocuments.id),
    fileId: uuid("file_id")
      .notNull()
      .references(() => files.id),
    /** The name the file came with, for people; storage never uses it. */
    fileName: text("file_name").notNull(),
    position: integer("position").notNull(),
    addedInVersion: integer("added_in_version").notNull(),
    removedInVersion: integer("removed_in_version"),
  },
  (table) => [index("received_document_files_document_idx").on(table.documentId), uniqueIndex("received_document_files_file_idx").on(table.fileId)],
);

/** Each version of a received document: who, when, what changed (with the previous value) and the whole record as it then was. */
export const receivedDocumentVersions = pgTable(
  "received_document_versions",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => receivedDocuments.id),
    version: integer("version").notNull(),
    action: text("action").notNull(),
    changedBy: text("changed_by").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
    changes: jsonb("changes").notNull(),
    record: jsonb("record").notNull(),
  },
  (table) => [uniqueIndex("received_document_versions_idx").on(table.documentId, table.version)],
);

/**
 * Files uploaded for a received document that is not saved yet: the form
 * keeps their ids, so nothing chosen is lost when a save is refused. Claimed
 * (deleted from here) when the document is saved.
 */
export const receivedUploads = pgTable(
  "received_uploads",
  {
    fileId: uuid("file_id")
      .primaryKey()
      .references(() => files.id, { onDelete: "cascade" }),
    companyUniqueCode: text("company_unique_code").notNull(),
    fileName: text("file_name").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    /** What the text layer of a PDF proposed, for the form to offer. */
    proposal: jsonb("proposal"),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("received_uploads_company_idx").on(table.companyUniqueCode)],
);

/**
 * Payments received against an issued invoice (issue 19 item 3, decision 029): whole yen, exact. `fee`
 * is the transfer fee the payer deducted (先方負担手数料), which clears the invoice like money received;
 * the invoice's balance is its amount due less the sum of amount + fee. A payment matched from the bank's
 * statement names its line.
 */
export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id),
    companyUniqueCode: text("company_unique_code").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    fee: bigint("fee", { mode: "number" }).notNull().default(0),
    method: text("method").notNull(),
    statementLineId: integer("statement_line_id"),
    createdBy: text("created_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    // A payment entered by mistake is cancelled, not deleted: who cleared what stays readable (decision 033).
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
    cancelReason: text("cancel_reason"),
  },
  (table) => [
    index("payments_document_idx").on(table.documentId),
    index("payments_company_paid_on_idx").on(table.companyUniqueCode, table.paidOn),
    // A statement line pays an invoice once (several invoices for まとめ払い): the database refuses a second payment
    // of the same invoice from it whatever the code does. A cancelled payment gives its line back to be matched again.
    uniqueIndex("payments_statement_line_idx").on(table.statementLineId, table.documentId).where(sql`cancelled_at is null`),
  ],
);

/** Names (normalised, domain/payer-match.ts) a customer has paid under, learned from confirmed matches. */
export const payerNames = pgTable(
  "payer_names",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("payer_names_company_customer_name_idx").on(table.companyUniqueCode, table.customerId, table.name)],
);

/** A bank statement a company uploaded (全銀 入出金取引明細 or the bank's CSV), kept as received with its SHA-256 (decision 029). */
export const bankStatements = pgTable(
  "bank_statements",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    fileName: text("file_name").notNull(),
    format: text("format").notNull(),
    content: bytea("content").notNull(),
    sha256: text("sha256").notNull(),
    /** What could not be read, by line: `{ line, message }[]`. */
    problems: jsonb("problems").notNull(),
    uploadedBy: text("uploaded_by").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("bank_statements_company_idx").on(table.companyUniqueCode, table.uploadedAt)],
);

/** The statement's entries as read; a deposit is matched at most once (`matched_at`, and the unique payment below). */
export const bankStatementLines = pgTable(
  "bank_statement_lines",
  {
    id: serial("id").primaryKey(),
    statementId: integer("statement_id")
      .notNull()
      .references(() => bankStatements.id, { onDelete: "cascade" }),
    companyUniqueCode: text("company_unique_code").notNull(),
    line: integer("line").notNull(),
    postedOn: date("posted_on", { mode: "string" }).notNull(),
    valueOn: date("value_on", { mode: "string" }),
    kind: text("kind").notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    payerName: text("payer_name").notNull(),
    reference: text("reference"),
    transactionCode: text("transaction_code"),
    description: text("description").notNull(),
    balance: bigint("balance", { mode: "number" }),
    matchedAt: timestamp("matched_at", { withTimezone: true }),
    matchedBy: text("matched_by"),
  },
  (table) => [
    index("bank_statement_lines_statement_idx").on(table.statementId, table.line),
    // The unmatched deposits list (decision 033): what is left to match, newest first, without reading matched lines.
    index("bank_statement_lines_unmatched_idx").on(table.companyUniqueCode, table.postedOn).where(sql`kind = 'deposit' and matched_at is null`),
  ],
);

// ---- 督促 (issue 19 item 4, decision 032) ----

/**
 * A payment reminder sent for an overdue invoice: the level of its template (1 the first notice, 2 the
 * firmer second), what was sent to whom, and the outbox mail that carries it. The form's one-time key is
 * unique per company, so a double submit finds the first reminder instead of sending a second mail;
 * `mail_id` is null only while that first request is still handing the mail to the outbox.
 */
export const reminders = pgTable(
  "reminders",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    level: integer("level").notNull(),
    to: jsonb("to").$type<string[]>().notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    mailId: integer("mail_id").references(() => documentMails.id),
    idempotencyKey: text("idempotency_key").notNull(),
    sentBy: text("sent_by").notNull(),
    sentByName: text("sent_by_name"),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("reminders_company_idempotency_idx").on(table.companyUniqueCode, table.idempotencyKey),
    index("reminders_document_idx").on(table.documentId, table.sentAt),
  ],
);

// ---- 合算請求 (issue 19 item 1, decision 030) ----

/**
 * Which closing invoice (合算請求) a delivery slip was billed on. The slip is the primary key: the database
 * refuses a second link whatever the code does, also for two merges at once. Deleting the draft invoice frees its
 * slips (cascade); a voided invoice's links are taken over by the next merge (api/billing/closing.ts).
 */
export const closingInvoiceSlips = pgTable(
  "closing_invoice_slips",
  {
    slipId: integer("slip_id")
      .primaryKey()
      .references(() => documents.id, { onDelete: "cascade" }),
    invoiceId: integer("invoice_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    companyUniqueCode: text("company_unique_code").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("closing_invoice_slips_invoice_idx").on(table.invoiceId)],
);

// ---- 定期請求 (issue 19 item 2, decision 031) ----

/**
 * A recurring invoice: what to make (`template`, the invoice's fields and lines as documentInputSchema reads
 * them, subject and line names possibly carrying period placeholders) and when (domain/recurrence.ts).
 * `next_run_on` is the next date the worker queues; null once the end date has passed.
 */
export const recurringSchedules = pgTable(
  "recurring_schedules",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    sourceDocumentId: integer("source_document_id").references(() => documents.id, { onDelete: "set null" }),
    customerId: integer("customer_id").references(() => customers.id),
    customerName: text("customer_name").notNull(),
    template: jsonb("template").$type<Record<string, unknown>>().notNull(),
    dayOfMonth: integer("day_of_month").notNull(),
    intervalMonths: integer("interval_months").notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }),
    autoIssue: boolean("auto_issue").notNull().default(false),
    autoSend: boolean("auto_send").notNull().default(false),
    /** Recipients entered on the schedule; empty means the customer's addresses. */
    mailTo: jsonb("mail_to").$type<string[]>().notNull().default([]),
    nextRunOn: date("next_run_on", { mode: "string" }),
    pausedAt: timestamp("paused_at", { withTimezone: true }),
    createdBy: text("created_by").notNull(),
    createdByName: text("created_by_name"),
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (table) => [
    index("recurring_schedules_company_idx").on(table.companyUniqueCode, table.id),
    index("recurring_schedules_due_idx").on(table.nextRunOn).where(sql`paused_at is null`),
  ],
);

/**
 * The job queue of recurring invoices: one row per schedule and period, claimed by one worker at a time
 * (FOR UPDATE SKIP LOCKED, a lease). The unique (schedule, period) makes a second worker's or a retry's row
 * impossible; the document it makes carries the key `recurring:<schedule>:<period>` under the documents'
 * unique idempotency index as well.
 */
export const recurringRuns = pgTable(
  "recurring_runs",
  {
    id: serial("id").primaryKey(),
    scheduleId: integer("schedule_id")
      .notNull()
      .references(() => recurringSchedules.id, { onDelete: "cascade" }),
    companyUniqueCode: text("company_unique_code").notNull(),
    period: text("period").notNull(),
    runOn: date("run_on", { mode: "string" }).notNull(),
    /** queued, running, done, error or skipped. */
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    documentId: integer("document_id").references(() => documents.id, { onDelete: "set null" }),
    mailId: integer("mail_id").references(() => documentMails.id, { onDelete: "set null" }),
    /** Why nothing (or only the draft) was made, in Japanese for the list. */
    error: text("error"),
    /**
     * The approval request the run's invoice waits for (decision 049, per_run): its approval queues the run again so the
     * worker issues and sends what it held; a return or a withdrawal ends the wait and leaves the draft.
     */
    awaitingRequestId: integer("awaiting_request_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("recurring_runs_schedule_period_idx").on(table.scheduleId, table.period),
    index("recurring_runs_claim_idx").on(table.status, table.nextAttemptAt),
  ],
);

/** A company's approval rule for one kind (decision 049): from which amount, how many steps, who approves each. */
export const approvalRules = pgTable(
  "approval_rules",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    kind: text("kind").$type<DocumentKind>().notNull(),
    /** Whole yen; 0 means every document of the kind. */
    threshold: bigint("threshold", { mode: "number" }).notNull(),
    amountBasis: text("amount_basis").$type<AmountBasis>().notNull(),
    steps: jsonb("steps").$type<StepApprovers[]>().notNull(),
    allowSelfApproval: boolean("allow_self_approval").notNull().default(false),
    updatedBy: text("updated_by").notNull(),
    ...timestamps,
  },
  (table) => [uniqueIndex("approval_rules_company_kind_idx").on(table.companyUniqueCode, table.kind)],
);

/** A company's approval settings beyond the rules: how 定期請求 is approved. */
export const approvalSettings = pgTable("approval_settings", {
  companyUniqueCode: text("company_unique_code").primaryKey(),
  recurringApproval: text("recurring_approval").$type<RecurringApprovalMode>().notNull().default("per_run"),
  ...timestamps,
});

/**
 * An approval request for a document's revision or a 定期請求 schedule, with the rule frozen as it was when asked. At
 * most one live (pending or approved) request per revision or schedule; an edit withdraws it.
 */
export const approvalRequests = pgTable(
  "approval_requests",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    documentId: integer("document_id").references(() => documents.id, { onDelete: "cascade" }),
    revision: integer("revision"),
    scheduleId: integer("schedule_id").references(() => recurringSchedules.id, { onDelete: "cascade" }),
    rule: jsonb("rule").$type<FrozenRule>().notNull(),
    /** The step waiting for a decision, from 1. */
    step: integer("step").notNull().default(1),
    status: text("status").$type<ApprovalRequestStatus>().notNull().default("pending"),
    requestedBy: text("requested_by").notNull(),
    requestedByName: text("requested_by_name"),
    comment: text("comment"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("approval_requests_live_document_idx").on(table.documentId, table.revision).where(sql`status in ('pending', 'approved') and document_id is not null`),
    uniqueIndex("approval_requests_live_schedule_idx").on(table.scheduleId).where(sql`status in ('pending', 'approved') and schedule_id is not null`),
    index("approval_requests_waiting_idx").on(table.companyUniqueCode, table.status, table.id),
  ],
);

/**
 * The revisions of issued documents that a correction made while an approval rule applied: each is sent or printed
 * with the seal only once approved (a draft's need is read live from the rule). A table of its own rather than a
 * column of documents, which older migrations' tests write with today's schema.
 */
export const approvalCorrections = pgTable(
  "approval_corrections",
  {
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.documentId, table.revision] })],
);

/** One decision per step of a request: the unique (request, step) makes two approvers pressing at once record one. */
export const approvalDecisions = pgTable(
  "approval_decisions",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => approvalRequests.id, { onDelete: "cascade" }),
    step: integer("step").notNull(),
    decision: text("decision").$type<"approved" | "returned">().notNull(),
    decidedBy: text("decided_by").notNull(),
    decidedByName: text("decided_by_name"),
    comment: text("comment"),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("approval_decisions_request_step_idx").on(table.requestId, table.step)],
);

/**
 * The company's approval audit: every request, decision and withdrawal. No foreign keys: it outlives a deleted draft
 * or schedule, whose history goes with it.
 */
export const approvalEvents = pgTable(
  "approval_events",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    requestId: integer("request_id").notNull(),
    documentId: integer("document_id"),
    scheduleId: integer("schedule_id"),
    event: text("event").$type<ApprovalEvent>().notNull(),
    step: integer("step"),
    actor: text("actor").notNull(),
    actorName: text("actor_name"),
    comment: text("comment"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("approval_events_company_idx").on(table.companyUniqueCode, table.at, table.id)],
);

/**
 * Approval mails to colleagues (decision 049): the next step's approvers when a request is made or a step approved, the
 * author when the request is approved or returned. Written in the transaction of the event, one row per recipient, and
 * sent by api/mail/approval-mailer.ts as the outbox sends (claimed with FOR UPDATE SKIP LOCKED, a lease, retries with
 * backoff). Not a document's send: no snapshot, not 送信済, not counted against the hourly quota.
 */
export const approvalMails = pgTable(
  "approval_mails",
  {
    id: serial("id").primaryKey(),
    companyUniqueCode: text("company_unique_code").notNull(),
    requestId: integer("request_id").notNull(),
    event: text("event").$type<ApprovalEvent>().notNull(),
    /** The user code of the recipient, and the address they had when the mail was written. */
    recipient: text("recipient").notNull(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** The web app's page the mail links to, from PUBLIC_URL (/approvals, /invoices/detail/12…). */
    path: text("path").notNull(),
    /** queued → sending → sent, or back to queued with a later next_attempt_at, or error with the reason. */
    status: text("status").$type<"queued" | "sending" | "sent" | "error">().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("approval_mails_queue_idx").on(table.status, table.nextAttemptAt), index("approval_mails_request_idx").on(table.requestId)],
);
