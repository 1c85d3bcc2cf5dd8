import { getZodConstraint } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { recurringListAnswer, recurringScheduleAnswer, type RecurringRunAnswer, type RecurringScheduleAnswer } from "@domain/billing-answers";
import { todayJst } from "@domain/datetime";
import { cycleLabel, MONTH_END, PERIOD_PLACEHOLDERS, recurringScheduleSchema } from "@domain/recurrence";
import { parseForm } from "~/components/forms/parse-form";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { apiErrorReply } from "../../services/api-form-errors.server";
import { getDocument } from "../__documents/documents.server";
import { requestScheduleApprovalAction, scheduleApprovalOf, type ApprovalTexts } from "../__approvals/approvals.server";
import { fixedTextsFor } from "../../services/fixed-texts.server";
import { notFound } from "../../services/errors.server";
import { remixI18next } from "../../services/i18n.server";
import { askPaymentApi, asJsonPost, sendToPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";

/*
 * 定期請求 pages (issue 19 item 2, decision 031): the list with pause and resume, the create page from an
 * invoice, and the detail page that edits, pauses and deletes (asking first). All through the Payment API.
 */

export const RECURRING_PATH = "/billing/recurring";

export type Run = RecurringRunAnswer;

/** What the form shows and posts back, as text. */
export type ScheduleFormValues = {
  day_of_month: string;
  interval_months: string;
  start_date: string;
  end_date: string;
  subject: string;
  notes: string;
  line_descriptions: string[];
  auto_issue: "on" | "";
  auto_send: "on" | "";
  mail_to: string;
};

const schemaConstraint = getZodConstraint(recurringScheduleSchema);

/**
 * What the form needs of the schema and the schedule rules, from here so the page loads neither (nor zod). The
 * addresses may be left empty (the customer's are used): getZodConstraint calls the list required, which would
 * tell screen readers otherwise.
 */
const scheduleForm = {
  constraint: { ...schemaConstraint, mail_to: { ...schemaConstraint.mail_to, required: false } },
  facts: { monthEnd: MONTH_END, placeholders: [...PERIOD_PLACEHOLDERS] },
};

const FORM_FIELDS = recurringScheduleSchema.innerType().shape;

const cycleOf = (schedule: Pick<RecurringScheduleAnswer, "day_of_month" | "interval_months">) =>
  cycleLabel({ dayOfMonth: schedule.day_of_month, intervalMonths: schedule.interval_months });

function idOf(params: { id?: string }): number {
  if (!/^\d{1,9}$/.test(params.id ?? "")) throw notFound();
  return Number(params.id);
}

const scheduleOf = (caller: PaymentApiCaller, id: number) => askPaymentApi(caller, `/recurring-invoices/${id}`, recurringScheduleAnswer);

export async function recurringListLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "billing-recurring-list");
  const { schedules } = await askPaymentApi(caller, "/recurring-invoices", recurringListAnswer);
  return {
    schedules: schedules.map((schedule) => ({
      id: schedule.id,
      customerName: schedule.customer_name,
      subject: schedule.subject,
      cycle: cycleOf(schedule),
      nextRunOn: schedule.next_run_on,
      state: schedule.state,
      lastRun: schedule.last_run,
    })),
  };
}

/** 一時停止 and 再開 post here from the list and the detail page; neither is destructive, so neither asks first. */
async function pauseOrResume(request: Request, caller: PaymentApiCaller, id: number, intent: string, backTo: string) {
  const t = await remixI18next.getFixedT(request);
  await askPaymentApi(caller, `/recurring-invoices/${id}/${intent}`, recurringScheduleAnswer, { method: "POST" });
  return redirectWithNotice(request, backTo, "success", t(intent === "pause" ? "recurring.paused" : "recurring.resumed"));
}

export async function recurringListAction({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "billing-recurring-list");
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  if (!["pause", "resume"].includes(intent) || !/^\d{1,9}$/.test(id)) {
    const t = await remixI18next.getFixedT(request);
    return redirectWithNotice(request, RECURRING_PATH, "error", t("recurring.unknownAction"));
  }
  return pauseOrResume(request, caller, Number(id), intent, RECURRING_PATH);
}

/** The invoice the create page starts from (`?from=`): a missing or foreign one is the 404 page. */
async function sourceInvoice(caller: PaymentApiCaller, url: URL) {
  const from = url.searchParams.get("from") ?? "";
  if (!/^\d{1,9}$/.test(from)) throw notFound();
  return getDocument(caller, Number(from), "invoice");
}

export async function recurringCreateLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "billing-recurring-create");
  const invoice = await sourceInvoice(caller, new URL(request.url));
  const defaults: ScheduleFormValues = {
    day_of_month: String(MONTH_END),
    interval_months: "1",
    start_date: todayJst(),
    end_date: "",
    subject: invoice.subject ?? "",
    notes: invoice.notes ?? "",
    line_descriptions: invoice.lines.map((line) => line.description),
    auto_issue: "",
    auto_send: "",
    mail_to: "",
  };
  return {
    source: { id: invoice.id, number: invoice.number, customerName: invoice.customer_name },
    lines: invoice.lines.map((line) => ({ quantity: line.quantity, unit: line.unit, unitPrice: line.unit_price })),
    defaults,
    ...scheduleForm,
  };
}

/** Saves the form (a new schedule, or a change with its version); a refusal comes back beside the fields with the input kept. */
async function saveForm(request: Request, caller: PaymentApiCaller, formData: FormData, target: { sourceId: number } | { id: number; version: string }) {
  const submission = parseForm(formData, recurringScheduleSchema);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const t = await remixI18next.getFixedT(request);
  try {
    const saved =
      "sourceId" in target
        ? await askPaymentApi(caller, "/recurring-invoices", recurringScheduleAnswer, asJsonPost({ ...submission.value, source_document_id: target.sourceId }))
        : await askPaymentApi(
            caller,
            `/recurring-invoices/${target.id}`,
            recurringScheduleAnswer,
            asJsonPost({ ...submission.value, _method: "PATCH", version: target.version }),
          );
    return redirectWithNotice(request, `${RECURRING_PATH}/${saved.id}`, "success", t("sourceId" in target ? "recurring.created" : "recurring.saved"));
  } catch (error) {
    // A refusal about the source invoice has no field on the form: it is said at the top.
    const { result, status } = apiErrorReply(submission, error, undefined, (field) => field.split(/[.[]/)[0]! in FORM_FIELDS);
    return data(result, { status });
  }
}

export async function recurringCreateAction({ request, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "billing-recurring-create");
  const invoice = await sourceInvoice(caller, new URL(request.url));
  return saveForm(request, caller, await readFormData(request), { sourceId: invoice.id });
}

export async function recurringDetailLoader({ request, params, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "billing-recurring-detail");
  const [schedule, approvalTexts] = await Promise.all([scheduleOf(caller, idOf(params)), fixedTextsFor<ApprovalTexts>(request)]);
  const confirm = new URL(request.url).searchParams.get("confirm") === "delete";
  const values: ScheduleFormValues = {
    day_of_month: String(schedule.day_of_month),
    interval_months: String(schedule.interval_months),
    start_date: schedule.start_date,
    end_date: schedule.end_date ?? "",
    subject: schedule.subject ?? "",
    notes: schedule.notes ?? "",
    line_descriptions: schedule.lines.map((line) => line.description),
    auto_issue: schedule.auto_issue ? "on" : "",
    auto_send: schedule.auto_send ? "on" : "",
    mail_to: schedule.mail_to.join("\n"),
  };
  return {
    schedule: {
      id: schedule.id,
      version: schedule.version,
      customerName: schedule.customer_name,
      cycle: cycleOf(schedule),
      state: schedule.state,
      nextRunOn: schedule.next_run_on,
      sourceDocumentId: schedule.source_document_id,
    },
    lines: schedule.lines.map((line) => ({ quantity: line.quantity, unit: line.unit, unitPrice: line.unit_price })),
    runs: schedule.runs,
    values,
    confirm,
    approval: scheduleApprovalOf(approvalTexts, schedule.approval, schedule.approval_needed),
    ...scheduleForm,
  };
}

export async function recurringDetailAction({ request, params, context }: ActionFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "billing-recurring-detail");
  const id = idOf(params);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "save");
  const here = `${RECURRING_PATH}/${id}`;
  const t = await remixI18next.getFixedT(request);
  if (intent === "pause" || intent === "resume") return pauseOrResume(request, caller, id, intent, here);
  if (intent === "requestApproval") return requestScheduleApprovalAction(request, caller, await fixedTextsFor<ApprovalTexts>(request), id, formData, here);
  if (intent === "delete") {
    // Deleting asks first: without the confirmation's `confirmed=yes` the page shows the question.
    if (formData.get("confirmed") !== "yes") return redirectWithNotice(request, `${here}?confirm=delete`, "error", t("recurring.confirmDelete.title"));
    await sendToPaymentApi(caller, `/recurring-invoices/${id}`, { method: "DELETE" });
    return redirectWithNotice(request, RECURRING_PATH, "success", t("recurring.deleted"));
  }
  if (intent !== "save") return redirectWithNotice(request, here, "error", t("recurring.unknownAction"));
  return saveForm(request, caller, formData, { id, version: String(formData.get("version") ?? "") });
}
