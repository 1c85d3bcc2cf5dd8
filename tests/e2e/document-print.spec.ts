import { readFile } from "node:fs/promises";
import { createInvoice, expect, settled, signInAsOwnCompany, signInThroughBank, test } from "./fixtures";

test.describe("printing documents", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("an invoice opens as an A4 print page and downloads as a PDF; an edit shows on the next print", { tag: "@both" }, async ({ page, javaScript }) => {
    const customer = javaScript ? "印刷先ジェイエス株式会社" : "印刷先ノージェイエス株式会社";
    await signInAsOwnCompany(page, javaScript);
    await createInvoice(page, javaScript, customer, "30000");
    // A second line at the reduced rate, so the page shows ※ and both rates.
    await page.getByRole("link", { name: "編集する" }).click();
    await settled(page, javaScript);
    await page.getByRole("button", { name: "明細を追加" }).click();
    await page.getByLabel("2行目の品名").fill("お茶");
    await page.getByLabel("2行目の数量").fill("10");
    await page.getByLabel("2行目の単価").fill("150");
    await page.getByLabel("2行目の税率").selectOption({ label: "8%（軽減税率）" });
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/書類を保存しました。/);
    const number = (await page.getByRole("heading", { level: 1 }).textContent())!.split(" ")[1]!;
    const detail = page.url();

    // A draft's preview says it is a draft and issues nothing.
    await page.getByRole("link", { name: "下書きをプレビュー" }).click();
    await expect(page.getByTestId("snapshot-mark")).toHaveText("下書き");
    await settled(page, javaScript);
    await page.getByRole("link", { name: "詳細へ戻る" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ 下書き$/);

    // Printing the customer's copy issues it.
    await page.getByRole("button", { name: "発行して印刷する" }).click();
    await expect(page.locator("[data-layout='snapshot-empty']")).toBeVisible();
    await expect(page.getByTestId("snapshot-mark")).toHaveCount(0);
    const sheet = page.getByTestId("snapshot");
    await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("請求書");
    await expect(sheet).toContainText(number);
    await expect(sheet).toContainText(/発行日\d{4}年\d{1,2}月\d{1,2}日/);
    await expect(page.getByTestId("snapshot-recipient")).toHaveText(`${customer} 御中`);
    // 30,000 at 10 % (3,000) and 1,500 at 8 % (120): 34,620.
    await expect(page.getByTestId("snapshot-headline")).toHaveText("ご請求金額 ¥34,620-");
    await expect(page.getByTestId("snapshot-lines")).toContainText("お茶 ※");
    await expect(page.getByTestId("document-totals")).toContainText("8%対象※");
    await expect(page.getByRole("button", { name: "印刷する" })).toHaveCount(javaScript ? 1 : 0);

    await settled(page, javaScript);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "PDFをダウンロード" }).click()]);
    expect(download.suggestedFilename()).toBe(`請求書_${number}_${customer}御中.pdf`);
    expect((await readFile((await download.path())!)).subarray(0, 5).toString("latin1")).toBe("%PDF-");

    // Editing the issued invoice is a correction: a second version that states what changed; the first stays.
    await page.goto(detail);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ 発行済$/);
    await page.getByRole("link", { name: "編集する" }).click();
    await expect(page.getByText("保存すると修正版（第2版）として発行され")).toBeVisible();
    await settled(page, javaScript);
    await page.getByLabel("1行目の単価").fill("40000");
    await page.getByLabel("修正理由（書類に記載されます）").fill("単価の誤り");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/書類を保存しました。/);
    await expect(page.getByTestId("document-versions").locator("li")).toHaveCount(2);
    await settled(page, javaScript);
    await page.getByRole("link", { name: "印刷用の画面を開く" }).click();
    await expect(page.getByTestId("snapshot-headline")).toHaveText("ご請求金額 ¥45,620-");
    await expect(sheet.getByRole("heading", { level: 1 })).toHaveText("請求書（修正）");
    await expect(page.getByTestId("snapshot-reference")).toContainText(`請求書 No.${number} の記載事項を修正したもの（第2版）です。`);
    await expect(page.getByTestId("snapshot-reference")).toContainText("修正理由：単価の誤り");
    await settled(page, javaScript);
    await page.getByRole("link", { name: "詳細へ戻る" }).click();
    await expect(page).toHaveURL(detail);
    await settled(page, javaScript);
    await page.getByTestId("document-versions").locator("li").first().getByRole("link", { name: "印刷画面" }).click();
    await expect(page.getByTestId("snapshot-headline")).toHaveText("ご請求金額 ¥34,620-");
    await expect(page.getByTestId("copy-note")).toContainText("第1版を表示しています（最新は第2版）。");
  });

  test("another company's print page and PDF are not found", async ({ page, context, javaScript }) => {
    test.skip(!javaScript, "no page script is involved");
    await signInThroughBank(page, "owner@demo.example");
    await page.goto("/invoices/list");
    const theirs = await page.getByTestId("documents").locator("tbody tr a").first().getAttribute("href");
    const id = theirs!.match(/\/invoices\/detail\/(\d+)$/)![1];
    expect((await page.goto(`/invoices/snapshot/${id}`))!.status()).toBe(200);

    await context.clearCookies();
    await signInThroughBank(page, "owner@other.example");
    expect((await page.goto(`/invoices/snapshot/${id}`))!.status()).toBe(404);
    expect((await page.request.get(`/invoices/pdf/${id}`)).status()).toBe(404);
  });
});
