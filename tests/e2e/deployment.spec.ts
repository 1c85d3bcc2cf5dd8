import { expect, test } from "./fixtures";

test.describe("a new deployment", () => {
  test("with JavaScript, the page asks hourly and offers a reload once the build changed; without, pages are whole and ask nothing", { tag: "@both" }, async ({ page, javaScript }) => {
    const asked: string[] = [];
    let deployed = "";
    await page.route("**/build-version.json", async (route) => {
      asked.push(route.request().url());
      const response = await route.fetch();
      const { version } = (await response.json()) as { version: string };
      await route.fulfill({ response, json: { version: deployed || version } });
    });
    if (javaScript) await page.clock.install();
    await page.goto("/bamidp/login");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    if (!javaScript) {
      expect(asked).toEqual([]);
      return;
    }
    // Nothing changed in the first hour: nothing offered.
    await page.clock.runFor(60 * 60 * 1000);
    await expect.poll(() => asked.length).toBe(1);
    await expect(page.getByText("帳票クラウドが更新されました。")).toHaveCount(0);

    deployed = "a-newer-build";
    await page.clock.runFor(60 * 60 * 1000);
    const notice = page.getByRole("status").filter({ hasText: "帳票クラウドが更新されました。" });
    await expect(notice).toBeVisible();
    await Promise.all([page.waitForEvent("load"), notice.getByRole("button", { name: "再読み込み" }).click()]);
  });
});
