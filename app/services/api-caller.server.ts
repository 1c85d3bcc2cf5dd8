import type { AppLoadContext } from "@remix-run/node";
import { transportOf, type PaymentApiCaller } from "./payment-api.server";
import { requireAdminUser, requireCompanyUser, requireOwner } from "./route-checks.server";
import { getSessionState } from "./session.server";
import type { SessionUser } from "~/session-user";

/** The company user of a company page (or, for owner-only pages, its owner) and how to call the Payment API on their behalf. */
export async function requireCompanyCaller(
  request: Request,
  context: AppLoadContext,
  screenName: string,
  check: (request: Request, context: AppLoadContext) => Promise<SessionUser> = requireCompanyUser,
): Promise<{ user: SessionUser; caller: PaymentApiCaller }> {
  const user = await check(request, context);
  const state = await getSessionState(request);
  // The check has just seen a live sign-in, so the token is there.
  const idToken = state.status === "signedIn" ? state.idToken : "";
  return { user, caller: { idToken, traceId: context.traceId, bankCode: user.bankCode, bankName: user.bankName, screenName, transport: transportOf(context) } };
}

/** An owner-only page (users, permissions): a company user gets the 403 page. */
export const requireOwnerCaller = (request: Request, context: AppLoadContext, screenName: string) => requireCompanyCaller(request, context, screenName, requireOwner);

/** A page of the admin area: bank staff only (the bank-payment-admin check), calling the API's admin endpoints as themselves. */
export const requireAdminCaller = (request: Request, context: AppLoadContext, screenName: string) => requireCompanyCaller(request, context, screenName, requireAdminUser);
