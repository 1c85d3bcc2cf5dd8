import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { createInvoice, expect, settled, signInAsOwnCompany, test } from "./fixtures";

/*
 * 定期請求 (issue 19 item 2): from an invoice's id a schedule is made, listed with its next run, paused and resumed,
 * and deleted after a confirmation — with JavaScript on and off. Each project signs in as its own company and
 * names its customer, so the two projects and other specs can run at once.
 */

/** axe-core finds nothing (WCAG 2.1 AA) and nothing is wider than a 375 px screen, on each page; then back to the desktop width. */
async function expectReadableAt375(page: Page, paths: string[]) {
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of paths) {
    await page.goto(path);
    await settled(page, true);
    expect(await axeViolations(page, path)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(375);
  }
  await page.setViewportSize(desktop);
  await page.goto(paths[0]!);
  await settled(page, true);
}

/** The list's row of the schedule for `customer`. */
const rowOf = (page: Page, customer: string) => page.getByTestId("recurring-schedules").locator("tbody tr").filter({ hasText: customer });

test.describe("recurring invoices", () => {
  test("from an invoice: create a schedule, change it, see its next run in the list, pause, resume and delete it", { tag: "@both" }, async ({ page, javaScript }) => {
    // A name of this run's own: a run that failed half-way leaves its schedule behind.
    const customer = `株式会社定期E2E-${javaScript ? "JS" : "NOJS"}-${Date.now().toString(36)}`;
    await signInAsOwnCompany(page, javaScript);
    const number = await createInvoice(page, javaScript, customer, "30000");
    const invoiceId = new URL(page.url()).pathname.split("/").at(-1);

    await page.goto(`/billing/recurring/create?from=${invoiceId}`);
    await settled(page, javaScript);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("定期請求の作成");
    await expect(page.getByRole("link", { name: number })).toBeVisible();
    await expect(page.getByLabel("品名（1行目）")).toHaveValue("保守作業");
    await expect(page.getByText("{前月}", { exact: true })).toBeVisible();

    // A refused save keeps what was typed and says why beside the field.
    await page.getByLabel("作成日").selectOption({ label: "月末" });
    await page.getByLabel("開始日").fill("2027-01-01");
    await page.getByLabel("終了日（任意）").fill("2026-12-01");
    await page.getByLabel("件名", { exact: true }).fill("{年}年{月}月分 保守料");
    if (javaScript) {
      // Once the form is used its check is in the browser too: a field is judged when left, then as it is typed.
      const mailTo = page.getByLabel("送信先メールアドレス（任意）");
      const mailToMessage = page.locator("#recurring-mail_to-error");
      await mailTo.fill("bad");
      // The check is loaded on the form's first focus: leave the field again until it has come.
      await expect(async () => {
        await mailTo.focus();
        await mailTo.blur();
        await expect(mailToMessage).toHaveText("有効なメールアドレスを入力してください（bad）", { timeout: 1000 });
      }).toPass();
      await expect(mailTo).toHaveAttribute("aria-invalid", "true");
      await mailTo.fill("");
      await expect(mailToMessage).toHaveCount(0);
    }
    await page.getByRole("button", { name: "定期請求を作成する" }).click();
    await expect(page.getByText("終了日は開始日以降の日付を入力してください")).toBeVisible();
    if (javaScript) await expect(page.getByLabel("終了日（任意）")).toBeFocused();
    await expect(page.getByLabel("件名", { exact: true })).toHaveValue("{年}年{月}月分 保守料");
    await expect(page.getByLabel("作成日")).toHaveValue("99");
    await expect(page.getByLabel("開始日")).toHaveValue("2027-01-01");

    await page.getByLabel("終了日（任意）").fill("");
    await page.getByLabel("品名（1行目）").fill("{前月}分 保守作業");
    await page.getByRole("button", { name: "定期請求を作成する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/定期請求を作成しました。/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(customer);
    await expect(page.getByText("次回作成日: 2027/01/31")).toBeVisible();
    const detailPath = new URL(page.url()).pathname;

    // The detail page edits the schedule with the same form.
    await settled(page, javaScript);
    await page.getByLabel("作成日").selectOption({ label: "毎月25日" });
    await page.getByRole("button", { name: "変更を保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/定期請求を保存しました。/);
    await expect(page.getByText("次回作成日: 2027/01/25")).toBeVisible();
    await page.getByLabel("作成日").selectOption({ label: "月末" });
    await page.getByRole("button", { name: "変更を保存する" }).click();
    await expect(page.getByText("次回作成日: 2027/01/31")).toBeVisible();

    await page.goto("/billing/recurring");
    await settled(page, javaScript);
    const row = rowOf(page, customer);
    await expect(row).toContainText("毎月月末");
    await expect(row).toContainText("2027/01/31");
    await expect(row).toContainText("まだ作成していません");
    await expect(row).toContainText("稼働中");
    if (javaScript) await expectReadableAt375(page, ["/billing/recurring", detailPath, `/billing/recurring/create?from=${invoiceId}`]);

    // Pausing loses nothing, so it does not ask first.
    await row.getByRole("button", { name: `一時停止（${customer}）` }).click();
    await expect(page.getByTestId("notice")).toHaveText(/一時停止しました/);
    await expect(rowOf(page, customer)).toContainText("一時停止中");
    await expect(rowOf(page, customer)).toContainText("なし");
    await rowOf(page, customer)
      .getByRole("button", { name: `再開（${customer}）` })
      .click();
    await expect(page.getByTestId("notice")).toHaveText(/再開しました/);
    await expect(rowOf(page, customer)).toContainText("稼働中");
    await expect(rowOf(page, customer)).toContainText("2027/01/31");

    // Deleting asks first (a page of its own without JavaScript, a dialog with it); 「やめる」 keeps the schedule.
    await rowOf(page, customer).getByRole("link", { name: customer }).click();
    await settled(page, javaScript);
    await expect(page.getByLabel("品名（1行目）")).toHaveValue("{前月}分 保守作業");
    await page.getByRole("link", { name: "削除" }).click();
    if (!javaScript) await expect(page.getByRole("heading", { level: 1 })).toHaveText("定期請求を削除しますか");
    await expect(page.getByText(`${customer}の定期請求（毎月月末）を削除します。`)).toBeVisible();
    await page.getByRole("button", { name: "削除する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/定期請求を削除しました。/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("定期請求");
    await expect(page.getByText(customer)).toHaveCount(0);
  });
});
