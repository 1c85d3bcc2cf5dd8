import { expect, test, TITLE_SUFFIX } from "./fixtures";

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

  test("bank staff see no side menu on an error page", async ({ page, signInAs }) => {
    await signInAs("bankAdmin");
    await page.setViewportSize({ width: 1280, height: 900 });
    const response = await page.goto("/admin/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.locator('[data-layout="plain"]')).toBeVisible();
    await expect(page.getByRole("navigation", { name: "メインメニュー" })).toHaveCount(0);
    await expect(page.getByText("メニュー", { exact: true })).toHaveCount(0);
  });

  test("following a link to a missing page shows the 404 screen", async ({ page, signInAs, javaScript }) => {
    await signInAs("owner");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/top");
    if (javaScript) await page.waitForLoadState("networkidle");
    await page.getByTestId("drawer").getByRole("link", { name: "レポート" }).click();
    await expect(page.getByTestId("error-detail")).toHaveText("Page not found: /reports/list");
    await expect(page).toHaveURL(/\/reports\/list$/);
  });
});
