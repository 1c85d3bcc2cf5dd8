import type { DocumentKind } from "@domain/document-kinds";
import type { DocumentSettingInput } from "@domain/document-settings";
import { asJsonPost, callPaymentApi, type PaymentApiCaller } from "../../services/payment-api.server";

export type DocumentSetting = Omit<DocumentSettingInput, "default_honorific" | "due_date_rule"> & {
  kind: DocumentKind;
  version: number;
  default_honorific: string;
  due_date_rule: string;
  next_number: string;
  next_sequence: number;
  /** Japan's date on the server, so a live preview numbers like the server will. */
  today: string;
};

export function getDocumentSetting(caller: PaymentApiCaller, kind: DocumentKind): Promise<DocumentSetting> {
  return callPaymentApi<DocumentSetting>(caller, `/document-settings/${kind}`);
}

/** Saves one kind from the version its form was opened with (0: still the defaults). */
export function saveDocumentSetting(caller: PaymentApiCaller, kind: DocumentKind, input: DocumentSettingInput, version: number): Promise<DocumentSetting> {
  return callPaymentApi<DocumentSetting>(caller, `/document-settings/${kind}`, asJsonPost({ ...input, _method: "PUT", version }));
}
