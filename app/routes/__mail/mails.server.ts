import { documentMailAnswer, documentMailsAnswer, type DocumentMailAnswer } from "@domain/document-answers";
import type { MailRequestInput } from "@domain/mail";
import { askPaymentApi, asJsonPost, paymentApiBaseUrl, throwIfMaintenance, type PaymentApiCaller, type PaymentApiTransport } from "../../services/payment-api.server";

export type DocumentMail = DocumentMailAnswer;

export function sendDocumentMail(caller: PaymentApiCaller, documentId: number, input: MailRequestInput): Promise<DocumentMail> {
  return askPaymentApi(caller, `/documents/${documentId}/mails`, documentMailAnswer, asJsonPost(input));
}

export async function listDocumentMails(caller: PaymentApiCaller, documentId: number): Promise<DocumentMail[]> {
  return (await askPaymentApi(caller, `/documents/${documentId}/mails`, documentMailsAnswer)).mails;
}

export function resendDocumentMail(caller: PaymentApiCaller, documentId: number, mailId: number): Promise<DocumentMail> {
  return askPaymentApi(caller, `/documents/${documentId}/mails/${mailId}/resend`, documentMailAnswer, asJsonPost({}));
}

export type PublicMail = {
  mail_id: number;
  company_unique_code: string;
  expires_at: string;
  /** When the sender voided the document after sending it; null while it stands. */
  voided_at: string | null;
  document: { title: string; number: string; issue_date: string; issuer: string; recipient: string };
};

/** What a recipient's link shows, asked without sign-in; a refused link is its status and the API's message. */
export async function publicMail(token: string, transport: PaymentApiTransport = fetch): Promise<{ ok: true; mail: PublicMail } | { ok: false; status: number; message: string }> {
  // No token is no link: asked with an empty path segment, the API would take the call for a signed-in one and refuse it 401.
  if (token === "") return { ok: false, status: 404, message: "" };
  const response = await transport(`${paymentApiBaseUrl()}/public/mails/${encodeURIComponent(token)}`, { headers: { Accept: "application/json" } });
  await throwIfMaintenance(response);
  const body = (await response.json().catch(() => ({}))) as PublicMail & { message?: string };
  if (response.ok) return { ok: true, mail: body };
  if (response.status === 404 || response.status === 410) return { ok: false, status: response.status, message: body.message ?? "" };
  throw new Error(`Payment API public mail answered ${response.status}`);
}

export async function recordMailOpened(token: string, transport: PaymentApiTransport = fetch): Promise<void> {
  const response = await transport(`${paymentApiBaseUrl()}/public/mails/${encodeURIComponent(token)}/opened`, { method: "POST" });
  await throwIfMaintenance(response);
  if (!response.ok) throw new Error(`Payment API mail open answered ${response.status}`);
}

/** The sent document's PDF for the link's holder: the API's response as it streams, or null for a refused link. */
export async function publicMailPdf(token: string, transport: PaymentApiTransport = fetch): Promise<Response | null> {
  if (token === "") return null;
  const response = await transport(`${paymentApiBaseUrl()}/public/mails/${encodeURIComponent(token)}/pdf`);
  await throwIfMaintenance(response);
  if (response.status === 404 || response.status === 410) return null;
  if (!response.ok) throw new Error(`Payment API public PDF answered ${response.status}`);
  return response;
}
