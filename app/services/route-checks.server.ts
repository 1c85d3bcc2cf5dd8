import { redirect, type AppLoadContext } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { hasReceivePlan } from "@domain/codes";
import { bankReceivingAnswer } from "@domain/account-answers";
import { PAYMENT_ROLE } from "@domain/roles";
import { forbidden, isNotFound, notFound } from "./errors.server";
import { getConfig } from "./config.server";
import { askPaymentApi, transportOf } from "./payment-api.server";
import { keepPendingSubmission } from "./pending-submission.server";
import { getSessionState } from "./session.server";
import { isAdmin, type SessionUser } from "~/session-user";

/** Where the login check sends a visitor; the sign-in flow returns them to `redirectTo`. */
export const SIGN_IN_PATH = "/bamidp/login";

/**
 * The login check: the signed-in user, or a redirect to sign-in that
 * remembers the page asked for — and, when the sign-in merely expired, the
 * user's bank, so it goes back to the same identity provider.
 */
export async function requireUser(request: Request): Promise<SessionUser> {
  const state = await getSessionState(request);
  if (state.status === "signedIn") return state.user;
  const url = new URL(request.url);
  const path = `${url.pathname}${url.search}`;
  const params = new URLSearchParams({ redirectTo: path });
  if (state.status === "signedOut") throw redirect(`${SIGN_IN_PATH}?${params}`);
  params.set("bank_code", state.user.bankCode);
  // What was typed into a form posted after the sign-in expired waits for the user's return.
  const kept = request.method === "GET" || request.method === "HEAD" ? null : await keepPendingSubmission(request, path);
  throw redirect(`${SIGN_IN_PATH}?${params}`, kept ? { headers: { "Set-Cookie": kept } } : undefined);
}

/** Company pages: bank staff are not company users, and a payment role of invalid (0) has no access. */
export async function requireCompanyUser(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (isAdmin(user) || user.paymentRole === PAYMENT_ROLE.invalid) throw forbidden();
  return user;
}

/** Owner-only pages (account, users, permissions): a company user gets the 403 page. */
export async function requireOwner(request: Request): Promise<SessionUser> {
  const user = await requireCompanyUser(request);
  if (user.paymentRole !== PAYMENT_ROLE.owner) throw forbidden();
  return user;
}

/** Where a company without a payment user registers a plan. */
export const PLAN_REGISTRATION_PATH = "/accounts/register";

/** The top-page check (/top): a company with no payment user goes to plan registration first. */
export async function requireTopPageAccess(request: Request): Promise<SessionUser> {
  const user = await requireCompanyUser(request);
  if (user.paymentRole === null) throw redirect(PLAN_REGISTRATION_PATH);
  return user;
}

/**
 * Whether a bank offers receiving, as the product's bank settings say now
 * (GET /bank/config), not as they were at sign-in: the bank's admin may turn
 * it off at any time. Kept per process for a few seconds per bank, so a page's
 * layout and page checks and a burst of pages cost one call; the admin's own
 * process forgets it on saving (forgetBankConfig), others within BANK_CONFIG_TTL_MS.
 */
const BANK_CONFIG_TTL_MS = 5_000;
const receiveByBank = new Map<string, { enabled: boolean; until: number }>();

export function forgetBankConfig(bankCode: string): void {
  receiveByBank.delete(bankCode);
}

export async function bankReceiveEnabled(request: Request, user: SessionUser, context?: AppLoadContext): Promise<boolean> {
  const cached = receiveByBank.get(user.bankCode);
  if (cached && cached.until > Date.now()) return cached.enabled;
  const state = await getSessionState(request);
  if (state.status !== "signedIn") return user.receiveEnabled;
  const caller = {
    idToken: state.idToken,
    traceId: context?.traceId ?? request.headers.get("x-request-id") ?? randomUUID(),
    bankCode: user.bankCode,
    bankName: user.bankName,
    screenName: "bank-config",
    transport: context ? transportOf(context) : undefined,
  };
  const enabled = await askPaymentApi(caller, "/bank/config", bankReceivingAnswer).then(
    (config) => config.enable_payment_receive,
    // A bank the product does not know offers nothing; when the API cannot answer, the page's own calls say so and the sign-in's value stands.
    (thrown: unknown) => (isNotFound(thrown) ? false : null),
  );
  if (enabled === null) return user.receiveEnabled;
  receiveByBank.set(user.bankCode, { enabled, until: Date.now() + BANK_CONFIG_TTL_MS });
  return enabled;
}

/**
 * The receive-pages check: a bank that does not offer receiving (now, not at
 * sign-in) gets 403 「unpublished」; a company whose plan does not include it,
 * the 403 that offers to add a receive plan. The Payment API checks the same again.
 */
export async function requireReceiveAccess(request: Request, context?: AppLoadContext): Promise<SessionUser> {
  const user = await requireCompanyUser(request);
  const receiveEnabled = await bankReceiveEnabled(request, user, context);
  if (!receiveEnabled) throw forbidden("unpublished");
  if (!hasReceivePlan(user.planId, user.previousPlanId)) throw forbidden("receivePlanRequired");
  return { ...user, receiveEnabled };
}

/** The bank-payment-admin check (/admin/*): system, bank and branch admins and branch users only. */
export async function requireAdminUser(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (!isAdmin(user)) throw forbidden();
  return user;
}

/** Development and test pages (layout samples, error screens) answer 404 unless enabled. */
export function requireDevRoutes(request: Request): void {
  if (!getConfig().enableDevRoutes) throw notFound(new URL(request.url).pathname);
}
