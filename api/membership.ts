import type { Request } from "express";
import { eq } from "drizzle-orm";
import { PAYMENT_ROLE, REFERENCE } from "../domain/roles";
import { tenantOf } from "./auth";
import type { Database } from "./db/client";
import { paymentServiceUsers } from "./db/schema";
import type { DocumentScope } from "./documents/scope";
import { forbidden } from "./errors";

/** The caller's company and, when it has one there, the caller's payment service user. */
async function membershipOf(db: Database, req: Request): Promise<{ tenant: string; role: number | null; referenceId: number | null }> {
  const tenant = tenantOf(req.caller);
  const [user] = await db
    .select({ role: paymentServiceUsers.role, referenceId: paymentServiceUsers.referenceId, companyUniqueCode: paymentServiceUsers.companyUniqueCode })
    .from(paymentServiceUsers)
    .where(eq(paymentServiceUsers.userUniqueCode, req.caller!.userUniqueCode))
    .limit(1);
  const own = user && user.companyUniqueCode === tenant ? user : null;
  return { tenant, role: own?.role ?? null, referenceId: own?.referenceId ?? null };
}

function refuseNonMember(role: number | null, write: boolean): void {
  if (role === PAYMENT_ROLE.invalid || (write && role === null)) {
    throw forbidden(write ? "この情報を変更する権限がありません。" : "この情報を見る権限がありません。");
  }
}

/**
 * The caller's company, for company data. A payment role of invalid (0)
 * means no access at all; writing also needs a payment service user of
 * this company.
 */
export async function requireMember(db: Database, req: Request, { write }: { write: boolean }): Promise<string> {
  const { tenant, role } = await membershipOf(db, req);
  refuseNonMember(role, write);
  return tenant;
}

/**
 * The issued documents the caller may read and change (decision 024): an
 * owner, and a company user allowed all (reference_id 1), the company's;
 * anyone else only those they created. A document outside is answered 404,
 * as if it did not exist.
 */
export async function requireDocumentScope(db: Database, req: Request, { write }: { write: boolean }): Promise<DocumentScope> {
  const { tenant, role, referenceId } = await membershipOf(db, req);
  refuseNonMember(role, write);
  const everything = role === PAYMENT_ROLE.owner || (role === PAYMENT_ROLE.user && referenceId === REFERENCE.all);
  return { tenant, createdBy: everything ? null : req.caller!.userUniqueCode };
}

/** Owner-only endpoints (account, plan, users, permissions): the caller must be this company's owner. */
export async function requireOwner(db: Database, req: Request): Promise<string> {
  const { tenant, role } = await membershipOf(db, req);
  if (role !== PAYMENT_ROLE.owner) throw forbidden("この操作は企業の管理者（オーナー）だけが行えます。");
  return tenant;
}
