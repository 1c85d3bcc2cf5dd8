import { describe, expect, it } from "vitest";
import { loader as defaultLayoutLoader } from "~/routes/_default/route";
import { loader as adminLayoutLoader } from "~/routes/_admin/route";
import { action as devNoticeAction } from "~/routes/_default.dev.notice/route";
import { sessionOnPageLoad, getUser } from "~/services/session.server";
import { sessionCookieFor } from "../support/session";
import { fixtureUsers, type FixtureUserName } from "../support/users";
import { testContext } from "../support/context";

const context = testContext();

async function requestAs(path: string, name?: FixtureUserName, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (name) {
    const cookie = await sessionCookieFor(fixtureUsers[name]);
    headers.set("Cookie", `${cookie.name}=${cookie.value}`);
  }
  return new Request(`http://localhost${path}`, { ...init, headers });
}

async function thrownBy(promise: unknown): Promise<unknown> {
  try {
    await promise;
  } catch (thrown) {
    return thrown;
  }
  throw new Error("expected the loader to throw");
}

describe("default layout loader (login check)", () => {
  it("sends a visitor to sign-in, keeping the page asked for", async () => {
    const thrown = await thrownBy(defaultLayoutLoader({ request: await requestAs("/top?x=1"), params: {}, context }));
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/bamidp/login?redirectTo=%2Ftop%3Fx%3D1");
  });

  it("gives a company user the session user", async () => {
    const result = await defaultLayoutLoader({ request: await requestAs("/top", "user"), params: {}, context });
    expect(result.user).toEqual(fixtureUsers.user);
  });

  it("sends the menu as HTML once: on a page load to the server's render only, to a data request in its data", async () => {
    const renderedHtml = new Map<string, string>();
    const pageLoad = await defaultLayoutLoader({ request: await requestAs("/invoices/detail/3", "user"), params: {}, context: testContext({ renderedHtml }) });
    expect(pageLoad.menu).toBeNull();
    const html = renderedHtml.get("menu")!;
    expect(html).toMatch(/^<nav class="side-nav" aria-label="メインメニュー">/);
    expect(html).toContain(`${fixtureUsers.user.lastName} ${fixtureUsers.user.firstName} 様`);
    // The entry for the page asked for is current; the browser follows the URL from there (data-also).
    expect(html).toContain('<a href="/invoices/list" class="side-nav__link is-active" aria-current="page" data-also="/invoices" data-discover="true">請求書</a>');
    expect(html).toContain('<a href="/support/faq" class="side-nav__link" data-also="/support" data-discover="true">サポート</a>');
    // Not the owner: neither the account nor user management.
    expect(html).not.toContain("/accounts/settings");
    // testContext has no renderedHtml, as the load context of a `.data` request.
    expect((await defaultLayoutLoader({ request: await requestAs("/invoices/detail/3", "user"), params: {}, context })).menu).toBe(html);
  });

  it("words a cancelled service's banner, so every page's JavaScript carries neither its texts nor the date's formatting", async () => {
    const pageOf = async (withdrawalDate: string) => {
      const cookie = await sessionCookieFor({ ...fixtureUsers.owner, withdrawalDate });
      return defaultLayoutLoader({ request: new Request("http://localhost/top", { headers: { Cookie: `${cookie.name}=${cookie.value}` } }), params: {}, context });
    };
    expect((await pageOf("2020-01-31")).service).toEqual({ state: "ended", text: "ご利用は2020年1月31日で終了しました。書類の閲覧とエクスポートはできますが、作成や変更はできません。", settings: "アカウント設定" });
    expect((await pageOf("2999-12-31")).service).toMatchObject({ state: "pending", text: "解約予約中です。2999年12月31日でご利用が終了します。" });
    expect((await defaultLayoutLoader({ request: await requestAs("/top", "owner"), params: {}, context })).service).toBeNull();
  });

  it("refuses bank staff with the generic 403", async () => {
    const thrown = await thrownBy(defaultLayoutLoader({ request: await requestAs("/top", "bankAdmin"), params: {}, context }));
    expect(thrown).toMatchObject({ init: { status: 403 }, data: { variant: "generic" } });
  });

  it("treats a cookie it cannot verify as signed out", async () => {
    const request = await requestAs("/top", undefined, { headers: { Cookie: "__session=forged.value" } });
    expect(await getUser(request)).toBeNull();
  });
});

describe("admin layout loader", () => {
  it("refuses company users", async () => {
    const thrown = await thrownBy(adminLayoutLoader({ request: await requestAs("/admin", "owner"), params: {}, context }));
    expect(thrown).toMatchObject({ init: { status: 403 } });
  });
});

describe("an action's notice (flash)", () => {
  const post = (body: Record<string, string>) =>
    requestAs("/dev/notice", "owner", {
      method: "POST",
      body: new URLSearchParams(body),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });

  it("redirects with a notice that the next page reads once", async () => {
    const response = (await devNoticeAction({
      request: await post({ intent: "notice", type: "success", message: "保存しました" }),
      params: {},
      context,
    })) as Response;
    expect(response.status).toBe(302);
    const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;

    const first = await sessionOnPageLoad(new Request("http://localhost/dev/notice", { headers: { Cookie: cookie } }));
    expect(first.notice).toMatchObject({ type: "success", message: "保存しました" });
    const cleared = first.setCookie!.split(";")[0]!;
    const second = await sessionOnPageLoad(new Request("http://localhost/dev/notice", { headers: { Cookie: cleared } }));
    expect(second.notice).toBeNull();
  });

  it("answers bad input with 400 and Japanese messages, keeping what was typed", async () => {
    const result = await devNoticeAction({
      request: await post({ intent: "validate", email: "taro@", quantity: "1.5" }),
      params: {},
      context,
    });
    expect(result).toMatchObject({ init: { status: 400 } });
    const reply = (result as unknown as { data: { error: Record<string, string[]>; initialValue: Record<string, string> } }).data;
    expect(reply.error.name).toEqual(["このフィールドは必須です"]);
    expect(reply.error.email).toEqual(["有効なメールアドレスを入力してください"]);
    expect(reply.error.quantity).toEqual(["整数で入力してください"]);
    expect(reply.error.colors).toEqual(["少なくとも1つ選択してください"]);
    expect(reply.initialValue).toMatchObject({ email: "taro@", quantity: "1.5" });
  });
});
