import { aliasedTable, and, eq, inArray, sql } from "drizzle-orm";
import type { DocumentKind } from "../../domain/document-kinds";
import { factsOfRecord, refusalOf } from "../../domain/lifecycle";
import type { Approver } from "../../domain/approvals";
import { mayDecide } from "../approvals/flow";
import { approvalWith, awaitsApproval, heldCorrection, LIVE } from "../approvals/gate";
import type { Database } from "../db/client";
import { preparedPerHandle } from "../db/prepared";
import { jsonArrayOf, jsonObjectOf, rowFromJson } from "../db/json-rows";
import { approvalRequests, companies, companyBankAccounts, customers, documentLines, documents, documentSettings, documentSnapshots, payments } from "../db/schema";
import { notFound } from "../errors";
import { presentCompany } from "../master-data/company";
import { paymentSummary } from "../payments/store";
import type { FileStorage } from "../storage/storage";
import { checkAnswerOf, jpPintSourceOf, slipSpanColumns, spanOf } from "./digital-invoice";
import { byReachAndSide, closingSideOf, fullDocument, NOT_FOUND, relationColumns } from "./presenters";
import { reachOf, scopeValues, type DocumentScope } from "./scope";
import { copyOf, type Actor } from "./snapshots";
import { documentSettingOf } from "./store";

/**
 * What a document's detail page shows, in one answer (issue 39): the document as GET /documents/:id answers it, its
 * copy as POST …/snapshots does, an issued invoice's payments as GET …/payments, the company's profile as GET
 * /companies, what the mail form starts from (the kind's mail template, the customer's addresses), and, for an issued
 * invoice that waits for no approval, GET …/jp-pint/check's answer; and whether the caller may decide its pending
 * approval request now (what the page would otherwise learn from 承認待ち's whole list). The parts share the rows they
 * all read (the document, its lines, its approval, the company, the kind's settings, the bank accounts, the customer),
 * each read once instead of once per call: the whole page is one statement (pageStatements). A document out of the
 * caller's scope, or of another kind, is 404.
 */
export async function detailPageOf(db: Database, storage: FileStorage, scope: DocumentScope, approver: Approver, id: number, kind: DocumentKind, actor: Actor) {
  const statement = pageStatements[`${reachOf(scope)} ${closingSideOf(kind)}`](db);
  const [single] = await statement.execute({ id, kind, ...scopeValues(scope) });
  if (!single) throw notFound(NOT_FOUND);
  const { row, history, derived, source, creditNoteOf, sent, revisions, paid, closing } = single;
  const lines = single.lines.map((line) => rowFromJson(documentLines, line));
  const accounts = single.accounts.map((account) => rowFromJson(companyBankAccounts, account));
  const issuer = { company: single.company ?? undefined, settingRow: single.settingRow ?? undefined };
  const customer = single.customer;
  const approval = await approvalWith(db, row, single.live ?? undefined, single.corrected);
  const snapshot = single.snapshot && rowFromJson(documentSnapshots, single.snapshot);
  const known = { issuer, lines, customer, accounts, approval, snapshot, relations: { history, derived, source, creditNoteOf, sent, revisions, paid, closing } };
  const [document, copy, paymentsSummary, decides] = await Promise.all([
    fullDocument(db, row, scope, known),
    copyOf(db, storage, row, "print", actor, known),
    // Only an issued invoice takes payments; the page shows none for a draft or another kind.
    row.kind === "invoice" && row.issuedAt ? paymentSummary(db, row, single.payments.map((payment) => rowFromJson(payments, payment))) : null,
    approval.state === "pending" && approval.request ? mayDecide(db, approval.request, approver) : false,
  ]);
  const { company } = issuer;
  // As GET …/jp-pint/check answers, for the invoice the page offers the digital invoice for (issued, not voided, approved or needing none).
  const digitalInvoice =
    refusalOf(factsOfRecord(row), "exportDigitalInvoice") === null && !awaitsApproval(approval)
      ? checkAnswerOf(await jpPintSourceOf(db, row, copy.snapshot, company?.peppolId ?? null, customer ?? undefined, accounts, spanOf(single)))
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
 * The page in one statement: the document, in the caller's scope and of the kind asked (none: 404, as ownDocument);
 * the rows that are one or none each — the company's profile (its first, as issuerRowsOf reads it), the kind's
 * settings, the customer, the revision's live approval request — joined, each unique by its condition; two facts,
 * whether the revision is a correction held for approval and the span of the slips a closing invoice bills; as JSON
 * (api/db/json-rows.ts), the document's lines, the company's bank accounts, the current revision's snapshot and the
 * payments; and what fullDocument shows beside the row (relationColumns). Each of them was a statement: on PostgreSQL
 * a round trip with its socket write (about 0.2 ms of this thread each on the bench's machine), on PGlite a message
 * to its thread. Prepared once per scope's reach and closing side, as relationColumns are.
 */
const pageStatements = byReachAndSide((reach, side) =>
  preparedPerHandle((db: Database) => {
    // The document under an alias: relationColumns' subqueries read `documents` themselves.
    const page = aliasedTable(documents, "page_document");
    const tenant = sql.placeholder("tenant");
    return db
      .select({
        row: page,
        company: companies,
        settingRow: documentSettings,
        customer: customers,
        live: approvalRequests,
        corrected: heldCorrection(page.id, page.revision),
        ...slipSpanColumns(page.id),
        lines: sql<JsonRows>`(select ${jsonArrayOf(documentLines, sql`${documentLines.position}`)} from ${documentLines} where ${documentLines.documentId} = ${page.id})`,
        accounts: sql<JsonRows>`(select ${jsonArrayOf(companyBankAccounts, sql`${companyBankAccounts.id}`)} from ${companyBankAccounts} where ${companyBankAccounts.companyUniqueCode} = ${tenant})`,
        snapshot: sql<JsonRows[number] | null>`(select ${jsonObjectOf(documentSnapshots)} from ${documentSnapshots} where ${documentSnapshots.documentId} = ${page.id} and ${documentSnapshots.revision} = ${page.revision})`,
        payments: sql<JsonRows>`(select ${jsonArrayOf(payments, sql`${payments.paidOn}, ${payments.id}`)} from ${payments} where ${payments.documentId} = ${page.id})`,
        ...relationColumns(reach, side, { id: page.id, sourceId: page.sourceDocumentId, creditNoteOf: page.creditNoteOf }),
      })
      .from(page)
      .leftJoin(companies, eq(companies.id, sql`(select min(c.id) from ${companies} c where c.company_unique_code = ${tenant})`))
      .leftJoin(documentSettings, and(eq(documentSettings.companyUniqueCode, tenant), eq(documentSettings.kind, page.kind)))
      .leftJoin(customers, and(eq(customers.id, page.customerId), eq(customers.companyUniqueCode, tenant)))
      .leftJoin(approvalRequests, and(eq(approvalRequests.documentId, page.id), eq(approvalRequests.revision, page.revision), inArray(approvalRequests.status, LIVE)))
      .where(
        and(
          eq(page.id, sql.placeholder("id")),
          eq(page.companyUniqueCode, tenant),
          reach === "own" ? eq(page.createdBy, sql.placeholder("createdBy")) : undefined,
          eq(page.kind, sql.placeholder("kind")),
        ),
      );
  }),
);
