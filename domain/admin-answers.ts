import { z } from "zod";
import { isoDate } from "./answer-fields";
import { ADMIN_COMPANY_SORTS, ADMIN_COMPANY_STATUS_IDS } from "./admin";
import { NOTICE_KINDS, NOTICE_STATUSES, RESERVATION_STATUSES } from "./admin-banks";

/**
 * The Payment API's answers to bank staff (decision 027: bank settings, notices, free-trial reservations, the audit
 * trail and the bank's companies), as they arrive (snake_case, dates as YYYY-MM-DD, times as ISO text): the API's tests
 * read its answers with these and the web app parses with them (issue 35). Fields the web app does not use are left
 * out and dropped by parsing.
 */

const adminCompanyStatus = z.enum(ADMIN_COMPANY_STATUS_IDS);


/** One entry of the admin audit trail (api/admin/audit.ts auditOf); before and after are the records it kept, keys in snake_case. */
export const auditEntryAnswer = z.object({
  id: z.number().int(),
  action: z.string(),
  actor_user_unique_code: z.string(),
  actor_name: z.string().nullable(),
  actor_user_type: z.string(),
  actor_bank_code: z.string(),
  before: z.record(z.unknown()).nullable(),
  after: z.record(z.unknown()).nullable(),
  trace_id: z.string().nullable(),
  occurred_at: z.string(),
});
export type AuditEntryAnswer = z.output<typeof auditEntryAnswer>;

const bankSettings = {
  bank_code: z.string(),
  name: z.string(),
  ba_name: z.string(),
  enable_payment_receive: z.boolean(),
  check_payment_method_filled: z.boolean(),
  is_payment_method_filled: z.boolean(),
  version: z.number().int(),
};

/** A bank of GET /admin/banks, with how many companies the caller sees in it. */
export const bankSummaryAnswer = z.object({ ...bankSettings, company_count: z.number().int() });
export type BankSummaryAnswer = z.output<typeof bankSummaryAnswer>;

export const bankListAnswer = z.object({ items: z.array(bankSummaryAnswer) });

/** A free-trial reservation as it stands today; null branch: every new company of the bank. */
export const reservationAnswer = z.object({
  id: z.number().int(),
  bank_code: z.string(),
  branch_code: z.string().nullable(),
  branch_name: z.string().nullable(),
  free_months: z.number().int(),
  start_date: isoDate,
  finish_date: isoDate,
  canceled_at: z.string().nullable(),
  created_by: z.string().nullable(),
  version: z.number().int(),
  status: z.enum(RESERVATION_STATUSES),
  status_label: z.string(),
});
export type ReservationAnswer = z.output<typeof reservationAnswer>;

/** A reservation with its audit, as its creation answers it. */
export const createdReservationAnswer = reservationAnswer.extend({ audit: z.array(auditEntryAnswer) });

/** A reservation as its page reads it (GET, and after an edit or a cancel): with whether the caller may change it. */
export const reservationDetailAnswer = createdReservationAnswer.extend({ can_change: z.boolean() });
export type ReservationDetailAnswer = z.output<typeof reservationDetailAnswer>;

/** A notice to the bank's companies; the window (starts_at, ends_at) is a maintenance notice's only. */
export const bankNoticeAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(NOTICE_KINDS),
  title: z.string(),
  body: z.string(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  publish_from: isoDate,
  publish_until: isoDate.nullable(),
  withdrawn_at: z.string().nullable(),
  version: z.number().int(),
});

/** A notice in the bank's detail, with where it stands today. */
export const listedNoticeAnswer = bankNoticeAnswer.extend({ status: z.enum(NOTICE_STATUSES) });
export type ListedNoticeAnswer = z.output<typeof listedNoticeAnswer>;

export const branchAnswer = z.object({ branch_code: z.string(), name: z.string() });
export type BranchAnswer = z.output<typeof branchAnswer>;

/** GET /admin/banks/{bankCode} (and the settings' save): the config with what the bank offers, its audit, and whether the caller may change it. */
export const bankDetailAnswer = z.object({
  ...bankSettings,
  updated_at: z.string(),
  plans: z.array(
    z.object({
      plan_id: z.number().int(),
      plan_name: z.string(),
      amount: z.number().int(),
      total_amount: z.number().int(),
      max_receive_files: z.number().int(),
    }),
  ),
  terms: z.array(z.object({ id: z.number().int(), title: z.string(), version: z.string(), published_at: z.string() })),
  notices: z.array(listedNoticeAnswer),
  reservations: z.array(reservationAnswer),
  audit: z.array(auditEntryAnswer),
  branches: z.array(branchAnswer),
  can_change: z.boolean(),
});
export type BankDetailAnswer = z.output<typeof bankDetailAnswer>;

/**
 * A company of the bank's list (api/admin/companies.ts adminCompanyColumns): the bank, branch and plan names are
 * joined and may be missing; the list holds joined companies only, so the join date is always there.
 */
export const adminCompanyRowAnswer = z.object({
  company_unique_code: z.string(),
  company_name: z.string(),
  bank_code: z.string(),
  bank_name: z.string().nullable(),
  branch_code: z.string().nullable(),
  branch_name: z.string().nullable(),
  plan_id: z.number().int(),
  plan_name: z.string().nullable(),
  status: adminCompanyStatus,
  status_label: z.string(),
  join_date: isoDate,
  start_date: isoDate.nullable(),
  end_date: isoDate.nullable(),
  withdrawal_date: isoDate.nullable(),
});
export type AdminCompanyRowAnswer = z.output<typeof adminCompanyRowAnswer>;

export const adminCompanyPageAnswer = z.object({
  items: z.array(adminCompanyRowAnswer),
  total: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
  sort: z.enum(ADMIN_COMPANY_SORTS),
  order: z.enum(["asc", "desc"]),
});
export type AdminCompanyPageAnswer = z.output<typeof adminCompanyPageAnswer>;

/** The list's filter choices within the caller's scope; banks only for 9998's staff (empty otherwise). */
export const adminCompanyFiltersAnswer = z.object({
  plans: z.array(z.object({ plan_id: z.number().int(), plan_name: z.string() })),
  branches: z.array(z.object({ bank_code: z.string(), branch_code: z.string(), name: z.string() })),
  banks: z.array(z.object({ bank_code: z.string(), name: z.string() })),
});
export type AdminCompanyFiltersAnswer = z.output<typeof adminCompanyFiltersAnswer>;

/** A month's usage: counts only, documents issued per kind. */
export const adminUsageAnswer = z.object({
  month: z.string(),
  documents_issued: z.record(z.number().int()),
  mails_sent: z.number().int(),
  received_files: z.number().int(),
});
export type AdminUsageAnswer = z.output<typeof adminUsageAnswer>;

/** GET /admin/companies/{code}/{joinDate} (api/admin/company-detail.ts); an earlier enrollment has no plan name or amounts. */
export const adminCompanyDetailAnswer = z.object({
  company_unique_code: z.string(),
  join_date: isoDate,
  is_current: z.boolean(),
  profile: z
    .object({
      company_name: z.string(),
      registered_name: z.string().nullable(),
      department_name: z.string().nullable(),
      pic_name: z.string().nullable(),
      postal_code: z.string().nullable(),
      address1: z.string().nullable(),
      address2: z.string().nullable(),
      tel: z.string().nullable(),
      email: z.string().nullable(),
      registered_no: z.string().nullable(),
    })
    .nullable(),
  enrollment: adminCompanyRowAnswer.extend({
    amount: z.number().int().nullable(),
    total_amount: z.number().int().nullable(),
    is_campaign_applied: z.boolean(),
    applied_campaign_num_of_months: z.number().int().nullable(),
    applied_campaign_start_date: isoDate.nullable(),
    applied_campaign_finish_date: isoDate.nullable(),
  }),
  enrollments: z.array(
    z.object({ join_date: isoDate, withdrawal_date: isoDate.nullable(), status: adminCompanyStatus, status_label: z.string() }),
  ),
  plan_history: z.array(
    z.object({
      event: z.string(),
      plan_id: z.number().int(),
      plan_name: z.string().nullable(),
      amount: z.number().int().nullable(),
      total_amount: z.number().int().nullable(),
      previous_plan_id: z.number().int().nullable(),
      previous_plan_name: z.string().nullable(),
      user_unique_code: z.string().nullable(),
      user_name: z.string().nullable(),
      occurred_at: z.string(),
    }),
  ),
  users: z.array(
    z.object({
      user_unique_code: z.string(),
      role: z.number().int(),
      registration_status: z.number().int(),
      use_start_date: isoDate.nullable(),
      last_signed_in_at: z.string().nullable(),
    }),
  ),
  usage: z.object({ this_month: adminUsageAnswer, last_month: adminUsageAnswer, max_receive_files: z.number().int() }),
  payment: z
    .object({
      payment_method: z.string().nullable(),
      debit_bank_code: z.string().nullable(),
      debit_branch_code: z.string().nullable(),
      debit_account_type: z.number().int().nullable(),
      /** Masked: the last three digits only. */
      debit_account_no: z.string().nullable(),
      debit_account_name: z.string().nullable(),
    })
    .nullable(),
});
export type AdminCompanyDetailAnswer = z.output<typeof adminCompanyDetailAnswer>;
