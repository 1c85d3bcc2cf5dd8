import AxeBuilder from "@axe-core/playwright";
import { test, type Page } from "@playwright/test";
import { settled } from "./fixtures";

/** WCAG 2.1 A and AA: what the bank's accessibility requirement asks of every page. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Each of the page's violations as 「path: rule (selectors)」, so a failure names what to fix and where.
 * axe runs inside the page and needs its timers, which a browser with JavaScript off does not run: there the
 * page as served (the DOM a JavaScript-off visitor gets) is analysed in a scratch page that runs no script of ours.
 */
/**
 * What one page's analysis may add to its test's time limit: axe takes 1–3 s a page on the 2-core machine alone, and
 * several times that while CI runs the other worker and the PostgreSQL tests beside it, so a test that walks many pages
 * is given time by the page rather than one guessed limit.
 */
const TIME_PER_PAGE_MS = 12_000;

export async function violationsOn(page: Page, javaScript: boolean, path: string): Promise<string[]> {
  test.info().setTimeout(test.info().timeout + TIME_PER_PAGE_MS);
  await page.goto(path);
  await settled(page, javaScript);
  const target = javaScript ? page : await servedCopyOf(page);
  const { violations } = await new AxeBuilder({ page: target }).withTags(WCAG_TAGS).analyze();
  if (target !== page) await target.context().close();
  return violations.map((violation) => `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

/** The same URL in a JavaScript-on context that gets the JavaScript-off page's markup without its scripts; styles and images load as usual. */
async function servedCopyOf(page: Page): Promise<Page> {
  const html = (await page.content()).replace(/<script\b[\s\S]*?<\/script>/g, "");
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize(), locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  const copy = await context.newPage();
  await copy.route("**/*", (route) => {
    if (route.request().isNavigationRequest()) return route.fulfill({ contentType: "text/html; charset=utf-8", body: html });
    if (route.request().resourceType() === "script") return route.abort();
    return route.continue();
  });
  await copy.goto(page.url());
  return copy;
}

export async function violationsOnEach(page: Page, javaScript: boolean, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) found.push(...(await violationsOn(page, javaScript, path)));
  return found;
}
