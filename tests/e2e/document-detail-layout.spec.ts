import type { Locator, Page } from "@playwright/test";
import { violationsOn } from "./axe";
import { createInvoice, expect, settled, signInAsOwnCompany, test } from "./fixtures";

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, String(locator)).not.toBeNull();
  return found!;
}

/** Elements of the page that reach past the window's right edge, as 「tag.class (right edge)」, and how wide the page scrolls. */
async function overflowOf(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wider = [...document.querySelectorAll("main *")]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} (${Math.round(element.getBoundingClientRect().right)})`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wider };
  });
}

test.describe("the document detail page's layout (issue 37)", () => {
  test(
    "at 1280 px the document as it prints is on the left, its status, actions and versions beside it; at 375 px the actions come first and nothing is wider than the screen",
    // Once: the layout is the server's HTML and CSS, the same with JavaScript off (the served markup axe analyses).
    async ({ page, javaScript }) => {
      const customer = javaScript ? "二段表示ジェイエス株式会社" : "二段表示ノージェイエス株式会社";
      await page.setViewportSize({ width: 1280, height: 900 });
      await signInAsOwnCompany(page, javaScript);
      await createInvoice(page, javaScript, customer, "48000");
      const heading = page.getByRole("heading", { level: 1 });
      const sheet = page.getByTestId("snapshot");

      // A draft shows as it would print, marked 下書き: the same rendering as the print page, in the server's HTML.
      await expect(sheet.getByTestId("snapshot-mark")).toHaveText("下書き");
      await expect(sheet.getByTestId("snapshot-recipient")).toHaveText(`${customer} 御中`);
      await expect(sheet.getByTestId("snapshot-headline")).toHaveText("ご請求金額 ¥52,800-");
      await settled(page, javaScript);
      await page.getByRole("button", { name: "発行する", exact: true }).click();
      await expect(heading).toHaveText(/ 発行済$/);
      await settled(page, javaScript);
      // Issued: the snapshot, unmarked.
      await expect(sheet).toBeVisible();
      await expect(sheet.getByTestId("snapshot-mark")).toHaveCount(0);
      await expect(sheet.getByTestId("snapshot-headline")).toHaveText("ご請求金額 ¥52,800-");

      const document = await box(sheet);
      const actions = await box(page.getByTestId("document-actions"));
      const side = await box(page.getByTestId("document-side"));
      // Side by side: the sheet ends before the actions and the rest begin, and they share the page's height.
      expect(document.x + document.width).toBeLessThanOrEqual(actions.x);
      expect(document.x + document.width).toBeLessThanOrEqual(side.x);
      expect(actions.y).toBeLessThan(document.y + document.height);
      expect(side.y).toBeLessThan(document.y + document.height);
      await expect(page.getByTestId("document-status")).toHaveText("請求済");
      // The versions come right under the actions, within the first screen.
      const versions = await box(page.getByRole("heading", { name: "発行した版" }));
      expect(versions.x).toBeGreaterThanOrEqual(side.x);
      expect(versions.y + versions.height).toBeLessThanOrEqual(900);
      expect(await violationsOn(page, javaScript, page.url())).toEqual([]);

      await page.setViewportSize({ width: 375, height: 800 });
      // One column, the actions first: before the document in the page's order and above it on the screen.
      const first = await page.getByTestId("document-actions").evaluate((panel, shown) => Boolean(panel.compareDocumentPosition(shown!) & Node.DOCUMENT_POSITION_FOLLOWING), await sheet.elementHandle());
      expect(first).toBe(true);
      const narrowActions = await box(page.getByTestId("document-actions"));
      const narrowDocument = await box(sheet);
      expect(narrowActions.y + narrowActions.height).toBeLessThanOrEqual(narrowDocument.y);
      expect((await box(page.getByTestId("document-side"))).y).toBeGreaterThanOrEqual(narrowDocument.y + narrowDocument.height);
      const overflow = await overflowOf(page);
      expect(overflow.wider).toEqual([]);
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);
      expect(await violationsOn(page, javaScript, page.url())).toEqual([]);
    },
  );

  test("a detail page reached by a link in the browser shows its document as it prints", async ({ page, javaScript }) => {
    test.skip(!javaScript, "JavaScript on only: without it every page is a document load");
    await signInAsOwnCompany(page, javaScript);
    const number = await createInvoice(page, javaScript, "リンク遷移株式会社", "1000");
    await page.goto("/invoices/list");
    await settled(page, javaScript);
    await page.getByRole("link", { name: number, exact: true }).click();
    await expect(page.getByTestId("snapshot").getByTestId("snapshot-mark")).toHaveText("下書き");
    await expect(page.getByTestId("snapshot-recipient")).toHaveText("リンク遷移株式会社 御中");
  });

  test("a detail page loaded whole keeps its document as the server wrote it, which its hydration data does not carry again", async ({ page, javaScript }) => {
    test.skip(!javaScript, "JavaScript on only: without it nothing is hydrated");
    await signInAsOwnCompany(page, javaScript);
    await createInvoice(page, javaScript, "一度だけ株式会社", "2000");
    await page.reload();
    await settled(page, javaScript);
    await expect(page.getByTestId("snapshot-recipient")).toHaveText("一度だけ株式会社 御中");
    const inlineScripts = await page.evaluate(() => [...document.querySelectorAll("script:not([src])")].map((script) => script.textContent).join(""));
    expect(inlineScripts).toContain("streamController.enqueue");
    expect(inlineScripts).not.toContain("snapshot-recipient");
  });
});
