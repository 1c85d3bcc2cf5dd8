import { and, asc, count, eq, gte, inArray, isNull } from "drizzle-orm";
import { formatJapaneseDate, startOfMonthJst, todayJst } from "../../domain/datetime";
import { MATCH_RESULT, businessNameKey, inputTaxCreditOn, parseRegistrationNumber } from "../../domain/registration-number";
import {
  RECEIVED_FIELD_LABELS,
  changesBetween,
  receivedValueText,
  retentionEndsOn,
  type FieldChange,
  type ReceivedDocumentInput,
  type ReceivedKind,
  type RetentionYears,
} from "../../domain/received-documents";
import { searchKey } from "../../domain/normalize";
import type { Database } from "../db/client";
import { companies, customers, files, paymentServiceUsers, receivedDocumentFiles, receivedDocuments, receivedDocumentVersions, receivedUploads } from "../db/schema";
import { ApiError, conflict, notFound, validationFailed, violatesUniqueIndex } from "../errors";
import type { ReceiveScope } from "../membership";
import { verifyRegistrationNumber, type RegistrationLookup } from "../registration-numbers/lookup";
import { inReceiveScope } from "./list-query";

type Row = typeof receivedDocuments.$inferSelect;
type Writer = Parameters<Parameters<Database["transaction"]>[0]>[0];

export const RECEIVED_NOT_FOUND = "受取書類が見つかりません。";
const STALE_SAVE = "ほかの操作でこの受取書類が更新されています。最新の内容を確認してから、もう一度保存してください。";
const DELETED = "削除済みの受取書類は変更できません。";
const FILE_REQUIRED = "書類のファイル（PDF、JPEG、PNG）を1つ以上添付してください";
const UPLOAD_GONE = "添付したファイルが見つかりません。もう一度ファイルを選んでください";

/** The recorded data of a row in the input's shape: what versions keep and compare. */
export function recordOf(row: Row): Record<keyof ReceivedDocumentInput, string | number | null> {
  const text = (value: number | null) => (value === null ? null : String(value));
  return {
    transaction_date: row.transactionDate,
    amount: String(row.amount),
    amount_10: text(row.amount10),
    tax_10: text(row.tax10),
    amount_8: text(row.amount8),
    tax_8: text(row.tax8),
    amount_0: text(row.amount0),
    supplier_name: row.supplierName,
    customer_id: row.customerId,
    registration_number: row.registrationNumber,
    document_number: row.documentNumber,
    due_date: row.dueDate,
    origin: row.origin,
    payee_bank_name: row.payeeBankName,
    payee_branch_name: row.payeeBranchName,
    payee_account_type: row.payeeAccountType,
    payee_account_number: row.payeeAccountNumber,
    payee_account_name: row.payeeAccountName,
    notes: row.notes,
  };
}

/** The row's columns of validated input. */
export function receivedColumnsOf(input: ReceivedDocumentInput) {
  const yen = (value: string | null) => (value === null ? null : Number(value));
  return {
    transactionDate: input.transaction_date,
    amount: Number(input.amount),
    amount10: yen(input.amount_10),
    tax10: yen(input.tax_10),
    amount8: yen(input.amount_8),
    tax8: yen(input.tax_8),
    amount0: yen(input.amount_0),
    supplierName: input.supplier_name,
    supplierSearchKey: searchKey(input.supplier_name),
    customerId: input.customer_id,
    registrationNumber: input.registration_number,
    documentNumber: input.document_number,
    dueDate: input.due_date,
    origin: input.origin,
    payeeBankName: input.payee_bank_name,
    payeeBranchName: input.payee_branch_name,
    payeeAccountType: input.payee_account_type,
    payeeAccountNumber: input.payee_account_number,
    payeeAccountName: input.payee_account_name,
    notes: input.notes,
  };
}

/**
 * The registration number checked against the NTA publication for the
 * document's date and supplier (decision 025). Without a number the purchase
 * is not a qualified invoice; a failed lookup is result 4 (error), saved, and
 * checked again later: it never blocks saving.
 */
export async function verificationColumns(lookup: RegistrationLookup, input: { registrationNumber: string | null; transactionDate: string; supplierName: string }) {
  const checkedAt = new Date();
  const parsed = input.registrationNumber ? parseRegistrationNumber(input.registrationNumber) : null;
  if (!parsed) {
    const credit = inputTaxCreditOn(input.transactionDate, false);
    return { matchResult: null, matchReason: "登録番号の記載がありません", matchRegisteredName: null, creditRate: credit.rate, creditLabel: credit.label, matchCheckedAt: checkedAt };
  }
  const verification = await verifyRegistrationNumber(lookup, { ...parsed, date: input.transactionDate, name: input.supplierName });
  return {
    matchResult: verification.result as number,
    matchReason: verification.reason,
    matchRegisteredName: verification.registration ? verification.registration.name || verification.registration.tradeName || null : null,
    creditRate: verification.inputTaxCredit?.rate ?? null,
    creditLabel: verification.inputTaxCredit?.label ?? null,
    matchCheckedAt: checkedAt,
  };
}

async function requireOwnCustomer(db: Database | Writer, tenant: string, customerId: number | null): Promise<void> {
  if (customerId === null) return;
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, customerId), eq(customers.companyUniqueCode, tenant)))
    .limit(1);
  if (!customer) throw validationFailed({ customer_id: ["取引先が見つかりません。取引先を選び直してください"] });
}

/** Files uploaded by the caller for a form and not yet saved with a document; 422 when one is gone. */
async function claimUploads(tx: Writer, scope: ReceiveScope, fileIds: string[]) {
  if (fileIds.length === 0) return [];
  const claimed = await tx
    .delete(receivedUploads)
    .where(and(inArray(receivedUploads.fileId, fileIds), eq(receivedUploads.companyUniqueCode, scope.tenant), eq(receivedUploads.uploadedBy, scope.userUniqueCode)))
    .returning({ fileId: receivedUploads.fileId, fileName: receivedUploads.fileName });
  if (claimed.length !== new Set(fileIds).size) throw validationFailed({ files: [UPLOAD_GONE] });
  // In the order the form listed them.
  return fileIds.filter((id, index) => fileIds.indexOf(id) === index).map((id) => claimed.find((file) => file.fileId === id)!);
}

type CreateRequest = { kind: ReceivedKind; input: ReceivedDocumentInput; uploadIds: string[]; idempotencyKey: string | null; allowDuplicate?: boolean };

/** At most this many earlier documents are named in a warning: enough to find them, short enough to read. */
const DUPLICATES_NAMED = 3;

/**
 * Earlier documents of the company that look like this one (issue 33: a double-payment risk): one holding a file
 * with the same bytes (SHA-256) as an upload, or one of the same kind from the same supplier on the same date for
 * the same amount. The whole company is looked at, since the same invoice registered by two people is the risk;
 * deleted documents are not.
 */
async function possibleDuplicates(db: Database, scope: ReceiveScope, kind: ReceivedKind, columns: ReturnType<typeof receivedColumnsOf>, uploadIds: string[]) {
  const shown = {
    id: receivedDocuments.id,
    transactionDate: receivedDocuments.transactionDate,
    supplierName: receivedDocuments.supplierName,
    amount: receivedDocuments.amount,
    createdBy: receivedDocuments.createdBy,
  };
  const uploadedHashes = db
    .select({ sha256: files.sha256 })
    .from(receivedUploads)
    .innerJoin(files, eq(files.id, receivedUploads.fileId))
    .where(and(eq(receivedUploads.companyUniqueCode, scope.tenant), inArray(receivedUploads.fileId, uploadIds)));
  const [sameFile, sameDetails] = await Promise.all([
    db
      .selectDistinct(shown)
      .from(receivedDocuments)
      .innerJoin(receivedDocumentFiles, and(eq(receivedDocumentFiles.documentId, receivedDocuments.id), isNull(receivedDocumentFiles.removedInVersion)))
      .innerJoin(files, eq(files.id, receivedDocumentFiles.fileId))
      .where(and(eq(receivedDocuments.companyUniqueCode, scope.tenant), isNull(receivedDocuments.deletedAt), inArray(files.sha256, uploadedHashes)))
      .limit(DUPLICATES_NAMED),
    // The same day and amount first (the date index narrows it); the supplier compared as business names are, so (株)二重 is 株式会社二重.
    db
      .select(shown)
      .from(receivedDocuments)
      .where(
        and(
          eq(receivedDocuments.companyUniqueCode, scope.tenant),
          eq(receivedDocuments.kind, kind),
          eq(receivedDocuments.transactionDate, columns.transactionDate),
          eq(receivedDocuments.amount, columns.amount),
          isNull(receivedDocuments.deletedAt),
        ),
      )
      .limit(100)
      .then((rows) => rows.filter((row) => businessNameKey(row.supplierName) === businessNameKey(columns.supplierName))),
  ]);
  const fileIds = new Set(sameFile.map((row) => row.id));
  const found = [...sameFile.map((row) => ({ ...row, sameFile: true })), ...sameDetails.filter((row) => !fileIds.has(row.id)).map((row) => ({ ...row, sameFile: false }))];
  // A user who sees only what they registered learns that another's matches, not what it is.
  return found.slice(0, DUPLICATES_NAMED).map((row) => ({ ...row, visible: scope.createdBy === null || row.createdBy === scope.createdBy }));
}

/** The warning, beside the box that lets the user go on: each earlier document by date, supplier and amount. */
function duplicateWarning(found: Array<{ transactionDate: string; supplierName: string; amount: number; sameFile: boolean; visible: boolean }>) {
  const why = (row: { sameFile: boolean }) => (row.sameFile ? "同じファイル" : "同じ取引先・日付・金額");
  const named = found
    .map((row) => (row.visible ? `${formatJapaneseDate(row.transactionDate)} ${row.supplierName} ${row.amount.toLocaleString("en-US")}円（${why(row)}）` : `ほかの利用者が登録した書類（${why(row)}）`))
    .join("、");
  const message = `同じ書類がすでに登録されている可能性があります：${named}。二重に支払わないよう、ご確認ください。別の書類であれば「重複ではないことを確認しました」にチェックして、もう一度登録してください。`;
  return new ApiError(409, "possible_duplicate", message, { allow_duplicate: [message] });
}

/** Registers a received document with its files as version 1; a repeated form (same key) finds the first. */
export async function createReceived(db: Database, lookup: RegistrationLookup, scope: ReceiveScope, request: CreateRequest): Promise<{ row: Row; created: boolean }> {
  const { kind, input, uploadIds, idempotencyKey } = request;
  const sameForm = async () =>
    idempotencyKey
      ? (
          await db
            .select()
            .from(receivedDocuments)
            .where(and(eq(receivedDocuments.companyUniqueCode, scope.tenant), eq(receivedDocuments.idempotencyKey, idempotencyKey)))
            .limit(1)
        )[0]
      : undefined;
  const existing = await sameForm();
  if (existing) return { row: existing, created: false };
  if (uploadIds.length === 0) throw validationFailed({ files: [FILE_REQUIRED] });
  await requireOwnCustomer(db, scope.tenant, input.customer_id);
  const columns = receivedColumnsOf(input);
  if (!request.allowDuplicate) {
    const found = await possibleDuplicates(db, scope, kind, columns, uploadIds);
    // The same form sent twice at once: what looks like a duplicate may be the first send, committed meanwhile.
    const first = found.length > 0 ? await sameForm() : undefined;
    if (first) return { row: first, created: false };
    if (found.length > 0) throw duplicateWarning(found);
  }
  const verification = await verificationColumns(lookup, columns);
  try {
    const row = await db.transaction(async (tx) => {
      const claimed = await claimUploads(tx, scope, uploadIds);
      const [inserted] = await tx
        .insert(receivedDocuments)
        .values({ ...columns, ...verification, kind, companyUniqueCode: scope.tenant, idempotencyKey, createdBy: scope.userUniqueCode, updatedBy: scope.userUniqueCode })
        .returning();
      await tx.insert(receivedDocumentFiles).values(claimed.map((file, position) => ({ documentId: inserted!.id, fileId: file.fileId, fileName: file.fileName, position, addedInVersion: 1 })));
      const record = recordOf(inserted!);
      const changes: FieldChange[] = [
        ...changesBetween({}, record),
        { field: "files", before: null, after: claimed.map((file) => file.fileName).join("、") },
      ];
      await tx.insert(receivedDocumentVersions).values({ documentId: inserted!.id, version: 1, action: "create", changedBy: scope.userUniqueCode, changes, record });
      return inserted!;
    });
    return { row, created: true };
  } catch (error) {
    // The same form sent twice at once: the second finds what the first made.
    if (idempotencyKey && violatesUniqueIndex(error, "received_documents_idempotency_idx")) {
      const [existing] = await db
        .select()
        .from(receivedDocuments)
        .where(and(eq(receivedDocuments.companyUniqueCode, scope.tenant), eq(receivedDocuments.idempotencyKey, idempotencyKey)));
      if (existing) return { row: existing, created: false };
    }
    throw error;
  }
}

export async function findReceived(db: Database | Writer, scope: ReceiveScope, id: number, { forUpdate = false } = {}): Promise<Row> {
  const query = db
    .select()
    .from(receivedDocuments)
    .where(and(eq(receivedDocuments.id, id), inReceiveScope(scope)))
    .limit(1);
  const [row] = await (forUpdate ? query.for("update") : query);
  if (!row) throw notFound(RECEIVED_NOT_FOUND);
  return row;
}

type UpdateRequest = { version: number; input: ReceivedDocumentInput; uploadIds: string[]; removeFileIds: number[] };

/**
 * An edit as a new version: the changed fields with their previous values,
 * files added and files marked removed (never replaced or erased). An edit
 * that changes nothing makes no version.
 */
export async function updateReceived(db: Database, lookup: RegistrationLookup, scope: ReceiveScope, id: number, request: UpdateRequest): Promise<Row> {
  const current = await findReceived(db, scope, id);
  if (current.deletedAt) throw conflict(DELETED);
  if (current.version !== request.version) throw conflict(STALE_SAVE);
  await requireOwnCustomer(db, scope.tenant, request.input.customer_id);
  const columns = receivedColumnsOf(request.input);
  const reverify =
    current.matchResult === MATCH_RESULT.error ||
    current.registrationNumber !== columns.registrationNumber ||
    current.transactionDate !== columns.transactionDate ||
    current.supplierName !== columns.supplierName;
  const verification = reverify ? await verificationColumns(lookup, columns) : {};
  return db.transaction(async (tx) => {
    const locked = await findReceived(tx, scope, id, { forUpdate: true });
    if (locked.version !== request.version) throw conflict(STALE_SAVE);
    const activeFiles = await tx
      .select()
      .from(receivedDocumentFiles)
      .where(and(eq(receivedDocumentFiles.documentId, id), isNull(receivedDocumentFiles.removedInVersion)))
      .orderBy(asc(receivedDocumentFiles.position));
    const removing = activeFiles.filter((file) => request.removeFileIds.includes(file.id));
    const claimed = await claimUploads(tx, scope, request.uploadIds);
    if (activeFiles.length - removing.length + claimed.length === 0) throw validationFailed({ files: [FILE_REQUIRED] });
    const nextVersion = locked.version + 1;
    const before = recordOf(locked);
    const changes = changesBetween(before, { ...before, ...recordOf({ ...locked, ...columns }) });
    if (removing.length > 0 || claimed.length > 0) {
      const names = (list: Array<{ fileName: string }>) => list.map((file) => file.fileName).join("、") || null;
      const kept = activeFiles.filter((file) => !removing.includes(file));
      changes.push({ field: "files", before: names(activeFiles), after: names([...kept, ...claimed]) });
    }
    if (changes.length === 0) {
      // Nothing changed: no version, but a verification that had failed may have been made good.
      if (!reverify) return locked;
      const [checked] = await tx.update(receivedDocuments).set(verification).where(eq(receivedDocuments.id, id)).returning();
      return checked!;
    }
    for (const file of removing) {
      await tx.update(receivedDocumentFiles).set({ removedInVersion: nextVersion }).where(eq(receivedDocumentFiles.id, file.id));
    }
    const [{ positions }] = (await tx.select({ positions: count() }).from(receivedDocumentFiles).where(eq(receivedDocumentFiles.documentId, id))) as [{ positions: number }];
    if (claimed.length > 0) {
      await tx
        .insert(receivedDocumentFiles)
        .values(claimed.map((file, index) => ({ documentId: id, fileId: file.fileId, fileName: file.fileName, position: positions + index, addedInVersion: nextVersion })));
    }
    const [updated] = await tx
      .update(receivedDocuments)
      .set({ ...columns, ...verification, version: nextVersion, updatedBy: scope.userUniqueCode, updatedAt: new Date() })
      .where(eq(receivedDocuments.id, id))
      .returning();
    await tx.insert(receivedDocumentVersions).values({ documentId: id, version: nextVersion, action: "update", changedBy: scope.userUniqueCode, changes, record: recordOf(updated!) });
    return updated!;
  });
}

/** Checks the registration number again (after result 4, error, or when the publication may have changed); not a version of the data. */
export async function verifyAgain(db: Database, lookup: RegistrationLookup, scope: ReceiveScope, id: number): Promise<Row> {
  const current = await findReceived(db, scope, id);
  const verification = await verificationColumns(lookup, current);
  const [updated] = await db.update(receivedDocuments).set(verification).where(eq(receivedDocuments.id, id)).returning();
  return updated!;
}

async function retentionOf(db: Database | Writer, tenant: string) {
  const [company] = await db
    .select({ fiscalYearEndMonth: companies.fiscalYearEndMonth, retentionYears: companies.retentionYears })
    .from(companies)
    .where(eq(companies.companyUniqueCode, tenant))
    .limit(1);
  return { fiscalYearEndMonth: company?.fiscalYearEndMonth ?? 3, retentionYears: (company?.retentionYears === 10 ? 10 : 7) as RetentionYears };
}

/** The last day the document must be kept. */
export async function retentionEndOf(db: Database | Writer, tenant: string, transactionDate: string): Promise<string> {
  const { fiscalYearEndMonth, retentionYears } = await retentionOf(db, tenant);
  return retentionEndsOn(transactionDate, fiscalYearEndMonth, retentionYears);
}

/**
 * A logical deletion: the document, its files and history stay, marked
 * deleted by a version. Refused inside the retention period (電子帳簿保存法).
 */
export async function deleteReceived(db: Database, scope: ReceiveScope, id: number, request: { version: number; reason: string }, today = todayJst()): Promise<Row> {
  return db.transaction(async (tx) => {
    const current = await findReceived(tx, scope, id, { forUpdate: true });
    if (current.deletedAt) throw conflict("この受取書類はすでに削除されています。");
    if (current.version !== request.version) throw conflict(STALE_SAVE);
    const keepUntil = await retentionEndOf(tx, scope.tenant, current.transactionDate);
    if (today <= keepUntil) throw conflict(`保存期間中（${keepUntil}まで）のため削除できません。電子帳簿保存法により、受け取った書類は保存期間が終わるまで保存します。`);
    const nextVersion = current.version + 1;
    const [deleted] = await tx
      .update(receivedDocuments)
      .set({ deletedAt: new Date(), deletedBy: scope.userUniqueCode, deleteReason: request.reason, version: nextVersion, updatedBy: scope.userUniqueCode, updatedAt: new Date() })
      .where(eq(receivedDocuments.id, id))
      .returning();
    await tx.insert(receivedDocumentVersions).values({
      documentId: id,
      version: nextVersion,
      action: "delete",
      changedBy: scope.userUniqueCode,
      changes: [{ field: "deleted", before: null, after: request.reason }],
      record: recordOf(deleted!),
    });
    return deleted!;
  });
}

/** The document's files, the removed ones included, each with its SHA-256, type, size and receipt time. */
export async function filesOf(db: Database, documentId: number) {
  return db
    .select({
      id: receivedDocumentFiles.id,
      fileId: receivedDocumentFiles.fileId,
      fileName: receivedDocumentFiles.fileName,
      addedInVersion: receivedDocumentFiles.addedInVersion,
      removedInVersion: receivedDocumentFiles.removedInVersion,
      contentType: files.contentType,
      size: files.size,
      sha256: files.sha256,
      receivedAt: files.createdAt,
    })
    .from(receivedDocumentFiles)
    .innerJoin(files, eq(files.id, receivedDocumentFiles.fileId))
    .where(eq(receivedDocumentFiles.documentId, documentId))
    .orderBy(asc(receivedDocumentFiles.position));
}

/**
 * The document's versions, each naming who made it and showing its values as the form does (issue 33). A version keeps
 * the person's code only (the record is append-only, so it is never rewritten): the name is the one the company's
 * payment service user carries (kept at each sign-in), the code where none is known; a customer's id is named.
 */
export async function versionsOf(db: Database, tenant: string, documentId: number) {
  const rows = await db
    .select({
      version: receivedDocumentVersions.version,
      action: receivedDocumentVersions.action,
      changedBy: receivedDocumentVersions.changedBy,
      changedByName: paymentServiceUsers.name,
      changedAt: receivedDocumentVersions.changedAt,
      changes: receivedDocumentVersions.changes,
      record: receivedDocumentVersions.record,
    })
    .from(receivedDocumentVersions)
    .leftJoin(paymentServiceUsers, eq(paymentServiceUsers.userUniqueCode, receivedDocumentVersions.changedBy))
    .where(eq(receivedDocumentVersions.documentId, documentId))
    .orderBy(asc(receivedDocumentVersions.version));
  const versions = rows.map((row) => ({ ...row, changes: row.changes as FieldChange[] }));
  const customerIds = [
    ...new Set(
      versions.flatMap((row) => row.changes.filter((change) => change.field === "customer_id").flatMap((change) => [change.before, change.after].filter((id) => id !== null).map(Number))),
    ),
  ].filter(Number.isSafeInteger);
  const customerNames = new Map(
    customerIds.length === 0
      ? []
      : (await db.select({ id: customers.id, name: customers.name }).from(customers).where(and(eq(customers.companyUniqueCode, tenant), inArray(customers.id, customerIds)))).map(
          (customer) => [String(customer.id), customer.name] as const,
        ),
  );
  const text = (field: string, value: string | null) => (field === "customer_id" && value !== null ? (customerNames.get(value) ?? value) : receivedValueText(field, value));
  return versions.map((row) => ({
    ...row,
    changes: row.changes.map((change) => ({ ...change, beforeText: text(change.field, change.before), afterText: text(change.field, change.after) })),
  }));
}

/** Files the company received this month (JST), against its plan's `max_receive_files` (decision 026). */
export async function receivedFilesThisMonth(db: Database | Writer, tenant: string, now = new Date()): Promise<number> {
  const [{ used }] = (await db
    .select({ used: count() })
    .from(files)
    .where(and(eq(files.companyUniqueCode, tenant), eq(files.purpose, "document"), gte(files.createdAt, startOfMonthJst(now))))) as [{ used: number }];
  return Number(used);
}

export const FIELD_LABELS = { ...RECEIVED_FIELD_LABELS, files: "ファイル", deleted: "削除" } as Record<string, string>;
