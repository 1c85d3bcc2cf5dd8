import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import { formatDateTimeJst, formatJapaneseDate, todayJst } from "@domain/datetime";
import { formatDecimal, formatYen } from "@domain/decimal-display";
import { CONVERSIONS, DOCUMENT_KINDS, type DocumentKind } from "@domain/document-kinds";
import { DOCUMENT_PATHS, DOCUMENT_STATUSES } from "@domain/documents";
import { can, editModeOf, nextStatuses, refusalOf, stageOf, type LifecycleFacts } from "@domain/lifecycle";
import { qualifiedInvoiceGaps } from "@domain/qualified-invoice";
import { needsRevenueStamp } from "@domain/revenue-stamp";
import type { ShownTotals } from "@domain/snapshot";
import type { DigitalInvoiceCheckAnswer } from "@domain/document-answers";
import { CONFIRMED_ACTIONS, confirmedActionOf, lifecycleFactsOf } from "~/routes/__documents/lifecycle-facts";
import type { TFunction } from "~/components/texts";
import type { common } from "~/locales/ja";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { changeDocumentStatus, deleteDocument, getDocumentPage, issueCreditNote, issueDocument, sendDigitalInvoice, voidDocument, type DocumentDetailPage } from "./documents.server";
import { fixedTextsFor } from "../../services/fixed-texts.server";
import { htmlOnce } from "../../services/html-once.server";
import { wordsOf } from "../../services/words.server";
import paymentsSection from "../../locales/ja/payments.json";
import documentsDetailSection from "../../locales/ja/documentsDetail.json";
import mailSendSection from "../../locales/ja/mailSend.json";
import { remixI18next } from "../../services/i18n.server";
import { approvalSectionOf, decisionAction, isDecisionIntent, requestApprovalAction } from "../__approvals/approvals.server";
import { mailFormDefaults, sendMailAction } from "../__mail/mail-pages.server";
import { PaymentApiValidationError } from "../../services/payment-api.server";
import { cancelPayment, paymentFormAction, paymentFormDefaults, type PaymentSummary } from "../__payments/payments.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";
import { sheetHtml } from "./sheet.server";
import { companyFacts, documentIdOf, screen } from "./shared.server";

type DetailDocument = DocumentDetailPage["document"];
type T = TFunction<Pick<typeof common, "approvals" | "documents" | "mail" | "payments" | "snapshot" | "titles">>;

/** Each kind's name and path, for the page's links to related documents and conversions. */
const KINDS = Object.fromEntries(DOCUMENT_KINDS.map((entry) => [entry.id, { label: entry.label, base: DOCUMENT_PATHS[entry.id].base }])) as Record<
  DocumentKind,
  { label: string; base: string }
>;

/**
 * The page as it shows: what domain/'s rules say about the document (lifecycle, qualified-invoice gaps, labels), its
 * versions and history in words, asked and formatted here rather than in the component, so the page's JavaScript
 * carries none of those modules and texts (decision 020), and the hydration data holds what the page shows instead of
 * the API's record. The document itself shows as its copy prints (sheetHtml).
 */
function detailOf(t: T, kind: DocumentKind, document: DetailDocument, facts: LifecycleFacts, company: ReturnType<typeof companyFacts>, printed: ShownTotals) {
  const base = KINDS[kind].base;
  const stage = stageOf(facts);
  const statusLabel = (id: number | null) => (id === null ? "" : (DOCUMENT_STATUSES[kind].find((status) => status.id === id)?.label ?? String(id)));
  const gaps = qualifiedInvoiceGaps(kind, { issuerName: company.name, registeredNo: company.registeredNo, customerName: document.customer_name, issueDate: document.issue_date, lineCount: document.lines.length });
  const links = (label: string, related: Array<{ id: number; kind: DocumentKind; number: string } | null>) => ({
    label,
    links: related.flatMap((link) => (link ? [{ path: `${KINDS[link.kind].base}/detail/${link.id}`, text: `${KINDS[link.kind].label} ${link.number}` }] : [])),
  });
  const customer = `${document.customer_name} ${document.customer_honorific}`;
  return {
    id: document.id,
    base,
    name: `${KINDS[kind].label} ${document.number}`,
    customer,
    stage,
    stageLabel: t(`documents.stages.${stage}`),
    editPath: editModeOf(facts) === null ? null : kind === "receipt" ? `/receipts/edit/${document.id}` : `${base}/edit?id=${document.id}`,
    confirmed: CONFIRMED_ACTIONS.filter((action) => can(facts, action)),
    conversions: CONVERSIONS[kind]
      .filter((target) => can(facts, { into: target }))
      .map((target) => ({ path: `${KINDS[target].base}/create?source=${document.id}&origin=from_detail`, label: t("documents.makeInto", { kind: KINDS[target].label }) })),
    qualified:
      kind === "invoice" || kind === "receipt"
        ? { message: t(gaps.length > 0 ? "documents.qualifiedState.missing" : kind === "invoice" ? "documents.qualifiedState.ok" : "documents.qualifiedState.okReceipt"), gaps }
        : null,
    // The status form's words, which this page shares with the lists: a dictionary file (a chunk) the page need not load for them.
    labels: { changeStatus: t("documents.changeStatus"), none: t("documents.none") },
    // An issued document's copies (a draft offers a preview and issuing instead); the print page shares these two words.
    copies: stage === "draft" ? null : { print: t("snapshot.openPrint"), pdf: t("snapshot.downloadPdf") },
    status: statusLabel(document.status),
    next: nextStatuses(facts).map((id) => ({ id, label: statusLabel(id) })),
    stampDuty: needsRevenueStamp(kind, printed) ? t("documents.stampDuty") : null,
    revisions: document.revisions.map((revision) => ({
      revision: revision.revision,
      title: t("documents.versionEntry.revision", { revision: revision.revision }),
      made: t("documents.versionEntry.made", {
        reason: t(`documents.versionEntry.reasons.${revision.reason as "issue"}`),
        by: revision.created_by_name ?? revision.created_by,
        at: formatDateTimeJst(revision.created_at),
      }),
      mails: revision.mails.length > 0 ? t("documents.versionEntry.mails", { count: revision.mails.length }) : null,
    })),
    related: [
      links(t("documents.source"), [document.source]),
      links(t("documents.derived"), document.derived),
      links(t("documents.creditNoteOf"), [document.credit_note_of]),
      links(t("documents.creditNotes"), document.credit_notes),
      links(t(kind === "invoice" ? "documents.closingSlips" : "documents.closingInvoice"), document.closing),
    ].filter((group) => group.links.length > 0),
    history: document.history.map((entry) => {
      const what = t(`documents.events.${entry.event}`, { revision: entry.revision ?? 1 });
      const by = entry.changed_by_name ?? entry.changed_by;
      const at = formatDateTimeJst(entry.changed_at);
      const text =
        entry.from_status !== null && entry.from_status !== entry.to_status
          ? t("documents.historyEntry", { what, from: statusLabel(entry.from_status), to: statusLabel(entry.to_status), by, at })
          : t("documents.historyEvent", { what, by, at });
      return { id: entry.id, text, comment: entry.comment };
    }),
  };
}

/** The page's title: the route's meta reads it from here, so the page's JavaScript carries no titles file. */
const DETAIL_TITLES = { estimate: "estimateDetail", delivery_slip: "deliverySlipDetail", invoice: "invoiceDetail", receipt: "receiptDetail" } as const;

/** The detail page; `?confirm=void` (or delete, creditNote) makes it the confirmation page of that action. */
export const documentDetailLoader = async ({ request, params, context }: LoaderFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "detail"));
  const id = documentIdOf(params.id);
  // One API call for what the page shows (the document, its copy, an issued invoice's payments, the company, the mail form's start); a credit note's payments are dropped below.
  const [page, t] = await Promise.all([getDocumentPage(caller, id, kind), fixedTextsFor<T>(request)]);
  const { document, company, payments: summary, copy } = page;
  const { content } = copy.snapshot;
  const facts = lifecycleFactsOf(document);
  const url = new URL(request.url);
  const asked = confirmedActionOf(url.searchParams.get("confirm"));
  // Until it is approved the document is neither issued nor sent (decision 049): the page offers 申請 instead.
  const approval = approvalSectionOf(t, document.approval, page.decides, document.history, editModeOf(facts) !== null);
  const awaiting = approval?.awaiting ?? false;
  // The names of a mail's fields, which the send history shows too, come with the form rather than as a dictionary file of both pages.
  const words = t as (key: string) => string;
  const { historyLink: _historyLink, ...mailFormSection } = mailSendSection;
  const mail = !awaiting && can(facts, "send")
    ? { values: mailFormDefaults(page), words: { ...wordsOf(words, "mail", mailFormSection), to: t("mail.to"), cc: t("mail.cc"), body: t("mail.body"), delivery: t("mail.delivery") } }
    : null;
  const payments = summary && facts.issued && !facts.creditNote ? { ...paymentsOf(t, document, summary, url), refusal: refusalOf(facts, "recordPayment") } : null;
  // An invoice the rules let out as JP PINT offers the download and the send (decision 045), or says what to fix first.
  const digitalInvoice =
    !awaiting && can(facts, "exportDigitalInvoice") && page.digital_invoice
      ? digitalInvoiceOf(t, page.digital_invoice, `${KINDS[kind].label} ${document.number}（${document.customer_name} ${document.customer_honorific}）`)
      : null;
  const { confirm: confirmSection, ...pageSection } = documentsDetailSection;
  const detail = detailOf(t, kind, document, facts, companyFacts(company), content.totals);
  const confirmable = new Set<string>([...detail.confirmed, ...(asked && can(facts, asked) ? [asked] : [])]);
  // Words of parts the page does not show stay on the server: the conditions are DocumentDetailPage's.
  const issuing = !detail.copies && !awaiting;
  const shows: Partial<Record<keyof typeof pageSection, boolean>> = {
    edit: detail.editPath !== null,
    issue: issuing,
    issueAndPrint: issuing,
    issueAndPdf: issuing,
    previewDraft: !detail.copies,
    qualified: detail.qualified !== null,
    versions: detail.revisions.length > 0,
    void: confirmable.has("void"),
    delete: confirmable.has("delete"),
    creditNote: confirmable.has("creditNote"),
  };
  const shownSection = Object.fromEntries(Object.entries(pageSection).filter(([key]) => shows[key as keyof typeof pageSection] ?? true)) as typeof pageSection;
  return {
    title: t(`titles.${DETAIL_TITLES[kind]}`),
    // The page's words (documentsDetail.json): of the actions and their confirmations only those the lifecycle allows now.
    words: {
      documents: {
        ...wordsOf(words, "documents", shownSection),
        confirm: Object.fromEntries(Object.entries(confirmSection).filter(([action]) => confirmable.has(action)).map(([action, shape]) => [action, wordsOf(words, `documents.confirm.${action}`, shape)])) as typeof confirmSection,
      },
      mail: { historyLink: t("mail.historyLink") },
    },
    document: detail,
    // The copy as it prints now: a draft's preview marked 下書き, or the issued revision's snapshot, marked 無効 once voided.
    sheet: htmlOnce(context, "sheet", sheetHtml(t, content, copy.mark)),
    mail,
    confirm: asked && can(facts, asked) ? asked : null,
    // 「デジタルインボイスで送る」's own confirmation page (without JavaScript), asked only of an invoice that passes the check.
    confirmDigitalInvoice: url.searchParams.get("confirm") === DIGITAL_INVOICE_INTENT && digitalInvoice?.send ? true : null,
    payments,
    digitalInvoice,
    approval,
  };
};

/** The form intent (and `?confirm=`) of 「デジタルインボイスで送る」. */
const DIGITAL_INVOICE_INTENT = "sendDigitalInvoice";

/** The digital invoice section: its words, what keeps it from leaving, and — when nothing does — the send and the question it asks first. */
function digitalInvoiceOf(t: T, { problems, recipient }: DigitalInvoiceCheckAnswer, name: string) {
  const send =
    problems.length === 0 && recipient
      ? {
          intent: DIGITAL_INVOICE_INTENT,
          label: t("documents.digitalInvoice.send"),
          hint: t("documents.digitalInvoice.sendHint", { recipient }),
          words: { title: t("documents.digitalInvoice.confirmTitle", { document: name }), body: t("documents.digitalInvoice.confirmBody", { recipient }), button: t("documents.digitalInvoice.send") },
        }
      : null;
  return { heading: t("documents.digitalInvoice.heading"), download: t("documents.digitalInvoice.download"), missing: t("documents.digitalInvoice.missing"), problems, send };
}

/** The payments section of an issued invoice: its figures and each payment written out, the form's first values, the links that apply (督促, 定期請求), and a cancellation asked for by URL. */
function paymentsOf(t: T, document: DetailDocument, summary: PaymentSummary, url: URL) {
  const asked = url.searchParams.get("confirm") === "cancelPayment" ? url.searchParams.get("payment") : null;
  const overdue = !document.voided_at && Number(summary.balance) > 0 && document.due_date !== null && document.due_date < todayJst();
  const rows = summary.payments.map((payment) => ({
    id: payment.id,
    paidOn: formatJapaneseDate(payment.paid_on),
    amount: formatDecimal(payment.amount),
    fee: formatDecimal(payment.fee),
    method: payment.method,
    source: t(payment.statement_line_id === null ? "payments.byHand" : "payments.fromStatement"),
    cancelled: payment.cancelled_at === null ? null : payment.cancel_reason ? t("payments.cancelledReason", { reason: payment.cancel_reason }) : t("payments.cancelled"),
  }));
  return {
    amountDue: formatYen(summary.amount_due),
    paid: formatYen(summary.paid),
    balance: summary.overpaid ? `${formatYen(summary.balance)}（${t("payments.overpaid")}）` : formatYen(summary.balance),
    overpaidNote: summary.overpaid ? t("payments.overpaidNote") : null,
    rows,
    values: paymentFormDefaults(summary),
    // The section's own words, sent only with an invoice that shows it.
    words: wordsOf(t as (key: string) => string, "payments", paymentsSection),
    cancelling: rows.find((payment) => String(payment.id) === asked && payment.cancelled === null) ?? null,
    links: [
      ...(overdue ? [{ path: `/billing/reminders/${document.id}`, label: t("payments.links.reminder") }] : []),
      ...(document.voided_at ? [] : [{ path: `/billing/recurring/create?from=${document.id}`, label: t("payments.links.recurring") }]),
    ],
  };
}

export type DocumentDetailData = SerializeFrom<typeof documentDetailLoader>;

/** Each kind's route loader, for the page's useLoaderData and meta. */
export type DetailLoader = (args: LoaderFunctionArgs) => ReturnType<typeof documentDetailLoader>;

/**
 * The detail page's buttons: status, issue (also before printing or a PDF),
 * and the actions that ask first — void, delete, credit note — which only
 * go ahead with `confirmed=yes` from the confirmation.
 */
export const documentDetailAction = async ({ request, params, context }: ActionFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "detail"));
  const id = documentIdOf(params.id);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const t = await remixI18next.getFixedT(request);
  const base = DOCUMENT_PATHS[kind].base;
  const here = `${base}/detail/${id}`;
  if (intent === "send") return sendMailAction(request, caller, kind, id, formData);
  if (intent === "requestApproval") return requestApprovalAction(request, caller, t, id, formData, here);
  if (isDecisionIntent(intent)) return decisionAction(request, caller, t, formData, here);
  if (kind === "invoice" && intent === DIGITAL_INVOICE_INTENT) {
    // Asked first, like the other actions that cannot be taken back: without `confirmed=yes`, the question's page.
    if (formData.get("confirmed") !== "yes") return redirect(`${here}?confirm=${DIGITAL_INVOICE_INTENT}`);
    try {
      await sendDigitalInvoice(caller, id);
    } catch (error) {
      if (!(error instanceof PaymentApiValidationError)) throw error;
      // Refused (the check failed meanwhile, or the invoice was voided): the page shows what to fix.
      return redirectWithNotice(request, here, "error", error.message);
    }
    return redirectWithNotice(request, `${base}/mail/detail/${id}`, "success", t("documents.digitalInvoiceQueued"));
  }
  if (kind === "invoice" && intent === "payment") {
    const recorded = await paymentFormAction(request, caller, id, formData, here, t("documents.paymentRecorded"));
    return recorded.response ?? json({ paymentForm: recorded.reply }, { status: recorded.status });
  }
  if (kind === "invoice" && intent === "cancelPayment") {
    const payment = String(formData.get("payment") ?? "");
    if (!/^\d{1,9}$/.test(payment)) return redirect(here);
    if (formData.get("confirmed") !== "yes") return redirect(`${here}?confirm=cancelPayment&payment=${payment}`);
    try {
      await cancelPayment(caller, id, Number(payment), String(formData.get("reason") ?? "").trim().slice(0, 200));
    } catch (error) {
      if (!(error instanceof PaymentApiValidationError)) throw error;
      return redirectWithNotice(request, here, "error", error.message);
    }
    return redirectWithNotice(request, `${here}#payments-heading`, "success", t("documents.paymentCancelled"));
  }
  const asking = confirmedActionOf(intent);
  if (asking && formData.get("confirmed") !== "yes") return redirect(`${here}?confirm=${asking}`);
  try {
    switch (intent) {
      case "status":
        await changeDocumentStatus(caller, kind, id, Number(formData.get("status")));
        return redirectWithNotice(request, here, "success", t("documents.statusChanged"));
      case "issue":
        await issueDocument(caller, kind, id);
        return redirectWithNotice(request, here, "success", t("documents.issued"));
      // Printing or downloading the customer's copy gives it to the customer: the draft is issued first.
      case "issue-print":
        await issueDocument(caller, kind, id);
        return redirect(`${base}/snapshot/${id}`);
      case "issue-pdf":
        await issueDocument(caller, kind, id);
        return redirect(`${base}/pdf/${id}`);
      case "void":
        await voidDocument(caller, kind, id);
        return redirectWithNotice(request, here, "success", t("documents.voided"));
      case "delete":
        await deleteDocument(caller, kind, id);
        return redirectWithNotice(request, DOCUMENT_PATHS[kind].list, "success", t("documents.deleted"));
      case "creditNote": {
        const note = await issueCreditNote(caller, id, String(formData.get("reason") ?? "").trim().slice(0, 200) || null);
        return redirectWithNotice(request, `${base}/detail/${note.id}`, "success", t("documents.creditNoteIssued", { number: note.number }));
      }
    }
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, here, "error", error.message);
  }
  return redirect(here);
};
