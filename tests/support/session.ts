import { getSessionStorage } from "~/services/session.server";
import type { SessionUser } from "~/session-user";

/**
 * A session cookie for a user, signed the way the server signs it (the test
 * and the server share SESSION_SECRET). Returns the `name=value` pair.
 */
export async function sessionCookieFor(
  user: SessionUser,
  {
    idToken = "test-id-token",
    expiresAt = Math.floor(Date.now() / 1000) + 3600,
    signedInAt = Math.floor(Date.now() / 1000),
    seenAt = Math.floor(Date.now() / 1000),
  }: { idToken?: string; expiresAt?: number; signedInAt?: number; seenAt?: number } = {},
): Promise<{ name: string; value: string }> {
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("user", user);
  session.set("idToken", idToken);
  session.set("idTokenExpiresAt", expiresAt);
  session.set("signedInAt", signedInAt);
  session.set("seenAt", seenAt);
  const setCookie = await storage.commitSession(session);
  const pair = setCookie.split(";")[0]!;
  const separator = pair.indexOf("=");
  return { name: pair.slice(0, separator), value: pair.slice(separator + 1) };
}
