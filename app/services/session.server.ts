import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { USER_TYPES } from "@domain/roles";
import type { Notice, NoticeType } from "~/components/notice/notice";
import { getConfig } from "./config.server";
import type { SessionUser } from "./session-user";

/** A cookie written by an older release may hold another shape: it is checked, not trusted. */
const sessionUserSchema = z.object({
  userUniqueCode: z.string(),
  userType: z.enum(USER_TYPES),
  lastName: z.string(),
  firstName: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  branchName: z.string().nullable(),
  companyName: z.string().nullable(),
  companyUniqueCode: z.string().nullable(),
  paymentRole: z.union([z.literal(0), z.literal(1), z.literal(2)]).nullable(),
  receiveEnabled: z.boolean(),
  hasCookieTerms: z.boolean(),
  planId: z.number().int().nullable(),
  previousPlanId: z.number().int().nullable(),
}) satisfies z.ZodType<SessionUser>;

type SessionData = { user: SessionUser; idToken: string; idTokenExpiresAt: number };
type FlashData = { notice: Notice };

let storage: ReturnType<typeof createSessionStorage> | undefined;

function createSessionStorage() {
  const config = getConfig();
  return createCookieSessionStorage<SessionData, FlashData>({
    cookie: {
      name: "__session",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: config.cookieSecure,
      secrets: config.sessionSecrets,
    },
  });
}

export function getSessionStorage() {
  storage ??= createSessionStorage();
  return storage;
}

export function getSession(request: Request) {
  return getSessionStorage().getSession(request.headers.get("Cookie"));
}

export type SessionState =
  | { status: "signedIn"; user: SessionUser; idToken: string }
  /** The id token ran out: the user signs in again and comes back. */
  | { status: "expired"; user: SessionUser }
  | { status: "signedOut" };

/** What the session cookie says. A cookie from an older shape counts as signed out. */
export async function getSessionState(request: Request): Promise<SessionState> {
  const session = await getSession(request);
  const parsed = sessionUserSchema.safeParse(session.get("user"));
  const idToken = session.get("idToken");
  const expiresAt = session.get("idTokenExpiresAt");
  if (!parsed.success || typeof idToken !== "string" || typeof expiresAt !== "number") return { status: "signedOut" };
  if (expiresAt * 1000 <= Date.now()) return { status: "expired", user: parsed.data };
  return { status: "signedIn", user: parsed.data, idToken };
}

/** The signed-in user, or null (also when the sign-in has expired). */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const state = await getSessionState(request);
  return state.status === "signedIn" ? state.user : null;
}

/** A brand-new session for a sign-in: nothing of an earlier cookie carries over. */
export async function startSession({ user, idToken, expiresAt }: { user: SessionUser; idToken: string; expiresAt: number }) {
  const session = await getSessionStorage().getSession();
  session.set("user", user);
  session.set("idToken", idToken);
  session.set("idTokenExpiresAt", expiresAt);
  return getSessionStorage().commitSession(session);
}

/** A fresh session holding only a notice, for pages shown after the session ended or failed. */
export async function noticeOnlySession(type: NoticeType, message: string) {
  const session = await getSessionStorage().getSession();
  session.flash("notice", { id: crypto.randomUUID(), type, message });
  return getSessionStorage().commitSession(session);
}

/** Post/redirect/get with a notice shown once on the page redirected to. */
export async function redirectWithNotice(request: Request, to: string, type: NoticeType, message: string) {
  const session = await getSession(request);
  session.flash("notice", { id: crypto.randomUUID(), type, message });
  return redirect(to, { headers: { "Set-Cookie": await getSessionStorage().commitSession(session) } });
}

/**
 * Reads the flash notice and, when there was one, the cookie header that
 * forgets it, so a reload does not show it again.
 */
export async function consumeNotice(request: Request): Promise<{ notice: Notice | null; setCookie: string | null }> {
  const session = await getSession(request);
  const notice = session.get("notice") ?? null;
  if (!notice) return { notice: null, setCookie: null };
  return { notice, setCookie: await getSessionStorage().commitSession(session) };
}
