import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { closingCandidatesAnswer, closingMadeAnswer, closingMergeAnswer, type ClosingMergeAnswer } from "@domain/billing-answers";
import { CLOSING_LINE_MODES, type ClosingLineMode } from "@domain/closing";
import { formatListDate, todayJst } from "@domain/datetime";
import { formatDecimal } from "@domain/decimal-display";
import { stageOf } from "@domain/lifecycle";
import closingTexts from "~/locales/ja/closing.json";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { askPaymentApi, asJsonPost, PaymentApiValidationError, type PaymentApiCaller } from "../../services/payment-api.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";

/** 合算請求 (issue 19 item 1, decision 030): the closing page and its result, through the Payment API's /closing-invoices. */

/** What the page was asked for when the form comes back with errors: the choices stay as they were. */
export type ClosingFormValues = { lineMode: ClosingLineMode; customerIds: string[] };
export type ClosingActionData = { message: string; fields: Record<string, string[]>; values: ClosingFormValues };

const SCREEN = "billing-closing";

/** The end of last month in Japan: the closing most often billed. */
function lastMonthEnd(): string {
  const first = new Date(`${todayJst().slice(0, 8)}01T00:00:00Z`);
  first.setUTCDate(0);
  return first.toISOString().slice(0, 10);
}

const closingDateOf = (request: Request) => new URL(request.url).searchParams.get("closing_date") ?? lastMonthEnd();

const closingDayText = (day: number | null) =>
  day === null ? closingTexts.closingDays.none : day === 99 ? closingTexts.closingDays.monthEnd : closingTexts.closingDays.day.replace("{{day}}", String(day));

/** A date the API refused is shown back in the field with the API's words; nothing is listed then. */
async function candidatesOf(caller: PaymentApiCaller, closingDate: string) {
  try {
    return { candidates: await askPaymentApi(caller, `/closing-invoices?closing_date=${encodeURIComponent(closingDate)}`, closingCandidatesAnswer), dateErrors: [] };
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return { candidates: null, dateErrors: error.fields.closing_date ?? [error.message] };
  }
}

export async function closingPageLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN);
  const closingDate = closingDateOf(request);
  const { candidates, dateErrors } = await candidatesOf(caller, closingDate);
  return {
    closingDate,
    dateErrors,
    period: candidates ? { from: formatListDate(candidates.from), to: formatListDate(candidates.to) } : null,
    lineMode: candidates?.line_mode ?? "per_slip",
    customers: (candidates?.customers ?? []).map((customer) => ({
      id: customer.customer_id,
      name: customer.customer_name,
      closingDay: closingDayText(customer.closing_day),
      slips: customer.slips.map((slip) => ({ id: slip.id, number: slip.number, date: formatListDate(slip.date), amount: formatDecimal(slip.tax_included) })),
    })),
  };
}

/** Makes the invoices; on success the result page with a notice, otherwise the page again with the reasons and the choices kept. */
export async function closingPageAction({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN);
  const form = await readFormData(request);
  const closingDate = String(form.get("closing_date") ?? "");
  const requestedMode = String(form.get("line_mode") ?? "");
  const values: ClosingFormValues = {
    lineMode: CLOSING_LINE_MODES.find((mode) => mode === requestedMode) ?? "per_slip",
    customerIds: form.getAll("customer_ids").map(String),
  };
  const everyone = form.get("intent") === "all";
  const body = { closing_date: closingDate, line_mode: requestedMode, ...(everyone ? {} : { customer_ids: values.customerIds }) };
  let merged: ClosingMergeAnswer;
  try {
    merged = await askPaymentApi(caller, "/closing-invoices", closingMergeAnswer, asJsonPost(body));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return data<ClosingActionData>({ message: error.message, fields: error.fields, values }, { status: error.status });
  }
  const skipped = merged.skipped.map((entry) => `${entry.customer_name ?? ""}${entry.customer_name ? "：" : ""}${entry.message}`).join(" ");
  if (merged.created.length === 0) {
    return data<ClosingActionData>({ message: `${closingTexts.noneCreated} ${skipped}`.trim(), fields: {}, values }, { status: 409 });
  }
  const notice = [closingTexts.created.replace("{{count}}", String(merged.created.length)), skipped ? closingTexts.skipped.replace("{{list}}", skipped) : ""].join(" ").trim();
  return redirectWithNotice(request, `/billing/closing/result?closing_date=${encodeURIComponent(merged.closing_date)}`, "success", notice);
}

export async function closingResultLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, SCREEN);
  const closingDate = closingDateOf(request);
  const [made, { candidates }] = await Promise.all([
    askPaymentApi(caller, `/closing-invoices/made?closing_date=${encodeURIComponent(closingDate)}`, closingMadeAnswer).catch((error: unknown) => {
      if (error instanceof PaymentApiValidationError) return null;
      throw error;
    }),
    candidatesOf(caller, closingDate),
  ]);
  return {
    closingDate,
    date: formatListDate(closingDate),
    invoices: (made?.invoices ?? []).map((invoice) => ({
      id: invoice.id,
      number: invoice.number,
      customer: invoice.customer_name,
      slips: invoice.slip_count,
      amount: formatDecimal(invoice.tax_included),
      dueDate: invoice.due_date ? formatListDate(invoice.due_date) : "",
      stage: stageOf({ issued: invoice.issued_at !== null, voided: invoice.voided_at !== null }),
    })),
    remaining: candidates?.customers.length ?? 0,
  };
}
