import { expect, test } from "./fixtures";

/** Each kind of demo user (../shared/SANDBOX.md): where sign-in lands them, and sign-out. */
const USERS = [
  { login: "owner@demo.example", bank: null, url: /\/top$/, shows: "株式会社デモ商事 山田 太郎 様" },
  { login: "user@demo.example", bank: null, url: /\/top$/, shows: "株式会社デモ商事 佐藤 花子 様" },
  { login: "owner@other.example", bank: null, url: /\/top$/, shows: "合同会社アザー 伊藤 健 様" },
  { login: "newcomer@demo.example", bank: null, url: /\/accounts\/register$/, shows: "プランのお申し込み" },
  { login: "campaign@demo.example", bank: null, url: /\/top$/, shows: "株式会社はじまり商会 松本 陽子 様" },
  { login: "leaving@demo.example", bank: null, url: /\/top$/, shows: "有限会社おわり屋 井上 修 様" },
  { login: "changed@demo.example", bank: null, url: /\/top$/, shows: "合同会社かわる 木村 綾 様" },
  { login: "invalid@demo.example", bank: null, url: /\/top$/, shows: "アクセス権限がありません" },
  { login: "owner@shinkin.example", bank: "0002", url: /\/top$/, shows: "有限会社しんきん 高橋 次郎 様" },
  { login: "owner@mirai.example", bank: "0182", url: /\/top$/, shows: "株式会社みらい製作所 小林 さくら 様" },
  { login: "sysadmin@demo.example", bank: null, url: /\/admin$/, shows: "管理画面", scope: "対象：デモ銀行の全店" },
  { login: "bankadmin@demo.example", bank: null, url: /\/admin$/, shows: "管理画面", scope: "対象：デモ銀行の全店" },
  { login: "branchadmin@demo.example", bank: null, url: /\/admin$/, shows: "管理画面", scope: "対象：デモ銀行 本店営業部" },
  { login: "branchuser@demo.example", bank: null, url: /\/admin$/, shows: "管理画面", scope: "対象：デモ銀行 本店営業部" },
  { login: "operator@demo.example", bank: "9998", url: /\/admin$/, shows: "管理画面", scope: "対象：すべての銀行" },
];

for (const user of USERS) {
  test(`${user.login} signs in and out`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(user.bank ? `/bamidp/login?bank_code=${user.bank}` : "/bamidp/login");
    await page.getByRole("button", { name: "銀行のログイン画面へ進む" }).click();
    await page.getByLabel("ログインID（メールアドレス）").fill(user.login);
    await page.getByLabel("パスワード").fill("demo");
    await page.getByRole("button", { name: "ログイン" }).click();

    await expect(page).toHaveURL(user.url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(user.shows);
    if (user.scope) await expect(page.getByTestId("admin-scope")).toHaveText(user.scope);

    await page.getByRole("button", { name: "ログアウト" }).click();
    // The bank's provider ends its own session too (RP-initiated logout), then sends the user back.
    await page.getByRole("button", { name: "ログアウトを完了する" }).click();
    await expect(page).toHaveURL(/\/bamidp\/login$/);
    await expect(page.getByTestId("notice")).toHaveText(/ログアウトしました。/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/bamidp\/login$/);
  });
}
