import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type SerializeFrom } from "@remix-run/node";
import { TAX_CATEGORIES } from "@domain/codes";
import { todayJst } from "@domain/datetime";
import { CONVERSIONS, DOCUMENT_KINDS, type DocumentKind } from "@domain/document-kinds";
import { DOCUMENT_PATHS, DOCUMENT_STATUSES } from "@domain/documents";
import { can, editModeOf, nextStatuses, stageOf, type LifecycleFacts } from "@domain/lifecycle";
import { qualifiedInvoiceGaps } from "@domain/qualified-invoice";
import { needsRevenueStamp } from "@domain/revenue-stamp";
import { totalsRows } from "@domain/snapshot";
import { computeTotals, totalsLineOf, totalsRulesOf } from "@domain/totals";
import { confirmedActionOf, lifecycleFactsOf } from "~/components/documents/lifecycle-facts";
import { roundingOfDocument } from "~/components/documents/rounding";
import { requireCompanyCaller } from "../api-caller.server";
import { getOwnCompany } from "../companies.server";
import { changeDocumentStatus, deleteDocument, getDocument, issueCreditNote, issueDocument, voidDocument } from "../documents.server";
import { remixI18next } from "../i18n.server";
import { mailFormDefaults, sendMailAction } from "../mail-pages.server";
import { PaymentApiValidationError } from "../payment-api.server";
import { cancelPayment, getPayments, paymentFormAction, paymentFormDefaults, type PaymentSummary } from "../payments.server";
import { readFormData } from "../read-form.server";
import { redirectWithNotice } from "../session.server";
import { companyFacts, documentIdOf, screen } from "./shared.server";

type DetailDocument = Awaited<ReturnType<typeof getDocument>>;

/**
 * What domain/'s rules say about the document — lifecycle, totals per rate,
 * qualified-invoice gaps, labels — asked here rather than in the component,
 * so the page's JavaScript carries none of those modules (decision 020).
 */
function rulesOf(kind: DocumentKind, document: DetailDocument, facts: LifecycleFacts, company: ReturnType<typeof companyFacts>) {
  // The stored totals are the engine's; the per-rate rows are recomputed from the lines with the document's own rules.
  const totals = computeTotals(document.lines.map(totalsLineOf), totalsRulesOf(roundingOfDocument(document), document.withholding, document.tax_type_id));
  return {
    stage: stageOf(facts),
    editable: editModeOf(facts) !== null,
    allowed: { convert: can(facts, "convert"), void: can(facts, "void"), delete: can(facts, "delete"), creditNote: can(facts, "creditNote") },
    next: nextStatuses(facts),
    conversions: CONVERSIONS[kind],
    statusLabels: Object.fromEntries(DOCUMENT_STATUSES[kind].map((status) => [status.id, status.label])) as Record<number, string>,
    taxCategoryLabels: Object.fromEntries(TAX_CATEGORIES.map((category) => [category.id, category.label])) as Record<string, string>,
    totals,
    totalsRows: totalsRows(totals),
    stampDuty: needsRevenueStamp(kind, totals),
    gaps: qualifiedInvoiceGaps(kind, { issuerName: company.name, registeredNo: company.registeredNo, customerName: document.customer_name, issueDate: document.issue_date, lineCount: document.lines.length }),
  };
}

/** Each kind's name and path, for the page's links to related documents and conversions. */
const KINDS = Object.fromEntries(DOCUMENT_KINDS.map((entry) => [entry.id, { label: entry.label, base: DOCUMENT_PATHS[entry.id].base }])) as Record<
  DocumentKind,
  { label: string; base: string }
>;

/** The detail page; `?confirm=void` (or delete, creditNote) makes it the confirmation page of that action. */
export const documentDetailLoader = async ({ request, params, context }: LoaderFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "detail"));
  const id = documentIdOf(params.id);
  // An invoice's payments are asked for alongside it; a draft's or a credit note's are dropped below.
  const [document, company, summary] = await Promise.all([getDocument(caller, id, kind), getOwnCompany(caller), kind === "invoice" ? getPayments(caller, id) : null]);
  const facts = lifecycleFactsOf(document);
  const url = new URL(request.url);
  const asked = confirmedActionOf(url.searchParams.get("confirm"));
  const mail = can(facts, "send") ? await mailFormDefaults(caller, document, company) : null;
  const shownCompany = companyFacts(company);
  const payments = summary && facts.issued && !facts.creditNote ? paymentsOf(document, summary, url) : null;
  return { kind, kinds: KINDS, document, rules: rulesOf(kind, document, facts, shownCompany), mail, confirm: asked && can(facts, asked) ? asked : null, payments };
};

/** The payments section of an issued invoice: the summary, the form's first values, its links, and a cancellation asked for by URL. */
function paymentsOf(document: DetailDocument, summary: PaymentSummary, url: URL) {
  const asked = url.searchParams.get("confirm") === "cancelPayment" ? url.searchParams.get("payment") : null;
  const cancelling = summary.payments.find((payment) => String(payment.id) === asked && payment.cancelled_at === null) ?? null;
  const overdue = !document.voided_at && Number(summary.balance) > 0 && document.due_date !== null && document.due_date < todayJst();
  return { summary, values: paymentFormDefaults(summary), cancelling, links: { id: document.id, reminder: overdue, recurring: !document.voided_at } };
}

/**
 * The detail page's buttons: status, issue (also before printing or a PDF),
 * and the actions that ask first — void, delete, credit note — which only
 * go ahead with `confirmed=yes` from the confirmation.
 */
export type DocumentDetailData = SerializeFrom<typeof documentDetailLoader>;

export const documentDetailAction = async ({ request, params, context }: ActionFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "detail"));
  const id = documentIdOf(params.id);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const t = await remixI18next.getFixedT(request);
  const base = DOCUMENT_PATHS[kind].base;
  const here = `${base}/detail/${id}`;
  if (intent === "send") return sendMailAction(request, caller, kind, id, formData);
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
