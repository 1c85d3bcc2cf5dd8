import { expect, test, settled } from "./fixtures";

test.describe("validation messages", () => {
  test("an empty form shows the required and at-least-one messages beside the fields", { tag: "@both" }, async ({ page, javaScript, signInAs }) => {
    await signInAs("owner");
    await page.goto("/dev/notice");
    await settled(page, javaScript);
    const form = page.locator("form#validation");
    await form.getByRole("button", { name: "確認する" }).click();
    const nameInput = form.getByLabel("氏名");
    await expect(nameInput).toHaveAttribute("aria-invalid", "true");
    const describedBy = await nameInput.getAttribute("aria-describedby");
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("このフィールドは必須です");
    await expect(form.getByText("少なくとも1つ選択してください")).toBeVisible();
  });

  test("each rule shows its message and what was typed stays", { tag: "@both" }, async ({ page, javaScript, signInAs }) => {
    await signInAs("owner");
    await page.goto("/dev/notice");
    await settled(page, javaScript);
    const form = page.locator("form#validation");
    await form.getByLabel("氏名").fill("山田太郎");
    await form.getByLabel("メールアドレス").fill("taro@");
    await form.getByLabel("コード（英大文字）").fill("abc");
    await form.getByLabel("数量（整数）").fill("1.5");
    await form.getByLabel("郵便番号（数字7桁）").fill("123456");
    // With JavaScript, leaving a field shows its message and moves what is below it.
    await form.getByLabel("郵便番号（数字7桁）").blur();
    await form.getByLabel("赤").check();
    await form.getByRole("button", { name: "確認する" }).click();

    await expect(form.getByText("有効なメールアドレスを入力してください")).toBeVisible();
    await expect(form.getByText("英大文字のみで入力してください")).toBeVisible();
    await expect(form.getByText("整数で入力してください")).toBeVisible();
    await expect(form.getByText("文字数が正しくありません（7文字で入力してください）")).toBeVisible();

    await expect(form.getByLabel("メールアドレス")).toHaveValue("taro@");
    await expect(form.getByLabel("数量（整数）")).toHaveValue("1.5");
    await expect(form.getByLabel("赤")).toBeChecked();
  });

  test("length limits from the schema are applied by the input itself", async ({ page, signInAs }) => {
    await signInAs("owner");
    await page.goto("/dev/notice");
    const name = page.locator("form#validation").getByLabel("氏名");
    await expect(name).toHaveAttribute("maxlength", "20");
    await name.pressSequentially("あいうえおかきくけこさしすせそたちつてとなにぬ");
    await expect(name).toHaveValue("あいうえおかきくけこさしすせそたちつてと");
  });

  test("valid input goes through with a success notice", { tag: "@both" }, async ({ page, javaScript, signInAs }) => {
    await signInAs("owner");
    await page.goto("/dev/notice");
    await settled(page, javaScript);
    const form = page.locator("form#validation");
    await form.getByLabel("氏名").fill("山田太郎");
    await form.getByLabel("メールアドレス").fill("taro@example.jp");
    await form.getByLabel("コード（英大文字）").fill("ABC");
    await form.getByLabel("数量（整数）").fill("-3");
    await form.getByLabel("郵便番号（数字7桁）").fill("1000001");
    await form.getByLabel("青").check();
    await form.getByRole("button", { name: "確認する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/入力内容を確認しました：山田太郎/);
  });
});
