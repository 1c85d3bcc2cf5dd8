import type { LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import type { DocumentKind } from "@domain/document-kinds";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { documentCopy } from "./documents.server";
import { fetchPaymentApi, passThroughDownload, PaymentApiValidationError } from "../../services/payment-api.server";
import { redirectWithNotice } from "../../services/session.server";
import { documentIdOf, screen } from "./shared.server";

/** `?revision=2` asks for an earlier revision of an issued document; anything unreadable is the latest. */
function revisionOf(url: URL): number | null {
  const raw = url.searchParams.get("revision") ?? "";
  return /^\d{1,4}$/.test(raw) ? Number(raw) : null;
}

/**
 * The print page: the issued revision's snapshot (marked 無効 once voided),
 * an earlier revision's, or a draft's preview marked 下書き. Reading never
 * issues: the detail page's 「発行して印刷」 does.
 */
export const documentSnapshotLoader = async ({ request, params, context }: LoaderFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "snapshot"));
  const id = documentIdOf(params.id);
  const revision = revisionOf(new URL(request.url));
  const copy = await documentCopy(caller, kind, id, revision);
  return { kind, id, revision, ...copy };
};

export type DocumentCopyData = SerializeFrom<typeof documentSnapshotLoader>;

/** The PDF of the same copy the print page shows. */
export const documentPdfLoader = async ({ request, params, context }: LoaderFunctionArgs, kind: DocumentKind) => {
  const { caller } = await requireCompanyCaller(request, context, screen(kind, "pdf"));
  const query = new URLSearchParams({ kind });
  const revision = revisionOf(new URL(request.url));
  if (revision !== null) query.set("revision", String(revision));
  return passThroughDownload(await fetchPaymentApi(caller, `/documents/${documentIdOf(params.id)}/pdf?${query}`, {}, undefined, "application/pdf"));
};

/**
 * The invoice's JP PINT XML. An invoice that fails the checks (a link followed after a master changed, say) goes
 * back to its detail page with the refusal, where the list of what to fix is shown.
 */
export const digitalInvoiceLoader = async ({ request, params, context }: LoaderFunctionArgs) => {
  const { caller } = await requireCompanyCaller(request, context, screen("invoice", "jp-pint"));
  const id = documentIdOf(params.id);
  try {
    return passThroughDownload(await fetchPaymentApi(caller, `/documents/${id}/jp-pint`, {}, undefined, "application/xml"));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, `/invoices/detail/${id}`, "error", error.message);
  }
};
