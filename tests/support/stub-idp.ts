import { createHash, randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from "jose";
import { DEMO_USERS } from "../../sandbox/demo-data";
import { ssoProfileOf } from "../../sandbox/sso-profile";

/** How the next id token is wrong, to see the product refuse it. */
export type TokenFlaw = "none" | "wrongNonce" | "wrongAudience" | "expired";

export type StubIdentityProvider = {
  issuer: string;
  bankServiceUrl: string;
  clientId: string;
  clientSecret: string;
  /** What the provider would do after the user signs in: a code for this user, bound to the request's nonce and PKCE challenge. */
  issueCode: (authorizationUrl: string, login: string, flaw?: TokenFlaw) => string;
  close: () => Promise<void>;
};

/**
 * A bank's identity provider as seen from outside: discovery, token,
 * userinfo and JWKS over real HTTP, plus the bank service's app config. It
 * can issue deliberately wrong id tokens; codes work once, as they must.
 */
export async function startStubIdentityProvider({ redirectUris }: { redirectUris?: string[] } = {}): Promise<StubIdentityProvider> {
  const clientId = "chohyo-callback-test";
  const clientSecret = "callback-test-secret";
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid: "stub-1", alg: "RS256", use: "sig" };
  const codes = new Map<string, { login: string; nonce: string; challenge: string; flaw: TokenFlaw }>();
  const accessTokens = new Map<string, string>();
  const issueCode = (authorizationUrl: string, login: string, flaw: TokenFlaw = "none") => {
    const params = new URL(authorizationUrl).searchParams;
    const code = randomUUID();
    codes.set(code, { login, nonce: params.get("nonce") ?? "", challenge: params.get("code_challenge") ?? "", flaw });
    return code;
  };

  const app = express();
  let issuer = "";
  app.get("/.well-known/openid-configuration", (_req, res) => {
    res.json({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, userinfo_endpoint: `${issuer}/userinfo`, jwks_uri: `${issuer}/jwks` });
  });
  app.get("/jwks", (_req, res) => {
    res.json({ keys: [publicJwk] });
  });
  app.post("/token", express.urlencoded({ extended: false }), async (req, res) => {
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
    if (req.headers.authorization !== `Basic ${basic}`) {
      res.status(401).json({ error: "invalid_client" });
      return;
    }
    const grant = codes.get(String(req.body.code));
    codes.delete(String(req.body.code));
    const verifier = String(req.body.code_verifier ?? "");
    if (!grant || createHash("sha256").update(verifier).digest("base64url") !== grant.challenge) {
      res.status(400).json({ error: "invalid_grant" });
      return;
    }
    const user = DEMO_USERS.find((candidate) => candidate.login === grant.login)!;
    const now = Math.floor(Date.now() / 1000);
    // The bank's id token carries the SSO profile, as the Payment API expects (docs/decisions/007).
    const idToken = await new SignJWT({ ...ssoProfileOf(user), nonce: grant.flaw === "wrongNonce" ? "another-sign-in" : grant.nonce })
      .setProtectedHeader({ alg: "RS256", kid: "stub-1" })
      .setIssuer(issuer)
      .setSubject(user.userUniqueCode)
      .setAudience(grant.flaw === "wrongAudience" ? "another-client" : clientId)
      .setIssuedAt(now - 120)
      .setExpirationTime(grant.flaw === "expired" ? now - 60 : now + 600)
      .sign(privateKey as CryptoKey);
    const accessToken = randomUUID();
    accessTokens.set(accessToken, user.userUniqueCode);
    res.json({ access_token: accessToken, token_type: "Bearer", expires_in: 600, id_token: idToken });
  });
  app.get("/userinfo", (req, res) => {
    const sub = accessTokens.get((req.headers.authorization ?? "").replace(/^Bearer /, ""));
    const user = DEMO_USERS.find((candidate) => candidate.userUniqueCode === sub);
    if (!user) {
      res.status(401).json({ error: "invalid_token" });
      return;
    }
    res.json({ sub: user.userUniqueCode, ...ssoProfileOf(user) });
  });
  // The provider's own sign-in page, for a browser that goes there: a login id, then back to the
  // product's callback with a code and the state, as a provider answers (only to the redirect URI
  // the product registered, when one was given).
  app.get("/auth", (req, res) => {
    const query = new URL(req.originalUrl, issuer).search.slice(1);
    res.type("html").send(
      `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>銀行ログイン</title></head><body><h1>銀行ログイン</h1>` +
        `<form method="post" action="/auth"><input type="hidden" name="query" value="${query.replaceAll("&", "&amp;").replaceAll('"', "&quot;")}">` +
        `<label for="login">ログインID</label><input id="login" name="login"><button type="submit">ログイン</button></form></body></html>`,
    );
  });
  app.post("/auth", express.urlencoded({ extended: false }), (req, res) => {
    const params = new URLSearchParams(String(req.body.query ?? ""));
    const redirectUri = params.get("redirect_uri") ?? "";
    if (params.get("client_id") !== clientId || (redirectUris && !redirectUris.includes(redirectUri)) || !DEMO_USERS.some((user) => user.login === req.body.login)) {
      res.status(400).type("text").send("invalid_request");
      return;
    }
    const back = new URL(redirectUri);
    back.searchParams.set("code", issueCode(`${issuer}/auth?${params}`, String(req.body.login)));
    back.searchParams.set("state", params.get("state") ?? "");
    res.redirect(303, back.toString());
  });
  app.get("/bank/api/v1/app/config", (_req, res) => {
    res.json({ result: { config: { ba_name: "デモ銀行", enable_payment_receive: true, check_payment_method_filled: false, is_payment_method_filled: true } } });
  });

  const server: Server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    issuer,
    bankServiceUrl: `${issuer}/bank`,
    clientId,
    clientSecret,
    issueCode,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
