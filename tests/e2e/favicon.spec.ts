import { expect, test } from "./fixtures";

test.describe("favicon", () => {
  test("every page names the icon, it is served, and no request of the page fails", async ({ page }) => {
    const failed: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto("/bamidp/login");
    const href = await page.locator('link[rel="icon"]').getAttribute("href");
    expect(href).toBe("/favicon.svg");
    const icon = await page.request.get(href!);
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toContain("image/svg+xml");
    expect(failed).toEqual([]);
  });
});
