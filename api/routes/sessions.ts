import { Router } from "express";
import { revokeToken } from "../accounts/sessions";
import type { Database } from "../db/client";
import { unauthorized } from "../errors";
import { handler } from "./handler";

/** Sign-out: the caller's id token is refused from now on, by every instance, until it would have expired anyway. */
export function sessionRoutes(db: Database): Router {
  const router = Router();

  router.post(
    "/sessions/revoke",
    handler(async (req, res) => {
      const caller = req.caller;
      if (!caller) throw unauthorized();
      await revokeToken(db, caller);
      res.status(204).end();
    }),
  );

  return router;
}
