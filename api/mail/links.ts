import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The link a recipient gets: the mail's id and an expiry, signed with the
 * server's secret (HMAC-SHA256), so it cannot be altered or guessed and stops
 * working on its date. Nothing is stored per link.
 */
export type LinkSigner = {
  sign(mailId: number, expiresAt: Date): string;
  /** The mail id, or why the token is refused. */
  verify(token: string, now?: Date): { ok: true; mailId: number; expiresAt: Date } | { ok: false; reason: "forged" | "expired" };
};

const TOKEN = /^(\d{1,10})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export function createLinkSigner(secret: string): LinkSigner {
  const mac = (payload: string) => createHmac("sha256", secret).update(`view-pdf:${payload}`).digest("base64url");
  return {
    sign(mailId, expiresAt) {
      const payload = `${mailId}.${Math.floor(expiresAt.getTime() / 1000)}`;
      return `${payload}.${mac(payload)}`;
    },
    verify(token, now = new Date()) {
      const match = TOKEN.exec(token);
      if (!match) return { ok: false, reason: "forged" };
      const [, mailId, expires, signature] = match;
      const expected = Buffer.from(mac(`${mailId}.${expires}`));
      if (!timingSafeEqual(expected, Buffer.from(signature!))) return { ok: false, reason: "forged" };
      const expiresAt = new Date(Number(expires) * 1000);
      if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: "expired" };
      return { ok: true, mailId: Number(mailId), expiresAt };
    },
  };
}
