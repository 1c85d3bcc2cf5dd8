import { createInvoice, expect, printedTotal, settled, signInAsOwnCompany, test } from "./fixtures";
import type { Page } from "@playwright/test";

/** Where a destructive action asks: a dialog with JavaScript, the page itself without. */
const confirmation = (page: Page, javaScript: boolean) => (javaScript ? page.getByRole("dialog") : page.locator("main"));

test.describe("the document lifecycle", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("an issued invoice asks before it is voided, then prints as 無効 and offers no conversion; a credit note names it", { tag: "@both" }, async ({ page, javaScript }) => {
    const customer = javaScript ? "無効化ジェイエス株式会社" : "無効化ノージェイエス株式会社";
    await signInAsOwnCompany(page, javaScript);
    const number = await createInvoice(page, javaScript, customer, "10000");
    await settled(page, javaScript);
    // A draft is deleted, never voided, and offers no credit note.
    await expect(page.getByRole("link", { name: "無効にする" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "赤伝を発行する" })).toHaveCount(0);
    await page.getByRole("button", { name: "発行する", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`請求書 ${number} 発行済`);
    await expect(page.getByRole("link", { name: "削除する" })).toHaveCount(0);
    const detail = page.url();

    // The credit note: asked first, issued with its own number, naming the original.
    await settled(page, javaScript);
    await page.getByRole("link", { name: "赤伝を発行する" }).click();
    const askCredit = confirmation(page, javaScript);
    await expect(askCredit.getByRole("heading", { name: `請求書 ${number}（${customer} 御中）の赤伝を発行しますか` })).toBeVisible();
    await askCredit.getByLabel("理由（任意。赤伝に記載されます）").fill("契約の取消");
    await askCredit.getByRole("button", { name: "赤伝を発行する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/赤伝 \S+ を発行しました。/);
    await expect(printedTotal(page)).toHaveText("-11,000円");
    await expect(page.getByText(`赤伝の元の請求書: 請求書 ${number}`)).toBeVisible();
    await page.getByRole("link", { name: "印刷用の画面を開く" }).click();
    await expect(page.getByTestId("snapshot").getByRole("heading", { level: 1 })).toHaveText("請求書（赤伝）");
    await expect(page.getByTestId("snapshot-reference")).toContainText(`請求書 No.${number} を取り消す赤伝です。`);
    await expect(page.getByTestId("snapshot-reference")).toContainText("理由：契約の取消");

    // Voiding: the safe choice first; cancelling changes nothing.
    await page.goto(detail);
    await settled(page, javaScript);
    await page.getByRole("link", { name: "無効にする" }).click();
    const askVoid = confirmation(page, javaScript);
    await expect(askVoid.getByRole("heading", { name: `請求書 ${number}（${customer} 御中）を無効にしますか` })).toBeVisible();
    await expect(askVoid).toContainText("番号は欠番にならずに残ります");
    if (javaScript) {
      await expect(askVoid.getByRole("button", { name: "やめる" })).toBeFocused();
      await askVoid.getByRole("button", { name: "やめる" }).click();
    } else {
      await askVoid.getByRole("link", { name: "やめる" }).click();
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`請求書 ${number} 発行済`);
    await page.getByRole("link", { name: "無効にする" }).click();
    await confirmation(page, javaScript).getByRole("button", { name: "無効にする" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/書類を無効にしました。/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`請求書 ${number} 無効`);
    await expect(page.getByRole("link", { name: "領収書を作成" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "編集する" })).toHaveCount(0);
    await page.getByRole("link", { name: "印刷用の画面を開く" }).click();
    await expect(page.getByTestId("snapshot-mark")).toHaveText("無効");
    await expect(page.getByTestId("copy-note")).toHaveText("この書類は無効です。");
  });

  test("a voided invoice's receipt page refuses to be made from it, whatever the address says", { tag: "@both" }, async ({ page, javaScript }) => {
    const customer = javaScript ? "変換拒否ジェイエス株式会社" : "変換拒否ノージェイエス株式会社";
    await signInAsOwnCompany(page, javaScript);
    await createInvoice(page, javaScript, customer, "5000");
    await page.getByRole("button", { name: "発行する", exact: true }).click();
    const id = page.url().split("/").pop()!;
    await settled(page, javaScript);
    await page.getByRole("link", { name: "無効にする" }).click();
    await confirmation(page, javaScript).getByRole("button", { name: "無効にする" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/書類を無効にしました。/);
    // The address of the receipt form goes back to the invoice, saying why, instead of opening a form that cannot be saved.
    await page.goto(`/receipts/create?source=${id}&origin=from_detail`);
    await expect(page.getByTestId("notice")).toHaveText(/無効にした書類からは作成できません。/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^請求書 \S+ 無効$/);
    await expect(page.getByRole("button", { name: "入金を記録", exact: true })).toHaveCount(0);
  });
});
