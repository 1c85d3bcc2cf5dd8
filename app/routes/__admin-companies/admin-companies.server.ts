import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_COMPANY_SORTS, ADMIN_COMPANY_STATUSES } from "@domain/admin";
import {
  adminCompanyDetailAnswer,
  adminCompanyFiltersAnswer,
  adminCompanyPageAnswer,
  type AdminCompanyDetailAnswer,
  type AdminCompanyRowAnswer,
} from "@domain/admin-answers";
import { normalizeIsoDate } from "@domain/normalize";
import { requireAdminCaller } from "../../services/api-caller.server";
import adminCompaniesTexts from "~/locales/ja/adminCompanies.json";
import { COMMON_CONDITION_LABELS, pageNumber, readableFilters } from "../../services/list-filters.server";
import { encodingOf } from "../__csv/master-csv.server";
import { askPaymentApi, fetchPaymentApi, passThroughDownload, PaymentApiValidationError } from "../../services/payment-api.server";
import { redirectWithNotice } from "../../services/session.server";

const LIST_PARAMS = ["q", "plan_id", "status", "bank_code", "branch_code", "joined_from", "joined_to", "sort", "order", "page"] as const;
export type AdminCompanyFilters = Record<(typeof LIST_PARAMS)[number], string>;

export type AdminCompanyRow = AdminCompanyRowAnswer;

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
    askPaymentApi(caller, `/admin/companies?${apiParams(filters)}`, adminCompanyPageAnswer),
    askPaymentApi(caller, "/admin/companies/filters", adminCompanyFiltersAnswer),
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

export type AdminCompanyDetail = AdminCompanyDetailAnswer;

export async function adminCompanyDetailLoader({ request, context, params }: LoaderFunctionArgs) {
  const { caller } = await requireAdminCaller(request, context, "admin-companies-detail");
  const code = encodeURIComponent(params.code ?? "");
  const joinDate = encodeURIComponent(params.joinDate ?? "");
  return { company: await askPaymentApi(caller, `/admin/companies/${code}/${joinDate}`, adminCompanyDetailAnswer) };
}
