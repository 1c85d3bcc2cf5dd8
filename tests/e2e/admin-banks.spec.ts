import type { Page } from "@playwright/test";
import { firstOfMonth, lastOfMonth } from "../../domain/plans";
import { todayJst } from "../../domain/datetime";
import { violationsOn, violationsOnEach } from "./axe";
import { expect, settled, signInThroughBank, test } from "./fixtures";

/**
 * Each project changes a bank of its own, so the two can run at once: the
 * JavaScript-on project デモ銀行 (0001) as its bank admin, the JavaScript-off
 * one サンプル信用金庫 (0002) as 9998's system admin. Receiving is left as it is:
 * other specs rely on each bank's switch (the API tests turn it off and on).
 */
function projectOf(javaScript: boolean) {
  return javaScript
    ? {
        login: "bankadmin@demo.example",
        signInBank: undefined,
        bankCode: "0001",
        bankName: "デモ銀行",
        role: "銀行管理者",
        target: "002 駅前支店",
      }
    : {
        login: "operator@demo.example",
        signInBank: "9998",
        bankCode: "0002",
        bankName: "サンプル信用金庫",
        role: "システム管理者",
        target: "銀行全体（新規の企業すべて）",
      };
}

/** True when the page itself scrolls sideways; a table scrolling inside its own box does not count. */
async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

async function submitConfirmed(page: Page, javaScript: boolean, button: string) {
  // With JavaScript the question is a dialog on the page; without, a page of its own.
  const scope = javaScript ? page.getByRole("dialog") : page.locator("main");
  await expect(scope.getByRole("button", { name: "やめる" }).or(scope.getByRole("link", { name: "やめる" }))).toBeVisible();
  await scope.getByRole("button", { name: button }).click();
}

test.describe("bank settings and free-trial reservations", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a bank admin edits the settings, adds and withdraws a notice, reserves free months, edits and cancels the reservation, and sees each in the audit", { tag: "@both" }, async ({
    page,
    javaScript,
  }, testInfo) => {
    const project = projectOf(javaScript);
    // A retry (or a repeat) reserves another period: an earlier attempt's reservation may still hold its own.
    const attempt = testInfo.retry + testInfo.repeatEachIndex;
    const month = firstOfMonth(todayJst(), 4 + attempt * 2);
    await signInThroughBank(page, project.login, project.signInBank);
    await page.goto("/admin/bank-setting/list");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("銀行設定");
    await page.getByRole("link", { name: `${project.bankCode} ${project.bankName}` }).click();
    await settled(page, javaScript);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`${project.bankCode} ${project.bankName}`);

    const serviceName = `${project.bankName} 帳票サービス ${javaScript ? "JS" : "NOJS"}${attempt}`;
    await page.getByLabel("サービス表示名").fill(serviceName);
    // On a slow line (each of the page's posts takes half a second) and pressed as a person presses: the field loses
    // focus as the button goes down, the release comes a moment later. Leaving the field once sent the form to be
    // checked on the server, and the loading overlay that covers a pending post took the release: the save was lost.
    await page.route(/\.data$/, async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.getByRole("button", { name: "設定を保存する" }).click({ delay: 150 });
    await expect(page.getByTestId("notice")).toHaveText(/銀行設定を保存しました。/);
    await page.unroute(/\.data$/);
    await expect(page.getByLabel("サービス表示名")).toHaveValue(serviceName);
    const audit = page.getByTestId("admin-audit");
    await expect(audit.locator("tbody tr").first()).toContainText("銀行設定の変更");
    await expect(audit.locator("tbody tr").first()).toContainText(project.role);
    await expect(audit.locator("tbody tr").first()).toContainText(`→ ${serviceName}`);

    const noticeTitle = `e2e のお知らせ ${javaScript ? "JS" : "NOJS"}${attempt}`;
    await settled(page, javaScript);
    await page.locator("summary", { hasText: "お知らせを追加する" }).click();
    await expect(page.getByLabel("件名")).toBeVisible();
    await page.getByLabel("件名").fill(noticeTitle);
    await page.getByLabel("掲載開始日").fill(todayJst());
    // The same slow line and the same press as for the settings above: leaving the date for the button must not lose it.
    await page.route(/\.data$/, async (route) => {
      if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.getByRole("button", { name: "お知らせを登録する" }).click({ delay: 150 });
    await expect(page.getByTestId("notice")).toHaveText(/お知らせを登録しました。/);
    await page.unroute(/\.data$/);
    const noticeRow = page.getByTestId("bank-notices").locator("tr", { hasText: noticeTitle });
    await expect(noticeRow).toContainText("掲載中");
    await settled(page, javaScript);
    await noticeRow.getByRole("link", { name: "取り下げる" }).click();
    await submitConfirmed(page, javaScript, "取り下げる");
    await expect(page.getByTestId("notice")).toHaveText(/お知らせを取り下げました。/);
    await expect(page.getByTestId("bank-notices").locator("tr", { hasText: noticeTitle })).toContainText("取り下げ済");

    await page.getByRole("link", { name: "無料期間を予約する" }).click();
    await settled(page, javaScript);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("無料期間の予約の登録");
    await page.getByLabel("対象").selectOption({ label: project.target });
    await page.getByLabel("無料期間（月数）").selectOption({ label: "3か月" });
    // A refused reservation keeps what was typed and says why beside the field.
    await page.getByLabel("開始日").fill(lastOfMonth(month));
    await page.getByLabel("終了日").fill(month);
    await page.getByRole("button", { name: "予約する" }).click();
    await expect(page.getByText("終了日は開始日以降の日付にしてください")).toBeVisible();
    await expect(page.getByLabel("開始日")).toHaveValue(lastOfMonth(month));
    await expect(page.getByLabel("無料期間（月数）")).toHaveValue("3");
    await page.getByLabel("開始日").fill(month);
    await page.getByLabel("終了日").fill(lastOfMonth(month));
    await page.getByRole("button", { name: "予約する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/無料期間を予約しました。/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("予定");
    const record = page.getByTestId("reservation-record");
    await expect(record).toContainText(project.target);
    await expect(record).toContainText("3か月");

    await settled(page, javaScript);
    await page.getByLabel("無料期間（月数）").selectOption({ label: "6か月" });
    await page.getByRole("button", { name: "変更を保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/無料期間の予約を変更しました。/);
    await expect(record).toContainText("6か月");

    await settled(page, javaScript);
    await page.getByRole("link", { name: "予約を取り消す" }).click();
    await submitConfirmed(page, javaScript, "予約を取り消す");
    await expect(page.getByTestId("notice")).toHaveText(/無料期間の予約を取り消しました。/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("取消");
    await expect(page.getByTestId("reservation-form")).toHaveCount(0);
    const rows = page.getByTestId("admin-audit").locator("tbody tr");
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText("予約の取消");
    await expect(rows.nth(1)).toContainText("予約の変更");
    await expect(rows.nth(1)).toContainText("無料期間（月数）：3 → 6");
    await expect(rows.nth(2)).toContainText("予約の登録");
    await expect(rows.nth(0)).toContainText(project.role);

    // Cancelled, it stays listed on the bank's page.
    await page.getByRole("link", { name: `${project.bankName}の銀行設定へ戻る` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/bank-setting/detail/${project.bankCode}$`));
    await expect(page.getByTestId("bank-reservations").locator("tr", { hasText: month.replaceAll("-", "/") })).toContainText("取消");
  });

  test("a branch user reads the bank's settings and reservations but gets no form, and the create page is refused", async ({ page, javaScript }) => {
    await signInThroughBank(page, "branchuser@demo.example");
    await page.goto("/admin/bank-setting/list");
    await expect(page.getByTestId("admin-banks").locator("tbody tr")).toHaveCount(1);
    await page.getByRole("link", { name: "0001 デモ銀行" }).click();
    await settled(page, javaScript);
    await expect(page.getByTestId("bank-config")).toBeVisible();
    await expect(page.getByText("閲覧のみできます。").first()).toBeVisible();
    await expect(page.locator("main form")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "設定を保存する" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "無料期間を予約する" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "取り下げる" })).toHaveCount(0);
    await page.getByTestId("bank-reservations").locator("tbody tr a").last().click();
    await settled(page, javaScript);
    await expect(page.getByTestId("reservation-record")).toBeVisible();
    await expect(page.locator("main form")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "予約を取り消す" })).toHaveCount(0);
    const refused = await page.goto("/admin/bank-setting/detail/0001/free-trial-reservation/create");
    expect(refused?.status()).toBe(403);
    const otherBank = await page.goto("/admin/bank-setting/detail/0002");
    expect(otherBank?.status()).toBe(404);
  });
});

/** The admin bank pages a bank admin sees, read only: the list, a bank, its reservation, the create form and the two confirmations. */
async function bankPagesOf(page: Page): Promise<string[]> {
  await page.goto("/admin/bank-setting/detail/0001");
  const reservation = new URL((await page.getByTestId("bank-reservations").locator("tbody tr a").last().getAttribute("href"))!, page.url()).pathname;
  const withdraw = new URL((await page.getByTestId("bank-notices").getByRole("link", { name: "取り下げる" }).first().getAttribute("href"))!, page.url()).search;
  return [
    "/admin/bank-setting/list",
    "/admin/bank-setting/detail/0001",
    `/admin/bank-setting/detail/0001${withdraw}`,
    reservation,
    "/admin/bank-setting/detail/0001/free-trial-reservation/create",
  ];
}

test.describe("bank setting pages: accessibility and small screens", () => {
  test("axe-core finds no WCAG 2.1 AA violation on a bank admin's pages", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInThroughBank(page, "bankadmin@demo.example");
    expect(await violationsOnEach(page, javaScript, await bankPagesOf(page))).toEqual([]);
  });

  test("axe-core finds no WCAG 2.1 AA violation on a scheduled reservation and its cancel confirmation", { tag: "@both" }, async ({ page, javaScript }) => {
    // 0002's scheduled reservation, as 9998's admin sees it.
    await signInThroughBank(page, "operator@demo.example", "9998");
    await page.goto("/admin/bank-setting/detail/0002");
    const scheduled = new URL(
      (await page.getByTestId("bank-reservations").locator("tr", { hasText: "予定" }).first().locator("a").getAttribute("href"))!,
      page.url(),
    ).pathname;
    expect(await violationsOnEach(page, javaScript, [scheduled, `${scheduled}?confirm=cancel`])).toEqual([]);
  });

  test("axe-core finds no WCAG 2.1 AA violation on a bank as a branch user reads it", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInThroughBank(page, "branchuser@demo.example");
    expect(await violationsOn(page, javaScript, "/admin/bank-setting/detail/0001")).toEqual([]);
  });

  test("the bank pages fit 375 px: wide tables scroll inside their own box", async ({ page, javaScript }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await signInThroughBank(page, "bankadmin@demo.example");
    for (const path of await bankPagesOf(page)) {
      await page.goto(path);
      await settled(page, javaScript);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageScrollsSideways(page), path).toBe(false);
    }
  });
});
