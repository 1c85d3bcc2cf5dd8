import { randomUUID } from "node:crypto";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { DocumentKind } from "@domain/document-kinds";
import { documentInputSchema, type DocumentInput } from "@domain/document-input";
import { DOCUMENT_PATHS, DOCUMENT_SORTS, DOCUMENT_STATUSES, VOIDED_FILTERS } from "@domain/documents";
import { proposeDueDate, type DueDateRule } from "@domain/due-date";
import { normalizeIsoDate, todayJst } from "@domain/datetime";
import { parseDecimalInput } from "@domain/decimal";
import { COMPANY_DEFAULTS } from "@domain/codes";
import { computeTotals, totalsRulesOf, type RoundingIds } from "@domain/totals";
import { parseForm } from "~/components/forms/parse-form";
import type { DocumentFormValues } from "~/components/documents/document-form-values";
import { nothingJudged, recalculationSchema } from "~/components/documents/form-intents";
import { roundingOfDocument } from "~/components/documents/rounding";
import { requireCompanyCaller } from "./api-caller.server";
import { getOwnCompany, type Company } from "./companies.server";
import { getCustomer, listCustomers, type Customer } from "./customers.server";
import { getDocumentSetting } from "./document-settings.server";
import {
  changeDocumentStatus,
  changeStatuses,
  createDocument,
  deleteDocument,
  getDocument,
  issueDocument,
  listDocuments,
  snapshotDocument,
  updateDocument,
  voidDocument,
  type DocumentDetail,
} from "./documents.server";
import { remixI18next } from "./i18n.server";
import { encodingOf } from "./master-csv.server";
import { getItem, listItems, type Item } from "./items.server";
import { mailFormDefaults, sendMailAction } from "./mail-pages.server";
import { isNotFound, notFound } from "./errors.server";
import { fetchPaymentApi, passThroughDownload, PaymentApiValidationError, type PaymentApiCaller } from "./payment-api.server";
import { redirectWithNotice } from "./session.server";

const MASTER_CHOICES = 100;

/** A document id from the path or the query; anything else is a page that does not exist. */
export function documentIdOf(raw: string | null | undefined): number {
  if (!/^\d{1,9}$/.test(raw ?? "")) throw notFound();
  return Number(raw);
}

const screen = (kind: DocumentKind, page: string) => `${DOCUMENT_PATHS[kind].base.slice(1)}-${page}`;

/** What the form has typed into its master searches and already chosen from them. */
type ChoiceWanted = { customerQuery: string; itemQuery: string; customerIds: string[]; itemIds: string[] };

const NOTHING_WANTED: ChoiceWanted = { customerQuery: "", itemQuery: "", customerIds: [], itemIds: [] };

/** Ids the list left out; a chosen record deleted since is simply not offered again. */
async function chosenBeyond<T extends { id: number }>(listed: T[], ids: string[], fetchOne: (id: string) => Promise<T>): Promise<T[]> {
  const missing = [...new Set(ids)].filter((id) => /^\d{1,9}$/.test(id) && !listed.some((entry) => String(entry.id) === id));
  const found = await Promise.all(missing.map((id) => fetchOne(id).then((entry): T[] => [entry], (error: unknown) => (isNotFound(error) ? [] : Promise.reject(error)))));
  return [...listed, ...found.flat()];
}

/**
 * Masters for the form's choices: the first hundred that match what was typed
 * into the form's searches, and always what the form has already chosen, so
 * a master of any size can be picked from without JavaScript.
 */
async function choicesOf(caller: PaymentApiCaller, wanted: ChoiceWanted = NOTHING_WANTED) {
  const [customers, items] = await Promise.all([
    listCustomers(caller, { q: wanted.customerQuery, sort: "kana", order: "asc", page: 1 }, MASTER_CHOICES),
    listItems(caller, { q: wanted.itemQuery, sort: "code", order: "asc", page: 1 }, MASTER_CHOICES),
  ]);
  return {
    customers: await chosenBeyond(customers.items, wanted.customerIds, (id) => getCustomer(caller, id)),
    items: await chosenBeyond(items.items, wanted.itemIds, (id) => getItem(caller, id)),
    customerQuery: wanted.customerQuery,
    itemQuery: wanted.itemQuery,
  };
}

function wantedByDocument(document: DocumentDetail | null): ChoiceWanted {
  if (!document) return NOTHING_WANTED;
  return {
    customerQuery: "",
    itemQuery: "",
    customerIds: document.customer_id ? [String(document.customer_id)] : [],
    itemIds: document.lines.flatMap((line) => (line.item_id ? [String(line.item_id)] : [])),
  };
}

function wantedByForm(formData: FormData): ChoiceWanted {
  const text = (name: string) => String(formData.get(name) ?? "").trim();
  return {
    customerQuery: text("customer_query"),
    itemQuery: text("item_query"),
    customerIds: [text("customer_id")],
    itemIds: [...formData.entries()].flatMap(([key, value]) => (/^lines\[\d+\]\.item_id$/.test(key) ? [String(value)] : [])),
  };
}

function roundingOfCompany(company: Company | null): RoundingIds {
  return {
    itemRoundingId: company?.item_rounding_id ?? COMPANY_DEFAULTS.itemRoundingId,
    itemRoundingScale: company?.item_rounding_scale ?? COMPANY_DEFAULTS.itemRoundingScale,
    subtotalRoundingId: company?.subtotal_rounding_id ?? COMPANY_DEFAULTS.subtotalRoundingId,
    taxRoundingId: company?.tax_rounding_id ?? COMPANY_DEFAULTS.taxRoundingId,
    taxWithholdingId: company?.tax_withholding_id ?? COMPANY_DEFAULTS.taxWithholdingId,
  };
}


/** A saved document as form text. */
function formValuesOfDocument(document: DocumentDetail): DocumentFormValues {
  const text = (value: string | number | null) => (value === null ? "" : String(value));
  return {
    issue_date: document.issue_date,
    customer_id: text(document.customer_id),
    customer_name: document.customer_name,
    customer_honorific: document.customer_honorific as DocumentFormValues["customer_honorific"],
    subject: text(document.subject),
    person_in_charge: text(document.person_in_charge),
    notes: text(document.notes),
    tax_type_id: String(document.tax_type_id),
    withholding: document.withholding ? "on" : "",
    valid_until: text(document.valid_until),
    delivery_date: text(document.delivery_date),
    due_date: text(document.due_date),
    bank_account_id: text(document.bank_account_id),
    received_amount: text(document.received_amount),
    proviso: text(document.proviso),
    payment_method: text(document.payment_method),
    lines: document.lines.map((line) => ({
      item_id: text(line.item_id),
      description: line.description,
      quantity: line.quantity,
      unit: text(line.unit),
      unit_price: line.unit_price,
      tax_rate: String(line.tax_rate),
    })),
  };
}

/**
 * The create page: defaults from the document settings and the company, or
 * the source document's values for a conversion or a duplicate.
 */
export async function documentCreateLoader(request: Request, context: AppLoadContext, kind: DocumentKind) {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "create"));
  const url = new URL(request.url);
  const sourceId = Number(url.searchParams.get("source"));
  const origin = url.searchParams.get("origin");
  const [setting, company, source] = await Promise.all([
    getDocumentSetting(caller, kind),
    getOwnCompany(caller),
    Number.isInteger(sourceId) && sourceId > 0 ? getDocument(caller, sourceId) : null,
  ]);
  const choices = await choicesOf(caller, wantedByDocument(source));
  const today = todayJst();
  const customer = source?.customer_id ? (choices.customers.find((entry) => entry.id === source.customer_id) ?? null) : null;
  const base: DocumentFormValues = source
    ? { ...formValuesOfDocument(source), issue_date: today }
    : {
        issue_date: today,
        customer_id: "",
        customer_name: "",
        customer_honorific: setting.default_honorific as DocumentFormValues["customer_honorific"],
        subject: setting.default_subject ?? "",
        person_in_charge: company?.pic_name ?? "",
        notes: setting.default_notes ?? "",
        tax_type_id: String(company?.tax_id ?? 1),
        withholding: "",
        valid_until: "",
        delivery_date: "",
        due_date: "",
        bank_account_id: "",
        received_amount: "",
        proviso: "",
        payment_method: "",
        lines: [{ item_id: "", description: "", quantity: "1", unit: "", unit_price: "", tax_rate: "10" }],
      };
  const values: DocumentFormValues = {
    ...base,
    due_date: kind === "invoice" ? proposeDueDate(today, setting.due_date_rule as DueDateRule, setting.due_days, customer) : "",
    proviso: kind === "receipt" ? base.proviso || (setting.default_remarks ?? "") : base.proviso,
    bank_account_id: kind === "invoice" ? base.bank_account_id || String(setting.bank_account_ids[0] ?? company?.company_bank_accounts.find((account) => account.displayed)?.id ?? "") : "",
  };
  return {
    kind,
    values,
    version: null,
    create: { idempotencyKey: randomUUID(), sourceDocumentId: source?.id ?? null, origin: source ? (origin ?? "from_detail") : null, sourceNumber: source?.number ?? null },
    rounding: roundingOfCompany(company),
    company: companyFacts(company),
    ...choices,
  };
}

export async function documentEditLoader(request: Request, context: AppLoadContext, kind: DocumentKind, id: number | null) {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "edit"));
  if (id === null) throw notFound();
  const [document, company] = await Promise.all([getDocument(caller, id), getOwnCompany(caller)]);
  if (document.kind !== kind) throw notFound();
  const choices = await choicesOf(caller, wantedByDocument(document));
  return {
    kind,
    values: formValuesOfDocument(document),
    version: document.version,
    id: document.id,
    number: document.number,
    create: null,
    rounding: roundingOfDocument(document),
    company: companyFacts(company),
    ...choices,
  };
}

function companyFacts(company: Company | null) {
  return {
    name: company?.company_name ?? null,
    registeredNo: company?.registered_no ?? null,
    bankAccounts: (company?.company_bank_accounts ?? []).map((account) => ({ id: account.id, label: `${account.bank_name} ${account.bank_branch_name} ${account.bank_account_no}` })),
  };
}

/**
 * Without JavaScript, choosing a customer or an item cannot fill the other
 * fields in the browser: the server fills whatever was left empty.
 */
function filledFromMasters(formData: FormData, customers: Customer[], items: Item[]): FormData {
  const filled = new FormData();
  for (const [key, value] of formData) filled.append(key, value);
  const customer = customers.find((entry) => String(entry.id) === formData.get("customer_id"));
  if (customer && !String(formData.get("customer_name") ?? "").trim()) {
    filled.set("customer_name", customer.name);
    filled.set("customer_honorific", customer.honorific);
  }
  for (let index = 0; formData.has(`lines[${index}].description`) || formData.has(`lines[${index}].item_id`); index += 1) {
    const item = items.find((entry) => String(entry.id) === formData.get(`lines[${index}].item_id`));
    if (!item || String(formData.get(`lines[${index}].description`) ?? "").trim()) continue;
    filled.set(`lines[${index}].description`, item.name);
    filled.set(`lines[${index}].unit`, item.unit ?? "");
    filled.set(`lines[${index}].unit_price`, item.unit_price);
    filled.set(`lines[${index}].tax_rate`, String(item.tax_rate));
  }
  return filled;
}

/** The API names a line field `lines[0][unit_price]`; conform says `lines[0].unit_price`. */
const formFieldOf = (apiField: string) => apiField.replace(/\[(\w+)\]$/, ".$1").replace(/\]\[/g, "].");

/**
 * Create and edit: search the masters or recalculate (both keep everything
 * typed and work without JavaScript), or save and go to the detail page.
 */
export async function documentFormAction(request: Request, context: AppLoadContext, kind: DocumentKind, id: number | null) {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, id ? "edit" : "create"));
  const posted = await request.formData();
  const choices = await choicesOf(caller, wantedByForm(posted));
  const formData = filledFromMasters(posted, choices.customers, choices.items);
  const intent = formData.get("intent");
  if (intent === "find") return data({ result: parseForm(formData, nothingJudged).reply(), totals: null, choices }, { status: 200 });
  if (intent === "recalculate") {
    const lines = parseForm(formData, recalculationSchema);
    if (lines.status !== "success") return data({ result: lines.reply(), totals: null, choices }, { status: 400 });
    const rounding = id ? roundingOfDocument(await getDocument(caller, id)) : roundingOfCompany(await getOwnCompany(caller));
    const rules = totalsRulesOf(rounding, lines.value.withholding, lines.value.tax_type_id);
    const totals = computeTotals(
      lines.value.lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unit_price, taxRate: line.tax_rate })),
      rules,
    );
    return data({ result: lines.reply(), totals, choices }, { status: 200 });
  }
  const submission = parseForm(formData, documentInputSchema);
  if (submission.status !== "success") return data({ result: submission.reply(), totals: null, choices }, { status: submission.status === "error" ? 400 : 200 });
  const input: DocumentInput = submission.value;
  const t = await remixI18next.getFixedT(request);
  try {
    const saved = id
      ? await updateDocument(caller, id, Number(formData.get("version")), input)
      : await createDocument(caller, kind, input, {
          idempotency_key: String(formData.get("idempotency_key") ?? ""),
          source_document_id: Number(formData.get("source_document_id")) || null,
          origin: (formData.get("origin") as string | null) || null,
        });
    return redirectWithNotice(request, `${DOCUMENT_PATHS[kind].base}/detail/${saved.id}`, "success", t("documents.saved"));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    const fieldErrors = Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [formFieldOf(field), messages]));
    return data({ result: submission.reply({ formErrors: [error.message], fieldErrors }), totals: null, choices }, { status: 422 });
  }
}

export async function documentDetailLoader(request: Request, context: AppLoadContext, kind: DocumentKind, id: number) {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "detail"));
  const [document, company] = await Promise.all([getDocument(caller, id), getOwnCompany(caller)]);
  if (document.kind !== kind) throw notFound();
  const mail = document.voided_at ? null : await mailFormDefaults(caller, document, company);
  return { kind, document, company: companyFacts(company), mail };
}

/** The detail page's buttons: status, issue, void, delete. */
export async function documentDetailAction(request: Request, context: AppLoadContext, kind: DocumentKind, id: number) {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "detail"));
  // The page's kind and the document's must agree, as the loader insists.
  if ((await getDocument(caller, id)).kind !== kind) throw notFound();
  const formData = await request.formData();
  const t = await remixI18next.getFixedT(request);
  const here = `${DOCUMENT_PATHS[kind].base}/detail/${id}`;
  if (formData.get("intent") === "send") return sendMailAction(request, caller, kind, id, formData);
  try {
    switch (formData.get("intent")) {
      case "status":
        await changeDocumentStatus(caller, id, Number(formData.get("status")));
        return redirectWithNotice(request, here, "success", t("documents.statusChanged"));
      case "issue":
        await issueDocument(caller, id);
        return redirectWithNotice(request, here, "success", t("documents.issued"));
      case "void":
        await voidDocument(caller, id);
        return redirectWithNotice(request, here, "success", t("documents.voided"));
      case "delete":
        await deleteDocument(caller, id);
        return redirectWithNotice(request, DOCUMENT_PATHS[kind].list, "success", t("documents.deleted"));
    }
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, here, "error", error.message);
  }
  return redirect(here);
}

const LIST_PARAMS = ["q", "status", "issued_from", "issued_to", "amount_min", "amount_max", "voided", "sort", "order", "page"] as const;

type ListFilters = Record<(typeof LIST_PARAMS)[number], string>;

/**
 * The list's filters as the API reads them. What cannot be read (an amount
 * of 「abc」, a date of 2026-02-30, an unknown status) is left out and named,
 * so the page says which condition it ignored instead of failing.
 */
function readableFilters(url: URL, kind: DocumentKind): { filters: ListFilters; ignored: string[] } {
  const raw = Object.fromEntries(LIST_PARAMS.map((name) => [name, (url.searchParams.get(name) ?? "").trim().slice(0, 100)])) as ListFilters;
  const readers: Partial<Record<(typeof LIST_PARAMS)[number], (value: string) => string | null>> = {
    status: (value) => (DOCUMENT_STATUSES[kind].some((status) => String(status.id) === value) ? value : null),
    issued_from: normalizeIsoDate,
    issued_to: normalizeIsoDate,
    amount_min: parseDecimalInput,
    amount_max: parseDecimalInput,
    voided: (value) => ((VOIDED_FILTERS as readonly string[]).includes(value) ? value : null),
    sort: (value) => ((DOCUMENT_SORTS as readonly string[]).includes(value) ? value : null),
    order: (value) => (value === "asc" || value === "desc" ? value : null),
    page: (value) => (/^\d{1,4}$/.test(value) && Number(value) >= 1 ? value : null),
  };
  const filters = { ...raw };
  const ignored: string[] = [];
  for (const [name, read] of Object.entries(readers) as Array<[(typeof LIST_PARAMS)[number], (value: string) => string | null]>) {
    if (!raw[name]) continue;
    const value = read(raw[name]);
    if (value === null) ignored.push(name);
    filters[name] = value ?? "";
  }
  return { filters, ignored };
}

export async function documentListLoader(request: Request, context: AppLoadContext, kind: DocumentKind) {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "list"));
  const { filters, ignored } = readableFilters(new URL(request.url), kind);
  const params = new URLSearchParams({ kind });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return { kind, filters, ignored, page: await listDocuments(caller, params), statuses: DOCUMENT_STATUSES[kind] };
}

/** Bulk status change from the list: the notice says how many changed and names each refusal. */
export async function documentListAction(request: Request, context: AppLoadContext, kind: DocumentKind) {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "list"));
  const formData = await request.formData();
  const t = await remixI18next.getFixedT(request);
  const back = new URL(request.url);
  // Remix marks a post to an index route with ?index; the list the user sees has no such parameter.
  back.searchParams.delete("index");
  const to = `${back.pathname}${back.search}`;
  const ids = formData.getAll("ids").map(Number).filter((id) => Number.isInteger(id) && id > 0);
  const status = Number(formData.get("status"));
  if (ids.length === 0) return redirectWithNotice(request, to, "error", t("documents.chooseDocuments"));
  if (!Number.isInteger(status) || status < 1) return redirectWithNotice(request, to, "error", t("documents.chooseStatus"));
  const { results } = await changeStatuses(caller, ids, status);
  const refused = results.filter((result) => !result.ok);
  const changed = results.length - refused.length;
  if (refused.length === 0) return redirectWithNotice(request, to, "success", t("documents.bulkChanged", { count: changed }));
  return redirectWithNotice(request, to, "error", t("documents.bulkPartly", { count: changed, refused: refused.map((result) => result.message).join(" ") }));
}

/** The list's CSV: the API's stream passed through, or back to the list with the reason. */
export async function documentExportLoader(request: Request, context: AppLoadContext, kind: DocumentKind) {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "export"));
  const url = new URL(request.url);
  // The same filters the list showed: what it could not read, it left out, and so does the file.
  const { filters } = readableFilters(url, kind);
  const params = new URLSearchParams({ kind });
  for (const [name, value] of Object.entries(filters)) if (value && name !== "page") params.set(name, value);
  params.set("encoding", encodingOf(url.searchParams.get("encoding")));
  params.set("content", url.searchParams.get("content") === "lines" ? "lines" : "documents");
  try {
    return passThroughDownload(await fetchPaymentApi(caller, `/documents/export?${params}`, {}, undefined, "text/csv"));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    params.delete("kind");
    params.delete("encoding");
    params.delete("content");
    return redirectWithNotice(request, `${DOCUMENT_PATHS[kind].list}?${params}`, "error", error.message);
  }
}

/** The print page: the document's snapshot, which this request takes if its version has none. */
export async function documentSnapshotLoader(request: Request, context: AppLoadContext, kind: DocumentKind, id: number) {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "snapshot"));
  const snapshot = await snapshotDocument(caller, id);
  if (snapshot.content.kind !== kind) throw notFound();
  return { kind, id, snapshot };
}

/** The PDF download: printing too, so it renders (and if needed takes) the snapshot. */
export async function documentPdfLoader(request: Request, context: AppLoadContext, kind: DocumentKind, id: number) {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "pdf"));
  if ((await getDocument(caller, id)).kind !== kind) throw notFound();
  return passThroughDownload(await fetchPaymentApi(caller, `/documents/${id}/pdf`, {}, undefined, "application/pdf"));
}
