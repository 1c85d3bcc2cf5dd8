import { createCookie } from "@remix-run/node";
import { getConfig } from "./config.server";

/** What a form sent when its session had expired, kept until the user is back at the form. */
export type PendingSubmission = { path: string; fields: Record<string, string | string[]> };

/** A cookie holds at most about 4 KB, and signing adds a third: larger submissions are not kept. */
const MAX_SERIALIZED_BYTES = 2_400;

const pendingCookie = () =>
  createCookie("chohyo_pending", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getConfig().cookieSecure,
    secrets: getConfig().sessionSecrets,
    maxAge: 15 * 60,
  });

/**
 * Keeps the text fields of a submission made with an expired session, so the
 * form can show them again after sign-in. Files cannot be kept. Returns the
 * Set-Cookie header, or null when there was nothing (or too much) to keep.
 */
export async function keepPendingSubmission(request: Request, path: string): Promise<string | null> {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/.test(contentType)) return null;
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  if (!form) return null;
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") continue;
    const existing = fields[name];
    fields[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  const pending: PendingSubmission = { path, fields };
  if (Buffer.byteLength(JSON.stringify(pending)) > MAX_SERIALIZED_BYTES) return null;
  return pendingCookie().serialize(pending);
}

/** The kept submission for this page, once: the returned header forgets it. */
export async function takePendingSubmission(request: Request): Promise<{ fields: PendingSubmission["fields"] | null; setCookie: string | null }> {
  const pending = (await pendingCookie().parse(request.headers.get("Cookie"))) as PendingSubmission | null;
  const url = new URL(request.url);
  if (!pending || pending.path !== `${url.pathname}${url.search}`) return { fields: null, setCookie: null };
  return { fields: pending.fields, setCookie: await pendingCookie().serialize("", { maxAge: 0 }) };
}
