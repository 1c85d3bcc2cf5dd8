import { Router, type Request } from "express";
import { and, eq } from "drizzle-orm";
import { bankNoticeInput, bankSettingsInput, jstDateTime, reservationInput } from "../../domain/admin-banks";
import { todayJst } from "../../domain/datetime";
import { auditOf, recordAdminAction } from "../admin/audit";
import { bankDetail, listBanks, NOTICE_NOT_FOUND, updateBankSettings } from "../admin/banks";
import { cancelReservation, createReservation, findReservation, RESERVATION_NOT_FOUND, updateReservation, versionOf } from "../admin/reservations";
import { requireAdminScope, requireChangeableBank, requireVisibleBank } from "../admin/scope";
import type { Database } from "../db/client";
import { bankNotices } from "../db/schema";
import { conflict, notFound } from "../errors";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { editVersionOf } from "./master-records";
import { idParam } from "./params";

const bankCodeOf = (req: Request) => req.params.bankCode ?? "";
const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

/**
 * Bank settings, free-trial reservations and notices (decision 027): read by
 * every member of bank staff for the banks they see, changed only by system
 * and bank admins; every change is kept in the audit trail with before and after.
 */
export function adminBankRoutes(db: Database): Router {
  const router = Router();

  router.get(
    "/admin/banks",
    handler(async (req, res) => {
      res.json(await listBanks(db, requireAdminScope(req)));
    }),
  );

  router.get(
    "/admin/banks/:bankCode",
    handler(async (req, res) => {
      const scope = requireAdminScope(req);
      const bankCode = requireVisibleBank(scope, bankCodeOf(req));
      res.json(await bankDetail(db, scope, bankCode, todayJst()));
    }),
  );

  router.post(
    "/admin/banks/:bankCode",
    handler(async (req, res) => {
      const scope = requireAdminScope(req);
      const bankCode = requireChangeableBank(scope, bankCodeOf(req));
      editVersionOf(body(req));
      const input = parseBody(bankSettingsInput, body(req));
      await db.transaction(async (tx) => {
        const { before, after } = await updateBankSettings(tx, bankCode, input);
        await recordAdminAction(tx, req, scope, {
          bankCode,
          action: "bank_setting.update",
          target: `bank:${bankCode}`,
          before,
          after,
        });
      });
      res.json(await bankDetail(db, scope, bankCode, todayJst()));
    }),
  );

  router.post(
    "/admin/banks/:bankCode/free-trial-reservations",
    handler(async (req, res) => {
      const scope = requireAdminScope(req);
      const bankCode = requireChangeableBank(scope, bankCodeOf(req));
      const input = parseBody(reservationInput, body(req));
      const today = todayJst();
      const id = await db.transaction(async (tx) => {
        const { row, after } = await createReservation(tx, bankCode, input, scope.caller.userUniqueCode, today);
        await recordAdminAction(tx, req, scope, {
          bankCode,
          action: "free_trial_reservation.create",
          target: `free_trial_reservation:${row.id}`,
          after,
        });
        return row.id;
      });
      res.status(201).json(await reservationDetail(bankCode, id, today));
    }),
  );

  const reservationDetail = async (bankCode: string, id: number, today: string) => ({
    ...(await findReservation(db, bankCode, id, today)),
    audit: await auditOf(db, bankCode, [`free_trial_reservation:${id}`]),
  });

  router.get(
    "/admin/banks/:bankCode/free-trial-reservations/:id",
    handler(async (req, res) => {
      const scope = requireAdminScope(req);
      const bankCode = requireVisibleBank(scope, bankCodeOf(req));
      const id = idParam(req, RESERVATION_NOT_FOUND);
      res.json({
        ...(await reservationDetail(bankCode, id, todayJst())),
        canChange: scope.canChange,
      });
    }),
  );

  router.post(
    "/admin/banks/:bankCode/free-trial-reservations/:id",
    handler(async (req, res) => {
      const scope = requireAdminScope(req);
      const bankCode = requireChangeableBank(scope, bankCodeOf(req));
      const id = idParam(req, RESERVATION_NOT_FOUND);
      const version = editVersionOf(body(req));
      const input = parseBody(reservationInput, body(req));
      const today = todayJst();
      await db.transaction(async (tx) => {
        const change = await updateReservation(tx, bankCode, id, version, input, today);
        await recordAdminAction(tx, req, scope, {
          bankCode,
          action: "free_trial_reservation.update",
          target: `free_trial_reservation:${id}`,
          ...change,
        });
      });
      res.json({
        ...(await reservationDetail(bankCode, id, today)),
        canChange: true,
      });
    }),
  );

  router.post(
    "/admin/banks/:bankCode/free-trial-reservations/:id/cancel",
    handler(async (req, res) => {
      const scope = requireAdminScope(req);
      const bankCode = requireChangeableBank(scope, bankCodeOf(req));
      const id = idParam(req, RESERVATION_NOT_FOUND);
      const version = versionOf(body(req));
      const today = todayJst();
      await db.transaction(async (tx) => {
        const change = await cancelReservation(tx, bankCode, id, version, today);
        await recordAdminAction(tx, req, scope, {
          bankCode,
          action: "free_trial_reservation.cancel",
          target: `free_trial_reservation:${id}`,
          ...change,
        });
      });
      res.json({
        ...(await reservationDetail(bankCode, id, today)),
        canChange: true,
      });
    }),
  );

  router.post(
    "/admin/banks/:bankCode/notices",
    handler(async (req, res) => {
      const scope = requireAdminScope(req);
      const bankCode = requireChangeableBank(scope, bankCodeOf(req));
      const input = parseBody(bankNoticeInput, body(req));
      const maintenance = input.kind === "maintenance";
      const notice = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(bankNotices)
          .values({
            bankCode,
            kind: input.kind,
            title: input.title,
            body: input.body,
            startsAt: maintenance ? jstDateTime(input.starts_at) : null,
            endsAt: maintenance ? jstDateTime(input.ends_at) : null,
            publishFrom: input.publish_from,
            publishUntil: input.publish_until,
            createdBy: scope.caller.userUniqueCode,
          })
          .returning();
        await recordAdminAction(tx, req, scope, {
          bankCode,
          action: "bank_notice.create",
          target: `bank_notice:${row!.id}`,
          after: { ...input, id: row!.id },
        });
        return row!;
      });
      res.status(201).json(notice);
    }),
  );

  router.post(
    "/admin/banks/:bankCode/notices/:id/withdraw",
    handler(async (req, res) => {
      const scope = requireAdminScope(req);
      const bankCode = requireChangeableBank(scope, bankCodeOf(req));
      const id = idParam(req, NOTICE_NOT_FOUND);
      const version = versionOf(body(req));
      const notice = await db.transaction(async (tx) => {
        const where = and(eq(bankNotices.id, id), eq(bankNotices.bankCode, bankCode));
        const [current] = await tx.select().from(bankNotices).where(where).for("update");
        if (!current) throw notFound(NOTICE_NOT_FOUND);
        if (current.withdrawnAt) throw conflict("このお知らせはすでに取り下げられています。");
        if (current.version !== version) throw conflict("ほかの操作でこのお知らせが更新されています。画面を読み込み直してから操作してください。");
        const [row] = await tx
          .update(bankNotices)
          .set({
            withdrawnAt: new Date(),
            version: current.version + 1,
            updatedAt: new Date(),
          })
          .where(where)
          .returning();
        await recordAdminAction(tx, req, scope, {
          bankCode,
          action: "bank_notice.withdraw",
          target: `bank_notice:${id}`,
          before: { title: current.title, withdrawn_at: null },
          after: {
            title: current.title,
            withdrawn_at: row!.withdrawnAt!.toISOString(),
          },
        });
        return row!;
      });
      res.json(notice);
    }),
  );

  return router;
}
