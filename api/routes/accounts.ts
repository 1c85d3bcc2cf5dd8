import { Router } from "express";
import { accountVersionInputSchema, planChangeInputSchema, registrationInputSchema } from "../../domain/account-input";
import { todayJst } from "../../domain/datetime";
import { tenantOf } from "../auth";
import { idTokenOf, type BankService } from "../bank-service";
import type { Database } from "../db/client";
import { cancelSubscription, changePlan, planChangeOptions, register, registrationOptions, withdrawCancellation } from "../accounts/subscription";
import { forbidden } from "../errors";
import { requireOwner } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";

/**
 * Plan registration, plan change and cancellation (SPEC §2 /accounts, ADR
 * 022). Registration is open to the bank's company owner before the company
 * has a payment user; everything else to the company's owner.
 */
export function accountRoutes(db: Database, bankService: BankService, now: () => Date = () => new Date()): Router {
  const router = Router();
  const today = () => todayJst(now());

  router.get(
    "/accounts/registration",
    handler(async (req, res) => {
      const company = tenantOf(req.caller);
      res.json(await registrationOptions(db, bankService, { caller: req.caller!, company, idToken: idTokenOf(req) }, today()));
    }),
  );

  router.post(
    "/accounts/registration",
    handler(async (req, res) => {
      const company = tenantOf(req.caller);
      // The bank's company owner registers the company; a company user waits to be enabled by them.
      if (req.caller!.userType !== "company_owner") throw forbidden("プランのお申し込みは企業の代表者（オーナー）が行います。");
      const input = parseBody(registrationInputSchema, req.body);
      const schedule = await register(db, bankService, { caller: req.caller!, company, idToken: idTokenOf(req) }, input, today());
      res.status(201).json({ planId: input.plan_id, ...schedule });
    }),
  );

  for (const kind of ["addplan", "changeplan"] as const) {
    router.get(
      `/accounts/${kind}`,
      handler(async (req, res) => {
        const company = await requireOwner(db, req);
        res.json(await planChangeOptions(db, { company, bankCode: req.caller!.bankCode }, kind, today()));
      }),
    );

    router.post(
      `/accounts/${kind}`,
      handler(async (req, res) => {
        const company = await requireOwner(db, req);
        const input = parseBody(planChangeInputSchema, req.body);
        res.json(await changePlan(db, { company, bankCode: req.caller!.bankCode, userUniqueCode: req.caller!.userUniqueCode }, kind, input, today()));
      }),
    );
  }

  router.post(
    "/accounts/cancellation",
    handler(async (req, res) => {
      const company = await requireOwner(db, req);
      const input = parseBody(accountVersionInputSchema, req.body);
      res.json({ withdrawalDate: await cancelSubscription(db, company, req.caller!.userUniqueCode, input.version, today()) });
    }),
  );

  router.post(
    "/accounts/cancellation/withdraw",
    handler(async (req, res) => {
      const company = await requireOwner(db, req);
      const input = parseBody(accountVersionInputSchema, req.body);
      await withdrawCancellation(db, company, req.caller!.userUniqueCode, input.version, today());
      res.status(204).end();
    }),
  );

  return router;
}
