import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import express, { Router, type Request, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, type JWK } from "jose";
import Provider, { type Configuration } from "oidc-provider";
import { DEMO_PASSWORD, type DemoUser } from "./demo-data";
import { userByLogin, userOf } from "./directory";
import { SSO_PROFILE_CLAIMS } from "../domain/sso-profile";
import { ssoProfileOf } from "./sso-profile";
import { escapeHtml } from "./html";

export type SandboxIdentityProviderOptions = {
  /** `default` serves banks 0001, 0002 and 9998; `0182` is that bank's own provider. */
  id: string;
  /** Absolute issuer URL; the provider is mounted at its path. */
  issuer: string;
  bankCodes: string[];
  /** Shown on the login page. */
  title: string;
  /** `postLogoutRedirectUris`: where the product may send a user back after signing out here. */
  client: { clientId: string; clientSecret: string; redirectUris: string[]; postLogoutRedirectUris?: string[] };
  /** Folder where the signing key is kept, so tokens survive a restart. */
  keysDir: string;
  /** Secret the provider's own cookies are signed with. */
  cookieSecret: string;
};


/**
 * The provider's RSA signing key, made on first start and kept in the data folder. Instances sharing the folder
 * may start together: the first key linked into place is every instance's (a link fails where a file is), as a
 * token signed with one instance's key is checked against another's (ADR 040).
 */
async function signingKey(keysDir: string, id: string): Promise<JWK> {
  const file = path.join(keysDir, `sandbox-idp-${id}.jwk.json`);
  if (!existsSync(file)) {
    const { privateKey } = await generateKeyPair("RS256", { extractable: true });
    const jwk = { ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: `${id}-${Date.now()}` };
    await mkdir(keysDir, { recursive: true });
    const draft = `${file}.${randomUUID()}`;
    await writeFile(draft, JSON.stringify(jwk), { mode: 0o600 });
    try {
      await link(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      await rm(draft, { force: true });
    }
  }
  return JSON.parse(await readFile(file, "utf8")) as JWK;
}

function loginPage({ title, uid, basePath, login = "", error }: { title: string; uid: string; basePath: string; login?: string; error?: string }) {
  return `<!DOCTYPE html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ログイン | ${escapeHtml(title)}</title><link rel="stylesheet" href="${basePath}/assets/login.css"></head>
<body><main class="login">
<h1>${escapeHtml(title)}</h1>
<p>銀行のサービスにログインします。ログインIDとパスワードを入力してください。</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="${basePath}/interaction/${escapeHtml(uid)}/login">
<label for="login">ログインID（メールアドレス）</label>
<input id="login" name="login" type="email" autocomplete="username" required value="${escapeHtml(login)}">
<label for="password">パスワード</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">ログイン</button>
</form>
<p class="note">これは帳票クラウドのサンドボックス用の認証画面です。</p>
</main></body></html>`;
}

const LOGIN_CSS = `body{margin:0;font-family:"Hiragino Sans","Yu Gothic UI",Meiryo,sans-serif;background:#f0f3f5;color:#212529}
.login{max-width:420px;margin:48px auto;background:#fff;border:1px solid #d5dde1;border-radius:8px;padding:24px}
h1{font-size:1.3rem;margin:0 0 12px}label{display:block;font-weight:700;margin:16px 0 4px}
input{width:100%;box-sizing:border-box;padding:8px;font:inherit;border:1px solid #b8c4ca;border-radius:4px}
button{margin-top:20px;width:100%;padding:10px;font:inherit;font-weight:700;color:#fff;background:#1d4e89;border:0;border-radius:4px;cursor:pointer}
.error{color:#c62828;font-weight:700}.note{color:#5f6b73;font-size:.85rem;margin-top:20px}`;

/** The provider's sign-out question: its form (with the provider's own CSRF token) and one button that confirms. */
function logoutPage({ title, basePath, form }: { title: string; basePath: string; form: string }) {
  return `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>ログアウト | ${escapeHtml(title)}</title><link rel="stylesheet" href="${basePath}/assets/login.css"></head>
<body><main class="login"><h1>${escapeHtml(title)}</h1><p>帳票クラウドからログアウトしました。銀行のログインも終了します。</p>
${form}<button autofocus type="submit" form="op.logoutForm" name="logout" value="yes">ログアウトを完了する</button></main></body></html>`;
}

/** A bank's provider locks a login after repeated failures; the sandbox does the same, per process (it is one). */
const LOGIN_ATTEMPTS = 10;
const LOGIN_WINDOW_MINUTES = 15;

/**
 * A bank's identity provider on one machine: OpenID Connect with the
 * authorization code flow and PKCE (oidc-provider), a Japanese login page,
 * no consent step for the product's client, the SSO profile as claims, and
 * the `use_idtoken` check. Mount the returned router at the issuer's path.
 */
export async function createSandboxIdentityProvider(options: SandboxIdentityProviderOptions): Promise<Router> {
  const basePath = new URL(options.issuer).pathname.replace(/\/$/, "");
  const key = await signingKey(options.keysDir, options.id);
  const ofTheseBanks = (user: DemoUser | undefined) => (user && options.bankCodes.includes(user.bankCode) ? user : undefined);

  const configuration: Configuration = {
    clients: [
      {
        client_id: options.client.clientId,
        client_secret: options.client.clientSecret,
        redirect_uris: options.client.redirectUris,
        post_logout_redirect_uris: options.client.postLogoutRedirectUris ?? [],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    pkce: { required: () => true },
    jwks: { keys: [key] },
    cookies: { keys: [createHash("sha256").update(`${options.cookieSecret}:${options.id}`).digest("hex")] },
    claims: { openid: ["sub", ...SSO_PROFILE_CLAIMS] },
    // The product reads the caller from the id token alone, so the profile claims go into it.
    conformIdTokenClaims: false,
    findAccount: async (_ctx, sub) => {
      const user = ofTheseBanks(userOf(sub));
      if (!user) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...ssoProfileOf(user) }) };
    },
    interactions: { url: (_ctx, interaction) => `${basePath}/interaction/${interaction.uid}` },
    // The product's own client needs no consent: the bank signs its customers in to it.
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      const client = ctx.oidc.client;
      if (!accountId || !client) return undefined;
      const existing = ctx.oidc.session?.grantIdFor(client.clientId);
      if (existing) return ctx.oidc.provider.Grant.find(existing);
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
      grant.addOIDCScope("openid");
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      userinfo: { enabled: true },
      // Sign-out from the product ends the session here too (RP-initiated logout), after the bank's own question.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.type = "html";
          ctx.body = logoutPage({ title: options.title, basePath, form });
        },
      },
    },
    ttl: { AccessToken: 3600, AuthorizationCode: 600, IdToken: 3600, Interaction: 900, Session: 8 * 3600, Grant: 8 * 3600 },
    renderError: async (ctx, out) => {
      ctx.type = "html";
      ctx.body = `<!DOCTYPE html><html lang="ja"><head><meta charset="utf-8"><title>エラー | ${escapeHtml(options.title)}</title></head><body><h1>認証できませんでした</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p></body></html>`;
    },
  };
  const provider = new Provider(options.issuer, configuration);
  const keySet = createLocalJWKSet({ keys: [{ ...key, d: undefined, p: undefined, q: undefined, dp: undefined, dq: undefined, qi: undefined }] });

  const router = Router();
  // A real provider's addresses do not depend on the way a request came. Here one comes from the browser (through the
  // bank's proxy, with whatever Host it sends) or from this server over loopback: the provider is told its issuer's.
  const issuerUrl = new URL(options.issuer);
  provider.proxy = true;
  router.use((req, _res, next) => {
    req.headers["x-forwarded-proto"] = issuerUrl.protocol.slice(0, -1);
    req.headers["x-forwarded-host"] = issuerUrl.host;
    next();
  });
  router.get("/assets/login.css", (_req, res) => {
    res.type("css").set("Cache-Control", "public, max-age=3600").send(LOGIN_CSS);
  });

  router.get("/interaction/:uid", async (req: Request, res: Response, next) => {
    try {
      const details = await provider.interactionDetails(req, res);
      res.type("html").set("Cache-Control", "no-store").send(loginPage({ title: options.title, uid: details.uid, basePath }));
    } catch (error) {
      next(error);
    }
  });

  const loginOf = (req: Request) => (typeof req.body?.login === "string" ? req.body.login.trim() : "");
  // Guessing passwords: after LOGIN_ATTEMPTS failures for one login, even the right password waits out the window.
  const attempts = rateLimit({
    windowMs: LOGIN_WINDOW_MINUTES * 60_000,
    limit: LOGIN_ATTEMPTS,
    skipSuccessfulRequests: true,
    keyGenerator: (req) => `login:${loginOf(req).toLowerCase()}`,
    handler: (req, res) => {
      res
        .status(429)
        .type("html")
        .set("Cache-Control", "no-store")
        .send(loginPage({ title: options.title, uid: String(req.params.uid), basePath, login: loginOf(req), error: `ログインに続けて失敗したため、${LOGIN_WINDOW_MINUTES}分間ログインできません。時間をおいて、もう一度お試しください。` }));
    },
  });

  router.post("/interaction/:uid/login", express.urlencoded({ extended: false }), attempts, async (req: Request, res: Response, next) => {
    try {
      const details = await provider.interactionDetails(req, res);
      const login = loginOf(req);
      const password = typeof req.body?.password === "string" ? req.body.password : "";
      const user = ofTheseBanks(userByLogin(login.toLowerCase()));
      if (!user || password !== DEMO_PASSWORD) {
        res
          .status(401)
          .type("html")
          .set("Cache-Control", "no-store")
          .send(loginPage({ title: options.title, uid: details.uid, basePath, login, error: "ログインIDまたはパスワードが正しくありません。" }));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: user.userUniqueCode } }, { mergeWithLastSubmission: false });
    } catch (error) {
      next(error);
    }
  });

  // SPEC §7: the platform's check that an id token is one this provider issued and still valid.
  router.get("/use_idtoken", async (req: Request, res: Response) => {
    const token = typeof req.query.id_token === "string" ? req.query.id_token : "";
    try {
      const { payload } = await jwtVerify(token, keySet, { issuer: options.issuer, audience: options.client.clientId });
      res.json({ result: { valid: true, sub: payload.sub } });
    } catch {
      res.status(401).json({ result: { valid: false } });
    }
  });

  router.use(provider.callback());
  return router;
}
