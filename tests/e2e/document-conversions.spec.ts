import { readFile } from "node:fs/promises";
import { expect, printedTotal, settled, signInThroughBank, test } from "./fixtures";

test.describe("document conversions", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("an estimate becomes a delivery slip and then an invoice, each showing where it came from; a duplicate draft is deleted", { tag: "@both" }, async ({ page, javaScript }) => {
    const [login, bank, customer] = javaScript ? ["owner@other.example", undefined, "見積先ジェイエス"] : ["owner@shinkin.example", "0002", "見積先ノージェイエス"];
    await signInThroughBank(page, login, bank);
    await page.goto("/estimates/create");
    await settled(page, javaScript);
    await page.getByLabel("有効期限").fill("2026-12-31");
    await page.getByLabel("取引先名").fill(customer);
    await page.getByLabel("1行目の品名").fill("保守作業");
    await page.getByLabel("1行目の単価").fill("50000");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^見積書 \S+ 下書き$/);
    const estimate = (await page.getByRole("heading", { level: 1 }).textContent())!.split(" ")[1]!;
    const estimateUrl = page.url();
    await page.getByRole("link", { name: "編集する" }).click();
    await settled(page, javaScript);
    await page.getByLabel("1行目の単価").fill("60000");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(printedTotal(page)).toHaveText("66,000円");
    // An estimate is won once the customer has it: issued first.
    await page.getByRole("button", { name: "発行する", exact: true }).click();
    await expect(page.getByTestId("notice")).toHaveText(/書類を発行しました。/);
    await page.getByLabel("ステータス", { exact: true }).selectOption({ label: "受注" });
    await page.getByRole("button", { name: "ステータスを変更" }).first().click();
    await expect(page.getByTestId("document-status")).toHaveText("受注");

    await page.getByRole("link", { name: "納品書を作成" }).click();
    await expect(page.getByLabel("1行目の品名")).toHaveValue("保守作業");
    await settled(page, javaScript);
    await page.getByLabel("納品日").fill("2026-12-01");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^納品書 \S+ 下書き$/);
    await expect(page.getByText(`作成元: 見積書 ${estimate}`)).toBeVisible();
    const slip = (await page.getByRole("heading", { level: 1 }).textContent())!.split(" ")[1]!;

    await page.getByRole("link", { name: "請求書を作成" }).click();
    await settled(page, javaScript);
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^請求書 \S+ 下書き$/);
    await expect(page.getByText(`作成元: 納品書 ${slip}`)).toBeVisible();
    await expect(printedTotal(page)).toHaveText("66,000円");

    await page.goto(estimateUrl);
    await expect(page.getByText(`この書類から作成: 納品書 ${slip}`)).toBeVisible();
    await page.getByRole("link", { name: "複製する" }).click();
    await settled(page, javaScript);
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^見積書 \S+ 下書き$/);
    await expect(page.getByText(`作成元: 見積書 ${estimate}`)).toBeVisible();
    // Deleting asks first: a dialog with JavaScript, a page of its own without; both name the document.
    await page.getByRole("link", { name: "削除する" }).click();
    const confirmation = javaScript ? page.getByRole("dialog") : page.locator("main");
    await expect(confirmation.getByRole("heading", { name: /^下書き 見積書 \S+（.+ 御中）を削除しますか$/ })).toBeVisible();
    await confirmation.getByRole("button", { name: "削除する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/下書きを削除しました。/);
    await expect(page).toHaveURL(/\/estimates\/list$/);

    await page.goto(`/estimates/list?q=${encodeURIComponent(customer)}`);
    await page.getByLabel("文字コード").selectOption("UTF8");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "絞り込んだ書類をCSVで書き出す" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^見積書_\d{8}\.csv$/);
    const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
    expect(csv.split("\r\n").find((line) => line.startsWith(`${estimate},`))).toMatch(new RegExp(`^${estimate},[^,]+,${customer},御中,.*受注,60000,6000,66000,0,66000,2026-12-31`));
  });
});
