import type { Page, Route } from "@playwright/test";
import { expect, settled, signInAsProjectCompany, test } from "./fixtures";

/**
 * Opens the invoice form, then holds the scripts the page asks for after it settled — the form's, fetched on first use
 * (decision 020) — until `release`; the page's own scripts, already loaded, pass.
 */
async function invoiceFormHoldingLaterScripts(page: Page) {
  await signInAsProjectCompany(page, true);
  await page.goto("/invoices/create");
  await settled(page, true);
  const loaded = new Set(await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name)));
  const held: Route[] = [];
  let holding = true;
  await page.route("**/build/**", (route) => {
    if (!holding || loaded.has(route.request().url())) return route.continue();
    held.push(route);
  });
  return {
    held,
    release: async () => {
      holding = false;
      await Promise.all(held.map((route) => route.continue()));
    },
  };
}

test.describe("a form whose script comes on first use", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("what is typed before the form's script arrives stays, with the focus, then totals and live validation follow it", async ({ page, javaScript }) => {
    test.skip(!javaScript, "Without JavaScript the form is always the server's.");
    const scripts = await invoiceFormHoldingLaterScripts(page);
    // Shown only until the form hydrates, as without JavaScript.
    const recalculate = page.getByRole("button", { name: "再計算" });

    const unitPrice = page.getByLabel("1行目の単価");
    await unitPrice.fill("1000");
    const name = page.getByLabel("取引先名");
    await name.fill("入力中の取引先");
    await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
    await expect(recalculate).toBeVisible();
    await name.evaluate((input) => Object.assign(input, { typedBeforeHydration: true }));

    await scripts.release();
    await expect(recalculate).toBeHidden();
    // The same input element: hydrated in place, not rendered again.
    expect(await name.evaluate((input) => "typedBeforeHydration" in input)).toBe(true);
    await expect(name).toHaveValue("入力中の取引先");
    await expect(name).toBeFocused();
    // The totals read what was typed before: 1 × 1,000 at 10 %.
    await expect(page.getByTestId("total")).toHaveText("1,100円");
    await unitPrice.fill("2000");
    await expect(page.getByTestId("total")).toHaveText("2,200円");

    await name.fill("");
    await name.blur();
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription(/このフィールドは必須です/);
  });

  test("the server's messages show beside their fields while the form's script has not come", async ({ page, javaScript }) => {
    test.skip(!javaScript, "Without JavaScript the form is always the server's.");
    const scripts = await invoiceFormHoldingLaterScripts(page);

    // Pressed before the form hydrated: the form is posted as without JavaScript and the page comes back with the answer.
    await page.getByRole("button", { name: "保存する" }).click();
    const name = page.getByLabel("取引先名");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toHaveAccessibleDescription(/このフィールドは必須です/);
    await expect(page.getByRole("button", { name: "再計算" })).toBeVisible();
    await scripts.release();
  });
});
