import type { Page } from "@playwright/test";
import { expect, settled, signInThroughBank, test } from "./fixtures";

const heading = (page: Page) => page.getByRole("heading", { level: 1 });

test.describe("plans and the account", () => {
  test("a new company registers, adds receiving, is refused a second change this month, cancels and withdraws", { tag: "@both" }, async ({ page, javaScript }) => {
    // Each project registers a company of its own: a registration happens once.
    await signInThroughBank(page, javaScript ? "newshop@demo.example" : "startup@demo.example");
    await page.goto("/accounts/register");
    await expect(heading(page)).toHaveText("プランのお申し込み");
    await expect(page.getByText("キャンペーン期間中")).toBeVisible();
    await settled(page, javaScript);

    // What only the server judges (a payment method this bank asks for) is answered at the page's own address, with
    // JavaScript too: the page was an index route, whose refused post stayed at /accounts/register?index.
    await page.getByRole("radio", { name: /^発行プラン/ }).check();
    for (const agreement of await page.getByRole("checkbox", { name: /に同意する$/ }).all()) await agreement.check();
    await page.getByRole("button", { name: "確認画面へ" }).click();
    await expect(page.getByText("お支払い方法を選択してください")).toBeVisible();
    await expect(page).toHaveURL(/\/accounts\/register$/);

    // A refused form keeps what was chosen and typed, and says what is missing; with JavaScript a field is judged when left.
    await page.getByRole("radio", { name: /^発行プラン/ }).check();
    await page.getByRole("radio", { name: /^口座振替/ }).check();
    await settled(page, javaScript);
    await page.getByLabel("金融機関コード").fill("01");
    if (javaScript) {
      await page.getByLabel("金融機関コード").press("Tab");
      await expect(page.getByText("金融機関コードは4桁の数字で入力してください")).toBeVisible();
    }
    await page.getByRole("button", { name: "確認画面へ" }).click();
    await expect(page.getByLabel("支店コード")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("口座番号")).toHaveAccessibleDescription("このフィールドは必須です");
    await expect(page.getByRole("radio", { name: /^発行プラン/ })).toBeChecked();
    await expect(page.getByRole("radio", { name: /^口座振替/ })).toBeChecked();
    await expect(page.getByLabel("金融機関コード")).toHaveValue("01");
    if (javaScript) await expect(page.getByLabel("金融機関コード")).toBeFocused();

    for (const agreement of await page.getByRole("checkbox", { name: /に同意する$/ }).all()) await agreement.check();
    // デモ銀行 asks for a payment method the bank does not have yet.
    await page.getByLabel("金融機関コード").fill("0001");
    await page.getByLabel("支店コード").fill("001");
    await page.getByLabel("口座番号").fill("1234567");
    await page.getByLabel("口座名義（カナ）").fill("シンキショウテン");
    await page.getByRole("button", { name: "確認画面へ" }).click();

    await expect(page).toHaveURL(/\/accounts\/register\/confirm$/);
    await expect(page.getByTestId("charges")).toContainText("無料（キャンペーン2か月）");
    await expect(page.getByTestId("charges")).toContainText("月額 1,000円（税込 1,100円）");
    await expect(page.getByText("0001 001 普通 1234567 シンキショウテン")).toBeVisible();
    await page.getByRole("button", { name: "申し込む" }).click();

    await expect(page).toHaveURL(/\/top$/);
    await expect(page.getByTestId("notice")).toHaveText(/お申し込みが完了しました/);
    // The side menu is enabled: its entries are links now.
    await expect(page.getByTestId("drawer").getByRole("link", { name: "見積書" })).toBeVisible();

    await page.getByTestId("drawer").getByRole("link", { name: "アカウント設定" }).click();
    await expect(heading(page)).toHaveText("アカウント設定");
    await expect(page.getByTestId("plan-status")).toHaveText(/^無料期間中/);

    await page.getByRole("link", { name: "受取機能を追加する" }).click();
    await expect(heading(page)).toHaveText("受取機能の追加");
    await page.getByRole("radio", { name: /^発行・受取ライトプラン/ }).check();
    await page.getByRole("button", { name: "確認画面へ" }).click();
    await expect(heading(page)).toHaveText("受取機能の追加（確認）");
    await expect(page.getByRole("row", { name: /プラン/ }).first()).toContainText("発行プラン");
    await page.getByRole("button", { name: "変更する" }).click();
    await expect(page).toHaveURL(/\/accounts\/settings$/);
    await expect(page.getByTestId("notice")).toHaveText(/プランを変更しました/);
    await expect(page.getByText(/今月はプランを変更済みです/)).toBeVisible();
    await expect(page.getByTestId("plan-facts")).toContainText("発行・受取ライトプラン");

    await page.goto("/accounts/register/changeplan");
    await expect(heading(page)).toHaveText("アクセス権限がありません");
    await expect(page.getByText("プランの変更は月に1回までです")).toBeVisible();

    await page.goto("/accounts/settings");
    await page.getByRole("link", { name: "解約する" }).click();
    await expect(heading(page)).toHaveText("解約のお申し込み");
    await expect(page.getByText(/今月末（.+）でご利用が終了します/)).toBeVisible();
    await page.getByRole("button", { name: "解約を申し込む" }).click();
    await expect(heading(page)).toHaveText("解約のお申し込み完了");
    await expect(page.getByTestId("service-banner")).toContainText("解約予約中です");

    await page.getByRole("button", { name: "解約を取り消す" }).click();
    await expect(page).toHaveURL(/\/accounts\/settings$/);
    await expect(page.getByTestId("notice")).toHaveText(/解約を取り消しました/);
    await expect(page.getByTestId("service-banner")).toHaveCount(0);
  });

  test("the sandbox's plan states show where each company stands", async ({ page }) => {
    const signInFresh = async (login: string) => {
      await page.context().clearCookies();
      await signInThroughBank(page, login);
    };

    await signInFresh("campaign@demo.example");
    await page.goto("/accounts/settings");
    await expect(page.getByTestId("plan-status")).toHaveText(/^キャンペーン期間中（2か月無料/);

    await signInFresh("leaving@demo.example");
    await page.goto("/top");
    await expect(page.getByTestId("service-banner")).toContainText("解約予約中です");
    await page.goto("/accounts/register/changeplan");
    await expect(heading(page)).toHaveText("アクセス権限がありません");
    await expect(page.getByText(/解約予約中のため、プランを変更できません/)).toBeVisible();

    await signInFresh("changed@demo.example");
    await page.goto("/accounts/register/changeplan");
    await expect(page.getByText("プランの変更は月に1回までです")).toBeVisible();

    await signInFresh("user@demo.example");
    for (const path of ["/accounts/settings", "/accounts/register/changeplan", "/accounts/settings/unregister/confirm"]) {
      await page.goto(path);
      await expect(heading(page), path).toHaveText("アクセス権限がありません");
    }
  });
});
