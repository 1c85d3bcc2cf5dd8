import { expect, settled, test, TITLE_SUFFIX } from "./fixtures";

test.describe("error screens", () => {
  test("maintenance shows its window 「開始〜終了」 in Japan time", async ({ page }) => {
    const response = await page.goto("/dev/errors/maintenance?start=2026-11-22T16:00:00Z&end=2026-11-22T20:30:00Z");
    expect(response?.status()).toBe(503);
    await expect(page).toHaveTitle(`メンテナンス中${TITLE_SUFFIX}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ただいまメンテナンス中です");
    await expect(page.getByTestId("maintenance-window")).toHaveText("2026/11/23 01:00〜2026/11/23 05:30");
    await expect(page.getByTestId("contact-link")).toBeVisible();
  });

  const forbidden = [
    ["generic", "アクセス権限がありません。権限のあるユーザーでログインしてください。"],
    ["subscriptionCanceled", "解約予約中のため、プランを変更できません。"],
    ["planChanged", "プランの変更は月に1回までです。"],
    ["unpublished", "ご利用の銀行では、受取機能を提供していません。"],
  ] as const;
  for (const [variant, text] of forbidden) {
    test(`403 ${variant}`, async ({ page }) => {
      const response = await page.goto(`/dev/errors/forbidden-${variant}`);
      expect(response?.status()).toBe(403);
      await expect(page).toHaveTitle(`アクセス権限がありません${TITLE_SUFFIX}`);
      await expect(page.locator(".error-screen__body")).toContainText(text);
      await expect(page.getByTestId("contact-link")).toBeVisible();
    });
  }

  test("401 asks to check the sign-in", async ({ page }) => {
    const response = await page.goto("/dev/errors/401");
    expect(response?.status()).toBe(401);
    await expect(page.locator(".error-screen__body")).toHaveText("認証されていません。ログイン情報をご確認ください。");
  });

  test("an unexpected failure shows the general page and no internals", async ({ page, signInAs }) => {
    await signInAs("owner");
    const response = await page.goto("/dev/errors/crash");
    expect(response?.status()).toBe(500);
    await expect(page.locator(".error-screen__body")).toHaveText("予期しないエラーが発生しました。時間をおいて再度お試しください。");
    await expect(page.locator("body")).not.toContainText("deliberate failure");
    await expect(page.getByRole("link", { name: "TOPへ戻る" })).toBeVisible();
  });

  test("after a client-side navigation each screen comes with its words", async ({ page, signInAs, javaScript }) => {
    await signInAs("owner");
    await page.goto("/support/faq");
    await settled(page, javaScript);
    // The screen's code and texts are a chunk of their own (decision 020): the page above did not load them.
    const navigate = (to: string) =>
      page.evaluate((path) => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(path), to);

    await navigate("/dev/errors/maintenance?start=2026-11-22T16:00:00Z&end=2026-11-22T20:30:00Z");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ただいまメンテナンス中です");
    await expect(page.getByTestId("maintenance-window")).toHaveText("2026/11/23 01:00〜2026/11/23 05:30");
    await expect(page.getByTestId("contact-link")).toBeVisible();

    await navigate("/dev/errors/forbidden-generic");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("アクセス権限がありません");
    await expect(page.locator(".error-screen__body")).toHaveText("アクセス権限がありません。権限のあるユーザーでログインしてください。");
    await expect(page.locator(".error-screen__status")).toHaveText("エラーコード：403");

    await navigate("/dev/errors/crash");
    await expect(page.locator(".error-screen__body")).toHaveText("予期しないエラーが発生しました。時間をおいて再度お試しください。");
    await expect(page.getByRole("link", { name: "TOPへ戻る" })).toBeVisible();
    await expect(page).toHaveTitle(`エラー${TITLE_SUFFIX}`);
  });
});
