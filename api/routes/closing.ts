import { Router } from "express";
import { z } from "zod";
import { CLOSING_LINE_MODES } from "../../domain/closing";
import { requiredDate } from "../../domain/form-fields";
import { closingCandidates, closingInvoicesOn, closingLinksOf, mergeClosingInvoices, settledLineMode } from "../billing/closing";
import type { Database } from "../db/client";
import { requireDocumentScope } from "../membership";
import { parseBody } from "../validation";
import { handler } from "./handler";
import { idParam } from "./params";

const candidatesQuery = z.object({ closing_date: requiredDate });

const CUSTOMER_ID = "取引先の指定が正しくありません。";
const customerId = z.coerce.number({ invalid_type_error: CUSTOMER_ID }).int(CUSTOMER_ID).positive(CUSTOMER_ID).max(2_147_483_647, CUSTOMER_ID);

const mergeBody = z.object({
  closing_date: requiredDate,
  // Absent: every customer closing on the date; a form's single checkbox arrives as one value, not a list.
  customer_ids: z
    .preprocess((value) => (value === undefined || Array.isArray(value) ? value : [value]), z.array(customerId).max(1000, "一度に選べる取引先は1,000社までです。").optional())
    .refine((ids) => ids === undefined || ids.length > 0, "取引先を選んでください。"),
  // Absent: as the invoice settings (帳票設定) say.
  line_mode: z.enum(CLOSING_LINE_MODES, { errorMap: () => ({ message: "明細のまとめ方を選んでください。" }) }).optional(),
});

/** 合算請求 (issue 19 item 1, decision 030): candidates and merges in the caller's document scope, and the links both ways. */
export function closingRoutes(db: Database): Router {
  const router = Router();
  router.get(
    "/closing-invoices",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const { closing_date: closingDate } = parseBody(candidatesQuery, req.query);
      res.json(await closingCandidates(db, scope, closingDate));
    }),
  );
  router.get(
    "/closing-invoices/made",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      const { closing_date: closingDate } = parseBody(candidatesQuery, req.query);
      res.json(await closingInvoicesOn(db, scope, closingDate));
    }),
  );
  router.post(
    "/closing-invoices",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: true });
      const body = parseBody(mergeBody, req.body);
      const result = await mergeClosingInvoices(
        db,
        scope,
        { closingDate: body.closing_date, customerIds: body.customer_ids ?? null, lineMode: body.line_mode ?? (await settledLineMode(db, scope.tenant)) },
        { code: req.caller!.userUniqueCode, name: req.caller!.name },
      );
      res.status(result.created.length > 0 ? 201 : 200).json(result);
    }),
  );
  router.get(
    "/documents/:id/closing-links",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      res.json(await closingLinksOf(db, scope, idParam(req, "書類が見つかりません。")));
    }),
  );
  return router;
}
