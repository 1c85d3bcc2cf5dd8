import { createHmac, timingSafeEqual } from "node:crypto";
import { createCookie } from "@remix-run/node";
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from "jose";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { meAnswer, planInfoForSessionAnswer, type PlanInfoForSessionAnswer } from "@domain/account-answers";
import { isAdminUserType, USER_TYPES, type UserType } from "@domain/roles";
import type { SsoProfile } from "@domain/sso-profile";
import { backChannelUrl, getConfig } from "./config.server";
import { getBankConfig } from "./bank-service.server";
import { askPaymentApi, sendToPaymentApi, type PaymentApiCaller } from "./payment-api.server";
import { SIGN_IN_PATH } from "./route-checks.server";
import type { SessionUser } from "~/session-user";

/** What a completed sign-in yields: the id token the APIs need and the profile pages show. */
export type SignedIn = { idToken: string; expiresAt: number; user: SessionUser };

type Discovery = {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
  /** RP-initiated logout, when the provider offers it. */
  end_session_endpoint?: string;
};

/** A slow bank terminal may take a while at the identity provider's login page. */
const SIGN_IN_TTL_SECONDS = 15 * 60;
const STATE_COOKIE = "chohyo_oauth2";

/** Which provider a sign-in went to and where the user returns: kept across the round trip. */
export const signInCookie = () =>
  createCookie("chohyo_signin", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: getConfig().cookieSecure,
    secrets: getConfig().sessionSecrets,
    maxAge: SIGN_IN_TTL_SECONDS,
  });

export type SignInState = { provider: string; returnTo: string };

/** The provider of a bank: its own when it has one (bank 0182), else the default. */
export function providerForBank(bankCode: string | null | undefined): string {
  const { banks } = getConfig().oidc.issuers;
  return bankCode && banks[bankCode] ? bankCode : "default";
}

function issuerOf(provider: string): string {
  const { issuers } = getConfig().oidc;
  return provider === "default" ? issuers.default : issuers.banks[provider]!;
}

/**
 * Where sign-out continues: the bank's provider ends its own session too
 * (OpenID Connect RP-Initiated Logout) and sends the user back to the sign-in
 * page; null when the provider offers no end-session endpoint (or cannot be
 * reached), and sign-out ends here.
 */
export async function providerSignOutUrl(bankCode: string, idToken: string): Promise<string | null> {
  const discovery = await discover(issuerOf(providerForBank(bankCode))).catch(() => null);
  if (!discovery?.end_session_endpoint) return null;
  const config = getConfig();
  const url = new URL(discovery.end_session_endpoint);
  url.searchParams.set("id_token_hint", idToken);
  url.searchParams.set("client_id", config.oidc.clientId);
  url.searchParams.set("post_logout_redirect_uri", `${config.publicUrl}${SIGN_IN_PATH}`);
  return url.toString();
}

/** The OIDC nonce is derived from the state, so the callback can check it without storing it. */
export function nonceFor(state: string): string {
  return createHmac("sha256", getConfig().sessionSecrets[0]!).update(`nonce:${state}`).digest("base64url");
}

function sameText(a: unknown, b: string): boolean {
  if (typeof a !== "string" || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

const discoveries = new Map<string, Promise<Discovery>>();
const keySets = new Map<string, JWTVerifyGetKey>();

async function discover(issuer: string): Promise<Discovery> {
  let found = discoveries.get(issuer);
  if (!found) {
    found = fetch(backChannelUrl(getConfig(), `${issuer}/.well-known/openid-configuration`), { signal: AbortSignal.timeout(10_000) }).then(async (response) => {
      if (!response.ok) throw new Error(`discovery of ${issuer} answered ${response.status}`);
      return (await response.json()) as Discovery;
    });
    // A provider that was down must be asked again next time.
    found.catch(() => discoveries.delete(issuer));
    discoveries.set(issuer, found);
  }
  return found;
}

function keysOf(discovery: Discovery): JWTVerifyGetKey {
  let keys = keySets.get(discovery.jwks_uri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(backChannelUrl(getConfig(), discovery.jwks_uri)));
    keySets.set(discovery.jwks_uri, keys);
  }
  return keys;
}

class OidcStrategy extends OAuth2Strategy<SignedIn> {
  protected authorizationParams(params: URLSearchParams, request: Request): URLSearchParams {
    const result = super.authorizationParams(params, request);
    result.set("nonce", nonceFor(result.get("state")!));
    return result;
  }
}

/** True when a thrown Payment API answer carried this status. */
function answeredWith(thrown: unknown, status: number): boolean {
  return (thrown as { init?: { status?: number } } | null)?.init?.status === status;
}

/** What the session keeps of the company's plan info. */
export type PlanInfoForSession = PlanInfoForSessionAnswer;

/** The session's view of the user: SSO profile, bank config, payment role, cookie terms. */
async function sessionUserOf(profile: SsoProfile, idToken: string, traceId: string): Promise<SessionUser> {
  if (!USER_TYPES.includes(profile.ba_user_type as UserType)) throw new Error(`unknown user type ${profile.ba_user_type}`);
  const userType = profile.ba_user_type as UserType;
  const caller: PaymentApiCaller = { idToken, traceId, bankCode: profile.ba_user_bank_code, bankName: profile.ba_user_bank_name, screenName: "callback" };

  const orNullWhenMissing = (thrown: unknown) => {
    if (answeredWith(thrown, 404)) return null;
    throw thrown;
  };
  const companyUser = !isAdminUserType(userType);
  const [config, paymentRole, plan, hasCookieTerms] = await Promise.all([
    getBankConfig(idToken),
    // The same answer as GET /user_service/me, and the sign-in recorded for the owner's user list.
    companyUser
      ? askPaymentApi(caller, "/user_service/signed_in", meAnswer, { method: "POST" }).then((me) => me.role, orNullWhenMissing)
      : // Bank staff's sign-ins are kept in the admin audit trail (decision 027).
        sendToPaymentApi(caller, "/admin/signed_in", { method: "POST" }).then(() => null),
    // A user made invalid (role 0) is refused the plan: the session needs none for them.
    companyUser
      ? askPaymentApi(caller, "/user_service/planinfo", planInfoForSessionAnswer).then(
          (info) => info,
          (thrown: unknown) => (answeredWith(thrown, 403) ? null : orNullWhenMissing(thrown)),
        )
      : null,
    sendToPaymentApi(caller, "/terms/cookie").then(
      () => true,
      (thrown: unknown) => {
        if (answeredWith(thrown, 404)) return false;
        throw thrown;
      },
    ),
  ]);

  return {
    userUniqueCode: profile.ba_user_unique_code,
    userType,
    lastName: profile.ba_user_last_name,
    firstName: profile.ba_user_first_name,
    bankCode: profile.ba_user_bank_code,
    bankName: profile.ba_user_bank_name,
    branchName: profile.ba_user_bb_name,
    companyName: profile.ba_company_name,
    companyUniqueCode: profile.ba_company_unique_code,
    paymentRole,
    receiveEnabled: config.enable_payment_receive,
    hasCookieTerms,
    planId: paymentRole === null ? null : (plan?.plan_id ?? null),
    previousPlanId: paymentRole === null ? null : (plan?.previous_plan_id ?? null),
    withdrawalDate: paymentRole !== null && plan?.is_subscribe_cancellation ? plan.withdrawal_date : null,
  };
}

async function strategyFor(provider: string, traceId: string): Promise<OidcStrategy> {
  const config = getConfig();
  const discovery = await discover(issuerOf(provider));
  return new OidcStrategy(
    {
      clientId: config.oidc.clientId,
      clientSecret: config.oidc.clientSecret,
      authorizationEndpoint: discovery.authorization_endpoint,
      // The browser goes to the public authorization endpoint; this server's own calls stay off PUBLIC_URL.
      tokenEndpoint: backChannelUrl(config, discovery.token_endpoint),
      redirectURI: `${config.publicUrl}/callback`,
      scopes: ["openid"],
      cookie: { name: STATE_COOKIE, path: "/", httpOnly: true, sameSite: "Lax", maxAge: SIGN_IN_TTL_SECONDS, ...(config.cookieSecure ? { secure: true as const } : {}) },
    },
    async ({ tokens, request }) => {
      const idToken = tokens.idToken();
      const state = new URL(request.url).searchParams.get("state") ?? "";
      const { payload } = await jwtVerify(idToken, keysOf(discovery), {
        issuer: discovery.issuer,
        audience: config.oidc.clientId,
        requiredClaims: ["exp", "nonce"],
      });
      if (!sameText(payload.nonce, nonceFor(state))) throw new Error("the id token's nonce does not match this sign-in");
      const userinfo = await fetch(backChannelUrl(config, discovery.userinfo_endpoint), {
        headers: { Authorization: `Bearer ${tokens.accessToken()}` },
        signal: AbortSignal.timeout(10_000),
      });
      if (!userinfo.ok) throw new Error(`userinfo answered ${userinfo.status}`);
      const profile = (await userinfo.json()) as SsoProfile & { sub: string };
      if (profile.sub !== payload.sub) throw new Error("userinfo is about another user than the id token");
      return { idToken, expiresAt: payload.exp!, user: await sessionUserOf(profile, idToken, traceId) };
    },
  );
}

/**
 * Starts the code flow at the provider (a redirect Response is thrown), or,
 * on the callback, completes it and returns the signed-in user.
 */
export async function authenticate(provider: string, request: Request, traceId: string): Promise<SignedIn> {
  const authenticator = new Authenticator<SignedIn>();
  authenticator.use(await strategyFor(provider, traceId), provider);
  return authenticator.authenticate(provider, request);
}

/**
 * Clears the flow's cookies once the callback has used them: the sign-in
 * cookie, and each state cookie remix-auth-oauth2 wrote (one per start, named
 * `chohyo_oauth2:<uuid>`).
 */
export async function clearFlowCookies(request: Request): Promise<string[]> {
  const stateCookies = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.split("=")[0]!.trim())
    .filter((name) => name.startsWith(`${STATE_COOKIE}:`));
  return [
    ...stateCookies.map((name) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`),
    await signInCookie().serialize("", { maxAge: 0 }),
  ];
}
