import {
  peppolInboxAnswer,
  receivedDetailAnswer,
  receivedListPageAnswer,
  receivedUploadsAnswer,
  receivedUsageAnswer,
  type DigitalInvoiceAnswer,
  type ReceivedDetailAnswer,
  type ReceivedListPageAnswer,
  type ReceivedProposalAnswer,
  type ReceivedUploadAnswer,
} from "@domain/received-answers";
import type { ReceivedKind } from "@domain/received-documents";
import { askPaymentApi, asJsonPost, fetchPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";

export type ReceivedProposal = ReceivedProposalAnswer;
export type DigitalInvoice = DigitalInvoiceAnswer;
export type ReceivedUpload = ReceivedUploadAnswer;
export type ReceivedListPage = ReceivedListPageAnswer;
export type ReceivedDetail = ReceivedDetailAnswer;

export const listReceived = (caller: PaymentApiCaller, params: URLSearchParams) => askPaymentApi(caller, `/received-documents?${params}`, receivedListPageAnswer);

export const receivedUsage = (caller: PaymentApiCaller) => askPaymentApi(caller, "/received-documents/usage", receivedUsageAnswer);

export const getReceived = (caller: PaymentApiCaller, kind: ReceivedKind, id: string) =>
  askPaymentApi(caller, `/received-documents/${encodeURIComponent(id)}?kind=${kind}`, receivedDetailAnswer);

/** Sends the chosen files on to the API, which keeps them until the document is saved. */
export async function uploadReceivedFiles(caller: PaymentApiCaller, files: File[]): Promise<ReceivedUpload[]> {
  const body = new FormData();
  for (const file of files) body.append("files", file, file.name);
  return (await askPaymentApi(caller, "/received-documents/uploads", receivedUploadsAnswer, { method: "POST", body })).uploads;
}

export async function pendingUploads(caller: PaymentApiCaller, ids: string[]): Promise<ReceivedUpload[]> {
  if (ids.length === 0) return [];
  return (await askPaymentApi(caller, `/received-documents/uploads?ids=${ids.map(encodeURIComponent).join(",")}`, receivedUploadsAnswer)).uploads;
}

/** 「アクセスポイントから受け取る」 (decision 045): what the Peppol access point held for the company, taken in as received invoices. */
export const takePeppolInbox = (caller: PaymentApiCaller) => askPaymentApi(caller, "/received-documents/peppol-inbox", peppolInboxAnswer, { method: "POST" });

export const createReceived = (caller: PaymentApiCaller, body: Record<string, unknown>) => askPaymentApi(caller, "/received-documents", receivedDetailAnswer, asJsonPost(body));

export const updateReceived = (caller: PaymentApiCaller, id: number, body: Record<string, unknown>) =>
  askPaymentApi(caller, `/received-documents/${id}`, receivedDetailAnswer, asJsonPost({ ...body, _method: "PATCH" }));

export const verifyReceived = (caller: PaymentApiCaller, id: number) => askPaymentApi(caller, `/received-documents/${id}/verification`, receivedDetailAnswer, { method: "POST" });

export const deleteReceived = (caller: PaymentApiCaller, id: number, version: number, reason: string) =>
  askPaymentApi(caller, `/received-documents/${id}/delete`, receivedDetailAnswer, asJsonPost({ version, reason }));

/** A stored file of a received document, as the API answers it (bytes, type). */
export const receivedFile = (caller: PaymentApiCaller, id: string, fileId: string) =>
  fetchPaymentApi(caller, `/received-documents/${encodeURIComponent(id)}/files/${encodeURIComponent(fileId)}`, {}, undefined, "*/*");
