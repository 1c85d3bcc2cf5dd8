import { createHash } from "node:crypto";
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { USER_TYPES } from "@domain/roles";
import type { Notice, NoticeType } from "~/components/notice/notice";
import { getConfig } from "./config.server";
import { sendToPaymentApi, type PaymentApiTransport } from "./payment-api.server";
import type { SessionUser } from "~/session-user";

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
  withdrawalDate: z.string().nullable().optional().default(null),
}) satisfies z.ZodType<SessionUser, z.ZodTypeDef, unknown>;

/** Times in seconds since the epoch: sign-in, the last page load (refreshed at most once a minute). */
type SessionData = {
  user: SessionUser;
  idToken: string;
  idTokenExpiresAt: number;
  signedInAt: number;
  seenAt: number;
  /** Plan registration between its form and its confirmation (app/routes/__accounts/accounts.server.ts). */
  registrationDraft?: unknown;
};

const nowSeconds = () => Math.floor(Date.now() / 1000);
const SEEN_RESOLUTION_SECONDS = 60;
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
  /** The id token ran out, or the session was idle too long or began too long ago: the user signs in again and comes back. */
  | { status: "expired"; user: SessionUser }
  | { status: "signedOut" };

/**
 * Id tokens signed out here, by SHA-256, until they expire: a copy of the old
 * cookie is signed out at once on this instance. The Payment API keeps the
 * shared list (POST /sessions/revoke) and refuses the token on every instance.
 */
const endedTokens = new Map<string, number>();
const tokenHashOf = (idToken: string) => createHash("sha256").update(idToken).digest("hex");

/** Per request: a page's layout and page loaders and its API caller each ask, and the cookie is verified and parsed once. */
const statesByRequest = new WeakMap<Request, Promise<SessionState>>();

/** What the session cookie says. A cookie from an older shape, or one signed out, counts as signed out. */
export function getSessionState(request: Request): Promise<SessionState> {
  let state = statesByRequest.get(request);
  if (!state) {
    state = readSessionState(request);
    statesByRequest.set(request, state);
  }
  return state;
}

/**
 * What a session cookie says, once verified and checked: the signed-in session it holds (null when it holds none),
 * when the user was last seen, and whether a notice waits to be shown.
 */
type CookieReading = {
  signedIn: { user: SessionUser; idToken: string; tokenHash: string; expiresAt: number; signedInAt: unknown } | null;
  seenAt: unknown;
  hasNotice: boolean;
};

/**
 * Readings by the Cookie header they came from: a browser sends the same header on every request until its session
 * changes, and verifying the signature, decoding, checking the user's shape and hashing the token were a tenth of a
 * signed-in page's own CPU. What depends on the time (expiry, idleness) and sign-outs is still decided per request.
 */
const readingsByCookie = new Map<string, CookieReading>();
const READINGS_KEPT = 1_000;

async function readCookie(header: string | null): Promise<CookieReading> {
  const known = header === null ? undefined : readingsByCookie.get(header);
  if (known) return known;
  const session = await getSessionStorage().getSession(header);
  const parsed = sessionUserSchema.safeParse(session.get("user"));
  const idToken = session.get("idToken");
  const expiresAt = session.get("idTokenExpiresAt");
  const reading: CookieReading = {
    signedIn:
      !parsed.success || typeof idToken !== "string" || typeof expiresAt !== "number"
        ? null
        : { user: parsed.data, idToken, tokenHash: tokenHashOf(idToken), expiresAt, signedInAt: session.get("signedInAt") },
    seenAt: session.get("seenAt"),
    hasNotice: session.has("notice"),
  };
  if (header !== null) {
    if (readingsByCookie.size >= READINGS_KEPT) readingsByCookie.delete(readingsByCookie.keys().next().value!);
    readingsByCookie.set(header, reading);
  }
  return reading;
}

async function readSessionState(request: Request): Promise<SessionState> {
  const { signedIn, seenAt } = await readCookie(request.headers.get("Cookie"));
  if (!signedIn || endedTokens.has(signedIn.tokenHash)) return { status: "signedOut" };
  const { user, idToken, expiresAt, signedInAt } = signedIn;
  const now = nowSeconds();
  const { idleSeconds, maxSeconds } = getConfig().session;
  const outlived = typeof signedInAt !== "number" || now - signedInAt > maxSeconds;
  const idle = typeof seenAt !== "number" || now - seenAt > idleSeconds;
  if (expiresAt <= now || outlived || idle) return { status: "expired", user };
  return { status: "signedIn", user, idToken };
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
  session.set("signedInAt", nowSeconds());
  session.set("seenAt", nowSeconds());
  return getSessionStorage().commitSession(session);
}

/** Sign-out: the session's token is refused from now on, here and by the Payment API. */
export async function endSession(request: Request, traceId: string, transport?: PaymentApiTransport): Promise<void> {
  const state = await getSessionState(request);
  if (state.status !== "signedIn") return;
  const session = await getSession(request);
  for (const [hash, expiry] of endedTokens) if (expiry <= nowSeconds()) endedTokens.delete(hash);
  endedTokens.set(tokenHashOf(state.idToken), session.get("idTokenExpiresAt") ?? nowSeconds());
  const { user } = state;
  // The API may be away: the cookie is replaced all the same, and this instance already refuses the token.
  const caller = { idToken: state.idToken, traceId, bankCode: user.bankCode, bankName: user.bankName, screenName: "logout", transport };
  await sendToPaymentApi(caller, "/sessions/revoke", { method: "POST" }).catch(() => undefined);
}

/** A fresh session holding only a notice, for pages shown after the session ended or failed. */
export async function noticeOnlySession(type: NoticeType, message: string) {
  const session = await getSessionStorage().getSession();
  session.flash("notice", { id: crypto.randomUUID(), type, message });
  return getSessionStorage().commitSession(session);
}

/**
 * Post/redirect/get with a notice shown once on the page redirected to; with
 * `user`, the session's view of the signed-in user is replaced too (a plan
 * registered or changed, an owner who just changed their own role).
 */
export async function redirectWithNotice(request: Request, to: string, type: NoticeType, message: string, user?: SessionUser) {
  const session = await getSession(request);
  session.flash("notice", { id: crypto.randomUUID(), type, message });
  if (user) session.set("user", user);
  return redirect(to, { headers: { "Set-Cookie": await getSessionStorage().commitSession(session) } });
}

/**
 * On each page load: reads the flash notice and marks the session seen, with
 * the cookie header that forgets the notice (so a reload does not show it
 * again) and keeps the new time; null when nothing changed.
 */
export async function sessionOnPageLoad(request: Request): Promise<{ notice: Notice | null; setCookie: string | null }> {
  const { seenAt, hasNotice } = await readCookie(request.headers.get("Cookie"));
  // A page load is activity: the idle clock restarts (written at most once a minute, to spare the cookie).
  const live = (await getSessionState(request)).status === "signedIn";
  const stale = live && (typeof seenAt !== "number" || nowSeconds() - seenAt >= SEEN_RESOLUTION_SECONDS);
  // Most loads change nothing in the cookie: no session object to make, nothing to write.
  if (!hasNotice && !stale) return { notice: null, setCookie: null };
  const session = await getSession(request);
  const notice = session.get("notice") ?? null;
  if (stale) session.set("seenAt", nowSeconds());
  return { notice, setCookie: await getSessionStorage().commitSession(session) };
}
