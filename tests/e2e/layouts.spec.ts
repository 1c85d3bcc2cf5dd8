import { expect, test, TITLE_SUFFIX, signInThroughBank } from "./fixtures";

test.describe("layouts", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("default: top bar and side navigation drawer with the user's name", async ({ page }) => {
    // TOP calls the Payment API: a real sign-in, whose id token the API accepts.
    await signInThroughBank(page, "owner@demo.example");
    await page.goto("/top");
    await expect(page).toHaveTitle(`TOP${TITLE_SUFFIX}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await expect(page.locator('[data-layout="default"]')).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "帳票クラウド" })).toBeVisible();
    const drawer = page.getByTestId("drawer");
    await expect(drawer).toBeVisible();
    await expect(drawer.locator(".side-nav__company")).toHaveText("株式会社デモ商事");
    await expect(drawer.locator(".side-nav__user")).toHaveText("山田 太郎 様");
    await expect(drawer.getByRole("link", { name: "TOP" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("株式会社デモ商事 山田 太郎 様");
  });

  test("default: the side menu is disabled for a company with no payment user", async ({ page, signInAs }) => {
    await signInAs("newcomer");
    await page.goto("/support/faq");
    const drawer = page.getByTestId("drawer");
    await expect(drawer.getByText("プランのお申し込み後にご利用いただけます")).toBeVisible();
    await expect(drawer.getByRole("link", { name: "見積書" })).toHaveCount(0);
    await expect(drawer.getByText("見積書")).toHaveAttribute("aria-disabled", "true");
    await expect(drawer.getByRole("link", { name: "サポート" })).toBeVisible();
  });

  test("default: a visitor is sent to sign in, keeping the page asked for", async ({ page }) => {
    const response = await page.request.get("/top?tab=1", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/bamidp/login?redirectTo=%2Ftop%3Ftab%3D1");
  });

  test("default: another page of the layout (FAQ)", async ({ page, signInAs }) => {
    await signInAs("user");
    await page.goto("/support/faq");
    await expect(page).toHaveTitle(`よくある質問${TITLE_SUFFIX}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("よくある質問");
    await expect(page.getByTestId("drawer").getByRole("link", { name: "サポート" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("drawer").getByRole("link", { name: "アカウント設定" })).toHaveCount(0);
  });

  test("plain: top bar without navigation", async ({ page }) => {
    await page.goto("/dev/layouts/plain");
    await expect(page).toHaveTitle(`レイアウト見本${TITLE_SUFFIX}`);
    await expect(page.locator('[data-layout="plain"]')).toBeVisible();
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("navigation")).toHaveCount(0);
    await expect(page.getByTestId("layout-sample")).toContainText("plain");
  });

  test("empty: the page alone", async ({ page }) => {
    await page.goto("/dev/layouts/empty");
    await expect(page).toHaveTitle(`レイアウト見本${TITLE_SUFFIX}`);
    await expect(page.locator('[data-layout="empty"]')).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("navigation")).toHaveCount(0);
  });

  test("admin: its own top bar and admin menu, no menu button", async ({ page, signInAs }) => {
    await signInAs("bankAdmin");
    await page.goto("/dev/layouts/admin");
    await expect(page).toHaveTitle(`レイアウト見本${TITLE_SUFFIX}`);
    await expect(page.locator('[data-layout="admin"]')).toBeVisible();
    await expect(page.getByRole("banner")).toContainText("管理画面");
    await expect(page.getByRole("banner")).toContainText("デモ銀行 田中 誠 様");
    const menu = page.getByRole("navigation", { name: "管理メニュー" });
    await expect(menu.getByRole("link", { name: "企業一覧" })).toHaveAttribute("href", "/admin/companies/list");
    await expect(menu.getByRole("link", { name: "銀行設定" })).toHaveAttribute("href", "/admin/bank-setting/list");
    await expect(page.getByRole("navigation", { name: "メインメニュー" })).toHaveCount(0);
    await page.setViewportSize({ width: 800, height: 900 });
    await expect(page.getByText("メニュー", { exact: true })).toHaveCount(0);
  });

  test("admin: company users are refused", async ({ page, signInAs }) => {
    await signInAs("owner");
    const response = await page.goto("/dev/layouts/admin");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("アクセス権限がありません");
  });

  test("default: bank staff are refused company pages", async ({ page, signInAs }) => {
    await signInAs("bankAdmin");
    const response = await page.goto("/top");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("アクセス権限がありません。権限のあるユーザーでログインしてください。")).toBeVisible();
  });

  test("snapshot-empty: one A4 sheet and no chrome", async ({ page }) => {
    await page.goto("/dev/layouts/snapshot-empty");
    await expect(page).toHaveTitle(`レイアウト見本${TITLE_SUFFIX}`);
    await expect(page.getByRole("banner")).toHaveCount(0);
    const sheet = page.locator(".a4-sheet");
    await expect(sheet).toBeVisible();
    const box = await sheet.boundingBox();
    // 210 mm at 96 dpi.
    expect(Math.round(box!.width)).toBe(794);
  });
});
