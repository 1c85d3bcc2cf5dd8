import { randomUUID } from "node:crypto";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { formatDateTimeJst, formatListDate } from "@domain/datetime";
import { formatYen } from "@domain/decimal-display";
import { mailDisplayStatus, mailStatusLabel } from "@domain/mail-status";
import { reminderRequestSchema } from "@domain/reminder-request";
import { overdueListAnswer, reminderContextAnswer } from "@domain/billing-answers";
import { OVERDUE_BUCKETS, REMINDER_LEVELS, type OverdueBucket, type ReminderLevel } from "@domain/reminders";
import { parseForm } from "~/components/forms/parse-form";
import { listParams, REMINDERS_PATH } from "~/routes/__reminders/paths";
import texts from "~/locales/ja/reminders.json";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { apiErrorReply } from "../../services/api-form-errors.server";
import { askPaymentApi, asJsonPost, sendToPaymentApi } from "../../services/payment-api.server";
import { COMMON_CONDITION_LABELS, pageNumber, readableFilters } from "../../services/list-filters.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";

/*
 * The reminder pages (督促, issue 19 item 4, decision 032): the overdue invoices, and per invoice the
 * compose → confirm → send steps with its reminders. Everything is prepared as text here, so the pages
 * carry no formatting rules or validation library to the browser.
 */

/** Reads the URL as the API can: what it cannot read falls back to the whole list (no failing page for a bad link), and is named. */
function listChoiceOf(url: URL): { bucket: OverdueBucket | null; page: number; ignored: string[] } {
  const { filters, ignored } = readableFilters(
    url,
    ["bucket", "page"],
    { bucket: (value) => ((OVERDUE_BUCKETS as readonly string[]).includes(value) ? value : null), page: pageNumber },
    { bucket: texts.list.filter, page: COMMON_CONDITION_LABELS.page },
  );
  return { bucket: (filters.bucket || null) as OverdueBucket | null, page: Number(filters.page || 1), ignored };
}

export async function overdueListLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "billing-reminders");
  const { bucket, page, ignored } = listChoiceOf(new URL(request.url));
  const list = await askPaymentApi(caller, `/reminders/overdue?${listParams(bucket, page)}`, overdueListAnswer);
  return {
    ignored,
    asOf: formatListDate(list.today),
    bucket,
    page,
    perPage: list.per_page,
    total: list.total,
    items: list.items.map((row) => ({
      id: row.id,
      number: row.number,
      customer: row.customer_name,
      dueDate: formatListDate(row.due_date),
      days: row.days_overdue,
      amountDue: formatYen(row.amount_due),
      balance: formatYen(row.balance),
      sent: row.reminders_sent,
      lastSent: row.last_reminded_at ? formatDateTimeJst(row.last_reminded_at) : null,
    })),
  };
}

/** The compose form's fields, as posted and as shown again. */
export type ReminderFormValues = { level: string; to: string; cc: string; subject: string; body: string; delivery: string; idempotency_key: string };

const levelOf = (text: string | null, fallback: ReminderLevel): ReminderLevel =>
  (REMINDER_LEVELS as readonly number[]).includes(Number(text)) ? (Number(text) as ReminderLevel) : fallback;

const levelLabel = (level: number) => texts.compose.levels[String(level) as "1" | "2"] ?? String(level);

async function reminderContextOf(request: Request, context: LoaderFunctionArgs["context"], invoiceId: string) {
  const { caller } = await requireCompanyCaller(request, context, "billing-reminders-detail");
  return { caller, reminders: await askPaymentApi(caller, `/documents/${encodeURIComponent(invoiceId)}/reminders`, reminderContextAnswer) };
}

/** The invoice's figures and reminders, and the form prefilled from the template of the level asked for (else the default one). */
export async function reminderComposeLoader({ request, context, params }: LoaderFunctionArgs) {
  const { reminders } = await reminderContextOf(request, context, params.invoiceId ?? "");
  const { invoice, draft } = reminders;
  const level = draft ? levelOf(new URL(request.url).searchParams.get("level"), draft.level) : null;
  const template = draft?.templates.find((entry) => entry.level === level);
  return {
    invoice: {
      id: invoice.id,
      number: invoice.number,
      customer: invoice.customer_name,
      dueDate: invoice.due_date ? formatListDate(invoice.due_date) : "—",
      days: invoice.days_overdue !== null && invoice.days_overdue > 0 ? invoice.days_overdue : null,
      amountDue: formatYen(invoice.amount_due),
      balance: formatYen(invoice.balance),
    },
    refusal: reminders.refusal,
    defaultLevel: draft?.level ?? null,
    form:
      draft && template
        ? ({
            level: String(template.level),
            to: draft.to.join("\n"),
            cc: "",
            subject: template.subject,
            body: template.body,
            delivery: "attachment",
            idempotency_key: randomUUID(),
          } satisfies ReminderFormValues)
        : null,
    history: reminders.history.map((entry) => ({
      id: entry.id,
      level: levelLabel(entry.level),
      sentAt: formatDateTimeJst(entry.sent_at),
      sentBy: entry.sent_by_name ?? entry.sent_by,
      to: entry.to.join("、"),
      subject: entry.subject,
      body: entry.body,
      status: mailDisplayStatus({ status: entry.mail_status, first_opened_at: entry.mail_first_opened_at }),
      statusLabel: mailStatusLabel(mailDisplayStatus({ status: entry.mail_status, first_opened_at: entry.mail_first_opened_at })),
      error: entry.mail_error,
    })),
  };
}

const INTENTS = ["confirm", "edit", "send"] as const;

/**
 * The compose page's three steps, each a plain POST: 「内容を確認する」 checks the form and shows the final text
 * with the same fields hidden; 「戻って修正する」 brings the form back as typed; 「送信する」 sends through the
 * Payment API (the form's one-time key makes a double submit one mail) and redirects to the history.
 */
export async function reminderComposeAction({ request, context, params }: ActionFunctionArgs) {
  const invoiceId = params.invoiceId ?? "";
  const { caller } = await requireCompanyCaller(request, context, "billing-reminders-detail");
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const submission = parseForm(formData, reminderRequestSchema);
  if (submission.status !== "success" || !(INTENTS as readonly string[]).includes(intent)) {
    return data({ stage: "edit" as const, result: submission.reply(), confirm: null }, { status: 400 });
  }
  if (intent === "edit") return data({ stage: "edit" as const, result: submission.reply(), confirm: null });
  const value = submission.value;
  if (intent === "confirm") {
    const posted = Object.fromEntries(
      (["level", "to", "cc", "subject", "body", "delivery", "idempotency_key"] as const).map((name) => [name, String(formData.get(name) ?? "")]),
    ) as ReminderFormValues;
    return data({
      stage: "confirm" as const,
      result: null,
      confirm: {
        posted,
        level: levelLabel(value.level),
        to: value.to.join("、"),
        cc: value.cc.join("、"),
        subject: value.subject,
        body: value.body,
        delivery: texts.compose.deliveries[value.delivery],
      },
    });
  }
  try {
    // The reminder recorded is not read: the history it joins is shown after the redirect.
    await sendToPaymentApi(caller, `/documents/${encodeURIComponent(invoiceId)}/reminders`, asJsonPost(value));
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data({ stage: "edit" as const, result, confirm: null }, { status });
  }
  return redirectWithNotice(request, `${REMINDERS_PATH}/${encodeURIComponent(invoiceId)}`, "success", texts.compose.sent);
}
