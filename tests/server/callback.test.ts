import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type RunningServer } from "../support/server-process";
import { startStubIdentityProvider, type StubIdentityProvider, type TokenFlaw } from "../support/stub-idp";

let idp: StubIdentityProvider;
let server: RunningServer;

/** The server's settings for the stub provider and its bank service. */
const stubProviderEnv = () => ({
  OIDC_ISSUER: idp.issuer,
  OIDC_CLIENT_ID: idp.clientId,
  OIDC_CLIENT_SECRET: idp.clientSecret,
  BANK_SERVICE_BASE_URL: idp.bankServiceUrl,
  ID_TOKEN_ISSUERS: JSON.stringify([{ issuer: idp.issuer, jwksUri: `${idp.issuer}/jwks` }]),
});

beforeAll(async () => {
  idp = await startStubIdentityProvider();
  server = await startBuiltServer(stubProviderEnv());
});

afterAll(async () => {
  await server?.stop();
  await idp?.close();
});

/** `name=value` pairs of a response's Set-Cookie headers, merged over earlier ones. */
function cookiesAfter(response: Response, jar: Map<string, string> = new Map()) {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(";");
    const separator = pair!.indexOf("=");
    jar.set(pair!.slice(0, separator), pair!.slice(separator + 1));
  }
  return jar;
}

const cookieHeader = (jar: Map<string, string>) => [...jar].filter(([, value]) => value !== "").map(([name, value]) => `${name}=${value}`).join("; ");

/** Starts a sign-in as the browser would: the form post that redirects to the provider. */
async function startSignIn(returnTo = "/support/faq") {
  const response = await fetch(`${server.baseUrl}/bamidp/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.baseUrl },
    body: new URLSearchParams({ redirectTo: returnTo }),
  });
  expect(response.status).toBe(302);
  const authorizationUrl = response.headers.get("location")!;
  expect(authorizationUrl.startsWith(`${idp.issuer}/auth?`)).toBe(true);
  return { authorizationUrl, jar: cookiesAfter(response) };
}

async function callback(jar: Map<string, string>, params: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}/callback?${new URLSearchParams(params)}`, {
    redirect: "manual",
    headers: { Cookie: cookieHeader(jar) },
  });
  return { status: response.status, location: response.headers.get("location"), jar: cookiesAfter(response, new Map(jar)) };
}

async function signInWith(flaw: TokenFlaw) {
  const { authorizationUrl, jar } = await startSignIn();
  const state = new URL(authorizationUrl).searchParams.get("state")!;
  return callback(jar, { code: idp.issueCode(authorizationUrl, "owner@demo.example", flaw), state });
}

/** Whether a page loaded with these cookies is the signed-in one. */
async function signedIn(jar: Map<string, string>) {
  const response = await fetch(`${server.baseUrl}/support/faq`, { redirect: "manual", headers: { Cookie: cookieHeader(jar) } });
  return response.status === 200;
}

describe("with an external identity provider", () => {
  it("mounts none of the sandbox", async () => {
    for (const path of ["/sandbox/idp/default/.well-known/openid-configuration", "/sandbox/idp/0182/jwks", "/sandbox/bank-service/api/v1/app/config"]) {
      expect((await fetch(`${server.baseUrl}${path}`)).status, path).toBe(404);
    }
  });
});

describe("the sign-in request", () => {
  it("may end at the bank's provider: the CSP lets forms lead there", async () => {
    const csp = (await fetch(`${server.baseUrl}/bamidp/login`)).headers.get("content-security-policy") ?? "";
    expect(csp).toContain(`form-action 'self' ${idp.issuer}`);
  });

  it("uses PKCE S256, a state and a nonce, for the product's client and callback", () => {
    return startSignIn().then(({ authorizationUrl }) => {
      const params = new URL(authorizationUrl).searchParams;
      expect(params.get("client_id")).toBe(idp.clientId);
      expect(params.get("response_type")).toBe("code");
      expect(params.get("scope")).toBe("openid");
      expect(params.get("code_challenge_method")).toBe("S256");
      expect(params.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(params.get("state")).toBeTruthy();
      expect(params.get("nonce")).toBeTruthy();
      expect(params.get("redirect_uri")).toMatch(/\/callback$/);
    });
  });
});

describe("/callback", () => {
  it("signs a user in with a new session and returns to the page asked for", async () => {
    const result = await signInWith("none");
    expect(result.status).toBe(302);
    expect(result.location).toBe("/support/faq");
    expect(await signedIn(result.jar)).toBe(true);
  });

  it.each(["wrongNonce", "wrongAudience", "expired"] as const)("refuses an id token with %s", async (flaw) => {
    const result = await signInWith(flaw);
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/bamidp\/login\?redirectTo=/);
    expect(await signedIn(result.jar)).toBe(false);
    const page = await fetch(`${server.baseUrl}${result.location}`, { headers: { Cookie: cookieHeader(result.jar) } });
    expect(await page.text()).toContain("認証に失敗しました。");
  });

  it("refuses a state that is not the one this browser started with", async () => {
    const { authorizationUrl, jar } = await startSignIn();
    const result = await callback(jar, { code: idp.issueCode(authorizationUrl, "owner@demo.example"), state: "forged-state" });
    expect(result.location).toMatch(/^\/bamidp\/login/);
    expect(await signedIn(result.jar)).toBe(false);
  });

  it("refuses a code used a second time", async () => {
    const { authorizationUrl, jar } = await startSignIn();
    const params = { code: idp.issueCode(authorizationUrl, "owner@demo.example"), state: new URL(authorizationUrl).searchParams.get("state")! };
    expect((await callback(jar, params)).location).toBe("/support/faq");
    const replay = await callback(jar, params);
    expect(replay.location).toMatch(/^\/bamidp\/login/);
    expect(await signedIn(replay.jar)).toBe(false);
  });

  it("refuses a callback with no sign-in in progress", async () => {
    const result = await callback(new Map(), { code: "x", state: "y" });
    expect(result.location).toMatch(/^\/bamidp\/login/);
  });

  it("clears the flow's cookies once it has used them", async () => {
    const { authorizationUrl, jar } = await startSignIn();
    const flowCookies = [...jar.keys()];
    expect(flowCookies.some((name) => name.startsWith("chohyo_oauth2:"))).toBe(true);
    const result = await callback(jar, { code: idp.issueCode(authorizationUrl, "owner@demo.example"), state: new URL(authorizationUrl).searchParams.get("state")! });
    for (const name of flowCookies) expect(result.jar.get(name), name).toBe("");
    expect(await signedIn(result.jar)).toBe(true);
  });

  it("leaves a signed-in session alone when opened with no sign-in in progress (a bookmark, the back button)", async () => {
    const { jar } = await signInWith("none");
    const session = new Map([...jar].filter(([name]) => name === "__session"));
    const result = await callback(session, { code: "x", state: "y" });
    expect(result.location).toBe("/top");
    expect(await signedIn(result.jar)).toBe(true);
  });

  it.each(["https://evil.example/top", "//evil.example/top", "/\\evil.example"])("does not return to the off-site %s", async (returnTo) => {
    const { authorizationUrl, jar } = await startSignIn(returnTo);
    const result = await callback(jar, { code: idp.issueCode(authorizationUrl, "owner@demo.example"), state: new URL(authorizationUrl).searchParams.get("state")! });
    expect(result.location).toBe("/top");
  });
});

describe("/callback during maintenance", () => {
  let maintained: RunningServer;

  beforeAll(async () => {
    maintained = await startBuiltServer({
      ...stubProviderEnv(),
      MAINTENANCE_START: new Date(Date.now() - 3_600_000).toISOString(),
      MAINTENANCE_END: new Date(Date.now() + 3_600_000).toISOString(),
    });
  });

  afterAll(async () => {
    await maintained?.stop();
  });

  it("shows the maintenance page with its window, not 「認証に失敗しました。」", async () => {
    const started = await fetch(`${maintained.baseUrl}/bamidp/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: maintained.baseUrl },
      body: new URLSearchParams({ redirectTo: "/top" }),
    });
    const authorizationUrl = started.headers.get("location")!;
    const jar = cookiesAfter(started);
    const params = new URLSearchParams({ code: idp.issueCode(authorizationUrl, "owner@demo.example"), state: new URL(authorizationUrl).searchParams.get("state")! });
    const response = await fetch(`${maintained.baseUrl}/callback?${params}`, { redirect: "manual", headers: { Cookie: cookieHeader(jar) } });
    expect(response.status).toBe(503);
    const html = await response.text();
    expect(html).toContain("ただいまメンテナンス中です");
    expect(html).not.toContain("認証に失敗しました。");
  });
});
