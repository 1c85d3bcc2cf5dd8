import { z } from "zod";
import { TAX_CATEGORIES } from "./codes";
import { DOCUMENT_KIND_IDS } from "./document-kinds";
import { COPY_MODES, ORIGINS } from "./documents";
import { HONORIFICS } from "./honorifics";
import { HISTORY_EVENTS } from "./lifecycle";
import { MAIL_SEND_STATUSES, type MailDisplayStatus } from "./mail-status";
import { codeEnum, listPageAnswer } from "./answer-fields";
import { documentApprovalAnswer } from "./approval-answers";
import { companyAnswer } from "./master-data-answers";
import { paymentSummaryAnswer } from "./payment-answers";

/**
 * The Payment API's answers about documents and their sends, as they arrive (snake_case, decimals as strings, times
 * as ISO text, dates as YYYY-MM-DD): the API's tests read its answers with these and the web app parses with them
 * (issue 35). Fields the web app does not use are left out and dropped by parsing.
 */


const MAIL_DISPLAY_STATUSES = ["sending", "sent", "browsed", "error"] as const satisfies readonly MailDisplayStatus[];

/** The columns a list row and a document share (api/documents/presenters.ts LIST_COLUMNS). */
const documentColumns = {
  id: z.number().int(),
  kind: z.enum(DOCUMENT_KIND_IDS),
  number: z.string(),
  status: z.number().int(),
  issue_date: z.string(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string(),
  customer_honorific: z.enum(HONORIFICS),
  subject: z.string().nullable(),
  tax_included: z.string(),
  amount_due: z.string(),
  issued_at: z.string().nullable(),
  voided_at: z.string().nullable(),
  version: z.number().int(),
  updated_at: z.string(),
};

const documentSummaryAnswer = z.object({
  ...documentColumns,
  /** The latest send's status; null when never sent. */
  mail_status: z.enum(MAIL_DISPLAY_STATUSES).nullable(),
});
export type DocumentSummaryAnswer = z.output<typeof documentSummaryAnswer>;

export const documentPageAnswer = listPageAnswer(documentSummaryAnswer).extend({ sum: z.object({ tax_included: z.string(), amount_due: z.string() }) });
export type DocumentPageAnswer = z.output<typeof documentPageAnswer>;

const documentLinkAnswer = z.object({ id: z.number().int(), kind: z.enum(DOCUMENT_KIND_IDS), number: z.string() });
export type DocumentLinkAnswer = z.output<typeof documentLinkAnswer>;

const documentLineAnswer = z.object({
  id: z.number().int(),
  position: z.number().int(),
  item_id: z.number().int().nullable(),
  description: z.string(),
  quantity: z.string(),
  unit: z.string().nullable(),
  unit_price: z.string(),
  tax_category: codeEnum(TAX_CATEGORIES),
  tax_rate: z.number().int(),
  amount: z.string(),
});
export type DocumentLineAnswer = z.output<typeof documentLineAnswer>;

/** One entry of a document's history: what happened, from which status to which, by whom. */
const historyEntryAnswer = z.object({
  id: z.number().int(),
  event: z.enum(HISTORY_EVENTS),
  from_status: z.number().int().nullable(),
  to_status: z.number().int(),
  revision: z.number().int().nullable(),
  changed_by: z.string(),
  changed_by_name: z.string().nullable(),
  changed_at: z.string(),
  /** An approval event's comment or a return's reason, and the step it decided (decision 049). */
  comment: z.string().nullable(),
  approval_step: z.number().int().nullable(),
});
export type HistoryEntryAnswer = z.output<typeof historyEntryAnswer>;

/** An issued revision, and the mails that sent it. */
const revisionAnswer = z.object({
  id: z.number().int(),
  revision: z.number().int(),
  reason: z.string(),
  created_at: z.string(),
  created_by: z.string(),
  created_by_name: z.string().nullable(),
  mails: z.array(z.object({ id: z.number().int(), status: z.enum(MAIL_SEND_STATUSES), created_at: z.string() })),
});
export type RevisionAnswer = z.output<typeof revisionAnswer>;

/** One document with its lines, history, revisions and links (api/documents/presenters.ts fullDocument). */
export const documentAnswer = z.object({
  ...documentColumns,
  person_in_charge: z.string().nullable(),
  notes: z.string().nullable(),
  tax_type_id: z.number().int(),
  withholding: z.boolean(),
  item_rounding_id: z.number().int(),
  item_rounding_scale: z.number().int(),
  subtotal_rounding_id: z.number().int(),
  tax_rounding_id: z.number().int(),
  tax_withholding_id: z.number().int(),
  valid_until: z.string().nullable(),
  delivery_date: z.string().nullable(),
  due_date: z.string().nullable(),
  bank_account_id: z.number().int().nullable(),
  received_amount: z.string().nullable(),
  proviso: z.string().nullable(),
  payment_method: z.string().nullable(),
  tax_excluded: z.string(),
  tax: z.string(),
  withholding_amount: z.string(),
  copy_mode: z.enum(COPY_MODES),
  // A client posts one of ORIGINS; the recurring worker writes its own (api/jobs/recurring-worker.ts).
  origin: z.enum([...ORIGINS, "recurring"]).nullable(),
  created_by: z.string(),
  lines: z.array(documentLineAnswer),
  revision: z.number().int(),
  correction_reason: z.string().nullable(),
  credit_note_of: documentLinkAnswer.nullable(),
  history: z.array(historyEntryAnswer),
  revisions: z.array(revisionAnswer),
  source: documentLinkAnswer.nullable(),
  derived: z.array(documentLinkAnswer),
  credit_notes: z.array(documentLinkAnswer),
  sent: z.boolean(),
  /** A payment is recorded against it (an invoice); decision 033. */
  paid: z.boolean(),
  /** 合算請求 (decision 030): a closing invoice's slips, or the closing invoice of a slip. */
  closing: z.array(documentLinkAnswer),
  /** 承認 (decision 049): whether it needs approval now, and its current revision's request. */
  approval: documentApprovalAnswer,
});
export type DocumentAnswer = z.output<typeof documentAnswer>;

/** A bulk status change: each document succeeded (with its number) or says why. */
export const statusChangesAnswer = z.object({
  results: z.array(z.object({ id: z.number().int(), ok: z.boolean(), message: z.string().optional(), number: z.string().optional() })),
});
export type StatusChangesAnswer = z.output<typeof statusChangesAnswer>;

/**
 * The customer's copy: the snapshot and how it is marked. Its content is frozen as it was issued, in the shape of its
 * day (older snapshots lack later fields, ADR 016), so it is read by snapshotFromApi rather than restated here.
 */
export const documentCopyAnswer = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  revision: z.number().int(),
  created_at: z.string(),
  content: z.record(z.unknown()),
  mark: z.enum(["draft", "unapproved", "voided"]).nullable(),
  latest_revision: z.number().int(),
});

/** What keeps an issued invoice from leaving as a JP PINT digital invoice (empty when it passes), and its recipient's Peppol ID. */
export const digitalInvoiceCheckAnswer = z.object({ problems: z.array(z.string()), recipient: z.string().nullable() });
export type DigitalInvoiceCheckAnswer = z.output<typeof digitalInvoiceCheckAnswer>;

/**
 * A document's detail page in one answer (GET /documents/:id/page, api/documents/detail-page.ts): the document, its
 * copy, an issued invoice's payments (null otherwise), the company's profile, what the mail form starts from, and the
 * digital invoice check of an issued invoice waiting for no approval (null otherwise).
 */
export const documentDetailPageAnswer = z.object({
  document: documentAnswer,
  copy: documentCopyAnswer,
  payments: paymentSummaryAnswer.nullable(),
  company: companyAnswer.nullable(),
  mail_template: z.object({ subject: z.string(), body: z.string() }),
  customer: z.object({ department: z.string().nullable(), person_in_charge: z.string().nullable(), emails: z.array(z.string()) }).nullable(),
  digital_invoice: digitalInvoiceCheckAnswer.nullable(),
  /** Whether the caller may decide the document's pending approval request now (false when none is pending). */
  decides: z.boolean(),
});
export type DocumentDetailPageAnswer = z.output<typeof documentDetailPageAnswer>;

/** A send of a document (api/routes/mails.ts presentMail), by e-mail or to the Peppol access point. */
export const documentMailAnswer = z.object({
  id: z.number().int(),
  document_id: z.number().int(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string(),
  body: z.string(),
  /** `peppol`: a digital invoice handed to the Peppol access point (decision 045); `to` holds the recipient's Peppol ID. */
  delivery: z.enum(["attachment", "link", "peppol"]),
  status: z.enum(MAIL_SEND_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  first_opened_at: z.string().nullable(),
  last_opened_at: z.string().nullable(),
  resent_from_id: z.number().int().nullable(),
  /** The document's n-th send, counted from 1; ids are for actions only. */
  number: z.number().int(),
  resent_from_number: z.number().int().nullable(),
  created_by: z.string(),
  created_at: z.string(),
  view_url: z.string().nullable(),
});
export type DocumentMailAnswer = z.output<typeof documentMailAnswer>;

export const documentMailsAnswer = z.object({ mails: z.array(documentMailAnswer) });
