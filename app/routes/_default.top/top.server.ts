import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatDateTimeJst, formatJapaneseDate, formatJapaneseDateTime } from "@domain/datetime";
import { formatYen } from "@domain/decimal-display";
import { DOCUMENT_PATHS, kindLabel } from "@domain/document-kinds";
import { statusLabel } from "@domain/documents";
import { stageOf } from "@domain/lifecycle";
import { topAnswer } from "@domain/top-answers";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { fixedTextsFor } from "../../services/fixed-texts.server";
import { myRowsOf, waitingRowsOf, type ApprovalTexts } from "../__approvals/approvals.server";
import { askPaymentApi } from "../../services/payment-api.server";
import { requireTopPageAccess } from "../../services/route-checks.server";


/** What TOP shows, as text ready to print: the page carries no code lists or formatting rules to the browser. */
export async function topLoader({ request, context }: LoaderFunctionArgs) {
  const { caller } = await requireCompanyCaller(request, context, "top", requireTopPageAccess);
  const [top, t] = await Promise.all([askPaymentApi(caller, "/top", topAnswer), fixedTextsFor<ApprovalTexts>(request)]);
  const { waiting, mine } = top.approvals;
  return {
    // 承認待ち and how the person's own requests ended (decision 049): the author learns of a return here as by mail.
    approvals: {
      waiting: waiting.count === 0 ? null : { heading: t("approvals.topWaiting", { count: waiting.count }), rows: waitingRowsOf(t, waiting), link: t("approvals.toList") },
      mine: mine.length === 0 ? null : { heading: t("approvals.topMine"), rows: myRowsOf(t, mine) },
    },
    sales: {
      thisMonth: formatYen(top.sales.this_month.tax_included),
      thisMonthCount: top.sales.this_month.count,
      lastMonth: formatYen(top.sales.last_month.tax_included),
      difference: top.sales.difference.startsWith("-") ? `−${formatYen(top.sales.difference.slice(1))}` : top.sales.difference === "0" ? "±0円" : `+${formatYen(top.sales.difference)}`,
      month: top.sales.this_month.from.slice(0, 7),
    },
    unpaid: { count: top.receivables.unpaid.count, amount: formatYen(top.receivables.unpaid.amount) },
    overdue: { count: top.receivables.overdue.count, amount: formatYen(top.receivables.overdue.amount) },
    estimates: { count: top.awaiting_estimates.count, amount: formatYen(top.awaiting_estimates.tax_included) },
    latest: top.latest_documents.map((document) => ({
      key: `${document.kind}-${document.id}`,
      kind: kindLabel(document.kind),
      number: document.number,
      href: `${DOCUMENT_PATHS[document.kind].base}/detail/${document.id}`,
      customer: document.customer_name,
      status: stageOf({ issued: document.issued_at !== null, voided: document.voided_at !== null }) === "voided" ? "無効" : statusLabel(document.kind, document.status),
      amount: formatYen(document.tax_included),
      updatedAt: formatDateTimeJst(document.updated_at),
    })),
    mailErrors: {
      count: top.mail_errors.count,
      items: top.mail_errors.items.map((mail) => ({
        key: mail.mail_id,
        label: `${kindLabel(mail.kind)} ${mail.number}（${mail.customer_name}）`,
        href: `${DOCUMENT_PATHS[mail.kind].base}/mail/detail/${mail.document_id}`,
        error: mail.last_error ?? "",
        at: formatDateTimeJst(mail.at),
      })),
    },
    notices: top.notices.map((notice) => ({
      id: notice.id,
      kind: notice.kind,
      title: notice.title,
      body: notice.body,
      window: notice.starts_at && notice.ends_at ? `${formatJapaneseDateTime(notice.starts_at)}〜${formatJapaneseDateTime(notice.ends_at)}` : null,
      from: formatJapaneseDate(notice.publish_from),
    })),
    plan: top.plan && {
      name: top.plan.plan_name,
      trialDaysLeft: top.plan.trial_days_left,
      chargedFrom: top.plan.charged_from ? formatJapaneseDate(top.plan.charged_from) : null,
      withdrawalDate: top.plan.withdrawal_date ? formatJapaneseDate(top.plan.withdrawal_date) : null,
    },
  };
}
