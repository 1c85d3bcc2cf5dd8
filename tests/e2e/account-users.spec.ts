import type { Page } from "@playwright/test";
import { expect, settled, signInThroughBank, test, TITLE_SUFFIX } from "./fixtures";

/** Where a change asks first: a dialog with JavaScript, the page itself without. */
const confirmation = (page: Page, javaScript: boolean) => (javaScript ? page.getByRole("dialog") : page.locator("main"));

/**
 * Each project changes a demo user of its own (decision 024), so the two
 * projects never race over one user, and restores what it changed, so a
 * retry or another spec finds the sandbox as it was.
 */
const targetOf = (javaScript: boolean) => (javaScript ? "高木 美穂" : "森 大輔");

const ISSUED = "発行書類（見積書・納品書・請求書・領収書）";

/** True when the page itself scrolls sideways; a table scrolling inside its own box does not count. */
const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test.describe("users and permissions (owner only)", () => {
  // One project's tests change the same user one after another: the version each page read stays current.
  test.describe.configure({ mode: "serial" });

  test("an owner lists the company's users, opens one, makes them owner and back, each change asked first", { tag: "@both" }, async ({ page, javaScript }) => {
    const target = targetOf(javaScript);
    await signInThroughBank(page, "owner@demo.example");
    await page.goto("/accounts/user/list");
    await settled(page, javaScript);
    await expect(page).toHaveTitle(`ユーザー管理${TITLE_SUFFIX}`);
    const rows = page.getByTestId("account-users").getByRole("row");
    // The owner has just signed in: the sign-in is recorded and shown in Japan time.
    await expect(rows.filter({ hasText: "山田 太郎" })).toContainText(/オーナー.*\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}/);
    await expect(rows.filter({ hasText: "林 優" })).toContainText("未登録");
    await expect(rows.filter({ hasText: "中村 美咲" })).toContainText("無効");
    const row = rows.filter({ hasText: target });
    await expect(row).toContainText("企業ユーザー");
    await expect(row).toContainText("利用者");

    await row.getByRole("link", { name: target }).click();
    await settled(page, javaScript);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`ユーザーの詳細：${target}`);
    await expect(page.getByTestId("payment-role")).toHaveText("利用者");

    // Asked, and declined: nothing changes.
    await page.getByRole("link", { name: "オーナーにする" }).click();
    const declined = confirmation(page, javaScript);
    await expect(declined.getByRole("heading", { name: `${target}さんをオーナーにしますか` })).toBeVisible();
    await declined.getByRole(javaScript ? "button" : "link", { name: "やめる" }).click();
    await expect(page.getByTestId("payment-role")).toHaveText("利用者");

    await page.getByRole("link", { name: "オーナーにする" }).click();
    await confirmation(page, javaScript).getByRole("button", { name: "オーナーにする" }).click();
    await expect(page.getByTestId("notice")).toContainText(`${target}さんをオーナーにしました。`);
    await expect(page.getByTestId("payment-role")).toHaveText("オーナー");

    await page.getByRole("link", { name: "利用者に変更する" }).click();
    const demote = confirmation(page, javaScript);
    await expect(demote.getByRole("heading", { name: `${target}さんを利用者に変更しますか` })).toBeVisible();
    await demote.getByRole("button", { name: "利用者に変更する" }).click();
    await expect(page.getByTestId("notice")).toContainText(`${target}さんを利用者に変更しました。`);
    await expect(page.getByTestId("payment-role")).toHaveText("利用者");
  });

  test("an owner lets a company user see all issued documents, then only their own again", { tag: "@both" }, async ({ page, javaScript }) => {
    const target = targetOf(javaScript);
    await signInThroughBank(page, "owner@demo.example");
    await page.goto("/accounts/change/permissions");
    await settled(page, javaScript);
    await expect(page).toHaveTitle(`書類の参照範囲${TITLE_SUFFIX}`);
    await expect(page.getByText("オーナー（すべての書類を参照できます）：山田 太郎")).toBeVisible();
    const issued = () => page.getByRole("group", { name: target }).getByLabel(ISSUED);
    await expect(issued()).toHaveValue("2");

    await issued().selectOption("1");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toContainText("書類の参照範囲を保存しました。");
    await expect(issued()).toHaveValue("1");

    // The first save's notice is still on the page: wait for this save's answer, then read what the server kept.
    await issued().selectOption("2");
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/accounts/change/permissions")),
      page.getByRole("button", { name: "保存する" }).click(),
    ]);
    await page.goto("/accounts/change/permissions");
    await expect(issued()).toHaveValue("2");
  });

  test("a permissions form another owner saved meanwhile says so and keeps the choices made on it", { tag: "@both" }, async ({ page, javaScript }) => {
    const target = targetOf(javaScript);
    await signInThroughBank(page, "owner@demo.example");
    await page.goto("/accounts/change/permissions");
    await settled(page, javaScript);
    const received = (on: Page) => on.getByRole("group", { name: target }).getByLabel("受取書類");
    const issued = () => page.getByRole("group", { name: target }).getByLabel(ISSUED);
    await expect(issued()).toHaveValue("2");

    const other = await page.context().newPage();
    await other.goto("/accounts/change/permissions");
    await received(other).selectOption("2");
    await other.getByRole("button", { name: "保存する" }).click();
    await expect(other.getByTestId("notice")).toContainText("書類の参照範囲を保存しました。");

    await issued().selectOption("1");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByRole("alert")).toContainText("ほかの操作でこのユーザーの設定が変更されています。");
    await expect(page.locator("form#permissions")).toHaveAttribute("aria-describedby", "permissions-error");
    await expect(issued()).toHaveValue("1");

    await other.reload();
    await received(other).selectOption("1");
    await other.getByRole("button", { name: "保存する" }).click();
    await expect(other.getByTestId("notice")).toContainText("書類の参照範囲を保存しました。");
    await expect(received(other)).toHaveValue("1");
    await expect(other.getByRole("group", { name: target }).getByLabel(ISSUED)).toHaveValue("2");
  });

  test("the three pages fit 375 px", async ({ page, javaScript }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInThroughBank(page, "owner@demo.example");
    for (const path of ["/accounts/user/list", "/accounts/user/detail/U-DEMO-NEWHIRE", "/accounts/user/detail/U-DEMO-NEWHIRE?confirm=enable", "/accounts/change/permissions"]) {
      await page.goto(path);
      await settled(page, javaScript);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageScrollsSideways(page), path).toBe(false);
    }
  });

  test("a company user gets the 403 page on each of them", async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    for (const path of ["/accounts/user/list", "/accounts/user/detail/U-DEMO-OWNER", "/accounts/change/permissions"]) {
      const response = await page.goto(path);
      await settled(page, javaScript);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("アクセス権限がありません");
    }
  });

  test("another company's user is the 404 page", async ({ page, javaScript }) => {
    await signInThroughBank(page, "owner@demo.example");
    const response = await page.goto("/accounts/user/detail/U-OTHER-OWNER");
    await settled(page, javaScript);
    expect(response?.status()).toBe(404);
  });
});
