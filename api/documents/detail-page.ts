import { factsOfRecord, refusalOf } from "../../domain/lifecycle";
import type { Approver } from "../../domain/approvals";
import { mayDecide } from "../approvals/flow";
import { approvalOf, awaitsApproval } from "../approvals/gate";
import type { Database } from "../db/client";
import { presentCompany } from "../master-data/company";
import { paymentSummary } from "../payments/store";
import type { FileStorage } from "../storage/storage";
import { checkAnswerOf, jpPintSourceOf } from "./digital-invoice";
import { fullDocument, type DocumentRow } from "./presenters";
import type { DocumentScope } from "./scope";
import { bankAccountRowsOf, copyOf, customerRowOf, issuerRowsOf, linesOf, type Actor } from "./snapshots";
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
  const [issuer, lines, customer, accounts, approval] = await Promise.all([
    issuerRowsOf(db, row),
    linesOf(db, row.id),
    customerRowOf(db, row),
    bankAccountRowsOf(db, row.companyUniqueCode),
    approvalOf(db, row),
  ]);
  const known = { issuer, lines, customer, accounts, approval };
  const [document, copy, payments, decides] = await Promise.all([
    fullDocument(db, row, scope, known),
    copyOf(db, storage, row, "print", actor, known),
    // Only an issued invoice takes payments; the page shows none for a draft or another kind.
    row.kind === "invoice" && row.issuedAt ? paymentSummary(db, row) : null,
    approval.state === "pending" && approval.request ? mayDecide(db, approval.request, approver) : false,
  ]);
  const { company } = issuer;
  // As GET …/jp-pint/check answers, for the invoice the page offers the digital invoice for (issued, not voided, approved or needing none).
  const digitalInvoice =
    refusalOf(factsOfRecord(row), "exportDigitalInvoice") === null && !awaitsApproval(approval)
      ? checkAnswerOf(await jpPintSourceOf(db, row, copy.snapshot, company?.peppolId ?? null, customer ?? undefined, accounts))
      : null;
  const setting = documentSettingOf(row.kind, issuer.settingRow);
  return {
    document,
    copy: { ...copy.snapshot, mark: copy.mark, latestRevision: row.revision },
    payments,
    company: company ? presentCompany({ company, accounts: accounts.filter((account) => account.companyId === company.id) }) : null,
    mailTemplate: { subject: setting.mail_subject, body: setting.mail_body },
    customer: customer && { department: customer.department, personInCharge: customer.personInCharge, emails: customer.emails },
    digitalInvoice,
    decides,
  };
}
