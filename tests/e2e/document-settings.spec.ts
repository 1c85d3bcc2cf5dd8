import { expect, settled, signInThroughBank, test } from "./fixtures";

test.describe("document settings", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("shows the next number, refuses a monthly reset without the month keeping the input, and saves each kind apart", { tag: "@both" }, async ({ page, javaScript }) => {
    const [login, bank] = javaScript ? ["owner@other.example", undefined] : ["owner@shinkin.example", "0002"];
    await signInThroughBank(page, login, bank);
    await page.goto("/settings/documents");
    const kinds = page.getByRole("navigation", { name: "帳票の種類" });
    await expect(kinds.getByRole("link", { name: "請求書" })).toHaveAttribute("aria-current", "page");
    // Other tests create documents for the same companies, so the sequence part is checked by its shape only.
    await expect(page.getByTestId("next-number")).toHaveText(/^INV-\d{6}-\d{4}$/);
    await settled(page, javaScript);

    await page.getByLabel("先頭の文字").fill("ＳＥＩ");
    await page.getByLabel("日付部分").selectOption({ label: "付けない" });
    await page.getByLabel("連番の振り直し").selectOption({ label: "毎月1から" });
    await page.getByLabel("メールの件名").fill("{取引先名}様 ご請求書 {書類番号}");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByText("毎月振り直すときは、日付部分に年月を含めてください")).toBeVisible();
    await expect(page.getByLabel("メールの件名")).toHaveValue("{取引先名}様 ご請求書 {書類番号}");

    await page.getByLabel("日付部分").selectOption({ label: "年月（202611）" });
    if (javaScript) {
      // Once the form is used its check runs here: a field left wrong says so, and stops saying so when mended.
      await page.getByLabel("連番の桁数").fill("0");
      await page.getByLabel("連番の桁数").blur();
      await expect(page.getByText("連番の桁数は1〜10で入力してください")).toBeVisible();
    }
    await page.getByLabel("連番の桁数").fill("3");
    await expect(page.getByText("連番の桁数は1〜10で入力してください")).toHaveCount(0);
    if (javaScript) await expect(page.getByTestId("next-number")).toHaveText(/^SEI-\d{6}-\d{3}$/);
    await page.getByLabel("支払期限の決め方").selectOption({ label: "発行日から指定日数後" });
    await page.getByLabel("日数").fill("30");
    await page.getByLabel("角印を印字する").uncheck();
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/帳票設定を保存しました。/);
    await expect(page.getByTestId("next-number")).toHaveText(/^SEI-\d{6}-\d{3}$/);
    await expect(page.getByLabel("日数")).toHaveValue("30");
    await expect(page.getByLabel("角印を印字する")).not.toBeChecked();
    // 締め請求's layout is an invoice setting; the closing specs use these companies, so it is only read here.
    await expect(page.getByLabel("締め請求の明細のまとめ方")).toHaveValue("per_slip");

    await kinds.getByRole("link", { name: "領収書" }).click();
    await expect(page.getByTestId("next-number")).toHaveText(/^RCP-\d{6}-\d{4}$/);
    await expect(page.getByLabel("但し書き")).toHaveValue("お品代として");
    await expect(page.getByLabel("支払期限の決め方")).toHaveCount(0);
  });
});
