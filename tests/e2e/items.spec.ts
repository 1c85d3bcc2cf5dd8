import { expect, settled, signInAsOwnCompany, signInThroughBank, test } from "./fixtures";

test.describe("items", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("lists the demo items by code, sorts by price and finds one typed in hiragana", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    await page.goto("/items/list");
    const rows = page.getByTestId("items").locator("tbody tr");
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toContainText("F-001");
    await expect(page.getByRole("row", { name: /値引/ })).toContainText("-1,000円");
    await expect(page.getByRole("row", { name: /データ入力/ })).toContainText("12.5円");
    await page.getByRole("link", { name: "単価" }).click();
    await page.getByRole("link", { name: "単価 ▲" }).click();
    await expect(rows.first()).toContainText("デザイン制作");

    await settled(page, javaScript);
    await page.getByLabel("品目コード・品目名で検索").fill("ぼーるぺん");
    await page.getByRole("button", { name: "検索" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("ボールペン 黒 10本入");
    await expect(rows.first()).toContainText("10%");
  });

  test("adds an item in the list, keeps the input on an error, edits it in place and refuses a stale save", { tag: "@both" }, async ({ page, javaScript }) => {
    const name = javaScript ? "ジェイエス検査" : "ノージェイエス検査";
    await signInAsOwnCompany(page, javaScript);
    await page.goto("/items/list");
    await settled(page, javaScript);
    const add = page.locator("form#item-new");
    const priceMessage = add.getByText("単価は整数10桁・小数4桁までの数値で入力してください");
    if (javaScript) {
      // The check is loaded on the first focus; once it is there, a field is judged when left, before anything is sent.
      await expect(async () => {
        await add.getByLabel("単価").fill("百円");
        await add.getByLabel("単価").blur();
        await expect(priceMessage).toBeVisible({ timeout: 500 });
      }).toPass();
      await expect(add.getByLabel("単価")).toHaveAttribute("aria-invalid", "true");
    }
    await add.getByLabel("品目コード").fill("E2E-1");
    await add.getByLabel("品目名").fill(name);
    await add.getByLabel("単位").fill("回");
    await add.getByLabel("単価").fill("1.23456");
    await add.getByRole("button", { name: "追加する" }).click();
    await expect(priceMessage).toBeVisible();
    await expect(add.getByLabel("品目名")).toHaveValue(name);

    await add.getByLabel("単価").fill("１，２００．５");
    await add.getByLabel("税率").selectOption({ label: "8%（軽減税率）" });
    await add.getByRole("button", { name: "追加する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/品目を追加しました。/);
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("1,200.5円");
    await expect(page.locator("form#item-new").getByLabel("品目名")).toHaveValue("");

    await settled(page, javaScript);
    await page.locator("form#item-new").getByLabel("品目コード").fill("Ｅ２Ｅ－１");
    await page.locator("form#item-new").getByLabel("品目名").fill("重複コード");
    await page.locator("form#item-new").getByLabel("単価").fill("1");
    await page.locator("form#item-new").getByRole("button", { name: "追加する" }).click();
    await expect(page.locator("form#item-new").getByText("この品目コードはすでに使われています")).toBeVisible();

    await page.getByRole("link", { name: `${name}を編集` }).click();
    const edit = page.getByTestId("items").locator("form");
    await settled(page, javaScript);
    await edit.getByLabel("単価").fill("1500");
    await edit.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/品目を保存しました。/);
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("1,500円");
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("8%（軽減税率）");

    // Someone else saves the item while this page still shows the version it opened.
    await page.getByRole("link", { name: `${name}を編集` }).click();
    // With JavaScript the link navigates in the page: the URL carries the edited row only once it has.
    await expect(page).toHaveURL(/[?&]edit=\d+/);
    await settled(page, javaScript);
    const other = await page.context().newPage();
    await other.goto(page.url());
    // Typed before hydration, the form's values could be replaced by React's.
    await settled(other, javaScript);
    await other.getByTestId("items").locator("form").getByLabel("単位").fill("件");
    await other.getByTestId("items").locator("form").getByRole("button", { name: "保存する" }).click();
    await expect(other.getByTestId("notice")).toHaveText(/品目を保存しました。/);
    await other.close();

    await edit.getByLabel("品目名").fill(`${name}（改）`);
    await edit.getByRole("button", { name: "保存する" }).click();
    await expect(edit.getByText("ほかの操作でこの品目が更新されています。最新の内容を確認してから、もう一度保存してください。")).toBeVisible();
    await expect(edit.getByLabel("品目名")).toHaveValue(`${name}（改）`);

  });

  test("deleting an item asks first: cancelling keeps it and the list as it was, confirming deletes it", { tag: "@both" }, async ({ page, javaScript }) => {
    const name = javaScript ? "ジェイエス削除確認" : "ノージェイエス削除確認";
    await signInAsOwnCompany(page, javaScript);
    await page.goto("/items/list");
    await settled(page, javaScript);
    const add = page.locator("form#item-new");
    await add.getByLabel("品目名").fill(name);
    await add.getByLabel("単価").fill("300");
    await add.getByRole("button", { name: "追加する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/品目を追加しました。/);

    // A searched list, sorted by name: cancelling comes back to it with the row still being edited.
    await page.getByLabel("品目コード・品目名で検索").fill(name);
    await page.getByRole("button", { name: "検索" }).click();
    await page.getByRole("link", { name: "品目名" }).click();
    await page.getByRole("link", { name: `${name}を編集` }).click();
    await expect(page).toHaveURL(/[?&]edit=\d+/);
    const editing = page.url();
    await settled(page, javaScript);
    // The question is a page of its own with JavaScript too (the list has no room for the dialog's code).
    const ask = async () => {
      await page.getByTestId("items").getByRole("link", { name: "削除する" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(`品目「${name}」を削除しますか`);
      await expect(page.getByText("作成済みの書類の明細はそのまま残ります。")).toBeVisible();
      await settled(page, javaScript);
      return page.locator("main");
    };

    const first = await ask();
    await first.getByRole("link", { name: "やめる" }).click();
    await page.waitForURL(editing);
    await expect(page.getByTestId("items").locator("form").getByLabel("品目名")).toHaveValue(name);
    await expect(page.getByTestId("items").locator("tbody tr")).toHaveCount(1);

    const second = await ask();
    await second.getByRole("button", { name: "削除する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/品目を削除しました。/);
    await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
    const after = new URL(page.url()).searchParams;
    expect([new URL(page.url()).pathname, after.get("q"), after.get("sort"), after.get("edit")]).toEqual(["/items/list", name, "name", null]);
  });
});
