import type { Page } from "@playwright/test";
import { expect, settled, signInAsOwnCompany, test } from "./fixtures";

/** The source of every script the page has loaded so far, by URL. */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    const text = response.text();
    // A script still arriving as the test ends is no failure of the test; one the test reads still fails it.
    text.catch(() => {});
    scripts.set(response.url(), text);
  });
  return scripts;
}

async function loaded(scripts: Map<string, Promise<string>>): Promise<Array<[string, string]>> {
  return Promise.all([...scripts].map(async ([url, text]) => [url, await text] as [string, string]));
}

// Marks of code that must not reach these pages (decision 004): i18next's and react-i18next's
// own log prefixes, a text of a dictionary section the page does not use, and zod's issue codes.
const I18NEXT = /i18next:/;
const OFFICE_RULES_TEXT = "正当な理由がない訂正・削除の防止";

/** A text as it may stand in a bundle: itself, or escaped as \\uXXXX (how esbuild writes JSON's Japanese). */
function containsText(source: string, text: string): boolean {
  const escaped = [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`).join("");
  return source.includes(text) || source.includes(escaped);
}
const ZOD = /invalid_type|too_small/;
/** The error screen's lead to the contact form (errors.json), which only an error screen shows. */
const ERROR_SCREEN_TEXT = "解決しない場合は";
/** One of @conform-to/dom's own messages: its parse comes with the check a form loads on first use. */
const CONFORM = /reserved by Conform/;

test.describe("what the browser loads", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "JavaScript on only: without it nothing is loaded");

  test("pages that only read load no script; a form and the item list hydrate (ADR 020)", async ({ page, javaScript }) => {
    await signInAsOwnCompany(page, javaScript);
    const scripts = recordScripts(page);
    for (const path of ["/top", "/invoices/list", "/reports/list", "/customers/list"]) {
      await page.goto(path);
      await settled(page, javaScript);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect([...scripts.keys()], path).toEqual([]);
      // Neither a module nor an inline script: no hydration data, no route manifest.
      await expect(page.locator("script"), path).toHaveCount(0);
      // Served as one string, still a standards-mode document in Japanese with what it shows.
      expect(await page.evaluate(() => [document.compatMode, document.documentElement.lang]), path).toEqual(["CSS1Compat", "ja"]);
    }
    for (const [path, module] of [
      ["/invoices/create", "/_default.invoices.create-"],
      ["/items/list", "/_default.items.list-"],
    ] as const) {
      await page.goto(path);
      await settled(page, javaScript);
      expect([...scripts.keys()].some((url) => url.includes(module)), path).toBe(true);
      expect(await page.evaluate(() => "__remixContext" in window), path).toBe(true);
    }
  });

  test("a client-side navigation from a page that hydrates renders a page without scripts in the browser", async ({ page, javaScript }) => {
    await signInAsOwnCompany(page, javaScript);
    await page.goto("/items/list");
    await settled(page, javaScript);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByTestId("drawer").getByRole("link", { name: "請求書", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("請求書");
    await settled(page, javaScript);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test("a page that hydrates, and the invoice list's module after a client-side navigation, load neither i18next, nor other pages' texts, nor zod", async ({ page, javaScript }) => {
    await signInAsOwnCompany(page, javaScript);
    const scripts = recordScripts(page);
    await page.goto("/support/faq");
    await settled(page, javaScript);
    await page.getByTestId("drawer").getByRole("link", { name: "請求書", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("請求書");
    await settled(page, javaScript);
    const sources = await loaded(scripts);
    expect(sources.some(([url]) => url.includes("/_default.invoices.list-"))).toBe(true);
    for (const [url, source] of sources) {
      expect(source, url).not.toMatch(I18NEXT);
      expect(containsText(source, OFFICE_RULES_TEXT), url).toBe(false);
      expect(source, url).not.toMatch(ZOD);
    }
    // The texts still come from the dictionary after a client-side navigation.
    await page.getByRole("link", { name: "見積書", exact: true }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("見積書");
  });

  test("the invoice form loads zod only once it is used, and then validates live in Japanese", async ({ page, javaScript }) => {
    await signInAsOwnCompany(page, javaScript);
    const scripts = recordScripts(page);
    await page.goto("/invoices/create");
    await settled(page, javaScript);
    for (const [url, source] of await loaded(scripts)) expect(source, url).not.toMatch(ZOD);

    const customer = page.getByLabel("取引先名");
    await customer.fill("一時的な取引先");
    await expect.poll(async () => (await loaded(scripts)).some(([, source]) => ZOD.test(source))).toBe(true);
    await customer.fill("");
    await customer.blur();
    await expect(page.getByText("このフィールドは必須です").first()).toBeVisible();
  });

  test("the invoice form shows the server's preview and loads the preview's code only once the form is used", async ({ page, javaScript }) => {
    await signInAsOwnCompany(page, javaScript);
    const scripts = recordScripts(page);
    await page.goto("/invoices/create");
    await settled(page, javaScript);
    const preview = page.getByTestId("document-preview");
    await expect(preview.getByTestId("snapshot-headline")).toHaveText("ご請求金額 ¥0-");
    expect([...scripts.keys()].filter((url) => url.includes("DocumentPreview"))).toEqual([]);

    await page.getByLabel("1行目の単価").fill("5000");
    await expect.poll(() => [...scripts.keys()].some((url) => url.includes("DocumentPreview"))).toBe(true);
    await expect(preview.getByTestId("snapshot-headline")).toHaveText("ご請求金額 ¥5,500-");
  });

  test("the item list and the customer and company forms load conform's parse and zod only once a form is used", async ({ page, javaScript }) => {
    await signInAsOwnCompany(page, javaScript);
    const scripts = recordScripts(page);
    for (const path of ["/items/list", "/customers/create", "/companies/create"]) {
      await page.goto(path);
      await settled(page, javaScript);
    }
    for (const [url, source] of await loaded(scripts)) {
      expect(source, url).not.toMatch(ZOD);
      expect(source, url).not.toMatch(CONFORM);
    }
    await page.getByLabel("会社名・屋号").focus();
    await expect.poll(async () => (await loaded(scripts)).some(([, source]) => ZOD.test(source))).toBe(true);
  });

  test("a page loads the error screen's code and texts only when it shows one, and keeps the server's screen", async ({ page, javaScript }) => {
    await signInAsOwnCompany(page, javaScript);
    const scripts = recordScripts(page);
    const errorScreenChunk = () => [...scripts.keys()].filter((url) => url.includes("ErrorScreen"));
    await page.goto("/items/list");
    await settled(page, javaScript);
    expect(errorScreenChunk()).toEqual([]);
    for (const [url, source] of await loaded(scripts)) expect(containsText(source, ERROR_SCREEN_TEXT), url).toBe(false);

    // A page the server rendered as a 404: React keeps the server's elements of the screen while its chunk comes.
    await page.addInitScript(() => {
      document.addEventListener("readystatechange", () => {
        const screen = document.querySelector(".error-screen");
        if (document.readyState === "interactive" && screen) (screen as unknown as { fromServer: boolean }).fromServer = true;
      });
    });
    const response = await page.goto("/invoices/nothing-here");
    expect(response?.status()).toBe(404);
    await settled(page, javaScript);
    await expect.poll(errorScreenChunk).toHaveLength(1);
    await expect(page.locator(".error-screen__body")).toHaveText("ページが見つかりません。");
    expect(await page.locator(".error-screen").evaluate((screen) => (screen as unknown as { fromServer?: boolean }).fromServer)).toBe(true);
  });
});
