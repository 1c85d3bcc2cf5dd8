import { Router, type Request } from "express";
import { and, asc, eq, sql } from "drizzle-orm";
import { isLastOwner, permissionsSchema, roleChangeSchema, USER_CODE_PATTERN } from "../../domain/account-users";
import { todayJst } from "../../domain/datetime";
import { PAYMENT_ROLE } from "../../domain/roles";
import { tenantOf } from "../auth";
import { idTokenOf, type BankService } from "../bank-service";
import type { Database } from "../db/client";
import { companyPlans, paymentServiceUsers } from "../db/schema";
import { conflict, notFound, violatesUniqueIndex } from "../errors";
import { requireOwner } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";

type PaymentUserRow = typeof paymentServiceUsers.$inferSelect;

const NOT_FOUND = "ユーザーが見つかりません。";
const STALE = "ほかの操作でこのユーザーの設定が変更されています。最新の内容を確認してから、もう一度操作してください。";
const LAST_OWNER = "オーナーが1人だけのため、このユーザーをオーナーから外すことはできません。先にほかの利用者をオーナーにしてください。";

/** A user code from the path; one that cannot be a code is answered like one that is not there. */
function userCode(req: Request): string {
  const code = req.params.code ?? "";
  if (!USER_CODE_PATTERN.test(code)) throw notFound(NOT_FOUND);
  return code;
}

/** What the owner's pages show of a payment service user. */
function presentUser(row: PaymentUserRow) {
  return {
    userUniqueCode: row.userUniqueCode,
    role: row.role,
    registrationStatus: row.registrationStatus,
    referenceId: row.referenceId,
    receiveReferenceId: row.receiveReferenceId,
    lastSignedInAt: row.lastSignedInAt,
    version: row.version,
  };
}

/** The company's payment service users, locked until the transaction ends: role changes of one company queue, so two of them cannot remove both of the last two owners. */
function lockedUsersOf(tx: Pick<Database, "select">, tenant: string) {
  return tx.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.companyUniqueCode, tenant)).for("update");
}

/**
 * The company's payment service users for its owner (decision 024): list one
 * or all, change a role, enable a bank user of the company, set what each
 * sees. The company is always the caller's, from the token.
 */
export function accountUserRoutes(db: Database, bankService: BankService): Router {
  const router = Router();

  // Called by the sign-in callback instead of GET /user_service/me: the same answer, and the sign-in recorded.
  router.post(
    "/user_service/signed_in",
    handler(async (req, res) => {
      const tenant = tenantOf(req.caller);
      const [user] = await db
        .update(paymentServiceUsers)
        .set({ lastSignedInAt: sql`now()` })
        .where(and(eq(paymentServiceUsers.userUniqueCode, req.caller!.userUniqueCode), eq(paymentServiceUsers.companyUniqueCode, tenant)))
        .returning();
      if (!user) throw notFound("決済サービスのユーザーが見つかりません。");
      res.json(user);
    }),
  );

  router.get(
    "/user_service/users",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      const rows = await db
        .select()
        .from(paymentServiceUsers)
        .where(eq(paymentServiceUsers.companyUniqueCode, tenant))
        .orderBy(asc(paymentServiceUsers.role), asc(paymentServiceUsers.userUniqueCode));
      res.json({ users: rows.map(presentUser) });
    }),
  );

  router.get(
    "/user_service/users/:code",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      const [row] = await db
        .select()
        .from(paymentServiceUsers)
        .where(and(eq(paymentServiceUsers.companyUniqueCode, tenant), eq(paymentServiceUsers.userUniqueCode, userCode(req))));
      if (!row) throw notFound(NOT_FOUND);
      res.json(presentUser(row));
    }),
  );

  // The company always keeps an owner: the last one can be neither demoted nor disabled, not even by themself.
  router.post(
    "/user_service/users/:code/role",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      const code = userCode(req);
      const { role, version } = parseBody(roleChangeSchema, req.body);
      const row = await db.transaction(async (tx) => {
        const users = await lockedUsersOf(tx, tenant);
        const target = users.find((user) => user.userUniqueCode === code);
        if (!target) throw notFound(NOT_FOUND);
        if (target.version !== version) throw conflict(STALE);
        if (target.role === role) return target;
        if (isLastOwner(target, users)) throw conflict(LAST_OWNER);
        const [changed] = await tx
          .update(paymentServiceUsers)
          .set({ role, version: target.version + 1, updatedAt: new Date() })
          .where(eq(paymentServiceUsers.id, target.id))
          .returning();
        return changed!;
      });
      res.json(presentUser(row));
    }),
  );

  // A bank user of the company starts using the product as a company user. The bank says who its company's users are,
  // asked here with the owner's own token (decision 037): a code of another company, of bank staff or of nobody is one answer.
  router.post(
    "/user_service/users/:code/enable",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      const code = userCode(req);
      const bankUser = await bankService.companyUser(idTokenOf(req), code);
      const companyUser = bankUser?.ba_user_type === "company_user" || bankUser?.ba_user_type === "company_owner";
      if (!bankUser || !companyUser || bankUser.ba_user_unique_code !== code || bankUser.ba_company_unique_code !== tenant) throw notFound(NOT_FOUND);
      const [plan] = await db.select({ planId: companyPlans.planId }).from(companyPlans).where(eq(companyPlans.companyUniqueCode, tenant));
      try {
        const [row] = await db
          .insert(paymentServiceUsers)
          .values({ userUniqueCode: code, companyUniqueCode: tenant, role: PAYMENT_ROLE.user, planId: plan?.planId ?? 0, useStartDate: todayJst() })
          .returning();
        res.status(201).json(presentUser(row!));
      } catch (error) {
        if (violatesUniqueIndex(error, "payment_service_users_user_idx")) throw conflict("このユーザーはすでに登録されています。");
        throw error;
      }
    }),
  );

  // Each changed line carries the version it was read at; one stale line refuses the whole form, so nothing is half saved.
  router.post(
    "/user_service/permissions",
    handler(async (req, res) => {
      const tenant = await requireOwner(db, req);
      const { users: lines } = parseBody(permissionsSchema, req.body);
      const rows = await db.transaction(async (tx) => {
        const users = await lockedUsersOf(tx, tenant);
        for (const line of lines) {
          const target = users.find((user) => user.userUniqueCode === line.user_unique_code);
          if (!target) throw notFound(NOT_FOUND);
          if (target.referenceId === line.reference_id && target.receiveReferenceId === line.receive_reference_id) continue;
          if (target.version !== line.version) throw conflict(STALE);
          await tx
            .update(paymentServiceUsers)
            .set({ referenceId: line.reference_id, receiveReferenceId: line.receive_reference_id, version: target.version + 1, updatedAt: new Date() })
            .where(eq(paymentServiceUsers.id, target.id));
        }
        return tx.select().from(paymentServiceUsers).where(eq(paymentServiceUsers.companyUniqueCode, tenant)).orderBy(asc(paymentServiceUsers.role), asc(paymentServiceUsers.userUniqueCode));
      });
      res.json({ users: rows.map(presentUser) });
    }),
  );

  return router;
}
