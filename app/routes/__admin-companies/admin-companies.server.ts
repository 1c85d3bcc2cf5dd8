import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_COMPANY_SORTS, ADMIN_COMPANY_STATUSES } from "@domain/admin";
import { normalizeIsoDate } from "@domain/normalize";
import { requireAdminCaller } from "../../services/api-caller.server";
import adminCompaniesTexts from "~/locales/ja/adminCompanies.json";
import { COMMON_CONDITION_LABELS, pageNumber, readableFilters } from "../../services/list-filters.server";
import { encodingOf } from "../__csv/master-csv.server";
import { callPaymentApi, fetchPaymentApi, passThroughDownload, PaymentApiValidationError } from "../../services/payment-api.server";
import { redirectWithNotice } from "../../services/session.server";

const LIST_PARAMS = ["q", "plan_id", "status", "bank_code", "branch_code", "joined_from", "joined_to", "sort", "order", "page"] as const;
export type AdminCompanyFilters = Record<(typeof LIST_PARAMS)[number], string>;

export type AdminCompanyRow = {
  company_unique_code: string;
  company_name: string;
  bank_code: string;
  bank_name: string | null;
  branch_code: string | null;
  branch_name: string | null;
  plan_id: number;
  plan_name: string | null;
  status: string;
  status_label: string;
  join_date: string;
  start_date: string | null;
  end_date: string | null;
  withdrawal_date: string | null;
};

type ListPage = { items: AdminCompanyRow[]; total: number; page: number; per_page: number; sort: string; order: "asc" | "desc" };
type FilterOptions = {
  plans: Array<{ plan_id: number; plan_name: string }>;
  branches: Array<{ bank_code: string; branch_code: string; name: string }>;
  banks: Array<{ bank_code: string; name: string }>;
};

/** The filters the API can read; what cannot be read is named and left out, as on the other lists. */
function listFiltersOf(url: URL) {
  return readableFilters(
    url,
    LIST_PARAMS,
    {
      plan_id: (value) => (/^\d{1,2}$/.test(value) ? value : null),
      status: (value) => (ADMIN_COMPANY_STATUSES.some((status) => status.id === value) ? value : null),
      bank_code: (value) => (/^\d{4}$/.test(value) ? value : null),
      branch_code: (value) => (/^[0-9A-Za-z]{1,10}$/.test(value) ? value : null),
      joined_from: normalizeIsoDate,
      joined_to: normalizeIsoDate,
      sort: (value) => ((ADMIN_COMPANY_SORTS as readonly string[]).includes(value) ? value : null),
      order: (value) => (value === "asc" || value === "desc" ? value : null),
      page: pageNumber,
    },
    { ...COMMON_CONDITION_LABELS, ...adminCompaniesTexts.filterNames },
  );
}

const apiParams = (filters: AdminCompanyFilters, without: readonly string[] = []) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value && !without.includes(name)) params.set(name, value);
  return params;
};

export async function adminCompaniesLoader({ request, context }: LoaderFunctionArgs) {
  const { user, caller } = await requireAdminCaller(request, context, "admin-companies-list");
  const { filters, ignored } = listFiltersOf(new URL(request.url));
  const [page, options] = await Promise.all([
    callPaymentApi<ListPage>(caller, `/admin/companies?${apiParams(filters)}`),
    callPaymentApi<FilterOptions>(caller, "/admin/companies/filters"),
  ]);
  return { filters, ignored, page, options, statuses: ADMIN_COMPANY_STATUSES, canExport: user.userType !== "branch_user" };
}

/** The filtered list as CSV: a download, or back to the list with the reason (a character Shift_JIS cannot hold, say). */
export async function adminCompaniesExportLoader({ request, context }: { request: Request; context: AppLoadContext }) {
  const { caller } = await requireAdminCaller(request, context, "admin-companies-export");
  const url = new URL(request.url);
  const { filters } = listFiltersOf(url);
  const params = apiParams(filters, ["page"]);
  params.set("encoding", encodingOf(url.searchParams.get("encoding")));
  try {
    return passThroughDownload(await fetchPaymentApi(caller, `/admin/companies/export?${params}`, {}, undefined, "text/csv"));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    params.delete("encoding");
    return redirectWithNotice(request, `/admin/companies/list?${params}`, "error", error.message);
  }
}

export type AdminCompanyDetail = {
  company_unique_code: string;
  join_date: string;
  is_current: boolean;
  profile: {
    company_name: string;
    registered_name: string | null;
    department_name: string | null;
    pic_name: string | null;
    postal_code: string | null;
    address1: string | null;
    address2: string | null;
    tel: string | null;
    email: string | null;
    registered_no: string | null;
  } | null;
  /** The list's row of the company, with the plan's amounts and any applied campaign. */
  enrollment: AdminCompanyRow & {
    amount: number | null;
    total_amount: number | null;
    is_campaign_applied: boolean;
    applied_campaign_num_of_months: number | null;
    applied_campaign_start_date: string | null;
    applied_campaign_finish_date: string | null;
  };
  enrollments: Array<{ join_date: string; withdrawal_date: string | null; status: string; status_label: string }>;
  plan_history: Array<{
    event: string;
    plan_id: number;
    plan_name: string | null;
    amount: number | null;
    total_amount: number | null;
    previous_plan_id: number | null;
    previous_plan_name: string | null;
    user_unique_code: string | null;
    user_name: string | null;
    occurred_at: string;
  }>;
  users: Array<{ user_unique_code: string; role: number; registration_status: number; use_start_date: string | null; last_signed_in_at: string | null }>;
  usage: {
    this_month: AdminUsage;
    last_month: AdminUsage;
    max_receive_files: number;
  };
  payment: {
    payment_method: string | null;
    debit_bank_code: string | null;
    debit_branch_code: string | null;
    debit_account_type: number | null;
    debit_account_no: string | null;
    debit_account_name: string | null;
  } | null;
};

export type AdminUsage = { month: string; documents_issued: Record<string, number>; mails_sent: number; received_files: number };

export async function adminCompanyDetailLoader({ request, context, params }: LoaderFunctionArgs) {
  const { caller } = await requireAdminCaller(request, context, "admin-companies-detail");
  const code = encodeURIComponent(params.code ?? "");
  const joinDate = encodeURIComponent(params.joinDate ?? "");
  return { company: await callPaymentApi<AdminCompanyDetail>(caller, `/admin/companies/${code}/${joinDate}`) };
}
