import type { Request } from "express";
import { and, desc, eq, like, or } from "drizzle-orm";
import type { Database } from "../db/client";
import { adminAuditLog } from "../db/schema";
import type { AdminScope } from "./scope";

type Writer = Pick<Database, "insert">;

export type AdminAction =
  | "sign_in"
  | "bank_setting.update"
  | "free_trial_reservation.create"
  | "free_trial_reservation.update"
  | "free_trial_reservation.cancel"
  | "bank_notice.create"
  | "bank_notice.withdraw"
  | "companies.export";

/** A member of bank staff acting, as the audit keeps them: their scope, the request's trace id and its log. */
export type AdminActor = { scope: AdminScope; traceId: string | null; log?: Pick<NonNullable<Request["log"]>, "info"> };

export function adminActorOf(req: Request, scope: AdminScope): AdminActor {
  return { scope, traceId: req.id === undefined || req.id === "" ? null : String(req.id), log: req.log };
}

/**
 * Keeps what a member of bank staff did (decision 027): who, in which role
 * and bank, on which bank's data, the record before and after, and the
 * request's trace id; and writes the same to the log.
 */
export async function recordAdminAction(
  db: Writer,
  { scope, traceId, log }: AdminActor,
  entry: {
    bankCode: string;
    action: AdminAction;
    target: string | null;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await db.insert(adminAuditLog).values({
    bankCode: entry.bankCode,
    actorUserUniqueCode: scope.caller.userUniqueCode,
    actorName: scope.caller.name,
    actorUserType: scope.caller.userType,
    actorBankCode: scope.caller.bankCode,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    traceId,
  });
  log?.info(
    {
      admin: {
        action: entry.action,
        target: entry.target,
        bankCode: entry.bankCode,
        userType: scope.caller.userType,
        user: scope.caller.userUniqueCode,
      },
    },
    "admin action",
  );
}

/** What a detail page's audit shows: a target, or every target of a kind (`{ startsWith: "bank_notice:" }`). */
export type AuditTarget = string | { startsWith: string };

/** The audit entries of the targets a detail page shows, newest first. */
export async function auditOf(db: Database, bankCode: string, targets: AuditTarget[], limit = 50) {
  const matches = targets.map((target) => (typeof target === "string" ? eq(adminAuditLog.target, target) : like(adminAuditLog.target, `${target.startsWith}%`)));
  return db
    .select({
      id: adminAuditLog.id,
      action: adminAuditLog.action,
      actorUserUniqueCode: adminAuditLog.actorUserUniqueCode,
      actorName: adminAuditLog.actorName,
      actorUserType: adminAuditLog.actorUserType,
      actorBankCode: adminAuditLog.actorBankCode,
      before: adminAuditLog.before,
      after: adminAuditLog.after,
      traceId: adminAuditLog.traceId,
      occurredAt: adminAuditLog.occurredAt,
    })
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.bankCode, bankCode), or(...matches)))
    .orderBy(desc(adminAuditLog.occurredAt), desc(adminAuditLog.id))
    .limit(limit);
}
