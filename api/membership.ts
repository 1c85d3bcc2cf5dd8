import type { Request } from "express";
import { eq } from "drizzle-orm";
import { todayJst } from "../domain/datetime";
import { PAYMENT_ROLE, REFERENCE } from "../domain/roles";
import { tenantOf } from "./auth";
import type { Database } from "./db/client";
import { companyPlans, paymentServiceUsers } from "./db/schema";
import type { DocumentScope } from "./documents/scope";
import { forbidden } from "./errors";

type Membership = { tenant: string; role: number | null; referenceId: number | null; ended: boolean };

/** The caller's company, the caller's payment user there (if any), and whether the company's service has ended. */
async function membershipOf(db: Database, req: Request): Promise<Membership> {
  const tenant = tenantOf(req.caller);
  const [user] = await db
    .select({
      role: paymentServiceUsers.role,
      referenceId: paymentServiceUsers.referenceId,
      companyUniqueCode: paymentServiceUsers.companyUniqueCode,
      withdrawalDate: companyPlans.withdrawalDate,
      cancelled: companyPlans.isSubscribeCancellation,
    })
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
  const membership = await membershipOf(db, req);
  refuseNonMember(membership, write);
  const { tenant, role, referenceId } = membership;
  const everything = role === PAYMENT_ROLE.owner || (role === PAYMENT_ROLE.user && referenceId === REFERENCE.all);
  return { tenant, createdBy: everything ? null : req.caller!.userUniqueCode };
}

/** Owner-only endpoints (account, plan, users, permissions): the caller must be this company's owner. */
export async function requireOwner(db: Database, req: Request): Promise<string> {
  const { tenant, role } = await membershipOf(db, req);
  if (role !== PAYMENT_ROLE.owner) throw forbidden("この操作は企業の管理者（オーナー）だけが行えます。");
  return tenant;
}
