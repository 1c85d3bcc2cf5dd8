import { readFile } from "node:fs/promises";
import iconv from "iconv-lite";
import type { Page } from "@playwright/test";
import { expect, printedTotal, settled, signInThroughBank, test } from "./fixtures";

/** A number from the detail page's heading (「納品書 DLV-… 下書き」). */
const numberOnPage = async (page: Page) => (await page.getByRole("heading", { level: 1 }).textContent())!.split(" ")[1]!;

test.describe("delivery slips and receipts from their own lists", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("a delivery slip picks its customer and item by search, is edited, delivered, exported and made into an invoice", { tag: "@both" }, async ({ page, javaScript }) => {
    const [login, bank, suffix] = javaScript ? ["owner@other.example", undefined, "ジェイエス"] : ["owner@shinkin.example", "0002", "ノージェイエス"];
    const customer = `株式会社検索${suffix}`;
    const code = javaScript ? "KS-JS" : "KS-NJS";
    await signInThroughBank(page, login, bank);

    await page.goto("/customers/create");
    await settled(page, javaScript);
    await page.getByLabel("取引先名").fill(customer);
    await page.getByLabel("フリガナ").fill(`ケンサク${suffix}`);
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toBeVisible();
    await page.goto("/items/list");
    await settled(page, javaScript);
    const add = page.locator("form#item-new");
    await add.getByLabel("品目コード").fill(code);
    await add.getByLabel("品目名").fill(`検索用部品${suffix}`);
    await add.getByLabel("単位").fill("個");
    await add.getByLabel("単価").fill("1250");
    await add.getByRole("button", { name: "追加する" }).click();
    await expect(page.getByRole("row", { name: new RegExp(`検索用部品${suffix}`) })).toBeVisible();

    await page.goto("/delivery-slips/list");
    await page.getByRole("link", { name: "新規作成" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("納品書の作成");
    await settled(page, javaScript);
    await page.getByLabel("件名").fill("部品の納品");
    // Hiragana finds the katakana reading; the page comes back with the match and what was typed.
    await page.getByLabel("取引先を検索").fill(`けんさく${suffix === "ジェイエス" ? "じぇいえす" : "のーじぇいえす"}`);
    await page.getByRole("button", { name: "検索" }).first().click();
    await expect(page.getByLabel("取引先", { exact: true }).locator("option")).toHaveText(["（直接入力する）", customer]);
    await expect(page.getByLabel("件名")).toHaveValue("部品の納品");
    await page.getByLabel("取引先", { exact: true }).selectOption({ label: customer });
    await page.getByLabel("品目を検索").fill(code.toLowerCase());
    await page.getByRole("button", { name: "検索" }).nth(1).click();
    await expect(page.getByLabel("取引先", { exact: true })).toHaveValue(/\d+/);
    // With JavaScript the item is typed into 品名 and offered as it is typed (a datalist); without it, chosen from 品目.
    if (javaScript) await page.getByLabel("1行目の品名").fill(`検索用部品${suffix}`);
    else await page.getByLabel("1行目の品目").selectOption({ label: `${code} 検索用部品${suffix}` });
    await page.getByLabel("1行目の数量").fill("4");
    await page.getByRole("button", { name: "明細を追加" }).click();
    await page.getByLabel("2行目の品名").fill("送料");
    await page.getByLabel("2行目の単価").fill("800");
    // Enter in a field recalculates; it must not press a line's delete button.
    await page.getByLabel("件名").press("Enter");
    await expect(page.getByLabel("2行目の品名")).toHaveValue("送料");
    await page.getByRole("button", { name: "保存する" }).click();

    await expect(page.getByTestId("notice")).toHaveText(/書類を保存しました。/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^納品書 \S+ 下書き$/);
    const slip = await numberOnPage(page);
    const slipPage = page.url();
    await expect(page.getByText(`${customer} 御中`, { exact: true })).toBeVisible();
    await expect(page.getByTestId("snapshot-lines")).toContainText(`検索用部品${suffix}`);
    // 4 × 1,250 + 800 = 5,800 at 10 %: 6,380.
    await expect(printedTotal(page)).toHaveText("6,380円");

    await page.getByRole("link", { name: "編集する" }).click();
    await settled(page, javaScript);
    await expect(javaScript ? page.locator('input[name="lines[0].item_id"]') : page.getByLabel("1行目の品目")).toHaveValue(/\d+/);
    await page.getByLabel("1行目の数量").fill("2");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(printedTotal(page)).toHaveText("3,630円");
    // Only an issued slip is delivered.
    await page.getByRole("button", { name: "発行する", exact: true }).click();
    await expect(page.getByTestId("notice")).toHaveText(/書類を発行しました。/);
    await page.getByLabel("ステータス", { exact: true }).selectOption({ label: "納品済" });
    await page.getByRole("button", { name: "ステータスを変更" }).first().click();
    await expect(page.getByTestId("document-status")).toHaveText("納品済");

    await page.goto(`/delivery-slips/list?q=${encodeURIComponent(customer)}`);
    await expect(page.getByTestId("documents").locator("tbody tr")).toHaveCount(1);
    await expect(page.getByTestId("documents-sum")).toHaveText("合計 3,630円");
    await page.getByLabel("文字コード").selectOption("UTF8");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "絞り込んだ書類をCSVで書き出す" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^納品書_\d{8}\.csv$/);
    const csv = (await readFile((await download.path())!, "utf8")).replace(/^\uFEFF/, "");
    expect(csv.split("\r\n").find((line) => line.startsWith(slip))).toMatch(new RegExp(`^${slip},.*${customer}.*納品済.*3630`));

    await expect(page.getByRole("link", { name: slip })).toHaveAttribute("href", new URL(slipPage).pathname);
    await page.goto(slipPage);
    await page.getByRole("link", { name: "請求書を作成" }).click();
    await settled(page, javaScript);
    await expect(page.getByLabel("1行目の品名")).toHaveValue(`検索用部品${suffix}`);
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^請求書 \S+ 下書き$/);
    await expect(page.getByText(`作成元: 納品書 ${slip}`)).toBeVisible();
    await expect(printedTotal(page)).toHaveText("3,630円");
  });

  test("a receipt made from the receipts list warns of stamp duty, is edited, marked issued, duplicated and exported", { tag: "@both" }, async ({ page, javaScript }) => {
    const [login, bank, customer] = javaScript ? ["owner@other.example", undefined, "領収先ジェイエス商店"] : ["owner@shinkin.example", "0002", "領収先ノージェイエス商店"];
    await signInThroughBank(page, login, bank);
    await page.goto("/receipts");
    await page.getByRole("link", { name: "新規作成" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("領収書の作成");
    await settled(page, javaScript);
    await page.getByLabel("取引先名").fill(customer);
    await page.getByLabel("但し書き").fill("お品代として");
    await page.getByLabel("1行目の品名").fill("商品一式");
    await page.getByLabel("1行目の単価").fill("60000");
    if (!javaScript) await page.getByRole("button", { name: "再計算" }).click();
    await expect(page.getByText("収入印紙が必要です", { exact: false })).toBeVisible();
    await page.getByRole("button", { name: "保存する" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^領収書 \S+ 下書き$/);
    const receipt = await numberOnPage(page);
    await expect(printedTotal(page)).toHaveText("66,000円");
    await expect(page.getByText("お品代として")).toBeVisible();

    await page.getByRole("link", { name: "編集する" }).click();
    await settled(page, javaScript);
    await page.getByLabel("1行目の単価").fill("40000");
    await page.getByLabel("但し書き").fill("工事代金として");
    if (!javaScript) await page.getByRole("button", { name: "再計算" }).click();
    await expect(page.getByText("収入印紙が必要です", { exact: false })).toHaveCount(0);
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(printedTotal(page)).toHaveText("44,000円");
    await expect(page.getByText("工事代金として")).toBeVisible();
    // Issuing a receipt makes it 発行済.
    await expect(page.getByTestId("document-status")).toHaveText("未発行");
    await page.getByRole("button", { name: "発行する", exact: true }).click();
    await expect(page.getByTestId("document-status")).toHaveText("発行済");

    await page.getByRole("link", { name: "複製する" }).click();
    await settled(page, javaScript);
    await expect(page.getByLabel("但し書き")).toHaveValue("工事代金として");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByText(`作成元: 領収書 ${receipt}`)).toBeVisible();

    await page.goto(`/receipts?q=${encodeURIComponent(customer)}`);
    await expect(page.getByTestId("documents").locator("tbody tr")).toHaveCount(2);
    await expect(page.getByTestId("documents-sum")).toHaveText("合計 88,000円");
    await page.getByLabel("出力する内容").selectOption({ label: "明細" });
    await page.getByLabel("文字コード").selectOption("SJIS");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "絞り込んだ書類をCSVで書き出す" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^領収書_明細_\d{8}\.csv$/);
    const csv = iconv.decode(await readFile((await download.path())!), "cp932");
    expect(csv.split("\r\n")).toContainEqual(expect.stringMatching(new RegExp(`^${receipt},[^,]+,${customer},1,商品一式,1,,40000,10,40000,10%$`)));
  });
});
