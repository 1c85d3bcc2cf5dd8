import { Router } from "express";
import { z } from "zod";
import { normalizeIsoDate } from "../../domain/normalize";
import type { Database } from "../db/client";
import { requireDocumentScope } from "../membership";
import { PAYMENT_METHODS, cancelPayment, invoiceInScope, paymentSummary, recordPayment } from "../payments/store";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { actorOf, idParam } from "./params";

/** The largest amount the API takes: 12 digits, as the 全銀 取引金額 field; exact in a JavaScript number. */
const MAX_YEN = 999_999_999_999;

/** Whole yen as a JSON number or as digits (forms post text); no commas, decimals or signs. */
const yen = (min: number) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,12}$/, "半角数字（円単位）で入力してください。")])
    .pipe(z.coerce.number().int("円単位の整数で入力してください。").min(min).max(MAX_YEN));

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "日付はYYYY-MM-DDの形式で入力してください。")
  // normalizeIsoDate refuses 2026-02-30 and 2026-13-01 alike (a Date of the latter is invalid and would throw).
  .refine((value) => normalizeIsoDate(value) === value, "存在しない日付です。");

const cancelBody = z.object({ reason: z.string().trim().max(200, "取消の理由は200文字以内で入力してください。").optional() });

const paymentBody = z.object({
  paid_on: isoDate,
  amount: yen(1),
  fee: yen(0).optional().default(0),
  method: z.enum(PAYMENT_METHODS),
});

/** GET/POST /documents/:id/payments (issue 19 item 3, decision 029): an invoice's payments and balance, in the caller's document scope. */
export function paymentRoutes(db: Database): Router {
  const router = Router();
  router.get(
    "/documents/:id/payments",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const invoice = await invoiceInScope(db, scope, idParam(req, "請求書が見つかりません。"));
      res.json(await paymentSummary(db, invoice));
    }),
  );
  router.post(
    "/documents/:id/payments",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const id = idParam(req, "請求書が見つかりません。");
      const body = parseBody(paymentBody, req.body);
      const summary = await recordPayment(db, scope, id, { paidOn: body.paid_on, amount: body.amount, fee: body.fee, method: body.method }, actorOf(req));
      res.status(201).json(summary);
    }),
  );
  router.post(
    "/documents/:id/payments/:paymentId/cancel",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const id = idParam(req, "請求書が見つかりません。");
      const paymentId = idParam(req, "入金の記録が見つかりません。", "paymentId");
      const { reason } = parseBody(cancelBody, req.body ?? {});
      res.json(await cancelPayment(db, scope, id, paymentId, reason || null, actorOf(req)));
    }),
  );
  return router;
}
