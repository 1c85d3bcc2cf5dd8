import type { Request } from "express";
import { eq } from "drizzle-orm";
import { todayJst } from "../domain/datetime";
import { PAYMENT_ROLE } from "../domain/roles";
import { tenantOf } from "./auth";
import type { Database } from "./db/client";
import { companyPlans, paymentServiceUsers } from "./db/schema";
import { forbidden } from "./errors";

/** The caller's company, the caller's payment role there (if any), and whether the company's service has ended. */
async function membershipOf(db: Database, req: Request): Promise<{ tenant: string; role: number | null; ended: boolean }> {
  const tenant = tenantOf(req.caller);
  const [user] = await db
    .select({ role: paymentServiceUsers.role, companyUniqueCode: paymentServiceUsers.companyUniqueCode, withdrawalDate: companyPlans.withdrawalDate, cancelled: companyPlans.isSubscribeCancellation })
    .from(paymentServiceUsers)
    .leftJoin(companyPlans, eq(companyPlans.companyUniqueCode, paymentServiceUsers.companyUniqueCode))
    .where(eq(paymentServiceUsers.userUniqueCode, req.caller!.userUniqueCode))
    .limit(1);
  if (!user || user.companyUniqueCode !== tenant) return { tenant, role: null, ended: false };
  const ended = user.cancelled === true && user.withdrawalDate !== null && user.withdrawalDate < todayJst();
  return { tenant, role: user.role, ended };
}

/**
 * The caller's company, for company data. A payment role of invalid (0)
 * means no access at all; writing also needs a payment service user of
 * this company.
 */
export async function requireMember(db: Database, req: Request, { write }: { write: boolean }): Promise<string> {
  const { tenant, role, ended } = await membershipOf(db, req);
  if (role === PAYMENT_ROLE.invalid || (write && role === null)) {
    throw forbidden(write ? "この情報を変更する権限がありません。" : "この情報を見る権限がありません。");
  }
  // After the last day of a cancelled service the data stays readable (and exportable), never changed (ADR 022).
  if (write && ended) throw forbidden("ご利用期間が終了しているため、変更できません。データの閲覧とエクスポートはできます。");
  return tenant;
}

/** Owner-only endpoints (account, plan, users, permissions): the caller must be this company's owner. */
export async function requireOwner(db: Database, req: Request): Promise<string> {
  const { tenant, role } = await membershipOf(db, req);
  if (role !== PAYMENT_ROLE.owner) throw forbidden("この操作は企業の管理者（オーナー）だけが行えます。");
  return tenant;
}
