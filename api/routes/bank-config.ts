import { Router } from "express";
import { tenantOf } from "../auth";
import { bankConfigOf } from "../banks/config";
import type { Database } from "../db/client";
import { notFound } from "../errors";
import { handler } from "./handler";

/**
 * The caller's bank config (SPEC §3) as the product holds it: the pages read
 * `enable_payment_receive` here for the receive menu and check, so the bank
 * admin's switch takes effect without the company signing in again.
 */
export function bankConfigRoutes(db: Database): Router {
  const router = Router();
  router.get(
    "/bank/config",
    handler(async (req, res) => {
      // A company caller's endpoint: bank staff have the admin area's.
      tenantOf(req.caller);
      const config = await bankConfigOf(db, req.caller!.bankCode);
      if (!config) throw notFound("銀行の設定が見つかりません。");
      res.json(config);
    }),
  );
  return router;
}
