import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { TAX_TYPES } from "../../domain/codes";
import { canonicalDecimal } from "../../domain/decimal";
import { DOCUMENT_KINDS, type DocumentKind } from "../../domain/document-kinds";
import { accountTypeLabel, KIND_DATE_LABELS, type DocumentSnapshot, type SnapshotContent, type SnapshotImage } from "../../domain/snapshot";
import { computeTotals, totalsRulesOf } from "../../domain/totals";
import type { Database } from "../db/client";
import { companies, companyBankAccounts, customers, documentLines, documentSettings, documentSnapshots, type documents } from "../db/schema";
import type { FileStorage } from "../storage/storage";
import { renderSnapshotPdf } from "./pdf";
import { documentSettingOf, kindDateOf } from "./store";

type DocumentRow = typeof documents.$inferSelect;
type SnapshotRow = typeof documentSnapshots.$inferSelect;

export type SnapshotReason = "issue" | "send" | "print";

const present = (row: SnapshotRow): DocumentSnapshot => ({
  id: row.id,
  documentId: row.documentId,
  documentVersion: row.documentVersion,
  createdAt: row.createdAt.toISOString(),
  content: row.content as SnapshotContent,
});

/**
 * A copy of the company's logo or stamp owned by snapshots: the company may
 * replace or delete its file later. Snapshots that show the same image share
 * one copy, found by its digest.
 */
async function frozenImage(db: Database, storage: FileStorage, tenant: string, purpose: "logo" | "stamp", fileId: string | null): Promise<SnapshotImage | null> {
  if (!fileId) return null;
  const { file, bytes } = await storage.read(tenant, fileId);
  const [shared] = await db
    .select({ fileId: sql<string>`${documentSnapshots.content} -> 'issuer' -> ${purpose} ->> 'fileId'` })
    .from(documentSnapshots)
    .where(and(eq(documentSnapshots.companyUniqueCode, tenant), sql`${documentSnapshots.content} -> 'issuer' -> ${purpose} ->> 'sha256' = ${file.sha256}`))
    .limit(1);
  if (shared) return { fileId: shared.fileId, sha256: file.sha256 };
  const copy = await storage.save({ companyUniqueCode: tenant, purpose, bytes }, db);
  return { fileId: copy.id, sha256: copy.sha256 };
}

const nonEmpty = (values: Array<string | null>) => values.filter((value): value is string => Boolean(value && value.trim()));

/** The snapshot's content from the document and the company, customer and settings as they are now. */
async function contentOf(db: Database, storage: FileStorage, document: DocumentRow): Promise<SnapshotContent> {
  const tenant = document.companyUniqueCode;
  const kind = document.kind as DocumentKind;
  const [[company], lines, [customer], [settingRow]] = await Promise.all([
    db.select().from(companies).where(eq(companies.companyUniqueCode, tenant)).orderBy(asc(companies.id)).limit(1),
    db.select().from(documentLines).where(eq(documentLines.documentId, document.id)).orderBy(asc(documentLines.position)),
    document.customerId === null
      ? Promise.resolve([])
      : db
          .select()
          .from(customers)
          .where(and(eq(customers.id, document.customerId), eq(customers.companyUniqueCode, tenant)))
          .limit(1),
    db
      .select()
      .from(documentSettings)
      .where(and(eq(documentSettings.companyUniqueCode, tenant), eq(documentSettings.kind, kind)))
      .limit(1),
  ]);
  const setting = documentSettingOf(kind, settingRow);
  const totals = computeTotals(
    lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unitPrice, taxRate: line.taxRate })),
    totalsRulesOf(document, document.withholding, document.taxTypeId),
  );
  // An invoice shows the account chosen on it, else those the settings name, else those marked displayed.
  const accountIds = document.bankAccountId !== null ? [document.bankAccountId] : setting.bank_account_ids;
  const accounts =
    kind !== "invoice" || !company
      ? []
      : await db
          .select()
          .from(companyBankAccounts)
          .where(
            and(
              eq(companyBankAccounts.companyUniqueCode, tenant),
              accountIds.length > 0 ? inArray(companyBankAccounts.id, accountIds) : eq(companyBankAccounts.displayed, true),
            ),
          )
          .orderBy(asc(companyBankAccounts.id));
  const kindDate = kindDateOf(document);
  return {
    kind,
    title: DOCUMENT_KINDS.find((entry) => entry.id === kind)!.label,
    number: document.number,
    issueDate: document.issueDate,
    dates: KIND_DATE_LABELS[kind] && kindDate ? [{ label: KIND_DATE_LABELS[kind]!, value: kindDate }] : [],
    subject: document.subject,
    notes: document.notes,
    proviso: document.proviso,
    paymentMethod: document.paymentMethod,
    receivedAmount: document.receivedAmount === null ? null : canonicalDecimal(document.receivedAmount),
    recipient: {
      name: document.customerName,
      honorific: document.customerHonorific,
      department: customer?.department ?? null,
      personInCharge: customer?.personInCharge ?? null,
      postalCode: customer?.postalCode ?? null,
      address: nonEmpty([customer?.address1 ?? null, customer?.address2 ?? null]),
    },
    issuer: {
      name: company?.companyName ?? "",
      department: company?.departmentName ?? null,
      personInCharge: document.personInCharge ?? company?.picName ?? null,
      postalCode: company?.postalCode ?? null,
      address: nonEmpty([company?.address1 ?? null, company?.address2 ?? null]),
      tel: company?.tel ?? null,
      fax: company?.fax ?? null,
      email: company?.email ?? null,
      registeredNo: company?.registeredNo ?? null,
      logo: await frozenImage(db, storage, tenant, "logo", company?.logoFileId ?? null),
      stamp: setting.print_stamp ? await frozenImage(db, storage, tenant, "stamp", company?.stampFileId ?? null) : null,
    },
    lines: lines.map((line) => ({
      description: line.description,
      quantity: canonicalDecimal(line.quantity),
      unit: line.unit,
      unitPrice: canonicalDecimal(line.unitPrice),
      taxRate: line.taxRate,
      amount: canonicalDecimal(line.amount),
    })),
    taxType: TAX_TYPES.find((type) => type.id === document.taxTypeId)?.key ?? "external",
    withholding: document.withholding,
    totals,
    bankAccounts: accounts.map((account) => ({
      bankName: account.bankName,
      branchName: account.bankBranchName,
      accountType: accountTypeLabel(account.bankAccountTypeId),
      accountNo: account.bankAccountNo,
      accountName: account.bankAccountName,
    })),
  };
}

/**
 * The snapshot of the document's current version, taken now if there is none:
 * issuing, sending and printing all call this, so one version has one snapshot.
 * Two callers at once both try to insert; the loser reads the winner's.
 */
export async function snapshotOf(db: Database, storage: FileStorage, document: DocumentRow, reason: SnapshotReason, by: string): Promise<DocumentSnapshot> {
  const existing = await db
    .select()
    .from(documentSnapshots)
    .where(and(eq(documentSnapshots.documentId, document.id), eq(documentSnapshots.documentVersion, document.version)))
    .limit(1);
  if (existing[0]) return present(existing[0]);
  const content = await contentOf(db, storage, document);
  const [inserted] = await db
    .insert(documentSnapshots)
    .values({ documentId: document.id, companyUniqueCode: document.companyUniqueCode, documentVersion: document.version, reason, content, createdBy: by })
    .onConflictDoNothing()
    .returning();
  if (inserted) return present(inserted);
  return snapshotOf(db, storage, document, reason, by);
}

/** The PDF of a snapshot, with the logo and stamp copies it froze. */
export async function snapshotPdf(storage: FileStorage, tenant: string, content: SnapshotContent): Promise<Buffer> {
  const image = async (frozen: SnapshotImage | null) => (frozen ? (await storage.read(tenant, frozen.fileId)).bytes : null);
  return renderSnapshotPdf(content, { logo: await image(content.issuer.logo), stamp: await image(content.issuer.stamp) });
}
