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
export async function axeViolations(page: Page, label: string): Promise<string[]> {
  // The inventory of pages under axe (scripts/test-inventory.mjs, ADR 041) reads what each project analysed.
  const inventory = process.env.AXE_INVENTORY_FILE;
  if (inventory) {
    const { pathname, search } = new URL(page.url());
    appendFileSync(inventory, `${test.info().project.name}\t${pathname}${search}\n`);
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
