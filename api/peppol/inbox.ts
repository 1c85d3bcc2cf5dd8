import { and, asc, eq } from "drizzle-orm";
import { receivedDocumentInputSchema } from "../../domain/received-documents";
import { receivedInputFromAccessPoint } from "../../domain/received-jp-pint";
import type { Database } from "../db/client";
import { companies, receivedDocuments } from "../db/schema";
import { ApiError, conflict, validationFailed } from "../errors";
import type { ReceiveScope } from "../membership";
import type { RegistrationLookup } from "../registration-numbers/lookup";
import { saveUploads } from "../received-documents/files";
import { createReceived } from "../received-documents/store";
import type { FileStorage } from "../storage/storage";
import { AccessPointError, type AccessPoint } from "./access-point";

/*
 * 「アクセスポイントから受け取る」 (decision 045): what the access point holds for the company's Peppol ID becomes
 * received invoices through the same path as an uploaded XML — read and checked by the strict reader, the file kept
 * byte for byte, its figures filled in, the registration number verified — and is then acknowledged, so the access
 * point stops listing it. The access point's message id is the received document's one-time key: a message taken
 * before (by someone else at the same moment, or before an acknowledgement that did not arrive) is never stored twice.
 */

export type TakenResult = {
  received: Array<{ id: number; documentNumber: string | null; supplierName: string }>;
  /**
   * Why messages were left at the access point, to be taken again once the reason is gone: one that could not be
   * kept, the month's file limit, or the access point not answering (an answer rather than an error page: what was
   * taken before it stopped is kept).
   */
  problems: string[];
};

const NO_PEPPOL_ID = "自社のPeppol IDが未設定のため、アクセスポイントから受け取れません（自社情報で設定）。";

/** The key a message's received document carries. */
export const peppolMessageKey = (messageId: string) => `peppol:${messageId}`;

/** Reasons a message could not be taken, in Japanese, from whatever failed. */
function reasonOf(error: unknown): string {
  if (error instanceof ApiError) {
    const fields = Object.values(error.fields ?? {}).flat();
    return fields.length > 0 ? fields.join("、") : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export async function takeFromAccessPoint(db: Database, storage: FileStorage, lookup: RegistrationLookup, accessPoint: AccessPoint | null, scope: ReceiveScope): Promise<TakenResult> {
  if (!accessPoint) throw conflict("Peppolのアクセスポイントが設定されていません。管理者にお問い合わせください。");
  const [company] = await db.select({ peppolId: companies.peppolId }).from(companies).where(eq(companies.companyUniqueCode, scope.tenant)).orderBy(asc(companies.id)).limit(1);
  if (!company?.peppolId) throw validationFailed({ peppol_id: [NO_PEPPOL_ID] }, NO_PEPPOL_ID);
  const result: TakenResult = { received: [], problems: [] };
  try {
    await takeEach(db, storage, lookup, accessPoint, scope, company.peppolId, result);
  } catch (error) {
    if (!(error instanceof AccessPointError)) throw error;
    result.problems.push(error.message);
  }
  return result;
}

async function takeEach(db: Database, storage: FileStorage, lookup: RegistrationLookup, accessPoint: AccessPoint, scope: ReceiveScope, participant: string, result: TakenResult) {
  const entries = await accessPoint.inbox(participant);
  for (const entry of entries) {
    const idempotencyKey = peppolMessageKey(entry.id);
    const [taken] = await db
      .select({ id: receivedDocuments.id })
      .from(receivedDocuments)
      .where(and(eq(receivedDocuments.companyUniqueCode, scope.tenant), eq(receivedDocuments.idempotencyKey, idempotencyKey)))
      .limit(1);
    if (taken) {
      // Stored before; only the acknowledgement was missing.
      await accessPoint.acknowledge(entry.id);
      continue;
    }
    const bytes = await accessPoint.fetchDocument(entry.id);
    try {
      // The upload's checks and reading, as for a file chosen on the form: anything but a JP PINT invoice is refused.
      const [upload] = await saveUploads(db, storage, scope, [{ bytes, fileName: `peppol-${entry.id}.xml` }]);
      const input = receivedDocumentInputSchema.safeParse(receivedInputFromAccessPoint(upload!.proposal ?? { transactionDate: null, amount: null, registrationNumber: null, supplierName: null, documentNumber: null }, entry.sender));
      if (!input.success) throw validationFailed(Object.fromEntries(input.error.issues.map((issue) => [issue.path.join("."), [issue.message]])), "デジタルインボイスの内容を受取書類として登録できません。");
      // A message is a document received under 電子帳簿保存法 and is kept as such; a look-alike already registered is
      // the person's to judge on the list, not a reason to leave the message unkept.
      const { row } = await createReceived(db, lookup, scope, { kind: "invoice", input: input.data, uploadIds: [upload!.id], idempotencyKey, allowDuplicate: true });
      await accessPoint.acknowledge(entry.id);
      result.received.push({ id: row.id, documentNumber: row.documentNumber, supplierName: row.supplierName });
    } catch (error) {
      // The month's file limit stops the whole intake: the rest would be refused alike.
      if (error instanceof ApiError && error.status === 429) {
        result.problems.push(error.message);
        break;
      }
      if (error instanceof ApiError && error.status < 500) {
        result.problems.push(`${entry.sender || "送信元不明"}からの書類を受け取れませんでした：${reasonOf(error)}`);
        continue;
      }
      throw error;
    }
  }
}
