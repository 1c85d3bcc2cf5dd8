import type { LoaderFunctionArgs, SerializeFrom } from "@remix-run/node";
import type { DocumentKind } from "@domain/document-kinds";
import { requireCompanyCaller } from "../api-caller.server";
import { documentCopy } from "../documents.server";
import { fetchPaymentApi, passThroughDownload } from "../payment-api.server";
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
