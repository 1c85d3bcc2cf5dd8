import { Router } from "express";
import { BANK_CODE, effectiveDateOf, PRODUCT_SLUG, type TermsText } from "../../domain/terms";
import { isKnownBank } from "../banks/config";
import type { Database } from "../db/client";
import { notFound } from "../errors";
import { currentIdTerms, currentProductTermsFor, type TermsRow } from "../terms";
import { handler } from "./handler";

const NO_TERMS = "規約が見つかりません。";

/** Only what a reader needs: no ids, kinds or bank codes of other rows leave the API unsigned-in. */
const present = (row: TermsRow): TermsText => ({ title: row.title, version: row.version, effective_date: effectiveDateOf(row.publishedAt), body: row.body });

/**
 * Terms anyone may read before signing in (the empty-layout /legal pages):
 * read-only, mounted before the token check.
 */
export function publicTermsRoutes(db: Database): Router {
  const router = Router();

  router.get(
    "/public/terms/bank/:bankCode",
    handler(async (req, res) => {
      const bankCode = String(req.params.bankCode);
      if (!BANK_CODE.test(bankCode)) throw notFound("銀行が見つかりません。");
      if (!(await isKnownBank(db, bankCode))) throw notFound("銀行が見つかりません。");
      const row = await currentProductTermsFor(db, PRODUCT_SLUG, bankCode);
      if (!row) throw notFound(NO_TERMS);
      res.json(present(row));
    }),
  );

  router.get(
    "/public/terms/kokopelli-id",
    handler(async (_req, res) => {
      const row = await currentIdTerms(db);
      if (!row) throw notFound(NO_TERMS);
      res.json(present(row));
    }),
  );

  // Anything else under here is unknown, not a call that lacks a token (which the next check would say).
  router.use("/public/terms", (_req, _res, next) => next(notFound("該当するAPIがありません。")));

  return router;
}
