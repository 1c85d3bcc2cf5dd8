import { and, asc, eq, sql } from "drizzle-orm";
import { isLastOwner, type PermissionsInput } from "../../domain/account-users";
import { todayJst } from "../../domain/datetime";
import { PAYMENT_ROLE } from "../../domain/roles";
import { personName } from "../auth";
import type { BankService } from "../bank-service";
import type { Database } from "../db/client";
import { companyPlans, paymentServiceUsers } from "../db/schema";
import { conflict, notFound, violatesUniqueIndex } from "../errors";

/**
 * The company's payment service users for its owner (decision 024): one or
 * all, a role change, a bank user of the company enabled, what each sees.
 * The company is always the caller's, from the token.
 */

export type PaymentUserRow = typeof paymentServiceUsers.$inferSelect;

export const USER_NOT_FOUND = "ユーザーが見つかりません。";
const STALE = "ほかの操作でこのユーザーの設定が変更されています。最新の内容を確認してから、もう一度操作してください。";
const LAST_OWNER = "オーナーが1人だけのため、このユーザーをオーナーから外すことはできません。先にほかの利用者をオーナーにしてください。";

/** The company's payment service users, locked until the transaction ends: role changes of one company queue, so two of them cannot remove both of the last two owners. */
function lockedUsersOf(tx: Pick<Database, "select">, tenant: string) {
  return tx.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.companyUniqueCode, tenant)).for("update");
}

function usersInOrder(db: Pick<Database, "select">, tenant: string) {
  return db.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.companyUniqueCode, tenant)).orderBy(asc(paymentServiceUsers.role), asc(paymentServiceUsers.userUniqueCode));
}

/** The caller signed in: the time is kept on their payment service user, which is answered. */
/**
 * `name` and `email` as the identity provider gives them now: histories that keep only a person's code name them by it,
 * and approval mails go to the address (decision 049).
 */
export async function recordSignIn(db: Database, tenant: string, userUniqueCode: string, { name, email }: { name: string | null; email: string | null }): Promise<PaymentUserRow> {
  const [user] = await db
    .update(paymentServiceUsers)
    .set({ lastSignedInAt: sql`now()`, ...(name ? { name } : {}), ...(email ? { email } : {}) })
    .where(and(eq(paymentServiceUsers.userUniqueCode, userUniqueCode), eq(paymentServiceUsers.companyUniqueCode, tenant)))
    .returning();
  if (!user) throw notFound("決済サービスのユーザーが見つかりません。");
  return user;
}

/** The company's users, owners first. */
export function companyUsersOf(db: Database, tenant: string): Promise<PaymentUserRow[]> {
  return usersInOrder(db, tenant);
}

export async function companyUserOf(db: Database, tenant: string, code: string): Promise<PaymentUserRow> {
  const [row] = await db
    .select()
    .from(paymentServiceUsers)
    .where(and(eq(paymentServiceUsers.companyUniqueCode, tenant), eq(paymentServiceUsers.userUniqueCode, code)));
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

/** The company always keeps an owner: the last one can be neither demoted nor disabled, not even by themself. */
export async function changeRole(db: Database, tenant: string, code: string, change: { role: number; version: number }): Promise<PaymentUserRow> {
  return db.transaction(async (tx) => {
    const users = await lockedUsersOf(tx, tenant);
    const target = users.find((user) => user.userUniqueCode === code);
    if (!target) throw notFound(USER_NOT_FOUND);
    if (target.version !== change.version) throw conflict(STALE);
    if (target.role === change.role) return target;
    if (isLastOwner(target, users)) throw conflict(LAST_OWNER);
    const [changed] = await tx
      .update(paymentServiceUsers)
      .set({ role: change.role, version: target.version + 1, updatedAt: new Date() })
      .where(eq(paymentServiceUsers.id, target.id))
      .returning();
    return changed!;
  });
}

/**
 * A bank user of the company starts using the product as a company user. The bank says who its company's users are,
 * asked with the owner's own token (decision 037): a code of another company, of bank staff or of nobody is one answer.
 */
export async function enableUser(db: Database, bankService: BankService, idToken: string, tenant: string, code: string): Promise<PaymentUserRow> {
  const bankUser = await bankService.companyUser(idToken, code);
  const companyUser = bankUser?.ba_user_type === "company_user" || bankUser?.ba_user_type === "company_owner";
  if (!bankUser || !companyUser || bankUser.ba_user_unique_code !== code || bankUser.ba_company_unique_code !== tenant) throw notFound(USER_NOT_FOUND);
  const [plan] = await db.select({ planId: companyPlans.planId }).from(companyPlans).where(eq(companyPlans.companyUniqueCode, tenant));
  try {
    const [row] = await db
      .insert(paymentServiceUsers)
      .values({ userUniqueCode: code, companyUniqueCode: tenant, role: PAYMENT_ROLE.user, planId: plan?.planId ?? 0, useStartDate: todayJst(), name: personName(bankUser), email: bankUser.ba_user_email || null })
      .returning();
    return row!;
  } catch (error) {
    if (violatesUniqueIndex(error, "payment_service_users_user_idx")) throw conflict("このユーザーはすでに登録されています。");
    throw error;
  }
}

/** Each changed line carries the version it was read at; one stale line refuses the whole form, so nothing is half saved. */
export async function savePermissions(db: Database, tenant: string, lines: PermissionsInput["users"]): Promise<PaymentUserRow[]> {
  return db.transaction(async (tx) => {
    const users = await lockedUsersOf(tx, tenant);
    for (const line of lines) {
      const target = users.find((user) => user.userUniqueCode === line.user_unique_code);
      if (!target) throw notFound(USER_NOT_FOUND);
      if (target.referenceId === line.reference_id && target.receiveReferenceId === line.receive_reference_id) continue;
      if (target.version !== line.version) throw conflict(STALE);
      await tx
        .update(paymentServiceUsers)
        .set({ referenceId: line.reference_id, receiveReferenceId: line.receive_reference_id, version: target.version + 1, updatedAt: new Date() })
        .where(eq(paymentServiceUsers.id, target.id));
    }
    return usersInOrder(tx, tenant);
  });
}
