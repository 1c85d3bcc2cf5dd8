import { and, asc, eq, sql } from "drizzle-orm";
import { canonicalDecimal } from "../../domain/decimal";
import { contentFrom, type BankAccountFacts } from "../../domain/snapshot-content";
import { type CopyMark, type DocumentSnapshot, type SnapshotContent, type SnapshotImage, type SnapshotReference } from "../../domain/snapshot";
import { computeTotals, totalsRulesOf } from "../../domain/totals";
import { approvalOf, awaitsApproval, type DocumentApproval } from "../approvals/gate";
import type { Database } from "../db/client";
import { preparedPerHandle } from "../db/prepared";
import { companies, companyBankAccounts, customers, documentLines, documentSettings, documentSnapshots, type documents } from "../db/schema";
import { notFound } from "../errors";
import { storedImageDecodes } from "../storage/images";
import type { FileStorage } from "../storage/storage";
import { renderSnapshotPdf } from "./pdf";
import { documentSettingOf, kindDateOf, type Writer } from "./store";

type DocumentRow = typeof documents.$inferSelect;
type SnapshotRow = typeof documentSnapshots.$inferSelect;

export type SnapshotReason = "issue" | "send" | "print" | "correction";

/** Who took a snapshot: the user's code, and their name for the version history. */
export type Actor = { code: string; name: string | null };

const present = (row: SnapshotRow): DocumentSnapshot => ({
  id: row.id,
  documentId: row.documentId,
  revision: row.revision,
  createdAt: row.createdAt.toISOString(),
  content: row.content as SnapshotContent,
});

/**
 * What a draft's preview shows of the company's logo or stamp, by tenant and file id: a file is only ever added and
 * removed, never changed, so an id names the same bytes for good, and the company row that names it changes in the
 * transaction that removes it (api/master-data/company.ts). Reading the bytes was most of a preview's cost on PGlite,
 * which hands a bytea over as hex text (ADR 020).
 */
const previewImages = new Map<string, SnapshotImage | "unreadable">();
const PREVIEW_IMAGES_LIMIT = 1_000;

/**
 * A copy of the company's logo or stamp owned by snapshots: the company may
 * replace or delete its file later. Snapshots that show the same image share
 * one copy, found by its digest. A draft's preview is not kept, so it shows
 * the company's image as it is.
 */
async function frozenImage(db: Database, storage: FileStorage, tenant: string, purpose: "logo" | "stamp", fileId: string | null, freeze: boolean): Promise<SnapshotImage | null | "unreadable"> {
  if (!fileId) return null;
  const previewKey = `${tenant}/${fileId}`;
  if (!freeze) {
    const known = previewImages.get(previewKey);
    if (known) return known;
  }
  const { file, bytes } = await storage.read(tenant, fileId);
  // An image kept before uploads were decoded may not decode: the copy goes without it (and says so) rather than fail.
  const image = storedImageDecodes(bytes, file.contentType) ? { fileId, sha256: file.sha256 } : "unreadable";
  if (previewImages.size >= PREVIEW_IMAGES_LIMIT) previewImages.delete(previewImages.keys().next().value!);
  previewImages.set(previewKey, image);
  if (!freeze || image === "unreadable") return image;
  const [shared] = await db
    .select({ fileId: sql<string>`${documentSnapshots.content} -> 'issuer' -> ${purpose} ->> 'fileId'` })
    .from(documentSnapshots)
    .where(and(eq(documentSnapshots.companyUniqueCode, tenant), sql`${documentSnapshots.content} -> 'issuer' -> ${purpose} ->> 'sha256' = ${file.sha256}`))
    .limit(1);
  if (shared) return { fileId: shared.fileId, sha256: file.sha256 };
  const copy = await storage.save({ companyUniqueCode: tenant, purpose, bytes }, db);
  // The fingerprint of the image it was copied from (a JPEG copy is encoded anew), so the next snapshot shares this copy.
  return { fileId: copy.id, sha256: file.sha256 };
}

export type IssuerImages = { logo: SnapshotImage | null; stamp: SnapshotImage | null; unreadable: Array<"logo" | "stamp"> };

const linesStatement = preparedPerHandle((db: Writer) =>
  db.select().from(documentLines).where(eq(documentLines.documentId, sql.placeholder("documentId"))).orderBy(asc(documentLines.position)),
);

export const linesOf = (db: Writer, documentId: number) => linesStatement(db).execute({ documentId });

/** The document's customer as the master holds it now; null for a document without one (or one deleted since). */
export async function customerRowOf(db: Writer, document: Pick<DocumentRow, "companyUniqueCode" | "customerId">) {
  if (document.customerId === null) return null;
  const [customer] = await customerStatement(db).execute({ id: document.customerId, tenant: document.companyUniqueCode });
  return customer ?? null;
}

const customerStatement = preparedPerHandle((db: Writer) =>
  db
    .select()
    .from(customers)
    .where(and(eq(customers.id, sql.placeholder("id")), eq(customers.companyUniqueCode, sql.placeholder("tenant"))))
    .limit(1),
);

const bankAccountsStatement = preparedPerHandle((db: Writer) =>
  db.select().from(companyBankAccounts).where(eq(companyBankAccounts.companyUniqueCode, sql.placeholder("tenant"))).orderBy(asc(companyBankAccounts.id)),
);

/** The company's bank accounts, in the order the company profile lists them. */
export const bankAccountRowsOf = (db: Writer, tenant: string) => bankAccountsStatement(db).execute({ tenant });

/** The company's profile and the kind's settings, which both the images and the content of a copy read. */
export type IssuerRows = { company: typeof companies.$inferSelect | undefined; settingRow: typeof documentSettings.$inferSelect | undefined };

/**
 * Rows a copy reads that its caller may have read already: the detail page's answer reads each once for the
 * document, its copy and the company's profile (api/documents/detail-page.ts).
 */
export type KnownRows = {
  issuer?: IssuerRows;
  lines?: Array<typeof documentLines.$inferSelect>;
  customer?: typeof customers.$inferSelect | null;
  accounts?: Array<typeof companyBankAccounts.$inferSelect>;
  /** The current revision's snapshot row; null when it was looked for and not found. */
  snapshot?: SnapshotRow | null;
};

export async function issuerRowsOf(db: Writer, document: Pick<DocumentRow, "companyUniqueCode" | "kind">): Promise<IssuerRows> {
  const tenant = document.companyUniqueCode;
  const [[company], [settingRow]] = await Promise.all([companyStatement(db).execute({ tenant }), settingStatement(db).execute({ tenant, kind: document.kind })]);
  return { company, settingRow };
}

const companyStatement = preparedPerHandle((db: Writer) =>
  db.select().from(companies).where(eq(companies.companyUniqueCode, sql.placeholder("tenant"))).orderBy(asc(companies.id)).limit(1),
);

const settingStatement = preparedPerHandle((db: Writer) =>
  db
    .select()
    .from(documentSettings)
    .where(and(eq(documentSettings.companyUniqueCode, sql.placeholder("tenant")), eq(documentSettings.kind, sql.placeholder("kind"))))
    .limit(1),
);

async function imagesOf(db: Database, storage: FileStorage, document: Pick<DocumentRow, "companyUniqueCode" | "kind">, { company, settingRow }: IssuerRows, freeze: boolean): Promise<IssuerImages> {
  const tenant = document.companyUniqueCode;
  const setting = documentSettingOf(document.kind, settingRow);
  const logo = await frozenImage(db, storage, tenant, "logo", company?.logoFileId ?? null, freeze);
  const stamp = setting.print_stamp ? await frozenImage(db, storage, tenant, "stamp", company?.stampFileId ?? null, freeze) : null;
  return {
    logo: logo === "unreadable" ? null : logo,
    stamp: stamp === "unreadable" ? null : stamp,
    unreadable: (["logo", "stamp"] as const).filter((purpose) => (purpose === "logo" ? logo : stamp) === "unreadable"),
  };
}

/**
 * The logo and stamp a copy of this document prints, copied first when the
 * copy is kept. Read before a transaction opens: files live outside it (and
 * PGlite's one connection would wait on the transaction).
 */
export async function issuerImagesOf(db: Database, storage: FileStorage, document: Pick<DocumentRow, "companyUniqueCode" | "kind">, freeze: boolean): Promise<IssuerImages> {
  return imagesOf(db, storage, document, await issuerRowsOf(db, document), freeze);
}

const bankAccountFactsOf = (account: typeof companyBankAccounts.$inferSelect): BankAccountFacts => ({
  id: account.id,
  bankName: account.bankName,
  branchName: account.bankBranchName,
  accountTypeId: account.bankAccountTypeId,
  accountNo: account.bankAccountNo,
  accountName: account.bankAccountName,
  displayed: account.displayed,
});

/**
 * The snapshot's content from the document and the company, customer and settings as they are now; `issuer`, when
 * the caller has just read the company and settings for the images (a draft's preview), instead of reading them again.
 */
export async function contentOf(db: Writer, document: DocumentRow, images: IssuerImages, reference: SnapshotReference | null = null, known: KnownRows = {}): Promise<SnapshotContent> {
  const kind = document.kind;
  const [{ company, settingRow }, lines, customer, accounts] = await Promise.all([
    known.issuer ?? issuerRowsOf(db, document),
    known.lines ?? linesOf(db, document.id),
    known.customer !== undefined ? known.customer : customerRowOf(db, document),
    kind !== "invoice" ? [] : (known.accounts ?? bankAccountRowsOf(db, document.companyUniqueCode)),
  ]);
  const totals = computeTotals(
    lines.map((line) => ({ quantity: line.quantity, unitPrice: line.unitPrice, taxCategory: line.taxCategory })),
    totalsRulesOf(document, document.withholding, document.taxTypeId),
  );
  return contentFrom({
    kind,
    number: document.number,
    issueDate: document.issueDate,
    kindDate: kindDateOf(document),
    subject: document.subject,
    notes: document.notes,
    proviso: document.proviso,
    paymentMethod: document.paymentMethod,
    receivedAmount: document.receivedAmount === null ? null : canonicalDecimal(document.receivedAmount),
    customerName: document.customerName,
    customerHonorific: document.customerHonorific,
    customer: customer ?? null,
    personInCharge: document.personInCharge,
    issuer: company
      ? {
          name: company.companyName,
          department: company.departmentName,
          picName: company.picName,
          postalCode: company.postalCode,
          address1: company.address1,
          address2: company.address2,
          tel: company.tel,
          fax: company.fax,
          email: company.email,
          registeredNo: company.registeredNo,
        }
      : null,
    images,
    lines: lines.map((line) => ({
      description: line.description,
      quantity: canonicalDecimal(line.quantity),
      unit: line.unit,
      unitPrice: canonicalDecimal(line.unitPrice),
      taxCategory: line.taxCategory,
      taxRate: line.taxRate,
      amount: canonicalDecimal(line.amount),
    })),
    taxTypeId: document.taxTypeId,
    withholding: document.withholding,
    totals,
    bankAccounts: accounts.map(bankAccountFactsOf),
    settingAccountIds: documentSettingOf(kind, settingRow).bank_account_ids,
    bankAccountId: document.bankAccountId,
    reference,
  });
}

/** The snapshot of a revision, if it was taken. */
export async function snapshotOfRevision(db: Writer, documentId: number, revision: number): Promise<DocumentSnapshot | null> {
  const [row] = await db
    .select()
    .from(documentSnapshots)
    .where(and(eq(documentSnapshots.documentId, documentId), eq(documentSnapshots.revision, revision)))
    .limit(1);
  return row ? present(row) : null;
}

/** Stores the content as the document's current revision, inside the caller's transaction. */
export async function insertSnapshot(tx: Writer, document: DocumentRow, content: SnapshotContent, reason: SnapshotReason, actor: Actor): Promise<DocumentSnapshot> {
  const [inserted] = await tx
    .insert(documentSnapshots)
    .values({
      documentId: document.id,
      companyUniqueCode: document.companyUniqueCode,
      documentVersion: document.version,
      revision: document.revision,
      reason,
      content,
      createdBy: actor.code,
      createdByName: actor.name,
    })
    .returning();
  return present(inserted!);
}

/**
 * The snapshot of an issued document's current revision. Issuing and
 * correcting take it in their own transaction; a document issued before
 * snapshots existed gets it here, on its first print or send. Two callers at
 * once both try to insert; the loser reads the winner's.
 */
export async function snapshotOf(db: Database, storage: FileStorage, document: DocumentRow, reason: SnapshotReason, actor: Actor, known?: SnapshotRow | null): Promise<DocumentSnapshot> {
  const existing = known ? present(known) : await snapshotOfRevision(db, document.id, document.revision);
  if (existing) return existing;
  const content = await contentOf(db, document, await issuerImagesOf(db, storage, document, true));
  const [inserted] = await db
    .insert(documentSnapshots)
    .values({ documentId: document.id, companyUniqueCode: document.companyUniqueCode, documentVersion: document.version, revision: document.revision, reason, content, createdBy: actor.code, createdByName: actor.name })
    .onConflictDoNothing()
    .returning();
  if (inserted) return present(inserted);
  return snapshotOf(db, storage, document, reason, actor);
}

/**
 * What the customer's copy shows now: a draft's preview (not kept, marked
 * 下書き), or the issued revision's snapshot (marked 無効 once voided). Before
 * a required approval either is marked 承認前 and shows no seal (decision 049);
 * an issued revision's snapshot keeps its seal for when it is approved.
 */
export async function copyOf(
  db: Database,
  storage: FileStorage,
  document: DocumentRow,
  reason: SnapshotReason,
  actor: Actor,
  known: KnownRows & { approval?: DocumentApproval } = {},
): Promise<{ snapshot: DocumentSnapshot; mark: CopyMark }> {
  const unapproved = awaitsApproval(known.approval ?? (await approvalOf(db, document)));
  if (!document.issuedAt) {
    const issuer = known.issuer ?? (await issuerRowsOf(db, document));
    const images = await imagesOf(db, storage, document, issuer, false);
    const content = await contentOf(db, document, unapproved ? { ...images, stamp: null } : images, null, { ...known, issuer });
    return { snapshot: { id: 0, documentId: document.id, revision: document.revision, createdAt: new Date().toISOString(), content }, mark: unapproved ? "unapproved" : "draft" };
  }
  const snapshot = await snapshotOf(db, storage, document, reason, actor, known.snapshot);
  if (!unapproved) return { snapshot, mark: issuedMarkOf(document) };
  return { snapshot: { ...snapshot, content: { ...snapshot.content, issuer: { ...snapshot.content.issuer, stamp: null } } }, mark: "unapproved" };
}

/** The mark an issued revision's copy carries: 無効 once the document is voided, none before. */
export const issuedMarkOf = (document: Pick<DocumentRow, "voidedAt">): CopyMark => (document.voidedAt ? "voided" : null);

/** An earlier revision's snapshot (`?revision=` of the copy and PDF pages); 404 for one the document never had. */
export async function earlierRevision(db: Writer, document: Pick<DocumentRow, "id" | "revision">, revision: number): Promise<DocumentSnapshot> {
  const earlier = Number.isInteger(revision) && revision >= 1 && revision <= document.revision ? await snapshotOfRevision(db, document.id, revision) : null;
  if (!earlier) throw notFound("この版の控えはありません。");
  return earlier;
}

/** The PDF of a snapshot, with the logo and stamp copies it froze. */
export async function snapshotPdf(storage: FileStorage, tenant: string, content: SnapshotContent, mark: CopyMark = null): Promise<Buffer> {
  const image = async (frozen: SnapshotImage | null) => (frozen ? (await storage.read(tenant, frozen.fileId)).bytes : null);
  return renderSnapshotPdf(content, { logo: await image(content.issuer.logo), stamp: await image(content.issuer.stamp) }, mark);
}
