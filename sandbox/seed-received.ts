import { changesBetween, receivedDocumentInputSchema, type ReceivedKind } from "../domain/received-documents";
import type { LookupOutcome } from "../domain/registration-number";
import { SANDBOX_NTA_NUMBERS, SANDBOX_NTA_RECORDS } from "./nta-fixture";
import { imageOnlyPdf, receivedDocumentPdf, type ReceivedDocumentInput } from "./received-pdfs";
import type { Database } from "../api/db/client";
import type { RegistrationLookup } from "../api/registration-numbers/lookup";
import { registrationOf, rowOf } from "../api/registration-numbers/record";
import { receivedColumnsOf, recordOf, verificationColumns } from "../api/received-documents/store";
import { createDatabaseFileStorage } from "../api/storage/storage";
import { receivedDocumentFiles, receivedDocuments, receivedDocumentVersions } from "../api/db/schema";

const TENANT = "C-DEMO";
const OWNER = "U-DEMO-OWNER";
const ADDRESSEE = "株式会社デモ商事 御中";

type DemoReceived = {
  kind: ReceivedKind;
  /** The file as the supplier sent it: a PDF with a text layer, or a scan without one. */
  pdf: Omit<ReceivedDocumentInput, "addressee"> | "scan";
  fileName: string;
  fields: Record<string, string>;
  /** The lookup failed when it was registered (result 4), to be checked again. */
  lookupFailed?: boolean;
};

const { registered, otherName, revoked, registeredLater, notFound } = SANDBOX_NTA_NUMBERS;

/** Each kind and each match result (SPEC §4), some with a text layer to read, one scanned and one without a number. */
const DEMO_RECEIVED: DemoReceived[] = [
  {
    kind: "invoice",
    pdf: { title: "請求書", supplierName: "株式会社サンドボックス商事", registrationNumber: registered, date: "2026-10-31", dueDate: "2026-11-30", amount: 55000, documentNumber: "SB-2026-0042" },
    fileName: "請求書_SB-2026-0042.pdf",
    fields: { transaction_date: "2026-10-31", amount: "55000", amount_10: "55000", tax_10: "5000", supplier_name: "株式会社サンドボックス商事", registration_number: registered, document_number: "SB-2026-0042", due_date: "2026-11-30", payee_bank_name: "デモ銀行", payee_branch_name: "丸の内支店", payee_account_type: "1", payee_account_number: "7000001", payee_account_name: "カ）サンドボックスショウジ" },
  },
  {
    kind: "invoice",
    pdf: { title: "請求書", supplierName: "株式会社ミドリ商会", registrationNumber: otherName, date: "2026-10-15", dueDate: "2026-11-15", amount: 33000, documentNumber: "MD-1015" },
    fileName: "ミドリ商会_請求書.pdf",
    fields: { transaction_date: "2026-10-15", amount: "33000", supplier_name: "株式会社ミドリ商会", registration_number: otherName, document_number: "MD-1015", due_date: "2026-11-15" },
  },
  {
    kind: "invoice",
    pdf: { title: "請求書", supplierName: "有限会社とりけし商店", registrationNumber: revoked, date: "2026-09-30", amount: 11000, documentNumber: "TK-0930" },
    fileName: "とりけし商店_0930.pdf",
    fields: { transaction_date: "2026-09-30", amount: "11000", supplier_name: "有限会社とりけし商店", registration_number: revoked, document_number: "TK-0930" },
  },
  {
    kind: "invoice",
    pdf: { title: "請求書", supplierName: "株式会社みつからない", registrationNumber: notFound, date: "2026-10-05", amount: 22000, documentNumber: "NF-1005" },
    fileName: "請求書_NF-1005.pdf",
    fields: { transaction_date: "2026-10-05", amount: "22000", supplier_name: "株式会社みつからない", registration_number: notFound, document_number: "NF-1005" },
  },
  {
    kind: "invoice",
    pdf: "scan",
    fileName: "scan_20261020.pdf",
    fields: { transaction_date: "2026-10-20", amount: "44000", supplier_name: "株式会社サンドボックス商事", registration_number: registered, document_number: "SB-2026-0039", origin: "scanned" },
    lookupFailed: true,
  },
  {
    kind: "receipt",
    pdf: { title: "領収書", supplierName: "株式会社あとから工業", registrationNumber: registeredLater, date: "2025-03-10", amount: 8800, documentNumber: "R-0310" },
    fileName: "領収書_R-0310.pdf",
    fields: { transaction_date: "2025-03-10", amount: "8800", supplier_name: "株式会社あとから工業", registration_number: registeredLater, document_number: "R-0310" },
  },
  {
    kind: "receipt",
    pdf: "scan",
    fileName: "喫茶デモ_領収書.pdf",
    fields: { transaction_date: "2026-11-02", amount: "1320", amount_8: "1320", tax_8: "97", supplier_name: "喫茶デモ", notes: "打ち合わせ", origin: "scanned" },
  },
  {
    kind: "other",
    pdf: { title: "納品書", supplierName: "株式会社サンドボックス商事", registrationNumber: registered, date: "2026-10-28", amount: 55000, documentNumber: "DN-1028" },
    fileName: "納品書_DN-1028.pdf",
    fields: { transaction_date: "2026-10-28", amount: "55000", supplier_name: "株式会社サンドボックス商事", registration_number: registered, document_number: "DN-1028" },
  },
];

/** The sandbox's NTA publication, read without the network: the seed runs before the stand-in is listening. */
const fixtureLookup: RegistrationLookup = {
  source: "api",
  find: async (number): Promise<LookupOutcome> => {
    const record = SANDBOX_NTA_RECORDS.find((candidate) => candidate.registratedNumber === number);
    return record ? { status: "found", registration: registrationOf(rowOf(record)) } : { status: "notFound" };
  },
};

const failedLookup: RegistrationLookup = { source: "api", find: async () => ({ status: "error", reason: "国税庁のサービスに接続できませんでした。時間をおいて、もう一度照合してください" }) };

/** 株式会社デモ商事's received documents, made as the Payment API makes them: files kept, verified, version 1. */
export async function seedDemoReceived(tx: Database): Promise<void> {
  const storage = createDatabaseFileStorage(tx);
  for (const demo of DEMO_RECEIVED) {
    const input = receivedDocumentInputSchema.parse(demo.fields);
    const bytes = demo.pdf === "scan" ? await imageOnlyPdf() : await receivedDocumentPdf({ ...demo.pdf, addressee: ADDRESSEE });
    const file = await storage.save({ companyUniqueCode: TENANT, purpose: "document", bytes }, tx);
    const columns = receivedColumnsOf(input);
    const verification = await verificationColumns(demo.lookupFailed ? failedLookup : fixtureLookup, columns);
    const [row] = await tx
      .insert(receivedDocuments)
      .values({ ...columns, ...verification, kind: demo.kind, companyUniqueCode: TENANT, createdBy: OWNER, updatedBy: OWNER })
      .returning();
    await tx.insert(receivedDocumentFiles).values({ documentId: row!.id, fileId: file.id, fileName: demo.fileName, position: 0, addedInVersion: 1 });
    const record = recordOf(row!);
    await tx.insert(receivedDocumentVersions).values({
      documentId: row!.id,
      version: 1,
      action: "create",
      changedBy: OWNER,
      changes: [...changesBetween({}, record), { field: "files", before: null, after: demo.fileName }],
      record,
    });
  }
}
