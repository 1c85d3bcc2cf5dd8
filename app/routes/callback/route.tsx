import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_LANDING, DEFAULT_LANDING } from "@domain/return-path";
import { authenticate, clearFlowCookies, signInCookie, type SignInState } from "~/services/auth.server";
import { isAdmin } from "~/session-user";
import { getUser, noticeOnlySession, startSession } from "~/services/session.server";
import { SIGN_IN_PATH } from "~/services/route-checks.server";
import { remixI18next } from "~/services/i18n.server";
import { isMaintenance } from "~/services/errors.server";
import { signIns } from "~/services/metrics.server";

/**
 * The identity provider returns here: the code is exchanged, the id token
 * checked (signature, issuer, audience, expiry, nonce) and a new session
 * started. Any failure goes back to sign-in with 「認証に失敗しました。」.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const state = (await signInCookie().parse(request.headers.get("Cookie"))) as SignInState | null;
  const cleared = await clearFlowCookies(request);
  // Opened with no sign-in under way (a bookmark, the back button): nothing to finish, and a session stays as it is.
  if (!state?.provider) {
    const headers = new Headers();
    for (const cookie of cleared) headers.append("Set-Cookie", cookie);
    return redirect((await getUser(request)) ? DEFAULT_LANDING : SIGN_IN_PATH, { headers });
  }
  try {
    const signedIn = await authenticate(state.provider, request, context.traceId);
    const headers = new Headers();
    headers.append("Set-Cookie", await startSession(signedIn));
    for (const cookie of cleared) headers.append("Set-Cookie", cookie);
    context.log.info({ user: signedIn.user.userUniqueCode, bank: signedIn.user.bankCode }, "signed in");
    signIns.inc({ outcome: "succeeded" });
    const landing = state.returnTo === DEFAULT_LANDING && isAdmin(signedIn.user) ? ADMIN_LANDING : state.returnTo;
    return redirect(landing, { headers });
  } catch (error) {
    if (error instanceof Response && error.status >= 300 && error.status < 400) throw error;
    // Signing in during maintenance shows the maintenance page (root's error boundary), not a failed sign-in.
    if (isMaintenance(error)) {
      signIns.inc({ outcome: "maintenance" });
      throw error;
    }
    signIns.inc({ outcome: "failed" });
    context.log.warn({ err: error }, "sign-in failed");
    const t = await remixI18next.getFixedT(request);
    const headers = new Headers();
    headers.append("Set-Cookie", await noticeOnlySession("error", t("signIn.failed")));
    for (const cookie of cleared) headers.append("Set-Cookie", cookie);
    const params = new URLSearchParams({ redirectTo: state?.returnTo ?? "/top" });
    return redirect(`${SIGN_IN_PATH}?${params}`, { headers });
  }
}

/** Never shown: the loader always redirects. It makes this a page, so a maintenance answer renders the error boundary. */
export default function Callback() {
  return null;
}
