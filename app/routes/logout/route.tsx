import { redirect, redirectDocument, type ActionFunctionArgs } from "@remix-run/node";
import { providerSignOutUrl } from "~/services/auth.server";
import { remixI18next } from "~/services/i18n.server";
import { SIGN_IN_PATH } from "~/services/route-checks.server";
import { transportOf } from "~/services/payment-api.server";
import { endSession, getSessionState, noticeOnlySession } from "~/services/session.server";

/**
 * Sign-out ends the session's token and replaces the session with one that
 * holds nothing but the notice saying so; then the bank's provider ends its
 * own session and sends the user back to sign-in, when it offers that.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const state = await getSessionState(request);
  const atProvider = state.status === "signedIn" ? await providerSignOutUrl(state.user.bankCode, state.idToken) : null;
  await endSession(request, context.traceId, transportOf(context));
  const t = await remixI18next.getFixedT(request);
  const headers = { "Set-Cookie": await noticeOnlySession("success", t("signIn.signedOut")) };
  // A document redirect: the provider's page is not one of this app's routes, even when served from this origin (the sandbox).
  return atProvider ? redirectDocument(atProvider, { headers }) : redirect(SIGN_IN_PATH, { headers });
}

export function loader() {
  return redirect(SIGN_IN_PATH);
}
