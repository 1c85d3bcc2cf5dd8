import { readFile } from "node:fs/promises";
import { expect, settled, signInThroughBank, test } from "./fixtures";

/** The admin area's companies pages, read-only: both projects may look at the same demo companies at once. */
test.describe("admin: companies", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a bank admin searches the bank's companies by name in any width, filters by status, opens a company and its earlier join", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInThroughBank(page, "bankadmin@demo.example");
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "管理メニュー" }).getByRole("link", { name: "企業一覧" }).click();
    await settled(page, javaScript);
    const rows = page.getByTestId("admin-companies").locator("tbody tr");
    // The bank's companies in every status (other specs may register more of them meanwhile), and none of another bank's.
    for (const name of ["株式会社デモ商事", "合同会社アザー", "株式会社はじまり商会", "有限会社おわり屋", "合同会社かわる", "株式会社もとや商店"]) await expect(rows.filter({ hasText: name })).toHaveCount(1);
    await expect(rows.filter({ hasText: "有限会社しんきん" })).toHaveCount(0);

    await page.getByLabel("企業名・企業コード").fill("ﾃﾞﾓ");
    await page.getByRole("button", { name: "検索" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("株式会社デモ商事");
    await expect(page.getByLabel("企業名・企業コード")).toHaveValue("ﾃﾞﾓ");

    await page.getByLabel("企業名・企業コード").fill("");
    await page.getByLabel("状態").selectOption({ label: "退会済" });
    await page.getByRole("button", { name: "検索" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("株式会社もとや商店");

    await page.goto("/admin/companies/list?sort=code&order=asc");
    await page.getByRole("link", { name: "合同会社アザー" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("合同会社アザー");
    await expect(page.getByTestId("admin-company-enrollment")).toContainText("駅前支店");
    await expect(page.getByTestId("admin-company-usage")).toContainText("請求書の発行");
    await page.getByTestId("admin-company-enrollments").getByRole("link", { name: /2024\/04\/01/ }).click();
    await expect(page.getByRole("heading", { level: 2 }).first()).toContainText("以前のご利用");
    await expect(page.getByTestId("admin-company-status")).toHaveText("退会済");
    await expect(page.getByTestId("admin-company-history")).toContainText("解約の申し込み");
  });

  test("branch staff see their branch only: another branch's company is 404 inside the admin layout, and a branch user cannot export", async ({ page }) => {
    await signInThroughBank(page, "branchuser@demo.example");
    await page.goto("/admin/companies/list");
    const rows = page.getByTestId("admin-companies").locator("tbody tr");
    await expect(rows.filter({ hasText: "株式会社デモ商事" })).toHaveCount(1);
    await expect(rows.filter({ hasText: "有限会社おわり屋" })).toHaveCount(1);
    // Every row is the branch's own (other specs may register more of its companies meanwhile).
    await expect(rows.filter({ hasNotText: "本店営業部" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "CSVを出力" })).toHaveCount(0);
    const other = await page.goto("/admin/companies/detail/C-OTHER/2026-04-01");
    expect(other?.status()).toBe(404);
    await expect(page.locator('[data-layout="admin"]')).toHaveCount(1);
    await expect(page.getByRole("navigation", { name: "管理メニュー" })).toBeVisible();
    const unknown = await page.goto("/admin/no-such-page");
    expect(unknown?.status()).toBe(404);
    await expect(page.locator('[data-layout="admin"]')).toHaveCount(1);
    // Outside /admin, bank staff's error pages have no side menu.
    const outside = await page.goto("/no-such-page");
    expect(outside?.status()).toBe(404);
    await expect(page.locator('[data-layout="plain"]')).toHaveCount(1);
  });

  test("a branch admin exports the branch's companies as CSV", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInThroughBank(page, "branchadmin@demo.example");
    await page.goto("/admin/companies/list");
    await settled(page, javaScript);
    await page.getByLabel("文字コード").selectOption("SJIS");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "CSVを出力" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^企業一覧_\d{8}\.csv$/);
    const text = new TextDecoder("shift_jis").decode(await readFile((await download.path())!));
    expect(text.split("\r\n")[0]).toContain("企業コード,企業名");
    expect(text).toContain("C-DEMO,株式会社デモ商事");
    expect(text).not.toContain("C-OTHER");
  });

  test("a company user gets 403, not 404, on every /admin page, with the company's own layout", async ({ page }) => {
    await signInThroughBank(page, "owner@demo.example");
    for (const path of ["/admin", "/admin/companies/list", "/admin/companies/detail/C-DEMO/2026-04-01", "/admin/bank-setting/list", "/admin/no-such-page"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.locator('[data-layout="default"]')).toHaveCount(1);
    }
  });
});
