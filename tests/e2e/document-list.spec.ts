import type { Locator } from "@playwright/test";
import { violationsOn } from "./axe";
import { createInvoice, expect, settled, signInAsOwnCompany, test } from "./fixtures";

test.describe("document list", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("filters sit in one row with 「詳細条件」 folded; active ones show as chips that remove themselves", { tag: "@both" }, async ({ page, javaScript }) => {
    const customer = javaScript ? "絞り込みジェイエス株式会社" : "絞り込みノージェイエス株式会社";
    await signInAsOwnCompany(page, javaScript);
    await createInvoice(page, javaScript, customer, "12000");
    await page.goto("/invoices/list");
    await settled(page, javaScript);
    const more = page.locator("details.document-filters__more");
    await expect(more).not.toHaveAttribute("open");
    await expect(page.getByLabel("金額（以上）")).toBeHidden();
    await expect(page.getByTestId("filter-chips")).toHaveCount(0);
    // The list shows dates as 2026/11/23.
    await expect(page.getByTestId("documents").locator("tbody tr").first().locator("td").nth(2)).toHaveText(/^\d{4}\/\d{2}\/\d{2}$/);

    await page.getByRole("searchbox", { name: "番号・取引先・件名" }).fill(customer);
    await page.getByText("詳細条件").click();
    await page.getByLabel("金額（以上）").fill("10,000");
    await page.getByRole("button", { name: "検索", exact: true }).click();
    await expect(page.getByTestId("documents").locator("tbody tr")).toHaveCount(1);
    // The total says what it covers: the voided documents are out of it unless the filter shows them.
    await expect(page.getByTestId("documents-sum-covers")).toHaveText("絞り込んだ1件（下書きを含み、無効にした書類を除く）の税込金額の合計です。");
    const chips = page.getByTestId("filter-chips");
    await expect(chips.getByRole("listitem")).toHaveText([`番号・取引先・件名：${customer}×`, "金額（以上）：10000×"]);
    // An inner filter in use keeps 「詳細条件」 open, so what narrows the list is in view.
    await expect(more).toHaveAttribute("open");

    await chips.getByRole("link", { name: "金額（以上）の条件を外す" }).click();
    await expect(page.getByTestId("filter-chips").getByRole("listitem")).toHaveText([`番号・取引先・件名：${customer}×`]);
    await expect(page.getByRole("searchbox", { name: "番号・取引先・件名" })).toHaveValue(customer);
    await expect(page.locator("details.document-filters__more")).not.toHaveAttribute("open");
    await expect(page.getByTestId("documents").locator("tbody tr")).toHaveCount(1);

    await page.goto(`/invoices/list?q=${encodeURIComponent(customer)}&voided=include`);
    await expect(page.getByTestId("documents-sum-covers")).toHaveText("絞り込んだ1件（下書きと無効にした書類を含む）の税込金額の合計です。");

    // An empty list says why, with the way back: a period the wrong way round, a page past the last.
    await page.goto(`/invoices/list?q=${encodeURIComponent(customer)}&issued_from=2099-12-31&issued_to=2000-01-01`);
    await expect(page.getByTestId("documents-empty")).toContainText("発行日（から）が発行日（まで）より後の日付のため");
    await page.getByRole("link", { name: "期間を入れ替えて表示する" }).click();
    await expect(page.getByTestId("documents").locator("tbody tr")).toHaveCount(1);
    await expect(page).toHaveURL(/issued_from=2000-01-01&issued_to=2099-12-31/);
    await page.goto(`/invoices/list?q=${encodeURIComponent(customer)}&page=7`);
    await expect(page.getByTestId("documents-empty")).toContainText("7ページ目に書類はありません。絞り込んだ1件は1ページ目までです。");
    await page.getByRole("link", { name: "1ページ目を表示する" }).click();
    await expect(page.getByTestId("documents").locator("tbody tr")).toHaveCount(1);
  });

  test("the header selects every row: a link that loads the list with all checked, and a checkbox once the list is rendered in the browser", { tag: "@both" }, async ({ page, javaScript }) => {
    const customer = javaScript ? "全選択ジェイエス" : "全選択ノージェイエス";
    await signInAsOwnCompany(page, javaScript);
    await createInvoice(page, javaScript, `${customer}株式会社`, "1000");
    await createInvoice(page, javaScript, `${customer}株式会社`, "2000");
    await page.goto(`/invoices/list?q=${encodeURIComponent(customer)}`);
    await settled(page, javaScript);
    const rows = page.getByTestId("documents").locator('tbody input[name="ids"]');
    await expect(rows).toHaveCount(2);
    for (const box of await rows.all()) await expect(box).not.toBeChecked();

    // The list is served without scripts (ADR 020), with JavaScript on too: the header is the link either way.
    await page.getByRole("link", { name: "すべて選ぶ" }).click();
    for (const box of await rows.all()) await expect(box).toBeChecked();
    await expect(page.getByRole("searchbox", { name: "番号・取引先・件名" })).toHaveValue(customer);
    await page.getByRole("link", { name: "選択を外す" }).click();
    for (const box of await rows.all()) await expect(box).not.toBeChecked();
    if (!javaScript) return;

    // Reached from a page that hydrates, the list is rendered in the browser, and the header is a checkbox.
    await page.goto("/support/faq");
    await settled(page, javaScript);
    await page.getByTestId("drawer").getByRole("link", { name: "請求書", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("請求書");
    await page.getByRole("searchbox", { name: "番号・取引先・件名" }).fill(customer);
    await page.getByRole("button", { name: "検索", exact: true }).click();
    await expect(rows).toHaveCount(2);
    await settled(page, javaScript);
    await page.getByRole("checkbox", { name: "すべて選ぶ" }).check();
    for (const box of await rows.all()) await expect(box).toBeChecked();
    await page.getByRole("checkbox", { name: "すべて選ぶ" }).uncheck();
    for (const box of await rows.all()) await expect(box).not.toBeChecked();
  });

  test("at 1280 px headings and statuses keep to one line, and a long customer name ends in an ellipsis with the whole name in its title", async ({ page, javaScript }) => {
    test.skip(!javaScript, "layout only: the same markup and CSS without JavaScript");
    const customer = "株式会社とても長い名前の取引先ホールディングス東日本営業本部経理課";
    await signInAsOwnCompany(page, javaScript);
    const number = await createInvoice(page, javaScript, customer, "3000");
    await page.goto("/invoices/list");
    const table = page.getByTestId("documents");
    // Lines a cell's text takes: a line is about 1.4 font sizes tall, two are nearly three.
    const lines = (cell: Locator) =>
      cell.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return Math.floor(range.getBoundingClientRect().height / (parseFloat(getComputedStyle(element).fontSize) * 1.9)) + 1;
      });
    for (const heading of await table.locator("th:not(.document-list__select)").all()) expect(await lines(heading), await heading.innerText()).toBe(1);
    const row = table.locator("tbody tr", { hasText: number });
    for (const name of ["number", "date", "customer", "amount", "status"]) expect(await lines(row.locator(`.document-list__${name}`)), name).toBe(1);
    await expect(row.locator(".document-list__customer")).toContainText("御中");
    await expect(row.locator(".document-list__customer [title]")).toHaveAttribute("title", customer);
    expect(await row.locator(".document-list__customer [title]").evaluate((name) => name.scrollWidth > name.clientWidth)).toBe(true);
    expect(await violationsOn(page, javaScript, "/invoices/list")).toEqual([]);
  });
});
