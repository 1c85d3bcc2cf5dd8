import type { Locator, Page } from "@playwright/test";
import { violationsOn } from "./axe";
import { createInvoice, expect, settled, signInAsOwnCompany, signInThroughBank, test } from "./fixtures";

/*
 * Issue 37, items 3 and 4: lists keep figures, dates, statuses and numbers on one line and shorten long names; the
 * report charts write each bar's figure and say whether amounts are before or after tax; radio buttons and checkboxes
 * are 24 px targets and text boxes and selects one height. All of it is CSS and server-rendered markup, the same
 * without JavaScript, so none of these tests is tagged @both: they run once, in the js project.
 */

/** Lines a cell's text takes: a line is about 1.4 font sizes tall, two are nearly three. */
const lines = (cell: Locator) =>
  cell.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return Math.floor(range.getBoundingClientRect().height / (parseFloat(getComputedStyle(element).fontSize) * 1.9)) + 1;
  });

/** Width and height of each element the locator finds, with a name to tell them apart. */
const boxes = async (controls: Locator) =>
  Promise.all(
    (await controls.all()).map(async (control) => {
      const box = (await control.boundingBox())!;
      return { name: (await control.getAttribute("name")) ?? "", width: Math.round(box.width), height: Math.round(box.height) };
    }),
  );

test.describe("lists at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("the invoice list keeps number, date, amount and status to one line and shortens a long customer name, whole in its title and text", async ({ page, javaScript }) => {
    const customer = "株式会社一覧表示確認用のとても長い名前の取引先ホールディングス西日本支社経理部";
    await signInAsOwnCompany(page, javaScript);
    const number = await createInvoice(page, javaScript, customer, "830000");
    await page.goto("/invoices/list");
    const row = page.getByTestId("documents").locator("tbody tr", { hasText: number });
    for (const name of ["number", "date", "amount", "status"]) {
      const cell = row.locator(`.document-list__${name}`);
      expect(await cell.evaluate((element) => getComputedStyle(element).whiteSpace), name).toBe("nowrap");
      expect(await lines(cell), name).toBe(1);
    }
    // Amounts stand right-aligned, as in every table.
    expect(await row.locator(".document-list__amount").evaluate((element) => getComputedStyle(element).textAlign)).toBe("right");
    const name = row.locator(".document-list__customer .table__name");
    await expect(name).toHaveAttribute("title", customer);
    // Cut on screen only: the whole name is the element's text, which a screen reader reads.
    await expect(name).toHaveText(customer);
    expect(await name.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await lines(row.locator(".document-list__customer"))).toBe(1);
    expect(await violationsOn(page, javaScript, "/invoices/list")).toEqual([]);
  });

  test("every list's column headings keep to one line", async ({ page }) => {
    await signInThroughBank(page, "user@demo.example");
    for (const path of ["/receive/invoices", "/customers/list", "/items/list", "/billing/recurring", "/reports/list?report=receivables"]) {
      await page.goto(path);
      const headings = page.locator("table thead th");
      expect(await headings.count(), path).toBeGreaterThan(0);
      for (const heading of await headings.all()) expect(await lines(heading), `${path}: ${await heading.innerText()}`).toBe(1);
    }
  });
});

test.describe("report charts at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  /** Each bar's figure: a text over or under a column, or beside a bar, at a size that can be read. */
  const unlabelledBars = (page: Page) =>
    page.locator("svg[data-chart]").evaluateAll((charts) =>
      charts.flatMap((chart) => {
        const texts = [...chart.querySelectorAll("text")].map((text) => ({ box: text.getBoundingClientRect(), content: text.textContent ?? "" }));
        return [...chart.querySelectorAll("rect[data-label]")].flatMap((bar) => {
          const box = bar.getBoundingClientRect();
          const near = texts.filter(({ box: text, content }) => {
            if (content === "" || text.height < 10) return false;
            const overColumn = text.left < box.right && text.right > box.left && text.bottom >= box.top - 20 && text.top <= box.bottom + 20;
            const besideBar = text.left >= box.right - 1 && text.left <= box.right + 12 && text.top < box.bottom && text.bottom > box.top;
            return overColumn || besideBar;
          });
          return near.length > 0 ? [] : [`${chart.getAttribute("data-chart")}: ${bar.getAttribute("data-label")}`];
        });
      }),
    );

  test("each bar has its figure written by it, and each chart says whether its amounts are before or after tax", async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    for (const [report, taxes] of [
      ["sales", ["税抜", "税抜"]],
      ["receivables", ["税込"]],
      ["received", ["税込", "税込"]],
      ["estimates", []],
    ] as const) {
      const path = `/reports/list?report=${report}`;
      await page.goto(path);
      await settled(page, javaScript);
      expect(await page.locator("svg[data-chart] rect[data-label]").count(), path).toBeGreaterThan(0);
      expect(await unlabelledBars(page), path).toEqual([]);
      const captions = page.locator("figure.report-chart figcaption");
      // The caption is on screen and names the chart for a screen reader.
      for (const caption of await captions.all()) {
        await expect(caption).toBeVisible();
        const id = await caption.getAttribute("id");
        await expect(page.locator(`svg[aria-labelledby="${id}"]`)).toHaveCount(1);
      }
      const written = await captions.allInnerTexts();
      for (const [index, tax] of taxes.entries()) expect(written[index], path).toContain(tax);
    }
    expect(await violationsOn(page, javaScript, "/reports/list?report=sales")).toEqual([]);
  });
});

test.describe("form controls", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("registration's radio buttons and checkboxes are 24 × 24 px targets, its text boxes and selects one height", async ({ page, javaScript }) => {
    // Read-only: 新規工房 is never registered by a test.
    await signInThroughBank(page, "newcomer@demo.example");
    await page.goto("/accounts/register");
    await settled(page, javaScript);
    const choices = page.locator('input[type="radio"], input[type="checkbox"]');
    expect(await choices.count()).toBeGreaterThan(2);
    for (const box of await boxes(choices)) {
      expect(box.width, box.name).toBeGreaterThanOrEqual(24);
      expect(box.height, box.name).toBeGreaterThanOrEqual(24);
    }
    // The label around a choice is its target too.
    for (const label of await page.locator("label:has(> input[type=radio]), label:has(> input[type=checkbox])").all()) {
      expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(24);
    }
    const heights = new Set((await boxes(page.locator('main input:is([type="text"], [type="email"], [type="tel"], [type="date"], :not([type])), main select'))).map((box) => box.height));
    expect([...heights]).toHaveLength(1);
    expect([...heights][0]).toBeGreaterThanOrEqual(44);
    expect(await violationsOn(page, javaScript, "/accounts/register")).toEqual([]);
  });

  test("the document form's checkboxes and the list's row checkboxes are 24 × 24 px", async ({ page, javaScript }) => {
    await signInAsOwnCompany(page, javaScript);
    for (const path of ["/invoices/create", "/invoices/list"]) {
      await page.goto(path);
      await settled(page, javaScript);
      const checkboxes = page.locator('main input[type="checkbox"]');
      expect(await checkboxes.count(), path).toBeGreaterThan(0);
      for (const box of await boxes(checkboxes)) {
        expect(box.width, `${path} ${box.name}`).toBeGreaterThanOrEqual(24);
        expect(box.height, `${path} ${box.name}`).toBeGreaterThanOrEqual(24);
      }
    }
    expect(await violationsOn(page, javaScript, "/invoices/create")).toEqual([]);
  });
});
