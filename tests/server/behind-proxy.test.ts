import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormBrowser } from "../support/form-browser";
import { startBuiltServer, type RunningServer } from "../support/server-process";

/** A name only this test resolves: the server cannot, as a server behind a bank's proxy often cannot resolve its public name. */
const PUBLIC_HOST = "chohyo.bank.example";
let server: RunningServer;
let publicUrl: string;

beforeAll(async () => {
  server = await startBuiltServer((port) => ({ PUBLIC_URL: `http://${PUBLIC_HOST}:${port}` }));
  publicUrl = `http://${PUBLIC_HOST}:${new URL(server.baseUrl).port}`;
});

afterAll(async () => {
  await server?.stop();
});

describe("the in-process sandbox, at a PUBLIC_URL the server cannot resolve", () => {
  it("signs in and out: the server reaches its providers over loopback, the browser at PUBLIC_URL", async () => {
    const browser = new FormBrowser({ hosts: [PUBLIC_HOST] });
    const signIn = await browser.open(`${publicUrl}/bamidp/login`);
    const login = await browser.submit(signIn, 'name="redirectTo"');
    expect(login.url).toMatch(new RegExp(`^${publicUrl}/sandbox/idp/default/interaction/`));
    const top = await browser.submit(login, 'name="login"', { login: "owner@demo.example", password: "demo" });
    expect(top.redirects.every((url) => url.startsWith(publicUrl))).toBe(true);
    expect(top.url).toBe(`${publicUrl}/top`);
    expect(top.body).toContain("株式会社デモ商事");

    const question = await browser.submit(top, 'action="/logout"');
    expect(question.url).toMatch(new RegExp(`^${publicUrl}/sandbox/idp/default/session/end`));
    const signedOut = await browser.submit(question, 'id="op.logoutForm"', { logout: "yes" });
    expect(signedOut.url).toBe(`${publicUrl}/bamidp/login`);
    expect(signedOut.body).toContain("ログアウトしました");
    expect(server.output()).not.toContain("ENOTFOUND");
    await browser.close();
  });
});
