import { Router } from "express";
import type { Database } from "../db/client";
import { requireDocumentScope } from "../membership";
import { ReportCache } from "../reports/cache";
import { topSummary } from "../top/summary";
import { handler } from "./handler";

/** GET /top: the company's TOP page figures, in the caller's document scope (decision 024). */
export function topRoutes(db: Database): Router {
  const router = Router();
  const cache = new ReportCache();
  router.get(
    "/top",
    handler(async (req, res) => {
      const scope = await requireDocumentScope(db, req, { write: false });
      res.json(await topSummary(db, cache, scope, req.caller!.bankCode));
    }),
  );
  return router;
}
