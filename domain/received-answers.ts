import { z } from "zod";
import { listPageAnswer } from "./answer-fields";
import { RECEIVED_KIND_IDS } from "./received-documents";

/**
 * The Payment API's answers about received documents (電子帳簿保存法), as they arrive: snake_case (no underscore before
 * a digit, so a proposal's `amount10`), yen as whole numbers, times as ISO text. The API's tests read its answers with
 * these and the web app parses with them (issue 35).
 */

/** What an uploaded PDF's text proposed (domain/received-text.ts); a digital invoice also states its due date and amounts per rate. */
export const receivedProposalAnswer = z.object({
  transaction_date: z.string().nullable(),
  amount: z.string().nullable(),
  registration_number: z.string().nullable(),
  supplier_name: z.string().nullable(),
  document_number: z.string().nullable(),
  due_date: z.string().nullable().optional(),
  amount10: z.string().nullable().optional(),
  tax10: z.string().nullable().optional(),
  amount8: z.string().nullable().optional(),
  tax8: z.string().nullable().optional(),
  amount0: z.string().nullable().optional(),
});
export type ReceivedProposalAnswer = z.output<typeof receivedProposalAnswer>;

export const receivedUploadAnswer = z.object({
  id: z.string(),
  file_name: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  proposal: receivedProposalAnswer.nullable(),
  /** Only in the upload's own answer: what the person should know about a file kept all the same (a PDF too large to read). */
  notice: z.string().nullable().optional(),
});
export type ReceivedUploadAnswer = z.output<typeof receivedUploadAnswer>;

export const receivedUploadsAnswer = z.object({ uploads: z.array(receivedUploadAnswer) });

export const receivedUsageAnswer = z.object({ used: z.number().int(), max: z.number().int(), max_file_bytes: z.number().int(), max_files_per_upload: z.number().int() });

/** 「アクセスポイントから受け取る」 (decision 045): the invoices taken in, and why any message was left. */
export const peppolInboxAnswer = z.object({
  received: z.array(z.object({ id: z.number().int(), document_number: z.string().nullable(), supplier_name: z.string() })),
  problems: z.array(z.string()),
});

export const receivedListRowAnswer = z.object({
  id: z.number().int(),
  transaction_date: z.string(),
  amount: z.number().int(),
  supplier_name: z.string(),
  document_number: z.string().nullable(),
  registration_number: z.string().nullable(),
  match_result: z.number().int().nullable(),
  credit_rate: z.number().int().nullable(),
  origin: z.string(),
  deleted_at: z.string().nullable(),
});

/** A page of the list, with the exact sum of the filtered documents' amounts as decimal text. */
export const receivedListPageAnswer = listPageAnswer(receivedListRowAnswer).extend({ sum: z.string() });
export type ReceivedListPageAnswer = z.output<typeof receivedListPageAnswer>;

export const receivedFileAnswer = z.object({
  id: z.number().int(),
  file_id: z.string(),
  file_name: z.string(),
  added_in_version: z.number().int(),
  removed_in_version: z.number().int().nullable(),
  content_type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  received_at: z.string(),
});

const endpoint = z.object({ scheme: z.string(), id: z.string() }).nullable();

/** A kept JP PINT file as domain/jp-pint-reader.ts reads it: its figures as stated, never recomputed. */
export const digitalInvoiceAnswer = z.object({
  number: z.string(),
  issue_date: z.string(),
  due_date: z.string().nullable(),
  currency: z.string(),
  supplier: z.object({ name: z.string(), registration_number: z.string().nullable(), endpoint }),
  buyer: z.object({ name: z.string(), endpoint }),
  period: z.object({ start: z.string().nullable(), end: z.string().nullable() }).nullable(),
  preceding_invoice: z.object({ number: z.string(), issue_date: z.string().nullable() }).nullable(),
  subtotals: z.array(z.object({ category: z.string(), rate: z.string().nullable(), taxable: z.string(), tax: z.string() })),
  totals: z.object({
    tax: z.string(),
    line_extension: z.string(),
    tax_exclusive: z.string(),
    tax_inclusive: z.string(),
    allowances: z.string().nullable(),
    charges: z.string().nullable(),
    prepaid: z.string().nullable(),
    rounding: z.string().nullable(),
    payable: z.string(),
  }),
  lines: z.array(z.object({ id: z.string(), name: z.string(), quantity: z.string(), net: z.string(), category: z.string(), rate: z.string().nullable() })),
});
export type DigitalInvoiceAnswer = z.output<typeof digitalInvoiceAnswer>;

/** The actions a version records (api/received-documents/store.ts). */
const VERSION_ACTIONS = ["create", "update", "delete"] as const;

export const receivedVersionAnswer = z.object({
  version: z.number().int(),
  action: z.enum(VERSION_ACTIONS),
  changed_by: z.string(),
  /** The person's name where the API knows it (null: show the code). */
  changed_by_name: z.string().nullable(),
  changed_at: z.string(),
  /** The values as recorded, and as the form shows them (a choice's label, a customer's name). */
  changes: z.array(
    z.object({ field: z.string(), before: z.string().nullable(), after: z.string().nullable(), before_text: z.string().nullable(), after_text: z.string().nullable() }),
  ),
});

/** A document as the detail, edit and snapshot pages show it (api/received-documents/presenters.ts). */
export const receivedDetailAnswer = z.object({
  id: z.number().int(),
  kind: z.enum(RECEIVED_KIND_IDS),
  transaction_date: z.string(),
  amount: z.number().int(),
  amount_10: z.number().int().nullable(),
  tax_10: z.number().int().nullable(),
  amount_8: z.number().int().nullable(),
  tax_8: z.number().int().nullable(),
  amount_0: z.number().int().nullable(),
  supplier_name: z.string(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  registration_number: z.string().nullable(),
  document_number: z.string().nullable(),
  due_date: z.string().nullable(),
  origin: z.string(),
  origin_label: z.string(),
  payee_bank_name: z.string().nullable(),
  payee_branch_name: z.string().nullable(),
  payee_account_type: z.number().int().nullable(),
  payee_account_number: z.string().nullable(),
  payee_account_name: z.string().nullable(),
  notes: z.string().nullable(),
  match_result: z.number().int().nullable(),
  match_result_label: z.string().nullable(),
  match_reason: z.string().nullable(),
  match_registered_name: z.string().nullable(),
  credit_rate: z.number().int().nullable(),
  credit_label: z.string().nullable(),
  match_checked_at: z.string().nullable(),
  created_by: z.string(),
  updated_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  deleted_at: z.string().nullable(),
  deleted_by: z.string().nullable(),
  delete_reason: z.string().nullable(),
  version: z.number().int(),
  retention_end: z.string(),
  deletable: z.boolean(),
  files: z.array(receivedFileAnswer),
  /** What each current XML file states, for the pages to show in place of raw XML. */
  digital_invoices: z.array(z.object({ file_id: z.number().int(), invoice: digitalInvoiceAnswer })),
  versions: z.array(receivedVersionAnswer),
  field_labels: z.record(z.string()),
});
export type ReceivedDetailAnswer = z.output<typeof receivedDetailAnswer>;
