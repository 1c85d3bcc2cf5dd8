import { readFile } from "node:fs/promises";
import { expect, settled, signInAsNewCompany, test } from "./fixtures";

const RULE_TITLE = "電子取引データの訂正及び削除の防止に関する事務処理規程";

test.describe("office process rule templates", () => {
  test("fills the rules from the form, switches to the sole proprietor text, downloads it as .docx and prints it", { tag: "@both" }, async ({ page, javaScript }) => {
    // A company made for this test, so no other run sees its rules.
    const company = javaScript ? "合同会社アザー（ジェイエス検査）" : "株式会社みらい製作所（ノージェイエス検査）";
    await signInAsNewCompany(page, javaScript);
    await page.goto("/office-process-rule-templates");
    await expect(page.getByRole("heading", { level: 1, name: "事務処理規程テンプレート" })).toBeVisible();
    await settled(page, javaScript);

    const form = page.locator("form#office-process-rule");
    await form.getByLabel("会社名（屋号）").fill(company);
    await form.getByLabel("責任者の役職").fill("経理部長");
    await form.getByLabel("責任者の氏名").fill("");
    await form.getByLabel("施行日").fill("2026-04-01");
    // With JavaScript the field left empty says so once left, before anything is sent.
    if (javaScript) await expect(form.getByText("このフィールドは必須です")).toBeVisible();
    await form.getByRole("button", { name: "保存して文面に反映" }).click();
    await expect(form.getByText("このフィールドは必須です")).toBeVisible();
    await expect(form.getByLabel("会社名（屋号）")).toHaveValue(company);
    await expect(form.getByLabel("責任者の役職")).toHaveValue("経理部長");
    await expect(form.getByLabel("施行日")).toHaveValue("2026-04-01");
    await expect(form.getByLabel("法人向け")).toBeChecked();

    await form.getByLabel("責任者の氏名").fill("伊藤健");
    await form.getByRole("button", { name: "保存して文面に反映" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/事務処理規程を保存しました。/);
    const rules = page.getByTestId("rule-document");
    await expect(rules.getByRole("heading", { name: RULE_TITLE })).toBeVisible();
    await expect(rules).toContainText(`${company}（以下「当社」という。）`);
    await expect(rules).toContainText("管理責任者」という。）は、経理部長\u3000伊藤健とする。");
    await expect(rules).toContainText("この規程は、2026年4月1日から施行する。");

    await settled(page, javaScript);
    await page.locator("form#office-process-rule").getByLabel("個人事業者向け").check();
    await page.locator("form#office-process-rule").getByRole("button", { name: "保存して文面に反映" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/事務処理規程を保存しました。/);
    await expect(rules).toContainText(`私は、${company}として営む事業について`);
    await expect(rules).toContainText("事業者である私（伊藤健）が自ら行う。");
    await expect(rules).not.toContainText("当社");

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Word形式（.docx）でダウンロード" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("事務処理規程_個人事業者向け.docx");
    const bytes = await readFile(await download.path());
    expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");

    await page.getByRole("link", { name: "印刷用の画面を開く" }).click();
    await expect(page.getByRole("heading", { level: 1, name: RULE_TITLE })).toBeVisible();
    await expect(page.getByTestId("rule-document")).toContainText(`私は、${company}として営む事業について`);
    await settled(page, javaScript);
    if (javaScript) {
      await expect(page.getByRole("button", { name: "印刷する" })).toBeVisible();
    } else {
      await expect(page.getByRole("button", { name: "印刷する" })).toHaveCount(0);
      await expect(page.getByText("ブラウザの印刷機能")).toBeVisible();
    }
  });
});
