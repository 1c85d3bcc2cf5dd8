import type { Request } from "express";
import { eq } from "drizzle-orm";
import { PAYMENT_ROLE } from "../domain/roles";
import { tenantOf } from "./auth";
import type { Database } from "./db/client";
import { paymentServiceUsers } from "./db/schema";
import { forbidden } from "./errors";

/** The caller's company and, when it has one there, the caller's payment service user. */
async function membershipOf(db: Database, req: Request): Promise<{ tenant: string; role: number | null }> {
  const tenant = tenantOf(req.caller);
  const [user] = await db
    .select({ role: paymentServiceUsers.role, companyUniqueCode: paymentServiceUsers.companyUniqueCode })
    .from(paymentServiceUsers)
    .where(eq(paymentServiceUsers.userUniqueCode, req.caller!.userUniqueCode))
    .limit(1);
  return { tenant, role: user && user.companyUniqueCode === tenant ? user.role : null };
}

/**
 * The caller's company, for company data. A payment role of invalid (0)
 * means no access at all; writing also needs a payment service user of
 * this company.
 */
export async function requireMember(db: Database, req: Request, { write }: { write: boolean }): Promise<string> {
  const { tenant, role } = await membershipOf(db, req);
  if (role === PAYMENT_ROLE.invalid || (write && role === null)) {
    throw forbidden(write ? "この情報を変更する権限がありません。" : "この情報を見る権限がありません。");
  }
  return tenant;
}

/** Owner-only endpoints (account, plan, users, permissions): the caller must be this company's owner. */
export async function requireOwner(db: Database, req: Request): Promise<string> {
  const { tenant, role } = await membershipOf(db, req);
  if (role !== PAYMENT_ROLE.owner) throw forbidden("この操作は企業の管理者（オーナー）だけが行えます。");
  return tenant;
}
