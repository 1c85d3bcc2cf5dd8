import { expect, test, settled, signInThroughBank } from "./fixtures";

const WIDTHS = [
  { device: "PC", width: 1280, drawer: true },
  { device: "tablet", width: 800, drawer: false },
  { device: "phone", width: 375, drawer: false },
] as const;

test.describe("side navigation at each width", () => {
  for (const { device, width, drawer } of WIDTHS) {
    test(`${device} (${width} px)`, { tag: "@both" }, async ({ page, javaScript }) => {
      // TOP calls the Payment API: a real sign-in, whose id token the API accepts.
      await signInThroughBank(page, "owner@demo.example");
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/top");
      await settled(page, javaScript);
      const menuButton = page.getByText("メニュー", { exact: true });
      const fixedDrawer = page.getByTestId("drawer");

      if (drawer) {
        await expect(fixedDrawer).toBeVisible();
        await expect(menuButton).toBeHidden();
        return;
      }

      await expect(fixedDrawer).toBeHidden();
      await expect(menuButton).toBeVisible();
      const panel = page.getByTestId("menu-drawer").getByRole("navigation", { name: "メインメニュー" });
      await expect(panel).toBeHidden();

      await menuButton.click();
      await expect(panel).toBeVisible();
      await expect(panel.locator(".side-nav__user")).toHaveText("山田 太郎 様");

      // TOP is served without scripts (ADR 020): the drawer is the <details> element alone, and the link loads the FAQ.
      await panel.getByRole("link", { name: "サポート" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("よくある質問");
      await expect(page.getByTestId("menu-drawer").getByRole("navigation")).toBeHidden();

      if (javaScript) {
        // The FAQ hydrates: there the drawer also closes on Escape, and on a client-side navigation.
        await settled(page, javaScript);
        await menuButton.click();
        await expect(panel).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(panel).toBeHidden();
        await expect(page.locator(".menu-drawer__button")).toBeFocused();
        await menuButton.click();
        await expect(panel).toBeVisible();
        // The menu is sent as HTML (ADR 020): its links are still followed in the page, and the current entry moves.
        await page.evaluate(() => Object.assign(window, { sameDocument: true }));
        await panel.getByRole("link", { name: "品目" }).click();
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("品目");
        await expect(panel).toBeHidden();
        expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
        await expect(page.getByTestId("menu-drawer").locator('[aria-current="page"]')).toHaveText("品目");
      }
    });
  }

  test("tapping outside the open menu closes it", async ({ page }) => {
    // TOP calls the Payment API: a real sign-in, whose id token the API accepts.
    await signInThroughBank(page, "owner@demo.example");
    await page.setViewportSize({ width: 800, height: 800 });
    await page.goto("/top");
    await page.getByText("メニュー", { exact: true }).click();
    const panel = page.getByTestId("menu-drawer").getByRole("navigation");
    await expect(panel).toBeVisible();
    await page.mouse.click(700, 400);
    await expect(panel).toBeHidden();
  });
});
