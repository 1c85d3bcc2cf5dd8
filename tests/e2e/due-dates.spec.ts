import { formatJapaneseDate, todayJst } from "../../domain/datetime";
import { proposeDueDate } from "../../domain/due-date";
import { japaneseHolidays } from "../../domain/holidays.server";
import { expect, settled, signInThroughBank, test } from "./fixtures";

test.describe("invoice due dates", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("choosing a customer with 20日締め翌月10日 first thing shows and saves its due date; then it proposes the business day before a Sunday and 成人の日, keeps a typed date, and refuses one before the issue date", { tag: "@both" }, async ({ page, javaScript }) => {
    // Each run and project gets its own customer, found by its kana typed in hiragana (stored as katakana).
    const suffix = `${javaScript ? "ジェイエス" : "ノージェイエス"}${Date.now()}`;
    const name = `株式会社二十日締め${suffix}`;
    // A company whose invoices keep the default 「取引先の支払条件から」: the projects' own companies have their
    // due-date rule changed by the document settings test, and the demo company's customers are counted by another.
    await signInThroughBank(page, "owner@mirai.example", "0182");
    await page.goto("/customers/create");
    await settled(page, javaScript);
    await page.getByLabel("取引先名").fill(name);
    await page.getByLabel("フリガナ").fill("はつかじめ");
    await page.getByLabel("締め日").selectOption({ label: "20日" });
    await page.getByLabel("支払月").selectOption({ label: "翌月" });
    await page.getByLabel("支払日").selectOption({ label: "10日" });
    await expect(page.getByLabel("支払期日が休日の場合")).toHaveValue("previous");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/取引先を保存しました。/);
    await page.goto(`/customers/list?q=${encodeURIComponent(name)}`);
    await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("ハツカジメ");

    // Chosen before anything else in the form is touched (the date followed only once something had loaded its check,
    // then changed out of sight), the customer's terms give the date on screen, and that date is the one saved.
    await page.goto("/invoices/create");
    await settled(page, javaScript);
    const today = todayJst();
    const terms = { closing_day: 20, payment_month_offset: 1, payment_day: 10, holiday_shift: "previous" as const };
    const proposed = proposeDueDate(today, { rule: "customer_terms", dueDays: null, calendar: japaneseHolidays() }, terms)!;
    await page.getByLabel("取引先", { exact: true }).selectOption({ label: name });
    if (!javaScript) await page.getByRole("button", { name: "再計算" }).click();
    await expect(page.getByLabel("支払期限")).toHaveValue(proposed);
    // The terms it was proposed from are said under the customer, and the preview prints the date.
    await expect(page.getByTestId("customer-facts")).toContainText("20日締め 翌月10日払い");
    await expect(page.getByTestId("document-preview").getByTestId("snapshot")).toContainText(`お支払期限${formatJapaneseDate(proposed)}`);
    await page.getByLabel("1行目の品名").fill("保守作業");
    await page.getByLabel("1行目の単価").fill("10000");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/書類を保存しました。/);
    // The detail page shows the document as it prints.
    await expect(page.getByTestId("snapshot").locator("dt", { hasText: /^お支払期限$/ }).locator("+ dd")).toHaveText(formatJapaneseDate(proposed));

    await page.goto("/invoices/create");
    await settled(page, javaScript);
    await page.getByLabel("発行日").fill("2026-11-21");
    await page.getByLabel("取引先を検索").fill(suffix);
    await page.getByRole("button", { name: "検索" }).first().click();
    await settled(page, javaScript);
    await page.getByLabel("取引先", { exact: true }).selectOption({ label: name });
    if (!javaScript) await page.getByRole("button", { name: "再計算" }).click();
    // Closed 12/20, paid 2027-01-10: a Sunday, and 01-11 is 成人の日, so the Friday before.
    await expect(page.getByLabel("支払期限")).toHaveValue("2027-01-08");

    await page.getByLabel("支払期限").fill("2027-01-15");
    await page.getByLabel("1行目の品名").fill("保守作業");
    await page.getByLabel("1行目の単価").fill("10000");
    if (!javaScript) await page.getByRole("button", { name: "再計算" }).click();
    await expect(page.getByLabel("支払期限")).toHaveValue("2027-01-15");

    await page.getByLabel("支払期限").fill("2026-11-20");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByText("支払期限は発行日以降の日付を入力してください")).toBeVisible();
    await expect(page.getByLabel("支払期限")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("1行目の品名")).toHaveValue("保守作業");

    await page.getByLabel("支払期限").fill("2027-01-08");
    await page.getByRole("button", { name: "保存する" }).click();
    await expect(page.getByTestId("notice")).toHaveText(/書類を保存しました。/);
  });
});
