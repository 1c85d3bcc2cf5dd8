import { appendFileSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test, type Page } from "@playwright/test";
import type { AxeResults } from "axe-core";
import { settled } from "./fixtures";

/** WCAG 2.1 A and AA: what the bank's accessibility requirement asks of every page. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** axe-core itself, put into each page analysed. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe-core's findings on the page as it stands, as 「label: rule (selectors)」. axe runs in the page, asked for
 * violations only; @axe-core/playwright took three to four times as long a page, putting axe in again and, by
 * default, opening a blank page per analysis to merge frames' results. The only frames here show a received PDF.
 */
export async function axeViolations(page: Page, label: string, seenAs = test.info().project.name): Promise<string[]> {
  // The inventory of pages under axe (scripts/test-inventory.mjs, ADR 041) reads what was analysed, with and without JavaScript.
  const inventory = process.env.AXE_INVENTORY_FILE;
  if (inventory) {
    const { pathname, search } = new URL(page.url());
    appendFileSync(inventory, `${seenAs}\t${pathname}${search}\n`);
  }
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe
        .run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"], iframes: false })
        .then((results) => results.violations.map((violation) => ({ id: violation.id, targets: violation.nodes.map((node) => node.target.join(" ")) }))),
    WCAG_TAGS,
  );
  return violations.map((violation) => `${label}: ${violation.id} (${violation.targets.join(", ")})`);
}

/**
 * The page's violations at `path`, so a failure names what to fix and where.
 * axe runs inside the page and needs its timers, which a browser with JavaScript off does not run: there the
 * page as served (the DOM a JavaScript-off visitor gets) is analysed in a scratch page that runs no script of ours.
 */
export async function violationsOn(page: Page, javaScript: boolean, path: string): Promise<string[]> {
  await page.goto(path);
  await settled(page, javaScript);
  const target = javaScript ? page : await servedCopyOf(page);
  const found = await axeViolations(target, path);
  if (target !== page) await target.context().close();
  return found;
}

/** The same URL in a JavaScript-on context that gets the JavaScript-off page's markup without its scripts; styles and images load as usual. */
async function servedCopyOf(page: Page): Promise<Page> {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true, viewport: page.viewportSize(), locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  const copy = await context.newPage();
  await showWithoutScripts(copy, page.url(), await page.content());
  return copy;
}

/** Opens `url` in `page` as `html` without its scripts (neither inline nor loaded); styles and images load as usual. */
async function showWithoutScripts(page: Page, url: string, html: string) {
  const body = html.replace(/<script\b[\s\S]*?<\/script>/g, "");
  await page.route("**/*", (route) => {
    if (route.request().isNavigationRequest()) return route.fulfill({ contentType: "text/html; charset=utf-8", body });
    if (route.request().resourceType() === "script") return route.abort();
    return route.continue();
  });
  await page.goto(url);
}

export async function violationsOnEach(page: Page, javaScript: boolean, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) found.push(...(await violationsOn(page, javaScript, path)));
  return found;
}

/**
 * The axe walk's analysis of a page, from the JavaScript-on project: the page as React left it, then the markup the
 * server sends a browser without JavaScript (asked for again with the same cookies), shown without its scripts in the
 * same page. Walking again in the JavaScript-off project cost a browser context, a sign-in and two navigations a page.
 */
export async function violationsWithAndWithoutJavaScript(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await settled(page, true);
    found.push(...(await axeViolations(page, path, "js")));
    const served = await (await page.request.get(path, { maxRedirects: 0 })).text();
    await showWithoutScripts(page, page.url(), served);
    found.push(...(await axeViolations(page, `${path} (JavaScript off)`, "no-js")));
    await page.unrouteAll({ behavior: "ignoreErrors" });
  }
  return found;
}
