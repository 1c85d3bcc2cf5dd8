import { data, type AppLoadContext } from "@remix-run/node";
import { formatJapaneseDate } from "@domain/datetime";
import { formatDecimal } from "@domain/decimal-display";
import { DOCUMENT_KINDS, type DocumentKind } from "@domain/document-kinds";
import { renderMailTemplate } from "@domain/document-settings";
import { DOCUMENT_PATHS } from "@domain/documents";
import { mailAddressee, mailRequestSchema } from "@domain/mail";
import { parseForm } from "~/components/forms/parse-form";
import type { MailFormValues } from "~/routes/__mail/MailSendForm";
import { requireCompanyCaller } from "../../services/api-caller.server";
import { apiErrorReply } from "../../services/api-form-errors.server";
import { getDocument, type DocumentDetailPage } from "../__documents/documents.server";
import { remixI18next } from "../../services/i18n.server";
import { listDocumentMails, resendDocumentMail, sendDocumentMail } from "./mails.server";
import { PaymentApiValidationError, type PaymentApiCaller } from "../../services/payment-api.server";
import { readFormData } from "../../services/read-form.server";
import { redirectWithNotice } from "../../services/session.server";


/**
 * The form filled from the document settings' mail template and the customer's sending addresses, as the detail
 * page's one API call answers them (GET /documents/:id/page).
 */
export function mailFormDefaults({ document, company, mail_template: template, customer }: DocumentDetailPage): MailFormValues {
  const values = {
    宛名: mailAddressee({
      name: document.customer_name,
      honorific: document.customer_honorific,
      department: customer?.department,
      personInCharge: customer?.person_in_charge,
    }),
    取引先名: document.customer_name,
    取引先担当者名: customer?.person_in_charge ?? "",
    書類名: DOCUMENT_KINDS.find((entry) => entry.id === document.kind)!.label,
    書類番号: document.number,
    件名: document.subject ?? "",
    合計金額: `${formatDecimal(document.amount_due)}円`,
    支払期限: document.due_date ? formatJapaneseDate(document.due_date) : "",
    自社名: company?.company_name ?? "",
    自社担当者名: document.person_in_charge ?? company?.pic_name ?? "",
  };
  return {
    to: (customer?.emails ?? []).join("\n"),
    cc: "",
    subject: renderMailTemplate(template.subject, values),
    body: renderMailTemplate(template.body, values),
    delivery: "attachment",
  };
}

const mailDetailPath = (kind: DocumentKind, id: number) => `${DOCUMENT_PATHS[kind].base}/mail/detail/${id}`;

/** The detail page's 「送信する」: queued, then the mail detail page shows how it went. */
export async function sendMailAction(request: Request, caller: PaymentApiCaller, kind: DocumentKind, id: number, formData: FormData) {
  const submission = parseForm(formData, mailRequestSchema);
  if (submission.status !== "success") return data({ mailResult: submission.reply() }, { status: 400 });
  const t = await remixI18next.getFixedT(request);
  try {
    await sendDocumentMail(caller, id, submission.value);
  } catch (error) {
    const { result, status } = apiErrorReply(submission, error);
    return data({ mailResult: result }, { status });
  }
  return redirectWithNotice(request, mailDetailPath(kind, id), "success", t("mail.queued"));
}

/** Every send of the document, newest first. */
export async function mailDetailLoader(request: Request, context: AppLoadContext, kind: DocumentKind, id: number) {
  const { caller } = await requireCompanyCaller(request, context, `${DOCUMENT_PATHS[kind].base.slice(1)}-mail-detail`);
  const document = await getDocument(caller, id, kind);
  return { kind, document: { id: document.id, number: document.number, customer_name: document.customer_name }, mails: await listDocumentMails(caller, id) };
}

/** 「再送する」 on a send that failed. */
export async function mailDetailAction(request: Request, context: AppLoadContext, kind: DocumentKind, id: number) {
  const { caller } = await requireCompanyCaller(request, context, `${DOCUMENT_PATHS[kind].base.slice(1)}-mail-detail`);
  await getDocument(caller, id, kind);
  const formData = await readFormData(request);
  const t = await remixI18next.getFixedT(request);
  const mailId = String(formData.get("mail_id") ?? "");
  if (formData.get("intent") !== "resend" || !/^\d{1,9}$/.test(mailId)) return redirectWithNotice(request, mailDetailPath(kind, id), "error", t("mail.unknownAction"));
  try {
    await resendDocumentMail(caller, id, Number(mailId));
  } catch (error) {
    if (!(error instanceof PaymentApiValidationError)) throw error;
    return redirectWithNotice(request, mailDetailPath(kind, id), "error", error.message);
  }
  return redirectWithNotice(request, mailDetailPath(kind, id), "success", t("mail.resent"));
}
