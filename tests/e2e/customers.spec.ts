import { askFirst, expect, settled, signInAsOwnCompany, signInThroughBank, test } from "./fixtures";

test.describe("customers", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("lists the demo customers sorted by kana, pages, and finds one typed in hiragana or half-width", { tag: "@both" }, async ({ page, javaScript }) => {
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

  test("registers, refuses a bad address keeping the input, edits and archives a customer", { tag: "@both" }, async ({ page, javaScript }) => {
    const name = javaScript ? "株式会社ジェイエス商店" : "株式会社ノージェイエス商店";
    await signInAsOwnCompany(page, javaScript);
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
    await expect(page).toHaveURL(/\/customers\/edit\/\d+$/);
    const editing = page.url();
    await settled(page, javaScript);
    // Archiving asks first: cancelling keeps the customer on its edit page.
    const archive = () => askFirst(page, javaScript, page.getByRole("link", { name: "アーカイブする" }), `取引先「${name}」をアーカイブしますか`);
    await (await archive()).getByRole(javaScript ? "button" : "link", { name: "やめる" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(page.url()).toBe(editing);
    await expect(page.getByLabel("部署名")).toHaveValue("経理部");
    await settled(page, javaScript);
    await (await archive()).getByRole("button", { name: "アーカイブする" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/取引先をアーカイブしました。/);
    await page.goto("/customers/list?q=テストショウテン");
    await expect(page.getByText("取引先が見つかりません。")).toBeVisible();
  });

  test("deleting a customer asks first: cancelling keeps it, confirming deletes it", { tag: "@both" }, async ({ page, javaScript }) => {
    const [login, bank, name] = javaScript ? ["owner@other.example", undefined, "株式会社ジェイエス削除"] : ["owner@shinkin.example", "0002", "株式会社ノージェイエス削除"];
    await signInThroughBank(page, login, bank);
    await page.goto("/customers/create");
    await settled(page, javaScript);
    await page.getByLabel("取引先名").fill(name);
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/取引先を保存しました。/);
    await page.goto(`/customers/list?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name }).click();
    await expect(page).toHaveURL(/\/customers\/edit\/\d+$/);
    const editing = page.url();
    await settled(page, javaScript);

    const remove = () => askFirst(page, javaScript, page.getByRole("link", { name: "削除する" }), `取引先「${name}」を削除しますか`);
    await (await remove()).getByRole(javaScript ? "button" : "link", { name: "やめる" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(page.url()).toBe(editing);
    await expect(page.getByLabel("取引先名", { exact: true })).toHaveValue(name);

    await settled(page, javaScript);
    await (await remove()).getByRole("button", { name: "削除する" }).click();
    await expect(page).toHaveURL(/\/customers\/list$/);
    await expect(page.getByTestId("notice")).toHaveText(/取引先を削除しました。/);
    await page.goto(`/customers/list?q=${encodeURIComponent(name)}`);
    await expect(page.getByText("取引先が見つかりません。")).toBeVisible();
  });

  test("a customer used by documents is not deleted: the edit page says why, with the archive button beside it", { tag: "@both" }, async ({ page, javaScript }) => {
    // The demo company's invoices are made out to 株式会社青空商事, so the delete is refused and changes nothing.
    await signInThroughBank(page, "owner@demo.example");
    await page.goto("/customers/list?q=アオゾラ");
    await page.getByRole("link", { name: "株式会社青空商事" }).click();
    await settled(page, javaScript);
    const asked = await askFirst(page, javaScript, page.getByRole("link", { name: "削除する" }), "取引先「株式会社青空商事」を削除しますか");
    await asked.getByRole("button", { name: "削除する" }).click();
    await expect(page.getByText("この取引先は書類で使われているため削除できません。一覧に表示しないようにするには「アーカイブする」を使ってください。")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("取引先の編集");
    await expect(page.getByLabel("取引先名", { exact: true })).toHaveValue("株式会社青空商事");
    await expect(page.getByLabel("フリガナ")).toHaveValue("アオゾラショウジ");
    await expect(page.getByRole("link", { name: "アーカイブする" })).toBeVisible();
  });
});

