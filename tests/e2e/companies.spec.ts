import { expect, settled, signInAsNewCompany, signInThroughBank, test } from "./fixtures";

test.describe("own company info", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows the registered profile with its logo, stamp and bank accounts", async ({ page }) => {
    await signInThroughBank(page, "owner@demo.example");
    await page.goto("/companies/list");
    const details = page.getByTestId("company-details");
    await expect(details).toContainText("株式会社デモ商事");
    await expect(details).toContainText("T9010401234567");
    await expect(details).toContainText("〒100-0005");
    await expect(details).toContainText("外税");
    await expect(page.getByTestId("bank-accounts").locator("tbody tr")).toHaveCount(2);
    const logo = page.getByRole("img", { name: "ロゴ" });
    await expect(logo).toBeVisible();
    // The image arrives after the page: wait for it rather than read its size once.
    await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    expect((await logo.boundingBox())!.width).toBeLessThanOrEqual(215);
    await expect(page.getByRole("img", { name: "角印" })).toBeVisible();
  });

  test("registers a profile with defaults and two accounts, refuses a wrong registration number keeping the input, then edits it", { tag: "@both" }, async ({ page, javaScript }) => {
    // A company of its own, made for this test: it starts, as every new one does, without a profile.
    const name = javaScript ? "有限会社ジェイエス" : "株式会社ノージェイエス";
    await signInAsNewCompany(page, javaScript);
    await page.goto("/companies/list");
    await expect(page.getByText("自社情報が登録されていません。")).toBeVisible();
    await page.getByRole("link", { name: "自社情報を登録する" }).click();
    await settled(page, javaScript);

    await expect(page.getByLabel("消費税の表示")).toHaveValue("1");
    await expect(page.getByLabel("消費税の端数処理")).toHaveValue("2");
    await expect(page.getByLabel("源泉徴収")).not.toContainText("源泉徴収しない");

    await page.getByLabel("会社名・屋号").fill(name);
    await page.getByLabel("郵便番号").fill("１００－０００１");
    await page.getByLabel("電話番号").fill("０３－１２３４－５６７８");
    await page.getByLabel("登録番号（適格請求書発行事業者）").fill("T1000012050002");
    await page.getByRole("button", { name: "保存する" }).click();

    await expect(page.getByText("登録番号が正しくありません（チェックデジットが一致しません）")).toBeVisible();
    await expect(page.getByLabel("会社名・屋号")).toHaveValue(name);
    await expect(page.getByLabel("電話番号")).toHaveValue("０３－１２３４－５６７８");

    await page.getByLabel("登録番号（適格請求書発行事業者）").fill("ｔ９０１０４０１２３４５６７");
    const accounts = [
      { bank: "テスト銀行", branch: "本店", number: "1234567", holder: "テスト" },
      { bank: "みどり銀行", branch: "駅前", number: "7654321", holder: "ミドリ" },
    ];
    for (const [index, account] of accounts.entries()) {
      await page.getByRole("button", { name: "口座を追加" }).click();
      const row = page.getByTestId("account-row").nth(index);
      // A new row is not judged before it is filled in, with JavaScript or by the server without it.
      await expect(row.getByLabel("金融機関名")).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText("このフィールドは必須です")).toHaveCount(0);
      await row.getByLabel("金融機関名").fill(account.bank);
      await row.getByLabel("支店名").fill(account.branch);
      await row.getByLabel("口座番号").fill(account.number);
      await row.getByLabel("口座名義（カナ）").fill(account.holder);
    }
    await expect(page.getByTestId("account-row").first().getByLabel("金融機関名")).toHaveValue("テスト銀行");
    await page.getByTestId("account-row").first().getByLabel("請求書に表示する").check();
    await page.getByLabel("画像を選ぶと置き換えます（PNG、JPEG、GIF、5MBまで）").first().setInputFiles("sandbox/assets/demo-logo.png");
    if (javaScript) await expect(page.getByTestId("logo-preview")).toBeVisible();
    await page.getByRole("button", { name: "保存する" }).click();

    await expect(page).toHaveURL(/\/companies\/list$/);
    await expect(page.getByTestId("notice")).toHaveText(/自社情報を保存しました。/);
    const details = page.getByTestId("company-details");
    await expect(details).toContainText("〒100-0001");
    await expect(details).toContainText("03-1234-5678");
    await expect(details).toContainText("T9010401234567");
    await expect(page.getByTestId("bank-accounts").locator("tbody tr")).toHaveCount(2);
    await expect(page.getByTestId("bank-accounts")).toContainText("テスト銀行");
    await expect.poll(() => page.getByRole("img", { name: "ロゴ" }).evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(215);

    await page.getByRole("link", { name: "自社情報を編集する" }).click();
    await settled(page, javaScript);
    await expect(page.getByLabel("会社名・屋号")).toHaveValue(name);
    await page.getByLabel("部署名").fill("経理部");
    // The second account, changed and then moved up by removing the first, keeps what was typed and its own id.
    const rows = page.getByTestId("account-row");
    const secondId = await rows.nth(1).locator('input[type="hidden"]').inputValue();
    await rows.nth(1).getByLabel("支店名").fill("駅前第二");
    await rows.first().getByRole("button", { name: "この口座を削除" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByLabel("金融機関名")).toHaveValue("みどり銀行");
    await expect(rows.first().getByLabel("支店名")).toHaveValue("駅前第二");
    await expect(rows.first().locator('input[type="hidden"]')).toHaveValue(secondId);
    await expect(page.getByLabel("部署名")).toHaveValue("経理部");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page).toHaveURL(/\/companies\/list$/);
    await expect(page.getByTestId("company-details")).toContainText("経理部");
    await expect(page.getByTestId("bank-accounts").locator("tbody tr")).toHaveCount(1);
    await expect(page.getByTestId("bank-accounts")).toContainText("駅前第二");
    await expect(page.getByTestId("bank-accounts")).not.toContainText("テスト銀行");

    await page.getByRole("link", { name: "自社情報を編集する" }).click();
    await settled(page, javaScript);
    await rows.first().getByRole("button", { name: "この口座を削除" }).click();
    await expect(rows).toHaveCount(0);
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page).toHaveURL(/\/companies\/list$/);
    await expect(page.getByText("口座が登録されていません。")).toBeVisible();
  });

  test("refuses a text file named .png and a 6 MB logo beside the field, keeping every edit", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInThroughBank(page, "owner@demo.example");
    await page.goto("/companies/create");
    await settled(page, javaScript);
    const edits = { 会社名・屋号: "株式会社デモ商事（編集中）", 部署名: "総務部", 電話番号: "03-9999-0000" };
    for (const [label, value] of Object.entries(edits)) await page.getByLabel(label, { exact: true }).fill(value);
    await page.getByLabel("消費税の端数処理").selectOption("3");
    const logo = page.getByLabel("画像を選ぶと置き換えます（PNG、JPEG、GIF、5MBまで）").first();
    const large = Buffer.alloc(6 * 1024 * 1024);
    Buffer.from("89504e470d0a1a0a", "hex").copy(large);
    const files = [
      { file: { name: "logo.png", mimeType: "image/png", buffer: Buffer.from("これは画像ではありません\n") }, message: "対応していないファイル形式です。PNG、JPEG、GIFの画像を選んでください。" },
      { file: { name: "large.png", mimeType: "image/png", buffer: large }, message: "ファイルのサイズが上限を超えています。" },
    ];
    for (const { file, message } of files) {
      await logo.setInputFiles(file);
      await page.getByRole("button", { name: "保存する" }).click();
      await expect(logo).toHaveAccessibleDescription(message);
      // The refused file is neither chosen nor shown any more: the saved logo is.
      expect(await logo.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
      await expect(page.getByTestId("logo-preview")).toHaveAttribute("src", /^\/companies\/file\//);
      await expect(page).toHaveURL(/\/companies\/create$/);
      for (const [label, value] of Object.entries(edits)) await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
      await expect(page.getByLabel("消費税の端数処理")).toHaveValue("3");
      await expect(page.getByTestId("account-row")).toHaveCount(2);
    }
    await page.goto("/companies/list");
    await expect(page.getByTestId("company-details")).toContainText("株式会社デモ商事");
    await expect(page.getByTestId("company-details")).not.toContainText("編集中");
  });
});
