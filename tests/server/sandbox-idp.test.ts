import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandboxIdentityProvider } from "../../sandbox/identity-provider";

const client = { clientId: "chohyo", clientSecret: "sandbox-secret", redirectUris: ["http://127.0.0.1/callback"] };
let keysDir: string;
let server: Server;
let issuer: string;

async function startProvider(): Promise<string> {
  const app = express();
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sandbox/idp/default`;
  app.use(
    "/sandbox/idp/default",
    await createSandboxIdentityProvider({ id: "default", issuer: base, bankCodes: ["0001"], title: "デモ銀行グループ ログイン", client, keysDir, cookieSecret: "secret" }),
  );
  return base;
}

beforeAll(async () => {
  keysDir = mkdtempSync(path.join(tmpdir(), "chohyo-idp-keys-"));
  issuer = await startProvider();
});

afterAll(() => {
  server?.close();
  rmSync(keysDir, { recursive: true, force: true });
});

/** A browser's cookie jar, enough for the provider's own cookies. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const index = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, index), pair!.slice(index + 1));
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/** The flow up to the provider's login page: where a browser posts the login form, and how it follows links. */
async function atLoginPage() {
  const jar = new Jar();
  const verifier = randomBytes(32).toString("base64url");
  const params = new URLSearchParams({
    client_id: client.clientId,
    response_type: "code",
    scope: "openid",
    redirect_uri: client.redirectUris[0]!,
    state: "state-1",
    nonce: "nonce-1",
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
  });
  const follow = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const response = await fetch(new URL(url, issuer), { ...init, redirect: "manual", headers: { ...init.headers, Cookie: jar.header() } });
    jar.take(response);
    return response;
  };
  let response = await follow(`${issuer}/auth?${params}`);
  const interaction = response.headers.get("location")!;
  response = await follow(interaction);
  expect(await response.text()).toContain('name="login"');
  const submit = (login: string, password: string) =>
    follow(`${interaction}/login`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ login, password }) });
  return { follow, submit, verifier };
}

/** The authorization code flow as a browser and the product's server would run it. */
async function codeFlow(login: string) {
  const { follow, submit, verifier } = await atLoginPage();
  let response = await submit(login, "demo");
  for (let hops = 0; hops < 5 && !response.headers.get("location")?.startsWith(client.redirectUris[0]!); hops += 1) {
    response = await follow(response.headers.get("location")!);
  }
  const redirect = new URL(response.headers.get("location")!);
  expect(redirect.searchParams.get("state")).toBe("state-1");
  const exchange = () =>
    fetch(`${issuer}/token`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString("base64")}`,
      },
      body: new URLSearchParams({ grant_type: "authorization_code", code: redirect.searchParams.get("code")!, redirect_uri: client.redirectUris[0]!, code_verifier: verifier }),
    });
  return { exchange };
}

describe("sandbox identity provider", () => {
  it("publishes discovery with PKCE S256 and the SSO profile claims", async () => {
    const discovery = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
    expect(discovery.issuer).toBe(issuer);
    expect(discovery.code_challenge_methods_supported).toEqual(["S256"]);
    expect(discovery.claims_supported).toEqual(expect.arrayContaining(["ba_user_unique_code", "ba_company_unique_code", "ba_user_type", "is_credit_card"]));
  });

  it("signs a demo user in without a consent step, puts the profile in the id token and userinfo, and takes each code once", async () => {
    const { exchange } = await codeFlow("owner@demo.example");
    const tokens = await (await exchange()).json();
    const claims = decodeJwt(tokens.id_token);
    expect(claims).toMatchObject({ iss: issuer, aud: "chohyo", nonce: "nonce-1", sub: "U-DEMO-OWNER", ba_company_name: "株式会社デモ商事", ba_user_type: "company_owner", is_credit_card: false });

    const userinfo = await (await fetch(`${issuer}/me`, { headers: { Authorization: `Bearer ${tokens.access_token}` } })).json();
    expect(userinfo).toMatchObject({ sub: "U-DEMO-OWNER", ba_user_last_name: "山田", ba_user_bank_code: "0001" });

    const check = await fetch(`${issuer}/use_idtoken?id_token=${tokens.id_token}`);
    expect(await check.json()).toEqual({ result: { valid: true, sub: "U-DEMO-OWNER" } });

    const replay = await exchange();
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe("invalid_grant");
  });

  it("refuses a forged id token at use_idtoken", async () => {
    const forged = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJVLURFTU8tT1dORVIifQ.c2lnbmF0dXJl";
    expect((await fetch(`${issuer}/use_idtoken?id_token=${forged}`)).status).toBe(401);
  });

  it("keeps its signing key across a restart", async () => {
    const before = await (await fetch(`${issuer}/jwks`)).json();
    server.close();
    issuer = await startProvider();
    const after = await (await fetch(`${issuer}/jwks`)).json();
    expect(after.keys[0].kid).toBe(before.keys[0].kid);
    expect(after.keys[0].n).toBe(before.keys[0].n);
  });

  it("locks a login after 10 failures in 15 minutes, even for the right password, keeping what was typed; other logins go on", async () => {
    const { submit } = await atLoginPage();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = await submit("user@demo.example", `guess-${attempt}`);
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain("ログインIDまたはパスワードが正しくありません。");
    }
    const locked = await submit("user@demo.example", "demo");
    expect(locked.status).toBe(429);
    const page = await locked.text();
    expect(page).toContain("ログインに続けて失敗したため、15分間ログインできません。");
    expect(page).toContain('value="user@demo.example"');
    expect((await codeFlow("owner@demo.example")).exchange).toBeTypeOf("function");
  });
});
