import type { Page } from "@playwright/test";
import { expect, settled, signInThroughBank, test, TITLE_SUFFIX } from "./fixtures";

/** The terms page's title, version and effective date as a reader sees them. */
async function expectTerms(page: Page, { title, version, effective }: { title: string; version: string; effective: string }) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByTestId("terms-version")).toHaveText(version);
  await expect(page.getByTestId("terms-effective-date")).toHaveText(effective);
}

async function pageScrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

test.describe("terms in the default layout", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a company user reads its bank's terms of the product, the ID terms and, from the side menu, the cookie policy", async ({ page, javaScript }) => {
    await signInThroughBank(page, "owner@demo.example");
    await page.goto("/terms/chohyo-term");
    await settled(page, javaScript);
    await expectTerms(page, { title: "帳票クラウド利用規約（デモ銀行）", version: "1.2", effective: "2026年4月1日" });
    await expect(page).toHaveTitle(`利用規約${TITLE_SUFFIX}`);
    // One paragraph per article, as text.
    await expect(page.getByTestId("terms").locator(".terms__body p")).toHaveCount(4);
    await expect(page.getByText(/^第2条（利用資格）/)).toBeVisible();

    await page.goto("/terms/kokopelli-id-term");
    await expectTerms(page, { title: "Kokopelli ID 利用規約", version: "1.0", effective: "2026年4月1日" });

    await page.getByTestId("drawer").getByRole("link", { name: "Cookieポリシー" }).click();
    await expect(page).toHaveURL(/\/cookie-policy$/);
    await expectTerms(page, { title: "Cookieポリシー", version: "1.0", effective: "2026年4月1日" });

    const missing = await page.goto("/terms/nothing-term");
    expect(missing?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ページが見つかりません");
  });

  test("another bank's customer gets the product's terms; a company without a plan can read them", async ({ page }) => {
    await signInThroughBank(page, "owner@shinkin.example", "0002");
    await page.goto("/terms/chohyo-term");
    await expectTerms(page, { title: "帳票クラウド利用規約", version: "1.0", effective: "2026年4月1日" });

    await page.context().clearCookies();
    await signInThroughBank(page, "newcomer@demo.example");
    await page.goto("/terms/chohyo-term");
    await expectTerms(page, { title: "帳票クラウド利用規約（デモ銀行）", version: "1.2", effective: "2026年4月1日" });
  });

  test("a visitor is sent to sign-in", async ({ page }) => {
    await page.goto("/terms/chohyo-term");
    await expect(page).toHaveURL(/\/bamidp\/login\?redirectTo=%2Fterms%2Fchohyo-term$/);
  });
});

test.describe("public terms (empty layout, no sign-in)", () => {
  test("a bank's own terms, the product's for a bank without them, the ID terms, and 404 for unknown codes", async ({ page, javaScript }) => {
    await page.goto("/legal/terms/0182");
    await settled(page, javaScript);
    await expect(page.locator("[data-layout=empty]")).toBeVisible();
    await expectTerms(page, { title: "みらい地方銀行 帳票クラウドご利用規約", version: "2.0", effective: "2026年6月1日" });

    await page.goto("/legal/terms/0002");
    await expectTerms(page, { title: "帳票クラウド利用規約", version: "1.0", effective: "2026年4月1日" });

    await page.goto("/legal/kokopelli-id");
    await expectTerms(page, { title: "Kokopelli ID 利用規約", version: "1.0", effective: "2026年4月1日" });
    await expect(page).toHaveTitle(`Kokopelli ID 利用規約${TITLE_SUFFIX}`);

    for (const path of ["/legal/terms/9999", "/legal/terms/abc"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("ページが見つかりません");
    }
  });
});

test.describe("support Q&A", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("searches by word and category on the server, says when nothing matches and offers the contact form", { tag: "@both" }, async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    await page.goto("/support/qa");
    await settled(page, javaScript);
    await expect(page).toHaveTitle(`Q&A${TITLE_SUFFIX}`);
    await expect(page.getByTestId("qa-count")).toHaveText(/^全\d+件の質問と回答$/);
    await expect(page.getByRole("heading", { level: 2, name: "アカウント・プラン" })).toBeVisible();

    const search = page.getByRole("search", { name: "Q&Aの検索" });
    await search.getByLabel("キーワード").fill("リンク");
    await search.getByLabel("カテゴリ").selectOption({ label: "メール送信" });
    await search.getByRole("button", { name: "検索する" }).click();
    await expect(page).toHaveURL(/\/support\/qa\?q=%E3%83%AA%E3%83%B3%E3%82%AF&category=mail$/);
    await expect(page.getByTestId("qa-count")).toHaveText(/^\d+件の質問が見つかりました 条件をクリア$/);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(["メール送信", "サポートと規約"]);
    await expect(page.getByText("送った書類を相手が開いたか分かりますか。")).toBeVisible();
    // The form keeps what was asked.
    await expect(search.getByLabel("キーワード")).toHaveValue("リンク");
    await expect(search.getByLabel("カテゴリ")).toHaveValue("mail");

    await search.getByLabel("キーワード").fill("定期請求");
    await search.getByRole("button", { name: "検索する" }).click();
    await expect(page.getByTestId("qa-count")).toHaveText(/^0件の質問が見つかりました/);
    const noHits = page.getByTestId("qa-no-hits");
    await expect(noHits).toContainText("条件に一致する質問は見つかりませんでした。");
    await expect(noHits.getByRole("link", { name: "お問い合わせフォーム" })).toHaveAttribute("href", "https://support.chohyo.example.jp/contact/member");

    await page.getByRole("link", { name: "条件をクリア" }).click();
    await expect(page).toHaveURL(/\/support\/qa$/);
    await expect(page.getByTestId("qa-count")).toHaveText(/^全\d+件の質問と回答$/);
    await expect(search.getByLabel("キーワード")).toHaveValue("");

    // The FAQ and the Q&A lead to each other and to the terms.
    await page.getByRole("navigation", { name: "サポートと規約" }).getByRole("link", { name: "よくある質問" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("よくある質問");
    await page.getByRole("navigation", { name: "サポートと規約" }).getByRole("link", { name: "帳票クラウド利用規約" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("帳票クラウド利用規約（デモ銀行）");
  });
});

test.describe("at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the Q&A and the terms fit the width", async ({ page, javaScript }) => {
    await signInThroughBank(page, "user@demo.example");
    for (const path of ["/support/qa", "/support/qa?q=%E5%AE%9A%E6%9C%9F%E8%AB%8B%E6%B1%82", "/terms/chohyo-term", "/cookie-policy", "/legal/terms/0001"]) {
      await page.goto(path);
      await settled(page, javaScript);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await pageScrollsSideways(page), path).toBe(false);
    }
  });
});
