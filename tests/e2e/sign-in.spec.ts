import { expect, test, settled } from "./fixtures";
import type { Page } from "@playwright/test";

async function signInAtProvider(page: Page, login: string, password = "demo") {
  await page.getByLabel("ログインID（メールアドレス）").fill(login);
  await page.getByLabel("パスワード").fill(password);
  await page.getByRole("button", { name: "ログイン" }).click();
}

test.describe("sign-in through the bank", { tag: "@both" }, () => {
  test("a company owner asks for a page, signs in at the bank and lands on it; sign-out ends the session", async ({ page, javaScript }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/support/faq");
    await expect(page).toHaveURL(/\/bamidp\/login\?redirectTo=%2Fsupport%2Ffaq$/);
    await settled(page, javaScript);
    await page.getByRole("button", { name: "銀行のログイン画面へ進む" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("デモ銀行グループ ログイン");
    await signInAtProvider(page, "owner@demo.example");

    await expect(page).toHaveURL(/\/support\/faq$/);
    await expect(page.getByTestId("drawer").locator(".side-nav__user")).toHaveText("山田 太郎 様");
    await expect(page.getByTestId("drawer").getByRole("link", { name: "アカウント設定" })).toBeVisible();
    await expect(page.getByTestId("drawer").getByRole("link", { name: "Cookieポリシー" })).toBeVisible();

    // The page came from the bank's redirect: a press before React has taken it over interrupts the hydration.
    await settled(page, javaScript);
    await page.getByRole("button", { name: "ログアウト" }).click();
    // The bank's provider ends its own session too (RP-initiated logout), then sends the user back.
    await page.getByRole("button", { name: "ログアウトを完了する" }).click();
    await expect(page).toHaveURL(/\/bamidp\/login$/);
    await expect(page.getByTestId("notice")).toHaveText(/ログアウトしました。/);
    await page.goto("/top");
    await expect(page).toHaveURL(/\/bamidp\/login\?redirectTo=%2Ftop$/);
    // The bank's session ended as well: signing in again asks for the password.
    await page.getByRole("button", { name: "銀行のログイン画面へ進む" }).click();
    await expect(page.getByLabel("パスワード")).toBeVisible();
  });

  test("bank 0182's user signs in at the bank's own provider", async ({ page }) => {
    await page.goto("/bamidp/login?bank_code=0182");
    await page.getByRole("button", { name: "銀行のログイン画面へ進む" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("みらい地方銀行 ログイン");
    await signInAtProvider(page, "owner@mirai.example");
    await expect(page).toHaveURL(/\/top$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("株式会社みらい製作所 小林 さくら 様");
  });

  test("a wrong password stays at the bank's page with a message", async ({ page }) => {
    await page.goto("/bamidp/login");
    await page.getByRole("button", { name: "銀行のログイン画面へ進む" }).click();
    await signInAtProvider(page, "owner@demo.example", "wrong");
    await expect(page.getByRole("alert")).toHaveText("ログインIDまたはパスワードが正しくありません。");
    await expect(page.getByLabel("ログインID（メールアドレス）")).toHaveValue("owner@demo.example");
  });

  test("the default provider does not sign in bank 0182's users", async ({ page }) => {
    await page.goto("/bamidp/login");
    await page.getByRole("button", { name: "銀行のログイン画面へ進む" }).click();
    await signInAtProvider(page, "owner@mirai.example");
    await expect(page.getByRole("alert")).toBeVisible();
  });

  test("the side menu reflects the user: a company user without owner items, a newcomer's menu disabled, a bank without receiving", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const cases = [
      { login: "user@demo.example", bank: null, check: async () => {
        await expect(page.getByTestId("drawer").getByRole("link", { name: "アカウント設定" })).toHaveCount(0);
        await expect(page.getByTestId("drawer").getByText("受取")).toBeVisible();
      } },
      { login: "newcomer@demo.example", bank: null, landing: /\/accounts\/register$/, check: async () => {
        await expect(page.getByTestId("drawer").getByText("プランのお申し込み後にご利用いただけます")).toBeVisible();
      } },
      { login: "owner@shinkin.example", bank: "0002", check: async () => {
        await expect(page.getByTestId("drawer").getByText("受取", { exact: true })).toHaveCount(0);
        await expect(page.getByTestId("drawer").locator(".side-nav__company")).toHaveText("有限会社しんきん");
      } },
    ];
    for (const { login, bank, check, landing = /\/top$/ } of cases as Array<{ login: string; bank: string | null; check: () => Promise<void>; landing?: RegExp }>) {
      await page.context().clearCookies();
      await page.goto(bank ? `/bamidp/login?bank_code=${bank}` : "/bamidp/login");
      await page.getByRole("button", { name: "銀行のログイン画面へ進む" }).click();
      await signInAtProvider(page, login);
      await expect(page).toHaveURL(landing);
      await check();
    }
  });

  test("a form posted after the sign-in expired gets its input back after signing in again", async ({ page, signInAs, javaScript }) => {
    await signInAs("owner");
    await page.goto("/dev/notice");
    await settled(page, javaScript);
    const form = page.locator("form#validation");
    await form.getByLabel("氏名").fill("山田太郎");
    await form.getByLabel("メールアドレス").fill("taro@example.jp");
    await form.getByLabel("コード（英大文字）").fill("ABC");
    await form.getByLabel("数量（整数）").fill("12");
    await form.getByLabel("郵便番号（数字7桁）").fill("1000001");
    await form.getByLabel("郵便番号（数字7桁）").blur();
    await form.getByLabel("青").check();

    // The id token runs out while the user is typing.
    await signInAs("owner", { expired: true });
    await form.getByRole("button", { name: "確認する" }).click();

    await expect(page).toHaveURL(/\/bamidp\/login\?redirectTo=%2Fdev%2Fnotice&bank_code=0001$/);
    await page.getByRole("button", { name: "銀行のログイン画面へ進む" }).click();
    await signInAtProvider(page, "owner@demo.example");

    await expect(page).toHaveURL(/\/dev\/notice$/);
    await expect(form.getByLabel("氏名")).toHaveValue("山田太郎");
    await expect(form.getByLabel("メールアドレス")).toHaveValue("taro@example.jp");
    await expect(form.getByLabel("郵便番号（数字7桁）")).toHaveValue("1000001");
    await expect(form.getByLabel("数量（整数）")).toHaveValue("12");
    await expect(form.getByLabel("青")).toBeChecked();
    await page.reload();
    await expect(form.getByLabel("氏名")).toHaveValue("");
  });

  test("/ sends a visitor to sign-in", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/bamidp\/login$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ログイン");
  });
});
