import { expect, settled, signInThroughBank, test } from "./fixtures";

test.describe("customers", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("lists the demo customers sorted by kana, pages, and finds one typed in hiragana or half-width", async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    await page.goto("/customers/list");
    const rows = page.getByTestId("customers").locator("tbody tr");
    await expect(rows).toHaveCount(10);
    await expect(rows.first()).toContainText("株式会社青空商事");
    await page.getByRole("link", { name: /フリガナ/ }).click();
    await expect(rows.first()).toContainText("株式会社コスモ電機");

    await settled(page, javaScript);
    await page.getByLabel("取引先名・フリガナで検索").fill("かがやき");
    await page.getByRole("button", { name: "検索" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("株式会社かがやき物流");
    await page.getByLabel("取引先名・フリガナで検索").fill("ｷﾀﾔﾏ");
    await page.getByRole("button", { name: "検索" }).click();
    await expect(rows.first()).toContainText("北山食品株式会社");
  });

  test("registers, refuses a bad address keeping the input, edits and archives a customer", async ({ page, javaScript }) => {
    const [login, name] = javaScript ? ["owner@other.example", "株式会社ジェイエス商店"] : ["owner@demo.example", "株式会社ノージェイエス商店"];
    await signInThroughBank(page, login);
    await page.goto("/customers/list");
    await page.getByRole("link", { name: "取引先を登録する" }).click();
    await settled(page, javaScript);
    const emailMessage = page.getByText("有効なメールアドレスを入力してください（broken@）");
    if (javaScript) {
      // The check is loaded on the first focus; once it is there, a field is judged when left, and again as it is typed.
      const emails = page.getByLabel("送付先メールアドレス");
      await expect(async () => {
        await emails.fill("broken@");
        await emails.blur();
        await expect(emailMessage).toBeVisible({ timeout: 500 });
      }).toPass();
      await emails.fill("keiri@test.example");
      await expect(emailMessage).toHaveCount(0);
    }
    await page.getByLabel("取引先名").fill(name);
    await page.getByLabel("フリガナ").fill("テストショウテン");
    await page.getByLabel("送付先メールアドレス").fill("keiri@test.example\nbroken@");
    await page.getByLabel("締め日").selectOption({ label: "月末" });
    await page.getByRole("button", { name: "保存する" }).click();

    await expect(emailMessage).toBeVisible();
    await expect(page.getByLabel("取引先名")).toHaveValue(name);

    await page.getByLabel("送付先メールアドレス").fill("keiri@test.example\nboss@test.example");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page).toHaveURL(/\/customers\/list$/);
    await expect(page.getByTestId("notice")).toHaveText(/取引先を保存しました。/);

    await page.getByLabel("取引先名・フリガナで検索").fill("てすとしょうてん");
    await page.getByRole("button", { name: "検索" }).click();
    await page.getByRole("link", { name }).click();
    await settled(page, javaScript);
    await expect(page.getByLabel("送付先メールアドレス")).toHaveValue("keiri@test.example\nboss@test.example");
    await expect(page.getByLabel("締め日")).toHaveValue("99");
    await page.getByLabel("部署名").fill("経理部");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/取引先を保存しました。/);

    await page.goto("/customers/list?q=テストショウテン");
    await page.getByRole("link", { name }).click();
    await expect(page.getByLabel("部署名")).toHaveValue("経理部");
    await page.getByRole("button", { name: "アーカイブする" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/取引先をアーカイブしました。/);
    await page.goto("/customers/list?q=テストショウテン");
    await expect(page.getByText("取引先が見つかりません。")).toBeVisible();
  });
});
