import { expect, settled, signInAsOwnCompany, test } from "./fixtures";

// The document form keeps its state without conform in the browser (decision 020): these are the
// things conform did for it, seen from the page, with JavaScript on and off.
test.describe("the document form", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("removing a middle line keeps the others' input, and a master search brings the form back whole with its totals", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInAsOwnCompany(page, javaScript);
    await page.goto("/invoices/create");
    await settled(page, javaScript);

    await page.getByLabel("取引先名").fill("行の削除を確かめる商店");
    for (const [n, description, price] of [
      [1, "一行目の品", "1000"],
      [2, "二行目の品", "2000"],
      [3, "三行目の品", "4000"],
    ] as const) {
      if (n > 1) await page.getByRole("button", { name: "明細を追加" }).click();
      await page.getByLabel(`${n}行目の品名`).fill(description);
      await page.getByLabel(`${n}行目の単価`).fill(price);
    }
    await page.getByRole("button", { name: "2行目を削除" }).click();

    await expect(page.getByLabel("3行目の品名")).toHaveCount(0);
    await expect(page.getByLabel("1行目の品名")).toHaveValue("一行目の品");
    await expect(page.getByLabel("2行目の品名")).toHaveValue("三行目の品");
    await expect(page.getByLabel("2行目の単価")).toHaveValue("4000");
    if (!javaScript) await page.getByRole("button", { name: "再計算" }).click();
    // 1,000 + 4,000 at 10 %: 5,500.
    await expect(page.getByTestId("total")).toHaveText("5,500円");

    await page.getByLabel("品目を検索").fill("該当しない品目の名前");
    await page.getByRole("button", { name: "検索" }).nth(1).click();
    // Nothing matched: with JavaScript nothing is offered as 品名 is typed, without it 品目 offers only free text.
    if (javaScript) await expect(page.locator("#document-invoice-items option")).toHaveCount(0);
    else await expect(page.getByLabel("1行目の品目").locator("option")).toHaveCount(1);
    await expect(page.getByLabel("取引先名")).toHaveValue("行の削除を確かめる商店");
    await expect(page.getByLabel("2行目の品名")).toHaveValue("三行目の品");
    await expect(page.getByTestId("total")).toHaveText("5,500円");
  });

  test("a field left empty is named at once with JavaScript, by the server without it, and nothing typed is lost", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInAsOwnCompany(page, javaScript);
    await page.goto("/invoices/create");
    await settled(page, javaScript);

    await page.getByLabel("1行目の品名").fill("説明だけの行");
    await page.getByLabel("1行目の単価").fill("1,200");
    const customer = page.getByLabel("取引先名");
    const customerMessage = page.locator("#document-invoice-customer_name-error");
    if (javaScript) {
      await customer.focus();
      await customer.blur();
      await expect(customer).toHaveAttribute("aria-invalid", "true");
      await expect(customerMessage).toHaveText("このフィールドは必須です");
      // Once judged, the field is judged again as it is typed.
      await customer.fill("入力で消える商店");
      await expect(customer).not.toHaveAttribute("aria-invalid", "true");
      await expect(customerMessage).toHaveCount(0);
      await customer.fill("");
    }
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("請求書の作成");
    await expect(customer).toHaveAttribute("aria-invalid", "true");
    await expect(customerMessage).toHaveText("このフィールドは必須です");
    if (javaScript) await expect(customer).toBeFocused();
    await expect(page.getByLabel("1行目の品名")).toHaveValue("説明だけの行");
    await expect(page.getByLabel("1行目の単価")).toHaveValue("1,200");
    await expect(page.getByTestId("total")).toHaveText("1,320円");
  });
});
