import { expect, settled, signInAsOwnCompany, test } from "./fixtures";

test.describe("tax categories", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("an internal invoice with 10 %, 8 % and 立替金 lines withholds on the tax-excluded fee, on the form, the detail and the print page", { tag: "@both" }, async ({ page, javaScript }) => {
    const customer = javaScript ? "税区分ジェイエス株式会社" : "税区分ノージェイエス株式会社";
    await signInAsOwnCompany(page, javaScript);
    await page.goto("/invoices/create");
    await settled(page, javaScript);
    await page.getByLabel("取引先名").fill(customer);
    await page.getByLabel("税の表示").selectOption({ label: "内税" });
    await page.getByLabel("源泉徴収をする").check();
    await page.getByLabel("1行目の品名").fill("デザイン制作");
    await page.getByLabel("1行目の単価").fill("110000");
    await page.getByRole("button", { name: "明細を追加" }).click();
    await page.getByLabel("2行目の品名").fill("お弁当");
    await page.getByLabel("2行目の単価").fill("5400");
    await page.getByLabel("2行目の税率・税区分").selectOption({ label: "8%（軽減税率）" });
    await page.getByRole("button", { name: "明細を追加" }).click();
    await page.getByLabel("3行目の品名").fill("印紙代");
    await page.getByLabel("3行目の単価").fill("200");
    await page.getByLabel("3行目の税率・税区分").selectOption({ label: "立替金" });
    if (!javaScript) await page.getByRole("button", { name: "再計算" }).click();

    // 110,000 and 5,400 include 10,000 and 400 of tax; 立替金 200 carries none and is not withheld on:
    // (100,000 + 5,000) × 10.21 % = 10,720.5 → 10,720, not 11,810 on the whole 115,600.
    const expected = [
      "10%対象税込 110,000円 消費税 10,000円",
      "8%対象※税込 5,400円 消費税 400円",
      "立替金200円",
      "小計（税抜）105,200円",
      "消費税10,400円",
      "合計（税込）115,600円",
      "源泉徴収の対象額（税抜・立替金を除く）105,000円",
      "源泉徴収税-10,720円",
      "差引請求額104,880円",
    ];
    const totalsOnForm = page.getByTestId("document-totals");
    for (const row of expected) await expect(totalsOnForm).toContainText(row);
    await expect(page.getByLabel("3行目の税率・税区分")).toHaveValue("reimbursement");

    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/書類を保存しました。/);
    const totals = page.getByTestId("snapshot").locator(".document-totals");
    for (const row of expected) await expect(totals).toContainText(row);
    await expect(page.getByTestId("snapshot-lines").getByRole("row", { name: /印紙代/ })).toContainText("立替金");

    await page.getByRole("button", { name: "発行して印刷する" }).click();
    await expect(page.getByTestId("snapshot-headline")).toHaveText("ご請求金額 ¥104,880-");
    await expect(page.getByTestId("snapshot-lines")).toContainText("お弁当 ※");
    await expect(page.getByTestId("snapshot-lines")).toContainText("印紙代（立替金）");
    const printed = page.getByTestId("document-totals");
    for (const row of expected) await expect(printed).toContainText(row);
  });
});
