import { Router } from "express";
import { eq } from "drizzle-orm";
import { tenantOf } from "../auth";
import type { Database } from "../db/client";
import { banks } from "../db/schema";
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
      const [config] = await db
        .select({
          bankCode: banks.bankCode,
          baName: banks.baName,
          enablePaymentReceive: banks.enablePaymentReceive,
          checkPaymentMethodFilled: banks.checkPaymentMethodFilled,
          isPaymentMethodFilled: banks.isPaymentMethodFilled,
        })
        .from(banks)
        .where(eq(banks.bankCode, req.caller!.bankCode))
        .limit(1);
      if (!config) throw notFound("銀行の設定が見つかりません。");
      res.json(config);
    }),
  );
  return router;
}
