import type { Page } from "@playwright/test";
import { violationsOn } from "./axe";
import { expect, settled, signInThroughBank, test } from "./fixtures";

/** True when the page itself scrolls sideways; a table scrolling inside its own box does not count. */
async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test.describe("lists at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the document, received document, customer and item lists fit the width: rows become cards", async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    for (const path of ["/top", "/invoices/list", "/estimates/list", "/delivery-slips/list", "/receipts", "/receive/invoices", "/receive/receipts", "/receive/others", "/customers/list", "/items/list"]) {
      await page.goto(path);
      await settled(page, javaScript);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageScrollsSideways(page), path).toBe(false);
    }
    // A card keeps a customer's name on its own line rather than one character a line.
    await page.goto("/customers/list");
    const name = page.getByTestId("customers").locator("tbody tr").first().locator("td").first();
    expect((await name.boundingBox())!.width).toBeGreaterThan(250);
  });

  test("a document list's cards below the screen are drawn whole once scrolled to", async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    await page.goto("/invoices/list");
    await settled(page, javaScript);
    const cards = page.getByTestId("documents").locator("tbody tr");
    const last = cards.last();
    await last.scrollIntoViewIfNeeded();
    await expect(last.getByRole("link")).toBeVisible();
    // Its height is its content's, not the estimate it had below the screen: no cell spills out of the card.
    const spills = await last.evaluate((card) => {
      const box = card.getBoundingClientRect();
      return [...card.querySelectorAll("td")].filter((cell) => {
        const inner = cell.getBoundingClientRect();
        return inner.height > 0 && (inner.top < box.top || inner.bottom > box.bottom);
      }).length;
    });
    expect(spills).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  });

  test("the approval pages fit the width: 承認待ち with its form, the owner's settings and audit", async ({ page, javaScript }) => {
    await signInThroughBank(page, "owner@demo.example");
    for (const path of ["/approvals", "/settings/approvals", "/settings/approvals/audit"]) {
      await page.goto(path);
      await settled(page, javaScript);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageScrollsSideways(page), path).toBe(false);
    }
  });

  test("the received document form, detail and snapshot fit the width", async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    await page.goto("/receive/invoices");
    const detail = new URL((await page.getByTestId("received-documents").locator("tbody tr a").first().getAttribute("href"))!, page.url()).pathname;
    const id = detail.split("/").pop()!;
    for (const path of ["/receive/invoices/create", detail, `/receive/invoices/edit/${id}`, `/receive/invoices/snapshot/${id}`]) {
      await page.goto(path);
      await settled(page, javaScript);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageScrollsSideways(page), path).toBe(false);
    }
  });
});

test.describe("an issued document's printable page at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the A4 sheet follows the screen instead of being 794 px wide", async ({ page, javaScript }) => {
    test.skip(!javaScript, "layout only: the same markup and CSS without JavaScript");
    await signInThroughBank(page, "user@demo.example");
    await page.goto("/invoices/list");
    const detail = (await page.getByTestId("documents").locator("tbody tr", { hasText: "入金済" }).first().getByRole("link").first().getAttribute("href"))!;
    const snapshot = `/invoices/snapshot/${detail.split("/").pop()}`;
    await page.goto(snapshot);
    await expect(page.getByTestId("snapshot-lines")).toBeVisible();
    expect(await pageScrollsSideways(page)).toBe(false);
    expect(await violationsOn(page, javaScript, snapshot)).toEqual([]);
  });
});

test.describe("the reports at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("every report fits the width: tables scroll in their own box, the charts scale down", async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    for (const report of ["sales", "receivables", "estimates", "received"]) {
      const path = `/reports/list?report=${report}`;
      await page.goto(path);
      await settled(page, javaScript);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageScrollsSideways(page), path).toBe(false);
      for (const chart of await page.locator("svg[data-chart]").all()) expect((await chart.boundingBox())!.width, path).toBeLessThanOrEqual(375);
    }
  });
});

test.describe("the admin area at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the companies list and a company's detail fit the width", async ({ page, javaScript }) => {
    await signInThroughBank(page, "bankadmin@demo.example");
    for (const path of ["/admin/companies/list", "/admin/companies/detail/C-DEMO/2026-04-01"]) {
      await page.goto(path);
      await settled(page, javaScript);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageScrollsSideways(page), path).toBe(false);
    }
  });
});

// The lines are a table: one row per line where the form has the width (the whole page below 1025 px, beside the
// preview from 1600 px); beside the preview at 1025–1599 px each line's numbers wrap under its 品名.
for (const { width, oneRow } of [
  { width: 1024, oneRow: true },
  { width: 1280, oneRow: false },
  { width: 1600, oneRow: true },
]) {
  test.describe(`line entry at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test(`each line's fields sit ${oneRow ? "on one row" : "on two rows, 品名 above its numbers"}, within the form`, { tag: "@both" }, async ({ page, javaScript }) => {
      await signInThroughBank(page, "user@demo.example");
      await page.goto("/invoices/create");
      await settled(page, javaScript);
      await page.getByLabel("1行目の品名").fill("保守作業");
      await page.getByLabel("1行目の単価").fill("30000");
      await page.getByRole("button", { name: "明細を追加" }).click();
      await page.getByLabel("2行目の品名").fill("交通費");
      await page.getByLabel("2行目の単価").fill("1200");
      if (!javaScript) await page.getByRole("button", { name: "再計算" }).click();
      await expect(page.getByTestId("line-amount").nth(1)).toContainText("1,200円");

      const form = (await page.getByRole("region", { name: "明細" }).boundingBox())!;
      for (const n of [1, 2]) {
        const line = page.getByTestId("document-lines").locator("tbody tr").nth(n - 1);
        const name = [...(javaScript ? [] : [line.getByLabel(`${n}行目の品目`)]), line.getByLabel(`${n}行目の品名`)];
        const numbers = [line.getByLabel(`${n}行目の数量`), line.getByLabel(`${n}行目の単位`), line.getByLabel(`${n}行目の単価`), line.getByLabel(`${n}行目の税率`), line.getByTestId("line-amount")];
        const boxes = await Promise.all([...name, ...numbers].map(async (part) => (await part.boundingBox())!));
        const nameBox = boxes[name.length - 1]!;
        const numberBoxes = boxes.slice(name.length);
        for (const [index, box] of numberBoxes.entries()) {
          // Left to right in the order of the headings, inside the lines' card.
          if (index > 0) expect(box.x, `number ${index} of line ${n}`).toBeGreaterThan(numberBoxes[index - 1]!.x);
          expect(box.x + box.width, `number ${index} of line ${n}`).toBeLessThanOrEqual(form.x + form.width);
          if (oneRow) expect(Math.abs(box.y - boxes[0]!.y), `number ${index} of line ${n}`).toBeLessThan(16);
          else expect(box.y, `number ${index} of line ${n}`).toBeGreaterThan(nameBox.y + nameBox.height - 4);
        }
        if (oneRow) expect(numberBoxes[0]!.x).toBeGreaterThan(nameBox.x + nameBox.width - 4);
        // Without JavaScript 品名 sits under the 品目 select.
        expect((await line.boundingBox())!.height).toBeLessThan((oneRow ? 60 : 140) + (javaScript ? 40 : 110));
      }
    });
  });
}
