import { readFile } from "node:fs/promises";
import iconv from "iconv-lite";
import { expect, printedTotal, settled, signInThroughBank, test } from "./fixtures";

test.describe("documents", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("creates an invoice with lines at two rates, keeps the input on an error, edits it, changes its status and makes a receipt from it", { tag: "@both" }, async ({ page, javaScript }) => {
    const [login, bank, customer] = javaScript ? ["owner@other.example", undefined, "株式会社ジェイエス請求先"] : ["owner@shinkin.example", "0002", "株式会社ノージェイエス請求先"];
    await signInThroughBank(page, login, bank);
    await page.goto("/invoices/list");
    await page.getByRole("link", { name: "新規作成" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("請求書の作成");
    await settled(page, javaScript);

    await page.getByLabel("1行目の品名").fill("お弁当");
    await page.getByLabel("1行目の数量").fill("3");
    await page.getByLabel("1行目の単価").fill("1080");
    await page.getByLabel("1行目の税率").selectOption({ label: "8%（軽減税率）" });
    await page.getByRole("button", { name: "明細を追加" }).click();
    await page.getByLabel("2行目の品名").fill("設計作業");
    await page.getByLabel("2行目の数量").fill("10");
    await page.getByLabel("2行目の単価").fill("8,500");
    if (!javaScript) await page.getByRole("button", { name: "再計算" }).click();
    // 85,000 at 10 % (tax 8,500) and 3,240 at 8 % (tax 259.2, truncated to 259): 96,999.
    await expect(page.getByTestId("total")).toHaveText("96,999円");

    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByText("このフィールドは必須です").first()).toBeVisible();
    await expect(page.getByLabel("2行目の品名")).toHaveValue("設計作業");

    await page.getByLabel("取引先名").fill(customer);
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/書類を保存しました。/);
    // The number's format is the company's (the document settings test changes it), so only its shape is checked.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^請求書 \S+-\d+ 下書き$/);
    const number = (await page.getByRole("heading", { level: 1 }).textContent())!.split(" ")[1]!;
    await expect(page.getByTestId("snapshot")).toContainText("8%対象※");
    await expect(page.getByTestId("qualified-check")).toBeVisible();

    await page.getByRole("link", { name: "編集する" }).click();
    await settled(page, javaScript);
    await page.getByLabel("2行目の数量").fill("2");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/書類を保存しました。/);
    // 10 %: 17,000 → 1,700; 8 %: 3,240 → 259.
    await expect(printedTotal(page)).toHaveText("22,199円");

    // A draft cannot be billed or paid: 発行 bills it, and the history names who did it.
    await expect(page.getByLabel("ステータス", { exact: true })).toHaveCount(0);
    await page.getByRole("button", { name: "発行する", exact: true }).click();
    await expect(page.getByTestId("notice")).toHaveText(/書類を発行しました。/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^請求書 \S+-\d+ 発行済$/);
    await expect(page.getByTestId("document-status")).toHaveText("請求済");
    await expect(page.getByTestId("status-history")).toContainText(/発行：未請求 → 請求済（\S+ \S+、/);
    await expect(page.getByRole("button", { name: "削除する" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "削除する" })).toHaveCount(0);

    await page.getByRole("link", { name: "領収書を作成" }).click();
    await expect(page.getByText(`${number} をもとに作成します。`)).toBeVisible();
    await expect(page.getByLabel("取引先名")).toHaveValue(customer);
    await settled(page, javaScript);
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^領収書 RCP-\d{6}-\d{4} 下書き$/);
    await expect(page.getByText(`作成元: 請求書 ${number}`)).toBeVisible();

    await page.goto(`/invoices/list?q=${encodeURIComponent(customer)}`);
    await expect(page.getByTestId("documents").locator("tbody tr")).toHaveCount(1);
    await expect(page.getByTestId("documents-sum")).toHaveText("合計 22,199円");

    await page.getByRole("checkbox", { name: `${number}を選ぶ` }).check();
    await page.getByLabel("選んだ書類のステータスを変更").selectOption({ label: "未入金" });
    await page.getByRole("button", { name: "ステータスを変更" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/1件のステータスを変更しました。/);
    await expect(page.getByTestId("documents").locator("tbody tr").first()).toContainText("未入金");

    await page.getByLabel("出力する内容").selectOption({ label: "明細" });
    await page.getByLabel("文字コード").selectOption("SJIS");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "絞り込んだ書類をCSVで書き出す" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^請求書_明細_\d{8}\.csv$/);
    const csv = iconv.decode(await readFile((await download.path())!), "cp932");
    expect(csv).toContain(`${customer},2,設計作業,2,,8500,10,17000,10%`);

    await page.goto(`/invoices/list?q=${encodeURIComponent(customer)}&amount_min=abc&issued_from=2026-02-30`);
    await expect(page.getByRole("alert").filter({ hasText: "読み取れない条件" })).toHaveText("読み取れない条件を外して表示しています：発行日（から）、金額（以上）");
    await expect(page.getByTestId("documents").locator("tbody tr")).toHaveCount(1);
  });
});
