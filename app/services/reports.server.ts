import type { LoaderFunctionArgs } from "@remix-run/node";
import { hasReceivePlan } from "@domain/codes";
import { normalizeIsoDate } from "@domain/normalize";
import { PERIOD_KEYS, REPORT_KINDS, REPORT_PERIODS, REPORT_TABLES, type PeriodKey, type ReportKind, type ReportOf } from "@domain/reports";
import { requireCompanyCaller } from "./api-caller.server";
import { encodingOf } from "./master-csv.server";
import { callPaymentApi, fetchPaymentApi, passThroughDownload, PaymentApiValidationError } from "./payment-api.server";
import { bankReceiveEnabled } from "./route-checks.server";
import { redirectWithNotice } from "./session.server";

export const REPORTS_PATH = "/reports/list";

/** What the page's URL asks for: a report, its period (custom dates when chosen) and, for 売掛金, a customer and a page. */
export type ReportChoice = { report: ReportKind; period: PeriodKey; from: string; to: string; customer: string; page: number };

/** Reads the URL as the API can: what it cannot read falls back to the report's defaults (no failing page for a bad link). */
export function reportChoiceOf(url: URL): ReportChoice {
  const param = (name: string) => (url.searchParams.get(name) ?? "").trim().slice(0, 300);
  const report = (REPORT_KINDS as readonly string[]).includes(param("report")) ? (param("report") as ReportKind) : "sales";
  const asked = param("period") as PeriodKey;
  const period = (PERIOD_KEYS as readonly string[]).includes(asked) && REPORT_PERIODS[report].includes(asked) ? asked : REPORT_PERIODS[report][0]!;
  const date = (name: string) => (param(name) ? (normalizeIsoDate(param(name)) ?? param(name).slice(0, 10)) : "");
  const page = /^\d{1,4}$/.test(param("page")) && Number(param("page")) >= 1 ? Number(param("page")) : 1;
  return { report, period, from: period === "custom" ? date("from") : "", to: period === "custom" ? date("to") : "", customer: report === "receivables" ? param("customer") : "", page: report === "receivables" ? page : 1 };
}

/** The choice as query parameters (the API's and the page's links alike); `change` replaces some. */
export function reportParams(choice: ReportChoice, change: Partial<ReportChoice> = {}): URLSearchParams {
  const next = { ...choice, ...change };
  const params = new URLSearchParams({ report: next.report, period: next.period });
  if (next.period === "custom") {
    params.set("from", next.from);
    params.set("to", next.to);
  }
  if (next.customer) params.set("customer", next.customer);
  if (next.page > 1) params.set("page", String(next.page));
  return params;
}

/** Why the 受取 report cannot be shown: the bank does not offer receiving, or the plan does not include it. */
export type ReceiveUnavailable = "unpublished" | "receivePlanRequired";

type Loaded = { [K in ReportKind]: { report: K; data: ReportOf[K] | null } }[ReportKind];

export async function reportsPageLoader({ request, context }: LoaderFunctionArgs) {
  const { user, caller } = await requireCompanyCaller(request, context, "reports-list");
  const choice = reportChoiceOf(new URL(request.url));
  const base = { choice, periods: REPORT_PERIODS[choice.report], tables: REPORT_TABLES[choice.report] };
  if (choice.report === "received") {
    // The same check as the receive pages (SPEC §6), answered on the page instead of the 403 screen.
    const unavailable: ReceiveUnavailable | null = !(await bankReceiveEnabled(request, user, context))
      ? "unpublished"
      : !hasReceivePlan(user.planId, user.previousPlanId)
        ? "receivePlanRequired"
        : null;
    if (unavailable) return { ...base, loaded: { report: "received", data: null } as Loaded, problem: null, unavailable };
  }
  const params = reportParams(choice);
  params.delete("report");
  try {
    const data = await callPaymentApi<ReportOf[ReportKind]>(caller, `/reports/${choice.report}?${params}`);
    return { ...base, loaded: { report: choice.report, data } as Loaded, problem: null, unavailable: null };
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return { ...base, loaded: { report: choice.report, data: null } as Loaded, problem: { message: error.message, fields: error.fields }, unavailable: null };
  }
}

/** A table of a report as CSV (a download, no page); a Shift_JIS refusal goes back to the report with its message. */
export async function reportExportLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "reports-export");
  const url = new URL(request.url);
  const choice = reportChoiceOf(url);
  const table = url.searchParams.get("table") ?? "";
  const back = `${REPORTS_PATH}?${reportParams(choice)}`;
  if (!REPORT_TABLES[choice.report].includes(table)) return redirectWithNotice(request, back, "error", "出力する表を選んでください。");
  const params = reportParams({ ...choice, page: 1 });
  params.delete("report");
  params.set("table", table);
  params.set("encoding", encodingOf(url.searchParams.get("encoding")));
  try {
    return passThroughDownload(await fetchPaymentApi(caller, `/reports/${choice.report}/export?${params}`, {}, undefined, "text/csv"));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, back, "error", error.message);
  }
}
