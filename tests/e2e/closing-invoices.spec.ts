import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { todayJst } from "../../domain/datetime";
import { expect, settled, signInAsOwnCompany, test } from "./fixtures";

/*
 * 締め請求 (issue 19 item 1, decision 030) on each project's own company: two customers each with an issued
 * delivery slip of today, one chosen on /billing/closing, its draft invoice listed on the result with a link.
 * Names carry the run's time, so a repeated run against the same data finds its own rows.
 */

/** An issued delivery slip of today for a customer typed in and registered in the master; its number. */
async function issuedSlip(page: Page, javaScript: boolean, customer: string, item: string, unitPrice: string): Promise<string> {
  await page.goto("/delivery-slips/create");
  await settled(page, javaScript);
  await page.getByLabel("取引先名").fill(customer);
  await page.getByLabel("直接入力した取引先を取引先一覧にも登録する").check();
  await page.getByLabel("1行目の品名").fill(item);
  await page.getByLabel("1行目の単価").fill(unitPrice);
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^納品書 \S+ 下書き$/);
  const number = (await page.getByRole("heading", { level: 1 }).textContent())!.split(" ")[1]!;
  await settled(page, javaScript);
  await page.getByRole("button", { name: "発行する", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText("下書き");
  return number;
}

test.describe("closing invoices", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("the slips of the period per customer, the chosen customer's invoice made as a draft and listed with its link", { tag: "@both" }, async ({ page, javaScript }) => {
    const run = `${javaScript ? "JS" : "NOJS"}${Date.now()}`;
    const chosen = `締め請求選ぶ${run}株式会社`;
    const other = `締め請求選ばない${run}株式会社`;
    const today = todayJst();
    await signInAsOwnCompany(page, javaScript);
    const chosenSlip = await issuedSlip(page, javaScript, chosen, "米", "1550");
    const otherSlip = await issuedSlip(page, javaScript, other, "配送料", "1001");

    await page.goto("/billing/closing");
    await settled(page, javaScript);
    await expect(page.getByRole("heading", { level: 1, name: "締め請求" })).toBeVisible();
    await page.getByLabel("締め日", { exact: true }).fill(today);
    await page.getByRole("button", { name: "表示する" }).click();
    await settled(page, javaScript);
    await expect(page).toHaveURL(new RegExp(`closing_date=${today}`));
    await expect(page.getByTestId("closing-period")).toContainText(today.replaceAll("-", "/"));
    const chosenRow = page.getByTestId("closing-customer").filter({ hasText: chosen });
    await expect(chosenRow.getByRole("link", { name: chosenSlip })).toBeVisible();
    await expect(page.getByTestId("closing-customer").filter({ hasText: other }).getByRole("link", { name: otherSlip })).toBeVisible();
    if (javaScript) expect(await axeViolations(page, page.url())).toEqual([]);

    // Nothing chosen: the page says so and keeps the choices.
    for (const box of await page.getByRole("checkbox").all()) await box.uncheck();
    await page.getByLabel("品目ごとに合算（同じ品目・単価・税率の数量を合計）").check();
    await page.getByRole("button", { name: "選んだ取引先の請求書を作成" }).click();
    await settled(page, javaScript);
    await expect(page.getByRole("alert")).toContainText("取引先を選んでください。");
    await expect(page.getByLabel("品目ごとに合算（同じ品目・単価・税率の数量を合計）")).toBeChecked();
    await expect(page.getByLabel(`${other}の請求書を作成する`)).not.toBeChecked();

    await page.getByLabel(`${chosen}の請求書を作成する`).check();
    await page.getByRole("button", { name: "選んだ取引先の請求書を作成" }).click();
    await settled(page, javaScript);
    await expect(page).toHaveURL(new RegExp(`/billing/closing/result\\?closing_date=${today}`));
    await expect(page.getByTestId("notice")).toContainText("1件の請求書を下書きで作成しました。");
    const made = page.getByTestId("closing-result").getByRole("row").filter({ hasText: chosen });
    await expect(made).toContainText("1件");
    await expect(made).toContainText("1,705円");
    await expect(made).toContainText("下書き");
    await expect(page.getByTestId("closing-result")).not.toContainText(other);
    if (javaScript) expect(await axeViolations(page, page.url())).toEqual([]);

    await made.getByRole("link").click();
    await settled(page, javaScript);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^請求書 \S+ 下書き$/);
    await expect(page.getByRole("main")).toContainText("米");
    // Summed per item, as chosen: no heading line per slip.
    await expect(page.getByRole("main")).not.toContainText(`納品書 No.${chosenSlip}`);
    // Linked both ways: the invoice names its slip, the slip its invoice.
    await expect(page.getByText("締め請求で請求した納品書:")).toBeVisible();
    const invoiceHeading = (await page.getByRole("heading", { level: 1 }).textContent())!;
    await page.getByRole("link", { name: `納品書 ${chosenSlip}` }).click();
    await settled(page, javaScript);
    await expect(page.getByRole("link", { name: `請求書 ${invoiceHeading.split(" ")[1]}` })).toBeVisible();

    // The chosen customer's slip is billed now; the other's still waits.
    await page.goto(`/billing/closing?closing_date=${today}`);
    await settled(page, javaScript);
    await expect(page.getByTestId("closing-customer").filter({ hasText: chosen })).toHaveCount(0);
    await expect(page.getByTestId("closing-customer").filter({ hasText: other })).toHaveCount(1);
  });

  test("fits 375 px and refuses a date that does not exist beside the field", { tag: "@both" }, async ({ page, javaScript }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInAsOwnCompany(page, javaScript);
    await page.goto("/billing/closing?closing_date=2026-02-30");
    await settled(page, javaScript);
    await expect(page.getByLabel("締め日", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#closing-date-error")).not.toBeEmpty();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
