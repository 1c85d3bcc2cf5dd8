import type { Page } from "@playwright/test";
import { axeViolations } from "./axe";
import { days } from "../support/issued";
import { expect, saveAndIssueInvoice, settled, signInAsOwnCompany, test } from "./fixtures";

/*
 * Reminders (督促, issue 19 item 4): an invoice made overdue in the test shows in the overdue list; its
 * reminder is written from the first template, confirmed with its final text, sent, counted in the list
 * and kept in the invoice's history, after which the firmer second template is offered. JavaScript on and
 * off, each project as its own company.
 */

/** An issued invoice 40 days old, due 10 days ago; its number. */
async function overdueInvoice(page: Page, javaScript: boolean, customer: string): Promise<string> {
  await page.goto("/invoices/create");
  await settled(page, javaScript);
  await page.getByLabel("発行日").fill(days(-40));
  await page.getByLabel("取引先名").fill(customer);
  await page.getByLabel("1行目の品名").fill("保守作業");
  await page.getByLabel("1行目の単価").fill("50000");
  // Without JavaScript the due date is proposed again from the new issue date on 再計算, before it is typed.
  if (!javaScript) await page.getByRole("button", { name: "再計算" }).click();
  await page.getByLabel("支払期限").fill(days(-10));
  return saveAndIssueInvoice(page, javaScript);
}

test.describe("reminders for overdue invoices", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("an overdue invoice is listed, its first reminder confirmed and sent, then counted and kept in its history", { tag: "@both" }, async ({ page, javaScript }) => {
    const customer = javaScript ? "督促ジェイエス株式会社" : "督促ノージェイエス株式会社";
    await signInAsOwnCompany(page, javaScript);
    const number = await overdueInvoice(page, javaScript, customer);

    await page.goto("/billing/reminders");
    await settled(page, javaScript);
    await expect(page.getByRole("heading", { level: 1, name: "督促" })).toBeVisible();
    const row = page.getByTestId(`overdue-${number}`);
    await expect(row).toContainText(customer);
    await expect(row).toContainText("10日");
    await expect(row).toContainText("55,000円");
    await expect(row.getByTestId("reminders-sent")).toHaveText("未送信");

    // Filters by days overdue are links: 31〜60日 leaves it out, 1〜30日 keeps it.
    const filters = page.getByRole("navigation", { name: "経過日数" });
    await filters.getByRole("link", { name: "31〜60日" }).click();
    await settled(page, javaScript);
    await expect(page).toHaveURL(/bucket=d31_60/);
    await expect(page.getByTestId(`overdue-${number}`)).toHaveCount(0);
    await filters.getByRole("link", { name: "1〜30日" }).click();
    await settled(page, javaScript);
    await page
      .getByTestId(`overdue-${number}`)
      .getByRole("link", { name: `${number}を督促する` })
      .click();
    await settled(page, javaScript);

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`督促メール ${number}`);
    await expect(page.getByTestId("reminder-invoice")).toContainText("55,000円");
    await expect(page.getByRole("radio", { name: /お支払いのご確認のお願い（初回）（おすすめ）/ })).toBeChecked();
    const form = page.locator("form#reminder-form");
    await expect(form.getByLabel("件名")).toHaveValue(`お支払いのご確認のお願い（請求書番号：${number}）`);
    await expect(form.getByLabel("本文")).toHaveValue(new RegExp(`^${customer} 御中\n`));
    await expect(form.getByLabel("本文")).toHaveValue(/未入金額：55,000円/);

    // The customer has no address on file: sending without one is refused beside the field, the text kept.
    await form.getByLabel("本文").fill(`${await form.getByLabel("本文").inputValue()}\n（テスト送信）`);
    await form.getByRole("button", { name: "内容を確認する" }).click();
    await expect(form.getByText("宛先のメールアドレスを入力してください")).toBeVisible();
    await expect(form.getByLabel("本文")).toHaveValue(/（テスト送信）$/);

    await form.getByLabel("宛先").fill("keiri@overdue.example");
    await form.getByRole("button", { name: "内容を確認する" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "この内容で送信しますか" })).toBeVisible();
    await expect(page.getByTestId("confirm-to")).toHaveText("keiri@overdue.example");
    await expect(page.getByTestId("confirm-body")).toContainText("（テスト送信）");
    // Going back keeps everything typed.
    await page.getByRole("button", { name: "戻って修正する" }).click();
    await expect(form.getByLabel("宛先")).toHaveValue("keiri@overdue.example");
    await expect(form.getByLabel("本文")).toHaveValue(/（テスト送信）$/);
    await form.getByRole("button", { name: "内容を確認する" }).click();
    await page.getByRole("button", { name: "送信する" }).click();

    await expect(page.getByTestId("notice")).toHaveText(/督促メールを送信待ちにしました。/);
    const history = page.getByTestId("reminder-history");
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expect(history).toContainText("お支払いのご確認のお願い（初回）");
    await expect(history).toContainText(`お支払いのご確認のお願い（請求書番号：${number}）`);
    await expect(history).toContainText("keiri@overdue.example");
    // The next reminder starts from the firmer second template.
    await expect(page.getByRole("radio", { name: /再度のお願い（2回目以降）（おすすめ）/ })).toBeChecked();
    await expect(form.getByLabel("件名")).toHaveValue(`【再度のお願い】お支払いのご確認（請求書番号：${number}）`);

    await page.goto("/billing/reminders");
    await expect(page.getByTestId(`overdue-${number}`).getByTestId("reminders-sent")).toHaveText(/^1回（最終 \d{4}\/\d{2}\/\d{2} \d{2}:\d{2}）$/);
  });

  test("the list, the form and the confirmation fit 375 px and pass axe (WCAG 2.1 AA)", async ({ page, javaScript }) => {
    const customer = javaScript ? "督促幅ジェイエス株式会社" : "督促幅ノージェイエス株式会社";
    await signInAsOwnCompany(page, javaScript);
    const number = await overdueInvoice(page, javaScript, customer);
    await page.setViewportSize({ width: 375, height: 800 });
    const check = async (what: string) => {
      await settled(page, javaScript);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(375);
      // axe runs in the page's own scripts: with JavaScript off the accessibility spec's served copy is the way; here the JavaScript-on run covers the markup, which is the same.
      if (javaScript) expect(await axeViolations(page, what)).toEqual([]);
    };
    await page.goto("/billing/reminders");
    await expect(page.getByTestId(`overdue-${number}`)).toBeVisible();
    await check("list");
    await page
      .getByTestId(`overdue-${number}`)
      .getByRole("link", { name: `${number}を督促する` })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`督促メール ${number}`);
    await check("compose");
    // A refusal is seen where the page stands after it: at the top without JavaScript, at the button pressed with it,
    // both far from the field at 375 px. The summary says it in view and leads to the field.
    await page.getByRole("button", { name: "内容を確認する" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "宛先のメールアドレスを入力してください" });
    await expect(summary).toBeInViewport();
    await check("refused");
    await summary.getByRole("link", { name: /宛先/ }).click();
    await expect(page.locator("form#reminder-form").getByLabel("宛先")).toBeInViewport();
    await page.locator("form#reminder-form").getByLabel("宛先").fill("keiri@narrow.example");
    await page.getByRole("button", { name: "内容を確認する" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "この内容で送信しますか" })).toBeVisible();
    await check("confirm");
  });

  test("the pages' scripts carry no validation library: the form is checked on the server", async ({ page, javaScript }) => {
    test.skip(!javaScript, "JavaScript on only: without it nothing is loaded");
    await signInAsOwnCompany(page, javaScript);
    const number = await overdueInvoice(page, javaScript, "督促軽量株式会社");
    const scripts: Array<Promise<string>> = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") scripts.push(response.text());
    });
    await page.goto("/billing/reminders");
    await settled(page, javaScript);
    await page
      .getByTestId(`overdue-${number}`)
      .getByRole("link", { name: `${number}を督促する` })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`督促メール ${number}`);
    await settled(page, javaScript);
    const sources = await Promise.all(scripts);
    expect(sources.length).toBeGreaterThan(3);
    for (const source of sources) expect(source).not.toMatch(/invalid_type|too_small/);
  });
});
