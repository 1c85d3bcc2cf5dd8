import type { Page } from "@playwright/test";
import { expect, settled, signInThroughBank, test } from "./fixtures";

/*
 * The reports (issue 18), read-only on 株式会社デモ商事's demo data, so the
 * JavaScript-on and -off projects can run at once: tabs and the period are
 * links and GET forms, every chart's bars equal its table's figures, and each
 * table downloads as CSV.
 */

const digits = (text: string) => text.replace(/[^\d.-]/g, "");

/** Each bar of each chart against its table: the row named like the bar, in the chart's column (the total row for the aging buckets). */
async function chartsMatchTables(page: Page): Promise<number> {
  const charts = page.locator("svg[data-chart]");
  let bars = 0;
  for (const chart of await charts.all()) {
    const table = page.locator(`#${await chart.getAttribute("data-table")}`);
    const column = Number(await chart.getAttribute("data-column"));
    // The chart is named by its caption on screen.
    await expect(page.locator(`#${await chart.getAttribute("aria-labelledby")}`)).not.toBeEmpty();
    for (const bar of await chart.locator("rect[data-label]").all()) {
      const label = (await bar.getAttribute("data-label"))!;
      const value = (await bar.getAttribute("data-value"))!;
      let cell;
      if (column < 0) {
        const headers = await table.locator("thead th").allInnerTexts();
        cell = table.locator("tfoot tr td, tfoot tr th").nth(headers.indexOf(label));
      } else {
        cell = table.locator("tr", { has: page.locator(`th[scope="row"]`, { hasText: label }) }).first().locator("th, td").nth(column);
      }
      const text = await cell.innerText();
      expect(value === "" ? "—" : digits(value), `${label} in ${await chart.getAttribute("data-chart")}`).toBe(value === "" ? text.trim() : digits(text));
      bars += 1;
    }
  }
  return bars;
}

test.describe("reports", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("each report is a tab: tables with their charts, the charts' bars equal to the tables", async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    await page.goto("/reports/list");
    await settled(page, javaScript);
    await expect(page.getByRole("heading", { level: 1, name: "レポート" })).toBeVisible();
    for (const [tab, headings] of [
      ["売上", ["月別の売上", "取引先別の売上（上位20社）"]],
      ["売掛金", ["取引先別の売掛金（上位20社）", "未入金の請求書"]],
      ["見積", ["結果別の見積", "月別の受注率"]],
      ["受取", ["月別の受取書類", "取引先別の受取書類（上位20社）"]],
    ] as const) {
      await page.getByRole("navigation", { name: "レポートの種類" }).getByRole("link", { name: tab }).click();
      await settled(page, javaScript);
      await expect(page.getByRole("link", { name: tab, exact: true })).toHaveAttribute("aria-current", "page");
      for (const heading of headings) await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
      await expect(page.getByTestId("report-summary")).toBeVisible();
      expect(await page.locator('th[scope="col"]').count()).toBeGreaterThan(3);
      expect(await chartsMatchTables(page), tab).toBeGreaterThan(0);
    }
  });

  test("a custom period through the GET form, the months it cuts drawn and summed, and a table as CSV", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    await page.goto("/reports/list?report=sales");
    await settled(page, javaScript);
    await page.getByLabel("期間", { exact: true }).selectOption("custom");
    await page.getByLabel("開始日").fill("2025-04-15");
    await page.getByLabel("終了日").fill("2026-03-10");
    await page.getByRole("button", { name: "表示する" }).click();
    await settled(page, javaScript);
    await expect(page).toHaveURL(/period=custom&from=2025-04-15&to=2026-03-10/);
    await expect(page.getByTestId("report-range")).toContainText("2025/04/15〜2026/03/10");
    await expect(page.locator("#sales-months-table tbody tr")).toHaveCount(12);
    await expect(page.locator('[data-chart="sales-months-chart"] rect[data-label]')).toHaveCount(12);
    expect(await chartsMatchTables(page)).toBeGreaterThan(0);

    const section = page.locator('section[aria-labelledby="sales-months-heading"]');
    await section.getByLabel("文字コード").selectOption("SJIS");
    const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("button", { name: "CSVを出力" }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const bytes = await (await download.createReadStream()).toArray();
    const text = new TextDecoder("shift_jis").decode(Buffer.concat(bytes));
    expect(text.split("\r\n")[0]).toBe("月,件数,税抜金額,消費税,税込金額");
    expect(text).toContain("2025年4月,");
    const total = await page.getByTestId("sales-total-excluded").innerText();
    expect(text).toContain(`合計,`);
    expect(text.split("\r\n").find((line) => line.startsWith("合計,"))!.split(",")[2]).toBe(digits(total));
  });

  test("receivables: each unpaid invoice links to its detail, a customer narrows the list", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    await page.goto("/reports/list?report=receivables");
    await settled(page, javaScript);
    const customerLinks = page.locator("#receivables-customers-table tbody th a");
    if ((await customerLinks.count()) > 0) {
      const name = await customerLinks.first().innerText();
      await customerLinks.first().click();
      await settled(page, javaScript);
      await expect(page.getByRole("heading", { level: 2, name: `未入金の請求書（${name}）` })).toBeVisible();
      for (const cell of await page.locator("#receivables-invoices-table tbody tr td:nth-child(2)").allInnerTexts()) expect(cell).toBe(name);
      const invoice = page.locator("#receivables-invoices-table tbody th a").first();
      const number = await invoice.innerText();
      await invoice.click();
      await settled(page, javaScript);
      await expect(page).toHaveURL(/\/invoices\/detail\/\d+/);
      await expect(page.getByText(number).first()).toBeVisible();
    }
  });

  test("受取 says so for a company whose bank does not offer receiving", async ({ page, javaScript }) => {
    await signInThroughBank(page, "owner@shinkin.example", "0002");
    await page.goto("/reports/list?report=received");
    await settled(page, javaScript);
    await expect(page.getByTestId("report-unavailable")).toHaveText("ご利用の銀行では、受取機能を提供していません。受取書類のレポートはありません。");
    await page.getByRole("link", { name: "売上", exact: true }).click();
    await settled(page, javaScript);
    await expect(page.getByRole("heading", { level: 2, name: "月別の売上" })).toBeVisible();
  });
});
