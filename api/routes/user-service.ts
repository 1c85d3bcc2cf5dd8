import { Router } from "express";
import { tenantOf } from "../auth";
import type { Database } from "../db/client";
import { todayJst } from "../../domain/datetime";
import { ownPaymentUser, paymentInfosOf, planInfoOf } from "../accounts/plan-info";
import { requireMember } from "../membership";
import { handler } from "./handler";

/** The caller's payment service user, plan info and payment info (SPEC §7). */
export function userServiceRoutes(db: Database, now: () => Date = () => new Date()): Router {
  const router = Router();

  router.get(
    "/user_service/me",
    handler(async (req, res) => {
      const tenant = tenantOf(req.caller);
      res.json(await ownPaymentUser(db, tenant, req.caller!.userUniqueCode));
    }),
  );

  router.get(
    "/user_service/planinfo",
    handler(async (req, res) => {
      // A payment user made invalid (role 0) sees nothing of the company, its plan included.
      const company = await requireMember(db, req, { write: false });
      res.json(await planInfoOf(db, company, todayJst(now())));
    }),
  );

  router.get(
    "/payment_company/list",
    handler(async (req, res) => {
      const company = await requireMember(db, req, { write: false });
      res.json(await paymentInfosOf(db, company));
    }),
  );

  return router;
}
