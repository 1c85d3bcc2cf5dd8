import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { getConfig } from "./config.server";
import { sessionUserSchema, type SessionUser } from "./session-user";
import type { Notice, NoticeType } from "~/components/notice/notice";

type SessionData = { user: SessionUser };
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

/** The signed-in user, or null. A cookie from an older shape counts as signed out. */
export async function getUser(request: Request): Promise<SessionUser | null> {
  const session = await getSession(request);
  const parsed = sessionUserSchema.safeParse(session.get("user"));
  return parsed.success ? parsed.data : null;
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
