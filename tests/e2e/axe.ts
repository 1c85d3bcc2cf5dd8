import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { settled } from "./fixtures";

/** WCAG 2.1 A and AA: what the bank's accessibility requirement asks of every page. */
export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Each of the page's violations as 「path: rule (selectors)」, so a failure names what to fix and where.
 * axe runs inside the page and needs its timers, which a browser with JavaScript off does not run: there the
 * page as served (the DOM a JavaScript-off visitor gets) is analysed in a scratch page that runs no script of ours.
 */
export async function violationsOn(page: Page, javaScript: boolean, path: string): Promise<string[]> {
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
