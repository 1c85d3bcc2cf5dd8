import { expect, settled, signInThroughBank, test } from "./fixtures";

/** TOP (issue 18), read-only: both projects look at the same demo companies at once. */
test.describe("TOP", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows the month, what is unpaid (equal to the receivables report), the latest documents and the bank's notice", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    await page.goto("/top");
    await settled(page, javaScript);
    await expect(page.getByTestId("top-sales")).toContainText(/今月の請求額（税込）[\d,]+円/);
    await expect(page.getByTestId("top-notices")).toContainText("システムメンテナンスのお知らせ");
    await expect(page.getByTestId("top-latest").locator("tbody tr")).toHaveCount(5);
    const unpaid = (await page.getByTestId("top-unpaid").locator("strong").textContent())!;
    const amount = /([\d,]+円)$/.exec(unpaid)![1]!;
    await page.getByTestId("top-unpaid").getByRole("link", { name: "売掛金のレポートで見る" }).click();
    await expect(page).toHaveURL(/report=receivables/);
    await expect(page.locator("main")).toContainText(amount);

    await page.goto("/top");
    const first = page.getByTestId("top-latest").locator("tbody tr").first();
    const number = (await first.getByRole("link").textContent())!;
    await first.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(number);
  });

  test("tells a company in its free months how many days are left, and one cancelling when it ends", async ({ page }) => {
    await signInThroughBank(page, "campaign@demo.example");
    await page.goto("/top");
    await expect(page.getByTestId("top-plan")).toContainText(/無料期間中です。あと\d+日/);
    await page.context().clearCookies();
    await signInThroughBank(page, "leaving@demo.example");
    await page.goto("/top");
    await expect(page.getByTestId("top-plan")).toContainText("解約のお申し込み中です。");
    await expect(page.getByTestId("top-notices")).toContainText("システムメンテナンスのお知らせ");
    await page.context().clearCookies();
    // Another bank's companies do not see デモ銀行's notice.
    await signInThroughBank(page, "owner@shinkin.example", "0002");
    await page.goto("/top");
    await expect(page.getByTestId("top-sales")).toBeVisible();
    await expect(page.getByTestId("top-notices")).toHaveCount(0);
  });
});
