import { expect, test, settled, signInThroughBank } from "./fixtures";

test.describe("notice", () => {
  test("an action's notice shows once and does not return on reload", { tag: "@both" }, async ({ page, javaScript, signInAs }) => {
    await signInAs("owner");
    await page.goto("/dev/notice");
    await settled(page, javaScript);
    await page.getByLabel("お知らせの文言").fill("取引先を保存しました");
    await page.getByRole("button", { name: "お知らせを表示する" }).click();
    const notice = page.getByTestId("notice");
    await expect(notice).toHaveText(/取引先を保存しました/);
    await expect(notice).toHaveAttribute("role", "status");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("notice")).toHaveCount(0);
  });

  test("an error notice is announced as an alert", { tag: "@both" }, async ({ page, javaScript, signInAs }) => {
    await signInAs("owner");
    await page.goto("/dev/notice");
    await settled(page, javaScript);
    await page.getByLabel("エラー").check();
    await page.getByLabel("お知らせの文言").fill("保存に失敗しました");
    await page.getByRole("button", { name: "お知らせを表示する" }).click();
    await expect(page.getByRole("alert")).toHaveText(/保存に失敗しました/);
  });

  test("it sits at the top right in the page's flow, covering neither the heading nor a button, and hides after five seconds without JavaScript too", { tag: "@both" }, async ({ page, javaScript, signInAs }) => {
    await signInAs("owner");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/dev/notice");
    await settled(page, javaScript);
    await page.getByLabel("お知らせの文言").fill("位置を確かめる");
    await page.getByRole("button", { name: "お知らせを表示する" }).click();
    const notice = page.getByTestId("notice");
    await expect(notice).toHaveText(/位置を確かめる/);
    const box = (await notice.boundingBox())!;
    const main = (await page.locator("main").boundingBox())!;
    expect(box.y - main.y).toBeLessThan(40);
    expect(main.x + main.width - (box.x + box.width)).toBeLessThan(40);
    const overlaps = (other: { x: number; y: number; width: number; height: number }) =>
      box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
    for (const covered of [page.getByRole("heading", { level: 1 }), ...(await page.locator("main button:not(.notice__close), main a.button").all())]) {
      if (await covered.isVisible()) expect(overlaps((await covered.boundingBox())!)).toBe(false);
    }

    const shownAt = Date.now();
    await expect(notice).toBeHidden({ timeout: 8_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_500);
  });

  test("with JavaScript it hides after five seconds, and a new one replaces the old", async ({ page, javaScript, signInAs }) => {
    test.skip(!javaScript, "hiding needs JavaScript");
    await signInAs("owner");
    await page.goto("/dev/notice");
    await settled(page, javaScript);
    await page.getByLabel("お知らせの文言").fill("一件目");
    await page.getByRole("button", { name: "お知らせを表示する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/一件目/);

    await page.getByLabel("お知らせの文言").fill("二件目");
    await page.getByRole("button", { name: "お知らせを表示する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/二件目/);
    await expect(page.getByTestId("notice")).toHaveCount(1);

    const shownAt = Date.now();
    await expect(page.getByTestId("notice")).toHaveCount(0, { timeout: 8_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(3_500);
  });

  test("with JavaScript the close button hides it at once", async ({ page, javaScript, signInAs }) => {
    test.skip(!javaScript, "the close button needs JavaScript");
    await signInAs("owner");
    await page.goto("/dev/notice");
    await settled(page, javaScript);
    await page.getByLabel("お知らせの文言").fill("閉じられる");
    await page.getByRole("button", { name: "お知らせを表示する" }).click();
    await page.getByRole("button", { name: "閉じる" }).click();
    await expect(page.getByTestId("notice")).toHaveCount(0);
  });
});

test.describe("loading overlay", () => {
  test("covers the page while a navigation waits for the server", async ({ page, javaScript }) => {
    test.skip(!javaScript, "the overlay is drawn by JavaScript");
    // TOP calls the Payment API: a real sign-in, whose id token the API accepts.
    await signInThroughBank(page, "owner@demo.example");
    await page.setViewportSize({ width: 1280, height: 900 });
    // From a page that hydrates: TOP and the lists are served without scripts (ADR 020), their links load whole pages.
    await page.goto("/support/faq");
    await settled(page, javaScript);
    await page.route("**/items/list.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.getByTestId("drawer").getByRole("link", { name: "品目" }).click();
    await expect(page.getByTestId("loading-overlay")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("品目");
    await expect(page.getByTestId("loading-overlay")).toHaveCount(0);
  });
});
