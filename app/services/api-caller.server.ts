import type { AppLoadContext } from "@remix-run/node";
import { transportOf, type PaymentApiCaller } from "./payment-api.server";
import { requireCompanyUser } from "./route-checks.server";
import { getSessionState } from "./session.server";
import type { SessionUser } from "./session-user";

/** The company user of a company page and how to call the Payment API on their behalf. */
export async function requireCompanyCaller(
  request: Request,
  context: AppLoadContext,
  screenName: string,
): Promise<{ user: SessionUser; caller: PaymentApiCaller }> {
  const user = await requireCompanyUser(request);
  const state = await getSessionState(request);
  // requireCompanyUser has just seen a live sign-in, so the token is there.
  const idToken = state.status === "signedIn" ? state.idToken : "";
  return { user, caller: { idToken, traceId: context.traceId, bankCode: user.bankCode, bankName: user.bankName, screenName, transport: transportOf(context) } };
}
