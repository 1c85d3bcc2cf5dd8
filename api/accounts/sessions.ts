import { lt } from "drizzle-orm";
import type { Database } from "../db/client";
import { revokedTokens } from "../db/schema";

/** Sign-out: an id token is refused from now on, by every instance, until it would have expired anyway. */

export async function revokeToken(db: Database, token: { tokenHash: string; expiresAt: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    // Tokens past their expiry are refused by the check itself: their rows go.
    await tx.delete(revokedTokens).where(lt(revokedTokens.expiresAt, new Date()));
    await tx.insert(revokedTokens).values({ tokenHash: token.tokenHash, expiresAt: token.expiresAt }).onConflictDoNothing();
  });
}
