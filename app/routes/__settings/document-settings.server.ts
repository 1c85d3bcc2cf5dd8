import type { DocumentKind } from "@domain/document-kinds";
import type { DocumentSettingInput } from "@domain/document-settings";
import { documentSettingAnswer, type DocumentSettingAnswer } from "@domain/master-data-answers";
import { askPaymentApi, asJsonPost, type PaymentApiCaller } from "../../services/payment-api.server";

export type DocumentSetting = DocumentSettingAnswer;

export function getDocumentSetting(caller: PaymentApiCaller, kind: DocumentKind): Promise<DocumentSetting> {
  return askPaymentApi(caller, `/document-settings/${kind}`, documentSettingAnswer);
}

/** Saves one kind from the version its form was opened with (0: still the defaults). */
export function saveDocumentSetting(caller: PaymentApiCaller, kind: DocumentKind, input: DocumentSettingInput, version: number): Promise<DocumentSetting> {
  return askPaymentApi(caller, `/document-settings/${kind}`, documentSettingAnswer, asJsonPost({ ...input, _method: "PUT", version }));
}
