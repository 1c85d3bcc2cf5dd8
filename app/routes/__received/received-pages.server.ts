import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { BANK_ACCOUNT_TYPES, MATCH_RESULTS, RECEIVE_FILTERS } from "@domain/codes";
import { normalizeIsoDate } from "@domain/normalize";
import {
  RECEIVED_ORIGINS,
  RECEIVED_SORTS,
  receivedDocumentInputSchema,
  receivedKindLabel,
  receivedPath,
  parseYen,
  type ReceivedKind,
} from "@domain/received-documents";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { listCustomers } from "../__customers/customers.server";
import { encodingOf } from "../__csv/master-csv.server";
import { fetchPaymentApi, passThroughDownload, PaymentApiValidationError, type PaymentApiCaller } from "../../services/payment-api.server";
import receivedTexts from "~/locales/ja/received.json";
import { pageNumber, readableFilters } from "../../services/list-filters.server";
import { readFormData } from "../../services/read-form.server";
import {
  createReceived,
  deleteReceived,
  getReceived,
  listReceived,
  pendingUploads,
  receivedFile,
  receivedUsage,
  takePeppolInbox,
  updateReceived,
  uploadReceivedFiles,
  verifyReceived,
  type ReceivedDetail,
  type ReceivedProposal,
  type ReceivedUpload,
} from "./received.server";
import { requireReceiveAccess } from "../../services/route-checks.server";
import { redirectWithNotice } from "../../services/session.server";

const LIST_PARAMS = ["q", "supplier", "date_from", "date_to", "amount_min", "amount_max", "match_result", "filter", "deleted", "sort", "order", "page"] as const;
export type ReceivedFilters = Record<(typeof LIST_PARAMS)[number], string>;

const KIND_SCREEN: Record<ReceivedKind, string> = { invoice: "receive-invoices", receipt: "receive-receipts", other: "receive-others" };

/** A receive page's caller: the receive check first (403 unpublished, or the offer of a receive plan). */
const receiveCaller = (request: Request, context: AppLoadContext, kind: ReceivedKind, page: string) =>
  requireCompanyCaller(request, context, `${KIND_SCREEN[kind]}-${page}`, requireReceiveAccess);

/** The filters the API can read; what cannot be read is named and left out, as on the issued lists. */
function listFiltersOf(url: URL): { filters: ReceivedFilters; ignored: string[] } {
  return readableFilters(
    url,
    LIST_PARAMS,
    {
      date_from: normalizeIsoDate,
      date_to: normalizeIsoDate,
      amount_min: parseYen,
      amount_max: parseYen,
      match_result: (value) => (value === "none" || MATCH_RESULTS.some((result) => String(result.id) === value) ? value : null),
      filter: (value) => (RECEIVE_FILTERS.some((filter) => filter.id === value) ? value : null),
      deleted: (value) => (["exclude", "include", "only"].includes(value) ? value : null),
      sort: (value) => ((RECEIVED_SORTS as readonly string[]).includes(value) ? value : null),
      order: (value) => (value === "asc" || value === "desc" ? value : null),
      page: pageNumber,
    },
    receivedTexts.filterNames,
  );
}

export const receivedListLoader = async ({ request, context }: LoaderFunctionArgs, kind: ReceivedKind) => {
  const { caller } = await receiveCaller(request, context, kind, "list");
  const { filters, ignored } = listFiltersOf(new URL(request.url));
  const params = new URLSearchParams({ kind });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const [page, usage] = await Promise.all([listReceived(caller, params), receivedUsage(caller)]);
  return {
    kind,
    kindLabel: receivedKindLabel(kind),
    base: receivedPath(kind),
    filters,
    ignored,
    page,
    usage: { used: usage.used, max: usage.max },
    matchResults: MATCH_RESULTS,
    receiveFilters: RECEIVE_FILTERS,
  };
};

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));

/**
 * The received invoices list's 「アクセスポイントから受け取る」 (decision 045): a post that takes what the Peppol access
 * point holds for the company's Peppol ID and says, back on the list, how many arrived and what was left and why.
 */
export const receivedInboxAction = async ({ request, context }: ActionFunctionArgs) => {
  const { caller } = await receiveCaller(request, context, "invoice", "list");
  const formData = await readFormData(request);
  const list = receivedPath("invoice");
  const words = receivedTexts.peppolInbox;
  if (formData.get("intent") !== "peppol-inbox") return redirect(list);
  try {
    const { received, problems } = await takePeppolInbox(caller);
    const taken = received.length > 0 ? fill(words.taken, { count: received.length }) : problems.length === 0 ? words.none : "";
    const message = [taken, problems.length > 0 ? fill(words.problems, { problems: problems.join("／") }) : ""].filter(Boolean).join(" ");
    return redirectWithNotice(request, list, problems.length > 0 ? "error" : "success", message);
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, list, "error", error.message);
  }
};

export const receivedExportLoader = async ({ request, context }: LoaderFunctionArgs, kind: ReceivedKind) => {
  const { caller } = await receiveCaller(request, context, kind, "export");
  const url = new URL(request.url);
  const { filters } = listFiltersOf(url);
  const params = new URLSearchParams({ kind });
  for (const [name, value] of Object.entries(filters)) if (value && name !== "page") params.set(name, value);
  params.set("encoding", encodingOf(url.searchParams.get("encoding")));
  try {
    return passThroughDownload(await fetchPaymentApi(caller, `/received-documents/export?${params}`, {}, undefined, "text/csv"));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    params.delete("kind");
    params.delete("encoding");
    return redirectWithNotice(request, `${receivedPath(kind)}?${params}`, "error", error.message);
  }
};

/** The form's fields as text, as the inputs hold them. */
export type ReceivedFormValues = Record<
  | "transaction_date"
  | "amount"
  | "amount_10"
  | "tax_10"
  | "amount_8"
  | "tax_8"
  | "amount_0"
  | "supplier_name"
  | "customer_id"
  | "registration_number"
  | "document_number"
  | "due_date"
  | "origin"
  | "payee_bank_name"
  | "payee_branch_name"
  | "payee_account_type"
  | "payee_account_number"
  | "payee_account_name"
  | "notes",
  string
>;

const FORM_FIELDS = Object.keys(receivedDocumentInputSchema.innerType().shape) as Array<keyof ReceivedFormValues>;

function valuesOf(document: ReceivedDetail | null): ReceivedFormValues {
  const values = Object.fromEntries(FORM_FIELDS.map((name) => [name, ""])) as ReceivedFormValues;
  values.origin = "electronic";
  if (!document) return values;
  for (const name of FORM_FIELDS) {
    const value = document[name];
    values[name] = value === null || value === undefined ? "" : String(value);
  }
  return values;
}

function valuesFromForm(formData: FormData): ReceivedFormValues {
  return Object.fromEntries(FORM_FIELDS.map((name) => [name, String(formData.get(name) ?? "").slice(0, 2000)])) as ReceivedFormValues;
}

/** The form field each proposal fills (the API's snake_case writes no underscore before a digit). */
const PROPOSAL_FIELDS: Record<keyof ReceivedProposal, keyof ReceivedFormValues> = {
  transaction_date: "transaction_date",
  amount: "amount",
  registration_number: "registration_number",
  supplier_name: "supplier_name",
  document_number: "document_number",
  due_date: "due_date",
  amount10: "amount_10",
  tax10: "tax_10",
  amount8: "amount_8",
  tax8: "tax_8",
  amount0: "amount_0",
};

/** Fills the fields a PDF proposed or a digital invoice stated that the person left empty; what they typed is never replaced. */
function withProposals(values: ReceivedFormValues, uploads: ReceivedUpload[]): { values: ReceivedFormValues; proposed: Array<keyof ReceivedFormValues> } {
  const proposed: Array<keyof ReceivedFormValues> = [];
  const next = { ...values };
  for (const upload of uploads) {
    if (!upload.proposal) continue;
    for (const [key, value] of Object.entries(upload.proposal) as Array<[keyof ReceivedProposal, string | null | undefined]>) {
      const name = PROPOSAL_FIELDS[key];
      if (!name || !value || next[name]) continue;
      next[name] = value;
      proposed.push(name);
    }
  }
  return { values: next, proposed };
}

/** A digital invoice states its figures: chosen with 「登録する」 at once, they fill the empty fields as 「読み取る」 would. */
const DIGITAL_INVOICE = "application/xml";

async function customerOptions(caller: PaymentApiCaller) {
  const page = await listCustomers(caller, { q: "", sort: "kana", order: "asc", page: 1 }, 100);
  return page.items.map((customer) => ({ id: customer.id, name: customer.name }));
}

type FormState = {
  values: ReceivedFormValues;
  uploads: Array<Pick<ReceivedUpload, "id" | "file_name" | "content_type" | "size">>;
  proposed: string[];
  errors: Record<string, string[]>;
  formError: string | null;
  notice: string | null;
  /** The API's words on files kept without being read, each with its file's name. */
  fileNotices: string[];
};

/** The create and edit pages: the document (on edit), the customers to link, the plan's file usage and the form's one-time key. */
export const receivedFormLoader = async ({ request, context, params }: LoaderFunctionArgs, kind: ReceivedKind, editing: boolean) => {
  const { caller } = await receiveCaller(request, context, kind, editing ? "edit" : "create");
  const [document, customers, usage] = await Promise.all([editing ? getReceived(caller, kind, params.id ?? "") : null, customerOptions(caller), receivedUsage(caller)]);
  return {
    kind,
    kindLabel: receivedKindLabel(kind),
    base: receivedPath(kind),
    document: document && {
      id: document.id,
      version: document.version,
      deleted: document.deleted_at !== null,
      files: document.files.filter((file) => file.removed_in_version === null).map((file) => ({ id: file.id, file_name: file.file_name, content_type: file.content_type })),
    },
    values: valuesOf(document),
    customers,
    usage,
    idempotencyKey: randomUUID(),
    origins: RECEIVED_ORIGINS,
    accountTypes: BANK_ACCOUNT_TYPES,
  };
};

function fieldErrorsOf(issues: Array<{ path: Array<string | number>; message: string }>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = String(issue.path[0] ?? "");
    (errors[name] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * The form's two buttons: 「読み取る」 uploads the chosen files and proposes
 * fields from a PDF's text; 「登録する」/「保存する」 uploads any files chosen
 * with it and saves. Uploaded files ride along as ids, so a refused save keeps
 * them as it keeps everything typed.
 */
export const receivedFormAction = async ({ request, context, params }: ActionFunctionArgs, kind: ReceivedKind, editing: boolean) => {
  const { caller } = await receiveCaller(request, context, kind, editing ? "edit" : "create");
  const formData = await readFormData(request);
  const intent = formData.get("intent") === "read" ? "read" : "save";
  const values = valuesFromForm(formData);
  const uploadIds = formData
    .getAll("upload_ids")
    .map(String)
    .filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const chosen = formData.getAll("files").filter((file): file is File => typeof file !== "string" && file.size > 0);
  const state: FormState = { values, uploads: [], proposed: [], errors: {}, formError: null, notice: null, fileNotices: [] };
  try {
    const added = chosen.length > 0 ? await uploadReceivedFiles(caller, chosen) : [];
    const uploads = [...(await pendingUploads(caller, uploadIds)), ...added];
    state.uploads = uploads.map(({ id, file_name, content_type, size }) => ({ id, file_name, content_type, size }));
    if (intent === "read") {
      const { values: proposedValues, proposed } = withProposals(values, added);
      state.values = proposedValues;
      state.proposed = proposed;
      state.fileNotices = added.flatMap((upload) => (upload.notice ? [`${upload.file_name}：${upload.notice}`] : []));
      // 「文字情報のないファイル」 would be wrong for a file the API says it did not read.
      const proposing = added.filter((upload) => upload.proposal);
      state.notice = proposing.some((upload) => upload.content_type === DIGITAL_INVOICE) ? "stated" : proposing.length > 0 ? "proposed" : state.fileNotices.length > 0 ? null : added.length > 0 ? "noText" : "noFile";
      return data(state, { status: 200 });
    }
    const stated = withProposals(values, added.filter((upload) => upload.content_type === DIGITAL_INVOICE)).values;
    state.values = stated;
    const parsed = receivedDocumentInputSchema.safeParse(stated);
    if (!parsed.success) return data({ ...state, errors: fieldErrorsOf(parsed.error.issues) }, { status: 400 });
    const body = { ...stated, upload_ids: uploads.map((upload) => upload.id) };
    const saved = editing
      ? await updateReceived(caller, Number(params.id), {
          ...body,
          version: Number(formData.get("version")),
          remove_file_ids: formData.getAll("remove_file_ids").map(String),
        })
      : await createReceived(caller, { ...body, kind, idempotency_key: String(formData.get("idempotency_key") ?? "") || undefined, allow_duplicate: formData.get("allow_duplicate") === "on" });
    return redirectWithNotice(request, `${receivedPath(kind)}/detail/${saved.id}`, "success", editing ? "受取書類を保存しました。" : "受取書類を登録しました。");
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return data({ ...state, errors: error.fields, formError: error.message }, { status: error.status });
  }
};

export const receivedDetailLoader = async ({ request, context, params }: LoaderFunctionArgs, kind: ReceivedKind, page: "detail" | "snapshot") => {
  const { caller } = await receiveCaller(request, context, kind, page);
  const document = await getReceived(caller, kind, params.id ?? "");
  return { kind, kindLabel: receivedKindLabel(kind), base: receivedPath(kind), document, accountTypes: BANK_ACCOUNT_TYPES };
};

/** The detail page's actions: check the registration number again, or delete (refused inside the retention period). */
export const receivedDetailAction = async ({ request, context, params }: ActionFunctionArgs, kind: ReceivedKind) => {
  const { caller } = await receiveCaller(request, context, kind, "detail");
  const formData = await readFormData(request);
  const id = Number(params.id);
  const back = `${receivedPath(kind)}/detail/${id}`;
  try {
    if (formData.get("intent") === "verify") {
      await verifyReceived(caller, id);
      return redirectWithNotice(request, back, "success", "登録番号を照合しました。");
    }
    if (formData.get("intent") === "delete") {
      await deleteReceived(caller, id, Number(formData.get("version")), String(formData.get("reason") ?? ""));
      return redirectWithNotice(request, back, "success", "受取書類を削除済みにしました。履歴とファイルは保存されています。");
    }
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, back, "error", error.message);
  }
  return redirectWithNotice(request, back, "error", "操作を選んでください。");
};

/**
 * A received file for the browser: inline, as stored, never cached, with its
 * SHA-256. The snapshot page frames it beside the record (server/security.ts
 * lets the product's own pages frame these answers, and only these).
 */
export const receivedFileLoader = async ({ request, context, params }: LoaderFunctionArgs) => {
  const { caller } = await requireCompanyCaller(request, context, "receive-file", requireReceiveAccess);
  const response = await receivedFile(caller, params.id ?? "", params.fileId ?? "");
  const headers = new Headers({
    "Cache-Control": "private, no-store",
    "Content-Disposition": "inline",
    "X-Content-Type-Options": "nosniff",
  });
  for (const name of ["Content-Type", "Content-Length", "X-Content-SHA256"]) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(response.body, { status: 200, headers });
};
