import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { normalizeIsoDate } from "@domain/normalize";
import { parseDecimalInput } from "@domain/decimal";
import { DOCUMENT_KINDS, type DocumentKind } from "@domain/document-kinds";
import { mailStatusLabel, type MailDisplayStatus } from "@domain/mail-status";
import { DOCUMENT_PATHS, DOCUMENT_SORTS, DOCUMENT_STATUSES, VOIDED_FILTERS } from "@domain/documents";
import { settableStatuses } from "@domain/lifecycle";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { changeStatuses, listDocuments, listPageOf } from "./documents.server";
import { remixI18next } from "../../services/i18n.server";
import { encodingOf } from "../__csv/master-csv.server";
import { fetchPaymentApi, passThroughDownload, PaymentApiValidationError } from "../../services/payment-api.server";
import listTexts from "~/locales/ja/documentsList.json";
import { pageNumber, readableFilters } from "../../services/list-filters.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";
import { screen } from "./shared.server";

const LIST_PARAMS = ["q", "status", "issued_from", "issued_to", "amount_min", "amount_max", "voided", "sort", "order", "page"] as const;

type ListFilters = Record<(typeof LIST_PARAMS)[number], string>;

/** The list's filters as the API reads them; what cannot be read is left out and named as the form names it. */
function listFiltersOf(url: URL, kind: DocumentKind): { filters: ListFilters; ignored: string[] } {
  return readableFilters(
    url,
    LIST_PARAMS,
    {
      status: (value) => (DOCUMENT_STATUSES[kind].some((status) => String(status.id) === value) ? value : null),
      issued_from: normalizeIsoDate,
      issued_to: normalizeIsoDate,
      amount_min: parseDecimalInput,
      amount_max: parseDecimalInput,
      voided: (value) => ((VOIDED_FILTERS as readonly string[]).includes(value) ? value : null),
      sort: (value) => ((DOCUMENT_SORTS as readonly string[]).includes(value) ? value : null),
      order: (value) => (value === "asc" || value === "desc" ? value : null),
      page: pageNumber,
    },
    listTexts.filterNames,
  );
}

const MAIL_LABELS = Object.fromEntries((["sending", "sent", "browsed", "error"] as const).map((status) => [status, mailStatusLabel(status)])) as Record<
  MailDisplayStatus,
  string
>;

/** Why a list is empty though the kind may have documents: a period ending before it starts, or a page past the last. */
function emptyBecause(filters: ListFilters, page: { items: unknown[]; total: number }): "reversedPeriod" | "pastEnd" | null {
  if (page.items.length > 0) return null;
  if (filters.issued_from && filters.issued_to && filters.issued_from > filters.issued_to) return "reversedPeriod";
  return page.total > 0 ? "pastEnd" : null;
}

/** The list page of a kind: the filters it could read, one page of documents and the filtered set's total. */
export const documentListLoader = async ({ request, context }: LoaderFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "list"));
  const { filters, ignored } = listFiltersOf(new URL(request.url), kind);
  const params = new URLSearchParams({ kind });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  const page = listPageOf(await listDocuments(caller, params));
  return {
    kindLabel: DOCUMENT_KINDS.find((entry) => entry.id === kind)!.label,
    paths: DOCUMENT_PATHS[kind],
    filters,
    ignored,
    page,
    emptyBecause: emptyBecause(filters, page),
    statuses: DOCUMENT_STATUSES[kind],
    settableStatuses: settableStatuses(kind),
    voidedFilters: VOIDED_FILTERS,
    mailLabels: MAIL_LABELS,
  };
};

/** Bulk status change from the list: the notice says how many changed and names each refusal. */
export const documentListAction = async ({ request, context }: ActionFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "list"));
  const formData = await readFormData(request);
  const t = await remixI18next.getFixedT(request);
  const back = new URL(request.url);
  // Remix marks a post to an index route with ?index; the list the user sees has no such parameter.
  back.searchParams.delete("index");
  const to = `${back.pathname}${back.search}`;
  // Ids as the API's paths take them (up to nine digits): 1e308 is an integer to JavaScript, not to PostgreSQL.
  const ids = formData.getAll("ids").filter((id): id is string => typeof id === "string" && /^[1-9]\d{0,8}$/.test(id)).map(Number);
  const status = Number(formData.get("status"));
  if (ids.length === 0) return redirectWithNotice(request, to, "error", t("documents.chooseDocuments"));
  if (!Number.isInteger(status) || status < 1) return redirectWithNotice(request, to, "error", t("documents.chooseStatus"));
  const { results } = await changeStatuses(caller, ids, status);
  const refused = results.filter((result) => !result.ok);
  const changed = results.length - refused.length;
  if (refused.length === 0) return redirectWithNotice(request, to, "success", t("documents.bulkChanged", { count: changed }));
  return redirectWithNotice(request, to, "error", t("documents.bulkPartly", { count: changed, refused: refused.map((result) => result.message).join(" ") }));
};

/** The list's CSV: the API's stream passed through, or back to the list with the reason. */
export const documentExportLoader = async ({ request, context }: LoaderFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "export"));
  const url = new URL(request.url);
  // The same filters the list showed: what it could not read, it left out, and so does the file.
  const { filters } = listFiltersOf(url, kind);
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
};
