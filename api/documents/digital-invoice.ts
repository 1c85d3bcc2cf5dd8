import { asc, eq, sql, type SQLWrapper } from "drizzle-orm";
import { billedPeriod } from "../../domain/closing";
import { checkJpPint, jpPintFileName, jpPintInvoice, singleDayPeriod, type JpPintPayee, type JpPintSource } from "../../domain/jp-pint";
import { factsOfRecord, refusalOf } from "../../domain/lifecycle";
import { formatPeppolId, storedPeppolId } from "../../domain/peppol-id";
import type { DocumentSnapshot } from "../../domain/snapshot";
import { requireApproval } from "../approvals/gate";
import { slipDate } from "../billing/closing";
import type { Database } from "../db/client";
import { closingInvoiceSlips, companies, type companyBankAccounts, documents } from "../db/schema";
import { conflict, validationFailed } from "../errors";
import type { FileStorage } from "../storage/storage";
import { ownDocument, type DocumentRow } from "./presenters";
import type { DocumentScope } from "./scope";
import { bankAccountRowsOf, customerRowOf, snapshotOf, type Actor } from "./snapshots";

/*
 * An issued invoice as a JP PINT digital invoice (issue 36, decision 043): what it states comes from the issued
 * revision's snapshot; who receives it (the Peppol IDs) and the account's bank and branch codes from the masters
 * as they are now, since they route the invoice rather than say what was billed.
 */

export const JP_PINT_REFUSED = "この請求書はデジタルインボイス（JP PINT）の要件を満たしていません。";

/** The slips a closing invoice bills, first and last by the date they are billed by; null for other invoices. */
export type SlipSpan = { first: string; last: string } | null;

async function slipSpanOf(db: Database, invoiceId: number): Promise<SlipSpan> {
  const [span] = await db.select(slipSpanColumns(sql`${invoiceId}`)).from(sql`(select 1) as page`);
  return spanOf(span!);
}

/** The span's two dates as columns of a statement (the detail page's, slipSpanOf's): read them back with spanOf. */
export const slipSpanColumns = (invoiceId: SQLWrapper) => {
  const bound = (edge: "min" | "max") =>
    sql<string | null>`(select ${sql.raw(edge)}(${slipDate}) from ${closingInvoiceSlips} join ${documents} on ${documents.id} = ${closingInvoiceSlips.slipId} where ${closingInvoiceSlips.invoiceId} = ${invoiceId})`;
  return { firstSlip: bound("min"), lastSlip: bound("max") };
};

export const spanOf = ({ firstSlip, lastSlip }: { firstSlip: string | null; lastSlip: string | null }): SlipSpan =>
  firstSlip && lastSlip ? { first: firstSlip, last: lastSlip } : null;

type AccountRow = typeof companyBankAccounts.$inferSelect;
type PrintedAccount = { bankName: string; branchName: string; accountNo: string; accountName: string };

/** The printed account's bank and branch codes, which the snapshot does not keep: the company's first account (by id) of the same bank, branch and number. */
function payeeOf(account: PrintedAccount | undefined, accounts: AccountRow[]): JpPintPayee | null {
  if (!account) return null;
  const row = accounts.find((candidate) => candidate.bankName === account.bankName && candidate.bankBranchName === account.branchName && candidate.bankAccountNo === account.accountNo);
  return { bankCode: row?.bankCode ?? null, branchCode: row?.bankBranchCode ?? null, accountTypeId: row?.bankAccountTypeId ?? 1, accountNo: account.accountNo, accountName: account.accountName };
}

/**
 * The check's source from the issued revision's snapshot and the company's and customer's Peppol IDs (`customer`
 * undefined when the invoice names none, or one since deleted); `accounts`, the company's bank accounts ordered by id;
 * `knownSpan`, the slips' span when the caller read it already.
 */
export async function jpPintSourceOf(
  db: Database,
  document: Pick<DocumentRow, "id" | "companyUniqueCode">,
  snapshot: DocumentSnapshot,
  sellerPeppolId: string | null,
  customer: { peppolId: string | null } | undefined,
  accounts: AccountRow[],
  knownSpan?: SlipSpan,
): Promise<JpPintSource> {
  const { content } = snapshot;
  const span = knownSpan === undefined ? await slipSpanOf(db, document.id) : knownSpan;
  return {
    content,
    revision: snapshot.revision,
    seller: storedPeppolId(sellerPeppolId),
    buyer: storedPeppolId(customer?.peppolId ?? null),
    hasCustomer: customer !== undefined,
    period: span ? billedPeriod(content.issueDate, span) : singleDayPeriod(content.issueDate),
    payee: payeeOf(content.bankAccounts[0], accounts),
  };
}

/** What the detail page says of the check: the problems found, and the customer's Peppol ID it would go to. */
export const checkAnswerOf = (source: JpPintSource) => ({ problems: checkJpPint(source), recipient: source.buyer ? formatPeppolId(source.buyer) : null });

/** What the export is made from, and what keeps it from leaving; draft and voided invoices are refused outright. */
export async function digitalInvoiceOf(
  db: Database,
  storage: FileStorage,
  scope: DocumentScope,
  id: number,
  actor: Actor,
): Promise<{ document: Awaited<ReturnType<typeof ownDocument>>; snapshotId: number; source: JpPintSource; problems: string[] }> {
  const document = await ownDocument(db, scope, id);
  const refusal = refusalOf(factsOfRecord(document), "exportDigitalInvoice");
  if (refusal) throw conflict(refusal);
  const snapshot = await snapshotOf(db, storage, document, "send", actor);
  const tenant = document.companyUniqueCode;
  const [[company], customer, accounts] = await Promise.all([
    db.select({ peppolId: companies.peppolId }).from(companies).where(eq(companies.companyUniqueCode, tenant)).orderBy(asc(companies.id)).limit(1),
    customerRowOf(db, document),
    bankAccountRowsOf(db, tenant),
  ]);
  const source = await jpPintSourceOf(db, document, snapshot, company?.peppolId ?? null, customer ?? undefined, accounts);
  return { document, snapshotId: snapshot.id, source, problems: checkJpPint(source) };
}

/** The XML and its file name; an invoice that fails the checks is refused with each problem named (422). */
export async function exportDigitalInvoice(db: Database, storage: FileStorage, scope: DocumentScope, id: number, actor: Actor) {
  const { document, snapshotId, source, problems } = await digitalInvoiceOf(db, storage, scope, id, actor);
  // A correction waiting for approval (decision 049) does not leave as a digital invoice either.
  await requireApproval(db, document, "send");
  if (problems.length > 0) throw validationFailed({ jp_pint: problems }, JP_PINT_REFUSED);
  // The check passed, so both parties have an ID.
  const recipient = formatPeppolId(source.buyer!);
  return { document, snapshotId, recipient, fileName: jpPintFileName(source.content.number, source.revision), xml: jpPintInvoice(source), invoiceNumber: source.content.number };
}
