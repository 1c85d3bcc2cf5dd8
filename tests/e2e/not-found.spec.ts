import { expect, settled, test, TITLE_SUFFIX } from "./fixtures";

test.describe("unmatched URLs", () => {
  test("a visitor gets 404 「Page not found: {path}」 in the plain layout", async ({ page }) => {
    const response = await page.goto("/no/such/page?x=1");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ページが見つかりません");
    await expect(page.getByTestId("error-detail")).toHaveText("Page not found: /no/such/page");
    await expect(page).toHaveTitle(`ページが見つかりません${TITLE_SUFFIX}`);
    await expect(page.locator('[data-layout="plain"]')).toBeVisible();
    await expect(page.getByRole("navigation", { name: "メインメニュー" })).toHaveCount(0);
    await expect(page.getByTestId("contact-link")).toHaveAttribute("href", /contact\/guest/);
  });

  test("a company user keeps the side menu and gets the members' contact form", async ({ page, signInAs }) => {
    await signInAs("owner");
    await page.setViewportSize({ width: 1280, height: 900 });
    const response = await page.goto("/estimates/nothing-here");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("drawer").getByRole("navigation", { name: "メインメニュー" })).toBeVisible();
    await expect(page.getByTestId("contact-link")).toHaveAttribute("href", /contact\/member/);
  });

  test("outside the company layout a company user's error screen builds the menu from the session, kept through hydration", { tag: "@both" }, async ({ page, signInAs, javaScript }) => {
    await signInAs("owner");
    await page.setViewportSize({ width: 1280, height: 900 });
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await settled(page, javaScript);
    const menu = page.getByTestId("drawer").getByRole("navigation", { name: "メインメニュー" });
    await expect(menu.locator(".side-nav__user")).toHaveText("山田 太郎 様");
    await expect(menu.getByRole("link", { name: "アカウント設定" })).toBeVisible();
    if (javaScript) {
      // The menu's code is a chunk of its own: until it has come React keeps the server's HTML, and a click on it is a
      // full load (DefaultShell). Wait until the links are React's.
      await page.waitForFunction(() => {
        const link = document.querySelector('[data-testid="drawer"] nav a');
        return link !== null && Object.keys(link).some((key) => key.startsWith("__reactProps$"));
      });
    }
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await menu.getByRole("link", { name: "サポート" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("よくある質問");
    await expect(page.getByTestId("drawer").locator('[aria-current="page"]')).toHaveText("サポート");
    // With JavaScript the link is followed in the page, as from the layout's menu.
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(javaScript);
  });

  test("bank staff see no side menu on an error page; inside /admin the admin layout stays", async ({ page, signInAs }) => {
    await signInAs("bankAdmin");
    await page.setViewportSize({ width: 1280, height: 900 });
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator('[data-layout="plain"]')).toBeVisible();
    await expect(page.getByRole("navigation", { name: "メインメニュー" })).toHaveCount(0);
    await expect(page.getByText("メニュー", { exact: true })).toHaveCount(0);
    const admin = await page.goto("/admin/no-such-page");
    expect(admin?.status()).toBe(404);
    await expect(page.locator('[data-layout="admin"]')).toBeVisible();
    await expect(page.getByRole("navigation", { name: "メインメニュー" })).toHaveCount(0);
  });

  test("a navigation inside the app to a missing page shows the 404 screen", { tag: "@both" }, async ({ page, signInAs, javaScript }) => {
    await signInAs("owner");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/support/faq");
    if (javaScript) {
      // Every menu link leads to a page now: the router is asked directly, as a link to a removed page would.
      await settled(page, javaScript);
      await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate("/no/such/page"));
    } else {
      await page.goto("/no/such/page");
    }
    await expect(page.getByTestId("error-detail")).toHaveText("Page not found: /no/such/page");
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    // The whole screen, not only its title: with JavaScript its code and texts come as a chunk once the screen is needed.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ページが見つかりません");
    await expect(page.locator(".error-screen__body")).toHaveText("ページが見つかりません。");
    await expect(page.locator(".error-screen__status")).toHaveText("エラーコード：404");
    await expect(page.getByTestId("contact-link")).toHaveText("お問い合わせフォーム");
    await expect(page.getByRole("link", { name: "TOPへ戻る" })).toBeVisible();
  });

  test("when the error screen's chunk cannot be had, a client-side 404 still shows its title", async ({ page, signInAs, javaScript }) => {
    test.skip(!javaScript, "the chunk is JavaScript's");
    await signInAs("owner");
    await page.goto("/support/faq");
    await settled(page, javaScript);
    // A deployment since the page was loaded: the old chunk is gone.
    await page.route(/\/ErrorScreen-[^/]*\.js$/, (route) => route.abort());
    await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate("/no/such/page"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ページが見つかりません");
    await expect(page.locator(".error-screen")).toHaveAttribute("data-status", "404");
    await expect(page.locator(".error-screen")).not.toHaveAttribute("aria-busy", /.*/);
    await expect(page.getByTestId("drawer").getByRole("navigation", { name: "メインメニュー" })).toBeVisible();
  });
});
