import type { Page } from "@playwright/test";
import { violationsOn } from "./axe";
import { expect, printedTotal, settled, signInAsOwnCompany, test } from "./fixtures";

// The document editor (issue 37): the form beside the document as it will print, the lines as a table, the totals in
// sight. With JavaScript the preview follows what is typed; without it 「プレビュー・再計算」 brings it up to date.

/** The preview's lines, as the sheet prints them: description, quantity, unit price, amount. */
const previewLines = (page: Page) => page.getByTestId("document-preview").getByTestId("snapshot-lines").locator("tbody tr");

async function showPreview(page: Page, javaScript: boolean) {
  if (!javaScript) await page.getByRole("button", { name: "プレビュー・再計算" }).click();
}

test.describe("the document editor at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("the preview beside the form follows what is typed and moved, and what it showed is what is saved", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInAsOwnCompany(page, javaScript);
    await page.goto("/invoices/create");
    await settled(page, javaScript);
    const preview = page.getByTestId("document-preview");

    // Side by side, and the totals are there before anything is typed.
    const [form, sheet] = await Promise.all([page.getByRole("region", { name: "明細" }).boundingBox(), preview.boundingBox()]);
    expect(sheet!.x).toBeGreaterThanOrEqual(form!.x + form!.width);
    expect(sheet!.y).toBeLessThan(form!.y);
    await expect(page.getByTestId("total")).toHaveText("0円");
    await expect(preview.getByTestId("snapshot-mark")).toHaveText("下書き");
    await expect(preview.getByTestId("snapshot")).toContainText("No.（保存時に採番）");

    await page.getByLabel("取引先名").fill("プレビュー商店");
    await page.getByLabel("件名").fill("11月分の保守");
    await page.getByLabel("1行目の品名").fill("保守作業");
    await page.getByLabel("1行目の単価").fill("30000");
    await page.getByRole("button", { name: "明細を追加" }).click();
    await page.getByLabel("2行目の品名").fill("交通費");
    await page.getByLabel("2行目の単価").fill("1,200");
    await showPreview(page, javaScript);
    await expect(preview.getByTestId("snapshot-recipient")).toHaveText("プレビュー商店 御中");
    await expect(preview).toContainText("件名　11月分の保守");
    // 31,200 at 10 %: 34,320, in the form's totals and on the sheet.
    await expect(preview.getByTestId("snapshot-headline")).toHaveText("ご請求金額 ¥34,320-");
    await expect(page.getByTestId("total")).toHaveText("34,320円");
    await expect(previewLines(page)).toHaveText([/^保守作業.*30,000$/, /^交通費.*1,200$/]);

    // 交通費 moves above 保守作業 in the form and on the sheet.
    await page.getByRole("button", { name: "2行目を上へ" }).click();
    await expect(page.getByLabel("1行目の品名")).toHaveValue("交通費");
    await expect(page.getByLabel("2行目の単価")).toHaveValue("30000");
    await expect(previewLines(page)).toHaveText([/^交通費.*1,200$/, /^保守作業.*30,000$/]);
    await expect(page.getByRole("button", { name: "1行目を上へ" })).toBeDisabled();

    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^請求書 \S+ 下書き$/);
    await expect(page.getByTestId("snapshot-lines").locator("tbody tr")).toHaveText([/交通費/, /保守作業/]);
    await expect(printedTotal(page)).toHaveText("34,320円");
  });

  test("Enter in a line goes to the same field of the next line, adding one after the last", async ({ page, javaScript }) => {
    test.skip(!javaScript, "without JavaScript Enter presses the form's first button, 再計算 (document-kinds.spec.ts)");
    await signInAsOwnCompany(page, javaScript);
    await page.goto("/invoices/create");
    await settled(page, javaScript);

    await page.getByLabel("1行目の品名").fill("一行目");
    await page.getByLabel("1行目の品名").press("Enter");
    await expect(page.getByLabel("2行目の品名")).toBeFocused();
    await page.keyboard.type("二行目");
    await page.getByLabel("1行目の単価").fill("100");
    await page.getByLabel("1行目の単価").press("Enter");
    await expect(page.getByLabel("2行目の単価")).toBeFocused();
    await page.keyboard.type("200");
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("3行目の単価")).toBeFocused();
    // Nothing was posted: what was typed is all there, and the preview has the lines.
    await expect(page.getByLabel("2行目の品名")).toHaveValue("二行目");
    await expect(previewLines(page)).toHaveCount(3);
    await expect(page.getByTestId("total")).toHaveText("330円");
  });
});

test("品名 asks the items master as it is typed and takes the item whose name it is", async ({ page, javaScript }) => {
  test.skip(!javaScript, "without JavaScript the 品目 select and 品目を検索 offer the items (document-kinds.spec.ts)");
  const name = `提案される品目${Date.now()}`;
  await signInAsOwnCompany(page, javaScript);
  await page.goto("/items/list");
  await settled(page, javaScript);
  const add = page.locator("form#item-new");
  await add.getByLabel("品目コード").fill(`SG${Date.now() % 1_000_000}`);
  await add.getByLabel("品目名").fill(name);
  await add.getByLabel("単位").fill("式");
  await add.getByLabel("単価").fill("2500");
  await add.getByRole("button", { name: "追加する" }).click();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toBeVisible();

  await page.goto("/invoices/create");
  await settled(page, javaScript);
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith("/items/suggest") && response.ok());
  await page.getByLabel("1行目の品名").pressSequentially("提案される");
  expect(new URL((await asked).url()).searchParams.get("q")).toBe("提案される");
  await expect(page.locator(`#document-invoice-items option[value="${name}"]`)).toHaveCount(1);
  await page.getByLabel("1行目の品名").fill(name);
  await expect(page.getByLabel("1行目の単価")).toHaveValue("2500");
  await expect(page.getByLabel("1行目の単位")).toHaveValue("式");
});

test.describe("the document editor at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the preview is a link away below the form, the totals stay in sight, and nothing is wider than the screen", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInAsOwnCompany(page, javaScript);
    expect(await violationsOn(page, javaScript, "/invoices/create")).toEqual([]);
    await page.goto("/invoices/create");
    await settled(page, javaScript);
    await page.getByLabel("取引先名").fill("狭い画面の商店");
    await page.getByLabel("1行目の品名").fill("部品");
    await page.getByLabel("1行目の単価").fill("800");
    await showPreview(page, javaScript);

    // The totals sit at the bottom of the screen while the top of the form is shown.
    const totals = (await page.getByRole("region", { name: "合計" }).boundingBox())!;
    expect(totals.y + totals.height).toBeGreaterThan(740 - 4);
    expect(totals.y).toBeGreaterThan(740 / 2);
    await expect(page.getByTestId("total")).toHaveText("880円");

    await page.getByRole("link", { name: "プレビューを見る" }).click();
    const preview = page.getByTestId("document-preview");
    await expect(preview.getByTestId("snapshot-recipient")).toBeInViewport();
    await expect(preview.getByTestId("snapshot-recipient")).toHaveText("狭い画面の商店 御中");
    const sheet = (await preview.boundingBox())!;
    expect(sheet.width).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
