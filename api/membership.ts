import type { Request } from "express";
import { eq, sql } from "drizzle-orm";
import type { Approver } from "../domain/approvals";
import { todayJst } from "../domain/datetime";
import { receivePlanSubscribedOn } from "../domain/plans";
import { PAYMENT_ROLE, REFERENCE } from "../domain/roles";
import { tenantOf, type Caller } from "./auth";
import type { Database } from "./db/client";
import { preparedPerHandle } from "./db/prepared";
import { planStateOf } from "./accounts/store";
import { banks, companyPlans, paymentServiceUsers, plans, revokedTokens } from "./db/schema";
import type { DocumentScope } from "./documents/scope";
import { ApiError, forbidden } from "./errors";

type Membership = { tenant: string; role: number | null; referenceId: number | null; ended: boolean };

const MEMBERSHIP_COLUMNS = {
  role: paymentServiceUsers.role,
  referenceId: paymentServiceUsers.referenceId,
  companyUniqueCode: paymentServiceUsers.companyUniqueCode,
  withdrawalDate: companyPlans.withdrawalDate,
  cancelled: companyPlans.isSubscribeCancellation,
};

type MembershipRow = { role: number | null; referenceId: number | null; companyUniqueCode: string | null; withdrawalDate: string | null; cancelled: boolean | null };

/** The caller's payment user and plan as the token check read them, for the request's membership checks. */
const membershipRead = new WeakMap<Request, MembershipRow>();

const revocationAndMembership = preparedPerHandle((db: Database) =>
  db
    .select({ revoked: sql<boolean>`exists (select 1 from ${revokedTokens} where ${revokedTokens.tokenHash} = ${sql.placeholder("tokenHash")})`, ...MEMBERSHIP_COLUMNS })
    .from(sql`(select 1) as caller`)
    .leftJoin(paymentServiceUsers, eq(paymentServiceUsers.userUniqueCode, sql.placeholder("userUniqueCode")))
    .leftJoin(companyPlans, eq(companyPlans.companyUniqueCode, paymentServiceUsers.companyUniqueCode))
    .limit(1),
);

/**
 * The token check of every call (AuthOptions.isRevoked): whether sign-out ended the token, and in the same statement the
 * caller's payment user and plan, which the route's membership check reads next. One statement instead of two on every
 * call a page makes; both are read as they are at that moment, as before.
 */
export function revocationAndMembershipCheck(db: Database) {
  return async (caller: Caller, req: Request): Promise<boolean> => {
    const [row] = await revocationAndMembership(db).execute({ tokenHash: caller.tokenHash, userUniqueCode: caller.userUniqueCode });
    const { revoked, ...membership } = row!;
    membershipRead.set(req, membership);
    return revoked;
  };
}

/** The caller's company, the caller's payment user there (if any), and whether the company's service has ended. */
async function membershipOf(db: Database, req: Request): Promise<Membership> {
  const tenant = tenantOf(req.caller);
  const [user] = membershipRead.has(req)
    ? [membershipRead.get(req)!]
    : await db
        .select(MEMBERSHIP_COLUMNS)
        .from(paymentServiceUsers)
        .leftJoin(companyPlans, eq(companyPlans.companyUniqueCode, paymentServiceUsers.companyUniqueCode))
        .where(eq(paymentServiceUsers.userUniqueCode, req.caller!.userUniqueCode))
        .limit(1);
  if (!user || user.companyUniqueCode !== tenant) return { tenant, role: null, referenceId: null, ended: false };
  const ended = user.cancelled === true && user.withdrawalDate !== null && user.withdrawalDate < todayJst();
  return { tenant, role: user.role, referenceId: user.referenceId, ended };
}

function refuseNonMember({ role, ended }: Membership, write: boolean): void {
  if (role === PAYMENT_ROLE.invalid || (write && role === null)) {
    throw forbidden(write ? "この情報を変更する権限がありません。" : "この情報を見る権限がありません。");
  }
  // After the last day of a cancelled service the data stays readable (and exportable), never changed (ADR 022).
  if (write && ended) throw forbidden("ご利用期間が終了しているため、変更できません。データの閲覧とエクスポートはできます。");
}

/**
 * The caller's company, for company data. A payment role of invalid (0)
 * means no access at all; writing also needs a payment service user of
 * this company, and a service that has not ended.
 */
export async function requireMember(db: Database, req: Request, { write }: { write: boolean }): Promise<string> {
  const membership = await membershipOf(db, req);
  refuseNonMember(membership, write);
  return membership.tenant;
}

/**
 * The issued documents the caller may read and change (decision 024): an
 * owner, and a company user allowed all (reference_id 1), the company's;
 * anyone else only those they created. A document outside is answered 404,
 * as if it did not exist.
 */
export async function requireDocumentScope(db: Database, req: Request, { write }: { write: boolean }): Promise<DocumentScope> {
  return (await requireScopeAndApprover(db, req, { write })).scope;
}

/** The caller's document scope and who they are as an approver (decision 049), from one look at the membership. */
export async function requireScopeAndApprover(db: Database, req: Request, { write }: { write: boolean }): Promise<{ scope: DocumentScope; approver: Approver }> {
  const membership = await membershipOf(db, req);
  refuseNonMember(membership, write);
  const { tenant, role, referenceId } = membership;
  const everything = role === PAYMENT_ROLE.owner || (role === PAYMENT_ROLE.user && referenceId === REFERENCE.all);
  const userCode = req.caller!.userUniqueCode;
  return { scope: { tenant, createdBy: everything ? null : userCode }, approver: { userCode, owner: role === PAYMENT_ROLE.owner } };
}

/** Owner-only endpoints (account, plan, users, permissions): the caller must be this company's owner. */
export async function requireOwner(db: Database, req: Request): Promise<string> {
  const { tenant, role } = await membershipOf(db, req);
  if (role !== PAYMENT_ROLE.owner) throw forbidden("この操作は企業の管理者（オーナー）だけが行えます。");
  return tenant;
}

/** The received documents the caller may read and change, and the company's plan limit for received files. */
export type ReceiveScope = DocumentScope & { userUniqueCode: string; maxReceiveFiles: number };

/**
 * SPEC §4's receive check, in the API as on the pages: the bank offers
 * receiving (403 unpublished otherwise) and the company's plan includes it
 * (403 receive_plan_required otherwise); then `receive_reference_id` decides
 * whether a company user sees all received documents or only those they
 * registered (decision 024).
 */
export async function requireReceiveScope(db: Database, req: Request, { write }: { write: boolean }): Promise<ReceiveScope> {
  const membership = await membershipOf(db, req);
  refuseNonMember(membership, write);
  const { tenant, role } = membership;
  const [plan] = await db
    .select({ plan: companyPlans, enabled: banks.enablePaymentReceive, maxReceiveFiles: plans.maxReceiveFiles })
    .from(companyPlans)
    .leftJoin(banks, eq(banks.bankCode, companyPlans.bankCode))
    .leftJoin(plans, eq(plans.planId, companyPlans.planId))
    .where(eq(companyPlans.companyUniqueCode, tenant))
    .limit(1);
  if (!plan?.enabled) throw new ApiError(403, "unpublished", "ご利用の銀行では、受取機能を提供していません。");
  if (!receivePlanSubscribedOn(planStateOf(plan.plan), todayJst())) {
    throw new ApiError(403, "receive_plan_required", "受取書類の保存には、受取機能を含むプランへの変更が必要です。");
  }
  const [user] = await db
    .select({ receiveReferenceId: paymentServiceUsers.receiveReferenceId })
    .from(paymentServiceUsers)
    .where(eq(paymentServiceUsers.userUniqueCode, req.caller!.userUniqueCode))
    .limit(1);
  const everything = role === PAYMENT_ROLE.owner || (role === PAYMENT_ROLE.user && user?.receiveReferenceId === REFERENCE.all);
  return {
    tenant,
    createdBy: everything ? null : req.caller!.userUniqueCode,
    userUniqueCode: req.caller!.userUniqueCode,
    maxReceiveFiles: plan.maxReceiveFiles ?? 0,
  };
}

/**
 * The caller as an approver (decision 049): a member of the company (who may write, to decide), and whether they are its owner
 * ("any owner" steps). Whether they may decide a request is the rule's to say (domain/approvals.ts).
 */
export async function requireApprover(db: Database, req: Request, { write }: { write: boolean }): Promise<{ tenant: string; approver: Approver }> {
  const membership = await membershipOf(db, req);
  refuseNonMember(membership, write);
  return { tenant: membership.tenant, approver: { userCode: req.caller!.userUniqueCode, owner: membership.role === PAYMENT_ROLE.owner } };
}
