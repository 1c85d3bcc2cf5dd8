import { Router } from "express";
import { z } from "zod";
import {
  BANK_ACCOUNT_TYPES,
  DELIVERY_SLIP_STATUSES,
  ESTIMATE_STATUSES,
  EXPORT_ENCODINGS,
  INVOICE_STATUSES,
  MAIL_STATUSES,
  MATCH_RESULTS,
  PLAN_IDS,
  RECEIPT_STATUSES,
  RECEIVE_FILTERS,
  ROUNDING_MODES,
  TAX_CATEGORIES,
  TAX_RATES,
  TAX_TYPES,
  WITHHOLDING_TYPES,
} from "../../domain/codes";
import { PAYMENT_ROLE, USER_TYPES } from "../../domain/roles";
import { planMaster } from "../accounts/plan-info";
import type { Database } from "../db/client";
import { notFound, validationFailed } from "../errors";
import { currentCookiePolicy, currentProductTermsFor, termsById } from "../terms";
import { handler } from "./handler";

const CONSTANTS = {
  taxTypes: TAX_TYPES,
  roundingModes: ROUNDING_MODES,
  withholdingTypes: WITHHOLDING_TYPES,
  taxRates: TAX_RATES,
  taxCategories: TAX_CATEGORIES,
  bankAccountTypes: BANK_ACCOUNT_TYPES,
  estimateStatuses: ESTIMATE_STATUSES,
  deliverySlipStatuses: DELIVERY_SLIP_STATUSES,
  invoiceStatuses: INVOICE_STATUSES,
  receiptStatuses: RECEIPT_STATUSES,
  mailStatuses: MAIL_STATUSES,
  planIds: PLAN_IDS,
  exportEncodings: EXPORT_ENCODINGS,
  receiveFilters: RECEIVE_FILTERS,
  matchResults: MATCH_RESULTS,
  userTypes: USER_TYPES.map((type) => ({ id: type, key: type })),
  paymentRoles: Object.entries(PAYMENT_ROLE).map(([key, id]) => ({ id, key })),
} as const;

const taxesQuery = z.object({ type: z.enum(["withholding"]).optional() });

/** Code lists, taxes, the plans master and terms: the same for every company. */
export function referenceRoutes(db: Database): Router {
  const router = Router();

  router.get("/constants", (_req, res) => {
    res.json(CONSTANTS);
  });

  router.get(
    "/taxes",
    handler(async (req, res) => {
      const query = taxesQuery.safeParse(req.query);
      if (!query.success) throw validationFailed({ type: ["形式が正しくありません"] });
      res.json(query.data.type === "withholding" ? WITHHOLDING_TYPES.filter((type) => type.key !== "disabled") : TAX_RATES);
    }),
  );

  router.get(
    "/master/service/plans",
    handler(async (_req, res) => {
      res.json(await planMaster(db));
    }),
  );

  router.get(
    "/terms/cookie",
    handler(async (_req, res) => {
      const cookieTerms = await currentCookiePolicy(db);
      if (!cookieTerms) throw notFound("Cookieポリシーが登録されていません。");
      res.json(cookieTerms);
    }),
  );

  router.get(
    "/terms/:id(\\d{1,9})",
    handler(async (req, res) => {
      const found = await termsById(db, Number(req.params.id));
      if (!found) throw notFound("規約が見つかりません。");
      res.json(found);
    }),
  );

  router.get(
    /^\/bank\/([a-z0-9_-]+)term$/,
    handler(async (req, res) => {
      const found = await currentProductTermsFor(db, req.params[0]!, req.caller!.bankCode);
      if (!found) throw notFound("規約が見つかりません。");
      res.json(found);
    }),
  );

  return router;
}
