import { Router } from "express";
import { requestsBy, waitingFor } from "../approvals/flow";
import type { Database } from "../db/client";
import { requireScopeAndApprover } from "../membership";
import { ReportCache } from "../reports/cache";
import { topSummary } from "../top/summary";
import { handler } from "./handler";

/** What TOP lists of approvals: the first few waiting for the caller (the count is of all), and the caller's own latest requests. */
const APPROVALS_SHOWN = 5;

/**
 * GET /top: the company's TOP page figures, in the caller's document scope (decision 024), with 承認待ち and the
 * outcome of the caller's own requests (decision 049), so TOP asks the API once.
 */
export function topRoutes(db: Database): Router {
  const router = Router();
  const cache = new ReportCache();
  router.get(
    "/top",
    handler(async (req, res) => {
      const { scope, approver } = await requireScopeAndApprover(db, req, { write: false });
      const [summary, waiting, mine] = await Promise.all([topSummary(db, cache, scope, req.caller!.bankCode), waitingFor(db, scope.tenant, approver), requestsBy(db, scope.tenant, approver.userCode)]);
      res.json({
        ...summary,
        approvals: {
          waiting: { count: waiting.count, items: waiting.items.slice(0, APPROVALS_SHOWN) },
          mine: mine.items.filter((request) => request.status !== "withdrawn").slice(0, APPROVALS_SHOWN),
        },
      });
    }),
  );
  return router;
}
