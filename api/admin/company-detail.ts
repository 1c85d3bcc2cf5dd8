import { aliasedTable, and, asc, count, desc, eq, gte, isNotNull, lt } from "drizzle-orm";
import { adminStatusLabel, type AdminCompanyStatus } from "../../domain/admin";
import { DOCUMENT_KINDS } from "../../domain/document-kinds";
import {
  bankBranches,
  banks,
  companies,
  companyEnrollments,
  companyPlanHistory,
  companyPlans,
  documentMails,
  documents,
  files,
  paymentInfos,
  paymentServiceUsers,
  plans,
} from "../db/schema";
import type { Database } from "../db/client";
import { notFound } from "../errors";
import { adminCompanyColumns } from "./companies";
import { ADMIN_NOT_FOUND, companiesInScope, type AdminScope } from "./scope";

/** The first instant of the JST month `offset` months from `today`'s. */
function monthStartJst(today: string, offset: number): Date {
  const [year, month] = today.split("-").map(Number) as [number, number];
  const first = new Date(Date.UTC(year, month - 1 + offset, 1));
  return new Date(`${first.toISOString().slice(0, 10)}T00:00:00+09:00`);
}

/**
 * What the company used in the JST month starting at `from`: documents issued
 * per kind, mails sent and files received. Counts only (decision 027: the bank
 * sees usage, never the documents' contents).
 */
async function usageBetween(db: Database, company: string, from: Date, to: Date) {
  const [issued, [mails], [received]] = await Promise.all([
    db
      .select({ kind: documents.kind, issued: count() })
      .from(documents)
      .where(and(eq(documents.companyUniqueCode, company), isNotNull(documents.issuedAt), gte(documents.issuedAt, from), lt(documents.issuedAt, to)))
      .groupBy(documents.kind),
    db
      .select({ sent: count() })
      .from(documentMails)
      .where(
        and(eq(documentMails.companyUniqueCode, company), eq(documentMails.status, "sent"), gte(documentMails.sentAt, from), lt(documentMails.sentAt, to)),
      ),
    db
      .select({ files: count() })
      .from(files)
      .where(and(eq(files.companyUniqueCode, company), eq(files.purpose, "document"), gte(files.createdAt, from), lt(files.createdAt, to))),
  ]);
  const month = new Date(from.getTime() + 9 * 3600_000).toISOString().slice(0, 7);
  return {
    month,
    documentsIssued: Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind.id, Number(issued.find((row) => row.kind === kind.id)?.issued ?? 0)])),
    mailsSent: Number(mails!.sent),
    receivedFiles: Number(received!.files),
  };
}

/** An account number as bank staff see it on this page: the last three digits. */
const maskedAccount = (number: string | null) => (number ? `****${number.slice(-3)}` : null);

/**
 * A company as the bank sees it, by company and join date (decision 027): the
 * profile, the enrollment (current, or an earlier one that ended), plan
 * history with amounts, users and roles, usage this month and last, and the
 * payment method. 404 outside the caller's bank or branch.
 */
export async function adminCompanyDetail(db: Database, scope: AdminScope, companyUniqueCode: string, joinDate: string, today: string) {
  const [current] = await db
    .select({
      ...adminCompanyColumns(today),
      maxReceiveFiles: plans.maxReceiveFiles,
      amount: plans.amount,
      totalAmount: plans.totalAmount,
      isCampaignApplied: companyPlans.isCampaignApplied,
      appliedCampaignNumOfMonths: companyPlans.appliedCampaignNumOfMonths,
      appliedCampaignStartDate: companyPlans.appliedCampaignStartDate,
      appliedCampaignFinishDate: companyPlans.appliedCampaignFinishDate,
    })
    .from(companyPlans)
    .leftJoin(banks, eq(banks.bankCode, companyPlans.bankCode))
    .leftJoin(bankBranches, and(eq(bankBranches.bankCode, companyPlans.bankCode), eq(bankBranches.branchCode, companyPlans.branchCode)))
    .leftJoin(plans, eq(plans.planId, companyPlans.planId))
    .where(and(eq(companyPlans.companyUniqueCode, companyUniqueCode), companiesInScope(scope)))
    .limit(1);
  if (!current) throw notFound(ADMIN_NOT_FOUND);
  const earlier = await db
    .select({
      joinDate: companyEnrollments.joinDate,
      withdrawalDate: companyEnrollments.withdrawalDate,
      startDate: companyEnrollments.startDate,
      planId: companyEnrollments.planId,
      endedAt: companyEnrollments.endedAt,
    })
    .from(companyEnrollments)
    .where(eq(companyEnrollments.companyUniqueCode, companyUniqueCode))
    .orderBy(desc(companyEnrollments.joinDate));
  const isCurrent = current.joinDate === joinDate;
  const past = earlier.find((enrollment) => enrollment.joinDate === joinDate);
  if (!isCurrent && !past) throw notFound(ADMIN_NOT_FOUND);

  // The plan events of this enrollment: from its join to the next one.
  const periodStart = new Date(`${joinDate}T00:00:00+09:00`);
  const nextJoin = isCurrent
    ? null
    : [current.joinDate, ...earlier.map((enrollment) => enrollment.joinDate)].filter((date): date is string => date !== null && date > joinDate).sort()[0] ??
      null;
  const previous = aliasedTable(plans, "previous_plan");
  const [profile, history, users, payment, thisMonth, lastMonth] = await Promise.all([
    db
      .select({
        companyName: companies.companyName,
        registeredName: companies.registeredName,
        departmentName: companies.departmentName,
        picName: companies.picName,
        postalCode: companies.postalCode,
        address1: companies.address1,
        address2: companies.address2,
        tel: companies.tel,
        email: companies.email,
        registeredNo: companies.registeredNo,
      })
      .from(companies)
      .where(eq(companies.companyUniqueCode, companyUniqueCode))
      .limit(1),
    db
      .select({
        event: companyPlanHistory.event,
        planId: companyPlanHistory.planId,
        planName: plans.planName,
        amount: plans.amount,
        totalAmount: plans.totalAmount,
        previousPlanId: companyPlanHistory.previousPlanId,
        previousPlanName: previous.planName,
        userUniqueCode: companyPlanHistory.userUniqueCode,
        // The history keeps the person's code; the name is the one their payment service user carries (issue 33).
        userName: paymentServiceUsers.name,
        occurredAt: companyPlanHistory.occurredAt,
      })
      .from(companyPlanHistory)
      .leftJoin(plans, eq(plans.planId, companyPlanHistory.planId))
      .leftJoin(previous, eq(previous.planId, companyPlanHistory.previousPlanId))
      .leftJoin(paymentServiceUsers, eq(paymentServiceUsers.userUniqueCode, companyPlanHistory.userUniqueCode))
      .where(
        and(
          eq(companyPlanHistory.companyUniqueCode, companyUniqueCode),
          gte(companyPlanHistory.occurredAt, periodStart),
          nextJoin ? lt(companyPlanHistory.occurredAt, new Date(`${nextJoin}T00:00:00+09:00`)) : undefined,
        ),
      )
      .orderBy(asc(companyPlanHistory.occurredAt), asc(companyPlanHistory.id)),
    db
      .select({
        userUniqueCode: paymentServiceUsers.userUniqueCode,
        role: paymentServiceUsers.role,
        registrationStatus: paymentServiceUsers.registrationStatus,
        useStartDate: paymentServiceUsers.useStartDate,
        lastSignedInAt: paymentServiceUsers.lastSignedInAt,
      })
      .from(paymentServiceUsers)
      .where(eq(paymentServiceUsers.companyUniqueCode, companyUniqueCode))
      .orderBy(asc(paymentServiceUsers.role), asc(paymentServiceUsers.userUniqueCode)),
    db.select().from(paymentInfos).where(eq(paymentInfos.companyUniqueCode, companyUniqueCode)).limit(1),
    usageBetween(db, companyUniqueCode, monthStartJst(today, 0), monthStartJst(today, 1)),
    usageBetween(db, companyUniqueCode, monthStartJst(today, -1), monthStartJst(today, 0)),
  ]);

  const { maxReceiveFiles, amount, totalAmount, ...plan } = current;
  const status: AdminCompanyStatus = isCurrent ? current.status : "withdrawn";
  const info = payment[0];
  return {
    companyUniqueCode,
    joinDate,
    isCurrent,
    profile: profile[0] ?? null,
    enrollment: isCurrent
      ? {
          ...plan,
          status,
          statusLabel: adminStatusLabel(status),
          amount,
          totalAmount,
        }
      : {
          ...plan,
          planId: past!.planId,
          planName: null,
          startDate: past!.startDate,
          endDate: past!.withdrawalDate,
          withdrawalDate: past!.withdrawalDate,
          joinDate,
          status,
          statusLabel: adminStatusLabel(status),
          amount: null,
          totalAmount: null,
          isCampaignApplied: false,
          appliedCampaignNumOfMonths: null,
          appliedCampaignStartDate: null,
          appliedCampaignFinishDate: null,
        },
    enrollments: [
      ...(current.joinDate
        ? [
            {
              joinDate: current.joinDate,
              withdrawalDate: current.withdrawalDate,
              status: current.status,
              statusLabel: adminStatusLabel(current.status),
            },
          ]
        : []),
      ...earlier.map((enrollment) => ({
        joinDate: enrollment.joinDate,
        withdrawalDate: enrollment.withdrawalDate,
        status: "withdrawn" as const,
        statusLabel: adminStatusLabel("withdrawn"),
      })),
    ],
    planHistory: history,
    users,
    usage: { thisMonth, lastMonth, maxReceiveFiles: maxReceiveFiles ?? 0 },
    payment: info
      ? {
          paymentMethod: info.paymentMethod,
          debitBankCode: info.debitBankCode,
          debitBranchCode: info.debitBranchCode,
          debitAccountType: info.debitAccountType,
          debitAccountNo: maskedAccount(info.debitAccountNo),
          debitAccountName: info.debitAccountName,
        }
      : null,
  };
}

/** Whether a company code looks like one (anything else reads as not there). */
export const COMPANY_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
