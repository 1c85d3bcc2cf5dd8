import { and, eq, inArray, sql } from "drizzle-orm";
import { factsOfRecord, refusalOf } from "../../domain/lifecycle";
import type { Approver } from "../../domain/approvals";
import { mayDecide } from "../approvals/flow";
import { approvalWith, awaitsApproval, heldCorrection, LIVE } from "../approvals/gate";
import type { Database } from "../db/client";
import { preparedPerHandle } from "../db/prepared";
import { jsonArrayOf, jsonObjectOf, rowFromJson } from "../db/json-rows";
import { approvalRequests, companies, companyBankAccounts, customers, documentLines, documentSettings, documentSnapshots, payments } from "../db/schema";
import { presentCompany } from "../master-data/company";
import { paymentSummary } from "../payments/store";
import type { FileStorage } from "../storage/storage";
import { checkAnswerOf, jpPintSourceOf, slipSpanColumns, spanOf } from "./digital-invoice";
import { fullDocument, type DocumentRow } from "./presenters";
import type { DocumentScope } from "./scope";
import { copyOf, type Actor } from "./snapshots";
import { documentSettingOf } from "./store";

/**
 * What a document's detail page shows, in one answer (issue 39): the document as GET /documents/:id answers it, its
 * copy as POST …/snapshots does, an issued invoice's payments as GET …/payments, the company's profile as GET
 * /companies, what the mail form starts from (the kind's mail template, the customer's addresses), and, for an issued
 * invoice that waits for no approval, GET …/jp-pint/check's answer; and whether the caller may decide its pending
 * approval request now (what the page would otherwise learn from 承認待ち's whole list). The parts share the rows they
 * all read (the document, its lines, its approval, the company, the kind's settings, the bank accounts, the customer),
 * each read once instead of once per call. `row` is in the caller's scope already.
 */
export async function detailPageOf(db: Database, storage: FileStorage, scope: DocumentScope, approver: Approver, row: DocumentRow, actor: Actor) {
  const [single] = await singleRowsStatement(db).execute({ tenant: row.companyUniqueCode, kind: row.kind, customerId: row.customerId, documentId: row.id, revision: row.revision });
  const lines = single!.lines.map((line) => rowFromJson(documentLines, line));
  const accounts = single!.accounts.map((account) => rowFromJson(companyBankAccounts, account));
  const issuer = { company: single!.company ?? undefined, settingRow: single!.settingRow ?? undefined };
  const customer = single!.customer;
  const approval = await approvalWith(db, row, single!.live ?? undefined, single!.corrected);
  const snapshot = single!.snapshot && rowFromJson(documentSnapshots, single!.snapshot);
  const known = { issuer, lines, customer, accounts, approval, snapshot };
  const [document, copy, paymentsSummary, decides] = await Promise.all([
    fullDocument(db, row, scope, known),
    copyOf(db, storage, row, "print", actor, known),
    // Only an issued invoice takes payments; the page shows none for a draft or another kind.
    row.kind === "invoice" && row.issuedAt ? paymentSummary(db, row, single!.payments.map((payment) => rowFromJson(payments, payment))) : null,
    approval.state === "pending" && approval.request ? mayDecide(db, approval.request, approver) : false,
  ]);
  const { company } = issuer;
  // As GET …/jp-pint/check answers, for the invoice the page offers the digital invoice for (issued, not voided, approved or needing none).
  const digitalInvoice =
    refusalOf(factsOfRecord(row), "exportDigitalInvoice") === null && !awaitsApproval(approval)
      ? checkAnswerOf(await jpPintSourceOf(db, row, copy.snapshot, company?.peppolId ?? null, customer ?? undefined, accounts, spanOf(single!)))
      : null;
  const setting = documentSettingOf(row.kind, issuer.settingRow);
  return {
    document,
    copy: { ...copy.snapshot, mark: copy.mark, latestRevision: row.revision },
    payments: paymentsSummary,
    company: company ? presentCompany({ company, accounts: accounts.filter((account) => account.companyId === company.id) }) : null,
    mailTemplate: { subject: setting.mail_subject, body: setting.mail_body },
    customer: customer && { department: customer.department, personInCharge: customer.personInCharge, emails: customer.emails },
    digitalInvoice,
    decides,
  };
}

/** Rows of a table as the statement below writes them, to read back with rowFromJson. */
type JsonRows = Array<Record<string, unknown>>;

/**
 * The page's rows in one statement: those that are one or none each — the company's profile (its first, as
 * issuerRowsOf reads it), the kind's settings, the customer, the revision's live approval request — joined, each
 * unique by its condition; two facts, whether the revision is a correction held for approval and the span of the slips
 * a closing invoice bills; and as JSON (api/db/json-rows.ts), the document's lines, the company's bank accounts, the
 * current revision's snapshot and the payments. Each of them alone was a statement: on PostgreSQL a round trip with
 * its socket write (about 0.2 ms of this thread each), on PGlite a message to its thread.
 */
const singleRowsStatement = preparedPerHandle((db: Database) => {
  const documentId = sql.placeholder("documentId");
  return db
    .select({
      company: companies,
      settingRow: documentSettings,
      customer: customers,
      live: approvalRequests,
      corrected: heldCorrection(documentId, sql.placeholder("revision")),
      ...slipSpanColumns(documentId),
      lines: sql<JsonRows>`(select ${jsonArrayOf(documentLines, sql`${documentLines.position}`)} from ${documentLines} where ${documentLines.documentId} = ${documentId})`,
      accounts: sql<JsonRows>`(select ${jsonArrayOf(companyBankAccounts, sql`${companyBankAccounts.id}`)} from ${companyBankAccounts} where ${companyBankAccounts.companyUniqueCode} = ${sql.placeholder("tenant")})`,
      snapshot: sql<JsonRows[number] | null>`(select ${jsonObjectOf(documentSnapshots)} from ${documentSnapshots} where ${documentSnapshots.documentId} = ${documentId} and ${documentSnapshots.revision} = ${sql.placeholder("revision")})`,
      payments: sql<JsonRows>`(select ${jsonArrayOf(payments, sql`${payments.paidOn}, ${payments.id}`)} from ${payments} where ${payments.documentId} = ${documentId})`,
    })
    .from(sql`(select 1) as page`)
    .leftJoin(companies, eq(companies.id, sql`(select min(c.id) from ${companies} c where c.company_unique_code = ${sql.placeholder("tenant")})`))
    .leftJoin(documentSettings, and(eq(documentSettings.companyUniqueCode, sql.placeholder("tenant")), eq(documentSettings.kind, sql.placeholder("kind"))))
    .leftJoin(customers, and(eq(customers.id, sql.placeholder("customerId")), eq(customers.companyUniqueCode, sql.placeholder("tenant"))))
    .leftJoin(approvalRequests, and(eq(approvalRequests.documentId, documentId), eq(approvalRequests.revision, sql.placeholder("revision")), inArray(approvalRequests.status, LIVE)));
});
