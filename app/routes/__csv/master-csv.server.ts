import { EXPORT_ENCODINGS } from "@domain/codes";
import { csvImportAnswer } from "@domain/master-data-answers";
import { askPaymentApi, fetchPaymentApi, passThroughDownload, type PaymentApiCaller } from "../../services/payment-api.server";

export type CsvResource = "customers" | "items";
export type CsvEncodingId = (typeof EXPORT_ENCODINGS)[number]["id"];

/** What a browser may upload: the API refuses more, this stops it before it crosses the wire twice. */
export const MAX_CSV_UPLOAD_BYTES = 2 * 1024 * 1024;

export function encodingOf(value: string | null): CsvEncodingId {
  return EXPORT_ENCODINGS.find((encoding) => encoding.id === value)?.id ?? "UTF8";
}

/** The exported file as the API wrote it. */
export async function downloadCsv(caller: PaymentApiCaller, resource: CsvResource, encoding: CsvEncodingId, q: string): Promise<Response> {
  const params = new URLSearchParams({ encoding, q });
  return passThroughDownload(await fetchPaymentApi(caller, `/${resource}/export?${params}`, {}, undefined, "text/csv"));
}

export function importCsv(caller: PaymentApiCaller, resource: CsvResource, bytes: ArrayBuffer): Promise<{ created: number; updated: number }> {
  return askPaymentApi(caller, `/${resource}/import`, csvImportAnswer, { method: "POST", body: bytes, headers: { "Content-Type": "text/csv" } });
}
