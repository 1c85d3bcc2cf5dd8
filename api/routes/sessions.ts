import { Router } from "express";
import { eq, lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { revokedTokens } from "../db/schema";
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
      await db.transaction(async (tx) => {
        await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
        await tx.insert(revokedTokens).values({ tokenHash: caller.tokenHash, expiresAt: caller.expiresAt }).onConflictDoNothing();
      });
      res.status(204).end();
    }),
  );

  return router;
}

/** What the token check asks: whether sign-out ended this token. */
export function revocationCheck(db: Database) {
  return async (tokenHash: string) => {
    const [row] = await db.select({ tokenHash: revokedTokens.tokenHash }).from(revokedTokens).where(eq(revokedTokens.tokenHash, tokenHash)).limit(1);
    return row !== undefined;
  };
}
