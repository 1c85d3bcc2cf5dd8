import { violationsOn } from "./axe";
import { createInvoice, expect, newCompanyOfTwo, settled, test } from "./fixtures";

/*
 * 承認 (issue 38, decision 049) by two people of a company made for the test: the owner sets a rule, the user's
 * invoice above it waits, is returned with a reason and approved, and only then issued; each sees it on TOP and in the
 * history, with JavaScript on and off (the forms post either way). What a loader or action decides is
 * tests/app/approval-routes.test.ts's, the mails tests/api/approval-mails.test.ts's, and axe of the settings, 承認待ち
 * and the audit accessibility.spec.ts's; here, the detail page with its approval section.
 */

test.describe("approvals", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("an invoice over the owner's rule is asked for, returned with a reason, approved, then issued", { tag: "@both" }, async ({ page, javaScript }) => {
    test.slow();
    const signInAs = await newCompanyOfTwo(page, javaScript);

    // The owner: invoices from ¥100,000 税込 need one owner's approval.
    await signInAs("owner");
    await page.goto("/settings/approvals");
    await settled(page, javaScript);
    const rule = page.getByTestId("approval-rule-invoice");
    await rule.getByLabel("この金額以上で承認が必要（円）").fill("100000");
    await rule.getByRole("button", { name: "請求書の規則を保存" }).click();
    await expect(page.getByTestId("notice")).toContainText("請求書の承認の規則を保存しました。");
    await expect(page.getByTestId("approval-rule-invoice").getByTestId("approval-rule-summary")).toHaveText("承認が必要：100,000円以上（税込）・1段階");

    // The user: the invoice cannot be issued, only asked for.
    await signInAs("user");
    const number = await createInvoice(page, javaScript, "株式会社承認テスト", "200000");
    const detail = page.url();
    const approval = page.getByTestId("approval");
    await expect(approval).toContainText("承認が必要です");
    await expect(page.getByRole("button", { name: "発行する", exact: true })).toHaveCount(0);
    await settled(page, javaScript);
    await approval.getByLabel("申請のコメント（任意）").fill("年間保守の前払い分です");
    await approval.getByRole("button", { name: "承認を申請" }).click();
    await expect(page.getByTestId("notice")).toContainText("承認を申請しました。");
    await expect(approval).toContainText("承認待ち（1／1段階目）");
    await expect(approval).toContainText("承認者の承認をお待ちください。");
    expect(await violationsOn(page, javaScript, detail)).toEqual([]);

    // The owner sees it on TOP and returns it from 承認待ち; a return needs its reason.
    await signInAs("owner");
    await page.goto("/top");
    await expect(page.getByTestId("top-approvals")).toContainText("承認待ち（1件）");
    await page.getByTestId("top-approvals").getByRole("link", { name: "承認待ちの一覧を開く" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("承認待ち");
    await settled(page, javaScript);
    const waiting = page.getByTestId("approvals-waiting").getByRole("listitem").filter({ hasText: number });
    await expect(waiting).toContainText("220,000円");
    await waiting.getByRole("button", { name: "差戻し" }).click();
    await expect(page.getByText("差戻しの理由を入力してください")).toBeVisible();
    await settled(page, javaScript);
    await waiting.getByLabel("コメント（差戻しの場合は理由。必須）").fill("支払期限を確認してください");
    await waiting.getByRole("button", { name: "差戻し" }).click();
    await expect(page.getByTestId("notice")).toContainText("差戻しました。");
    await expect(page.getByTestId("approvals-none")).toBeVisible();

    // The user learns why on TOP, and asks again.
    await signInAs("user");
    await page.goto("/top");
    await expect(page.getByTestId("top-my-approvals")).toContainText("差戻し");
    await expect(page.getByTestId("top-my-approvals")).toContainText("支払期限を確認してください");
    await page.goto(detail);
    await expect(approval).toContainText("理由：支払期限を確認してください");
    await settled(page, javaScript);
    await approval.getByRole("button", { name: "承認を申請" }).click();
    await expect(approval).toContainText("承認待ち（1／1段階目）");

    // The owner approves from the invoice itself.
    await signInAs("owner");
    await page.goto(detail);
    await settled(page, javaScript);
    await approval.getByLabel("コメント（差戻しの場合は理由。必須）").fill("確認しました");
    await approval.getByRole("button", { name: "承認", exact: true }).click();
    await expect(page.getByTestId("notice")).toContainText("承認しました。");
    await expect(approval).toContainText("承認されました。");

    // The user issues it; its history has every step with its words.
    await signInAs("user");
    await page.goto(detail);
    await settled(page, javaScript);
    await page.getByRole("button", { name: "発行する", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`請求書 ${number} 発行済`);
    const history = page.getByTestId("status-history");
    await expect(history).toContainText("年間保守の前払い分です");
    await expect(history).toContainText("支払期限を確認してください");
    await expect(history).toContainText("確認しました");

    // The owner's audit lists them.
    await signInAs("owner");
    await page.goto("/settings/approvals/audit");
    await expect(page.getByTestId("approval-audit")).toContainText("承認完了");
    await expect(page.getByTestId("approval-audit")).toContainText("支払期限を確認してください");
  });
});
