import { Router, type Request } from "express";
import { bankNoticeInput, bankSettingsInput, reservationInput } from "../../domain/admin-banks";
import { todayJst } from "../../domain/datetime";
import { adminActorOf, auditOf } from "../admin/audit";
import { bankDetail, listBanks, NOTICE_NOT_FOUND, updateBankSettings } from "../admin/banks";
import { publishNotice, withdrawNotice } from "../admin/notices";
import { cancelReservation, createReservation, findReservation, RESERVATION_NOT_FOUND, updateReservation, versionOf } from "../admin/reservations";
import { requireAdminScope, requireChangeableBank, requireVisibleBank } from "../admin/scope";
import type { Database } from "../db/client";
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
      await updateBankSettings(db, adminActorOf(req, scope), bankCode, input);
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
      const id = await createReservation(db, adminActorOf(req, scope), bankCode, input, today);
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
      await updateReservation(db, adminActorOf(req, scope), bankCode, id, version, input, today);
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
      await cancelReservation(db, adminActorOf(req, scope), bankCode, id, version, today);
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
      const notice = await publishNotice(db, adminActorOf(req, scope), bankCode, input);
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
      const notice = await withdrawNotice(db, adminActorOf(req, scope), bankCode, id, version);
      res.json(notice);
    }),
  );

  return router;
}
