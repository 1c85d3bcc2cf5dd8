import type { ReceivedKind } from "@domain/received-documents";
import { asJsonPost, callPaymentApi, fetchPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";

/** What the text layer of an uploaded PDF proposed (domain/received-text.ts), or a digital invoice stated (domain/received-jp-pint.ts), snake_cased by the API. */
export type ReceivedProposal = {
  transaction_date: string | null;
  amount: string | null;
  registration_number: string | null;
  supplier_name: string | null;
  document_number: string | null;
  due_date?: string | null;
  amount10?: string | null;
  tax10?: string | null;
  amount8?: string | null;
  tax8?: string | null;
  amount0?: string | null;
};

type Endpoint = { scheme: string; id: string } | null;

/** A kept JP PINT file as it reads (domain/jp-pint-reader.ts), snake_cased by the API: its figures as stated. */
export type DigitalInvoice = {
  number: string;
  issue_date: string;
  due_date: string | null;
  currency: string;
  supplier: { name: string; registration_number: string | null; endpoint: Endpoint };
  buyer: { name: string; endpoint: Endpoint };
  period: { start: string | null; end: string | null } | null;
  preceding_invoice: { number: string; issue_date: string | null } | null;
  subtotals: Array<{ category: string; rate: string | null; taxable: string; tax: string }>;
  totals: Record<"tax" | "line_extension" | "tax_exclusive" | "tax_inclusive" | "payable", string> & Record<"allowances" | "charges" | "prepaid" | "rounding", string | null>;
  lines: Array<{ id: string; name: string; quantity: string; net: string; category: string; rate: string | null }>;
};

export type ReceivedUpload = {
  id: string;
  file_name: string;
  content_type: string;
  size: number;
  proposal: ReceivedProposal | null;
  /** In the upload's own answer: what the person should know about a file kept all the same (a PDF too large to read). */
  notice?: string | null;
};

export type ReceivedListRow = {
  id: number;
  transaction_date: string;
  amount: number;
  supplier_name: string;
  document_number: string | null;
  registration_number: string | null;
  match_result: number | null;
  credit_rate: number | null;
  origin: string;
  deleted_at: string | null;
};

export type ReceivedListPage = { items: ReceivedListRow[]; total: number; sum: string; page: number; per_page: number };

export type ReceivedFile = {
  id: number;
  file_id: string;
  file_name: string;
  added_in_version: number;
  removed_in_version: number | null;
  content_type: string;
  size: number;
  sha256: string;
  received_at: string;
};

export type ReceivedVersion = {
  version: number;
  action: "create" | "update" | "delete";
  changed_by: string;
  /** The person's name, where the API knows it (null: show the code). */
  changed_by_name: string | null;
  changed_at: string;
  /** The values as recorded, and as the form shows them (a choice's label, a customer's name). */
  changes: Array<{ field: string; before: string | null; after: string | null; before_text: string | null; after_text: string | null }>;
};

export type ReceivedDetail = {
  id: number;
  kind: ReceivedKind;
  transaction_date: string;
  amount: number;
  amount_10: number | null;
  tax_10: number | null;
  amount_8: number | null;
  tax_8: number | null;
  amount_0: number | null;
  supplier_name: string;
  customer_id: number | null;
  customer_name: string | null;
  registration_number: string | null;
  document_number: string | null;
  due_date: string | null;
  origin: string;
  origin_label: string;
  payee_bank_name: string | null;
  payee_branch_name: string | null;
  payee_account_type: number | null;
  payee_account_number: string | null;
  payee_account_name: string | null;
  notes: string | null;
  match_result: number | null;
  match_result_label: string | null;
  match_reason: string | null;
  match_registered_name: string | null;
  credit_rate: number | null;
  credit_label: string | null;
  match_checked_at: string | null;
  created_by: string;
  updated_by: string;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  deleted_by: string | null;
  delete_reason: string | null;
  version: number;
  retention_end: string;
  deletable: boolean;
  files: ReceivedFile[];
  /** What each current XML file states, for the pages to show in place of raw XML. */
  digital_invoices: Array<{ file_id: number; invoice: DigitalInvoice }>;
  versions: ReceivedVersion[];
  field_labels: Record<string, string>;
};

export type ReceivedUsage = { used: number; max: number; max_file_bytes: number; max_files_per_upload: number };

export const listReceived = (caller: PaymentApiCaller, params: URLSearchParams) => callPaymentApi<ReceivedListPage>(caller, `/received-documents?${params}`);

export const receivedUsage = (caller: PaymentApiCaller) => callPaymentApi<ReceivedUsage>(caller, "/received-documents/usage");

export const getReceived = (caller: PaymentApiCaller, kind: ReceivedKind, id: string) =>
  callPaymentApi<ReceivedDetail>(caller, `/received-documents/${encodeURIComponent(id)}?kind=${kind}`);

/** Sends the chosen files on to the API, which keeps them until the document is saved. */
export async function uploadReceivedFiles(caller: PaymentApiCaller, files: File[]): Promise<ReceivedUpload[]> {
  const body = new FormData();
  for (const file of files) body.append("files", file, file.name);
  return (await callPaymentApi<{ uploads: ReceivedUpload[] }>(caller, "/received-documents/uploads", { method: "POST", body })).uploads;
}

export async function pendingUploads(caller: PaymentApiCaller, ids: string[]): Promise<ReceivedUpload[]> {
  if (ids.length === 0) return [];
  return (await callPaymentApi<{ uploads: ReceivedUpload[] }>(caller, `/received-documents/uploads?ids=${ids.map(encodeURIComponent).join(",")}`)).uploads;
}

/** 「アクセスポイントから受け取る」 (decision 045): what the Peppol access point held for the company, taken in as received invoices. */
export const takePeppolInbox = (caller: PaymentApiCaller) =>
  callPaymentApi<{ received: Array<{ id: number; document_number: string | null; supplier_name: string }>; problems: string[] }>(caller, "/received-documents/peppol-inbox", { method: "POST" });

export const createReceived = (caller: PaymentApiCaller, body: Record<string, unknown>) => callPaymentApi<ReceivedDetail>(caller, "/received-documents", asJsonPost(body));

export const updateReceived = (caller: PaymentApiCaller, id: number, body: Record<string, unknown>) =>
  callPaymentApi<ReceivedDetail>(caller, `/received-documents/${id}`, asJsonPost({ ...body, _method: "PATCH" }));

export const verifyReceived = (caller: PaymentApiCaller, id: number) => callPaymentApi<ReceivedDetail>(caller, `/received-documents/${id}/verification`, { method: "POST" });

export const deleteReceived = (caller: PaymentApiCaller, id: number, version: number, reason: string) =>
  callPaymentApi<ReceivedDetail>(caller, `/received-documents/${id}/delete`, asJsonPost({ version, reason }));

/** A stored file of a received document, as the API answers it (bytes, type). */
export const receivedFile = (caller: PaymentApiCaller, id: string, fileId: string) =>
  fetchPaymentApi(caller, `/received-documents/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`, {}, undefined, "*/*");
