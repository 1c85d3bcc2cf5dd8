/**
 * The README's screenshots (docs/screenshots/), taken from the running sandbox.
 *
 * Builds when the build is missing or older than the sources, starts the built server on the first free port
 * from 3240 with a fresh embedded database (which it seeds with the sandbox's demo data), signs in as
 * 株式会社デモ商事's owner through the sandbox bank's own sign-in pages, and captures each screen at
 * 1280 × 900 CSS pixels, device scale 1, as tall as the page up to 1,600 px. The server stops whatever happens.
 *
 *   npm run screenshots
 *
 * The demo documents carry fixed dates and numbers, so a rerun draws the same pictures but for what depends on
 * today (TOP's notices and figures, the date the bank's statement is fetched on).
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, devices, type Page } from "@playwright/test";
import { settled, signInThroughBank, trackCommits } from "../tests/e2e/fixtures";
import { freePort, startBuiltServer, type RunningServer } from "../tests/support/server-process";
import { buildIfNeeded } from "./build-if-needed.mjs";
import { CHROMIUM_LAUNCH_OPTIONS } from "./chromium-path.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT_DIR = path.join(ROOT, "docs/screenshots");
/** Other people's servers on this machine keep below it. */
const FIRST_PORT = 3240;
const VIEWPORT = { width: 1280, height: 900 };
/** Taller pages are cut here: the top of a page shows what it is, and the files stay small. */
const MAX_HEIGHT = 1600;
const DEMO_OWNER = "owner@demo.example";

type Shot = {
  /** The file's name in docs/screenshots, without ".png". */
  name: string;
  /** Brings the page to the state to capture; the screen's path, which it must end on. */
  open: (page: Page) => Promise<string>;
};

/** Opens `path` and checks it answered itself (not a sign-in redirect or an error page). */
async function visit(page: Page, path: string): Promise<string> {
  const response = await page.goto(path);
  if (!response?.ok()) throw new Error(`${path} answered ${response?.status() ?? "nothing"}`);
  await settled(page, true);
  return path;
}

/** Waits for the navigation a press started to land on a path that `matches`; that path. */
async function arrive(page: Page, matches: RegExp): Promise<string> {
  await page.waitForURL((url) => matches.test(url.pathname));
  await settled(page, true);
  return new URL(page.url()).pathname;
}

/** Follows the link `name` on `listPath`, as a person would: the ids are the seed's, the link texts are what it shows. */
async function follow(page: Page, listPath: string, name: string, to: RegExp): Promise<string> {
  await visit(page, listPath);
  await page.getByRole("link", { name, exact: true }).click();
  return arrive(page, to);
}

const SHOTS: Shot[] = [
  { name: "top", open: (page) => visit(page, "/top") },
  { name: "invoice-list", open: (page) => visit(page, "/invoices/list") },
  {
    name: "invoice-create",
    open: async (page) => {
      const path = await visit(page, "/invoices/create");
      await page.getByLabel("取引先", { exact: true }).selectOption({ label: "株式会社青空商事" });
      await page.getByLabel("件名").fill("11月分 システム設計・保守");
      // Typed as a person would: 品名 offers the items master's システム設計 and fills its price.
      await page.getByLabel("1行目の品名").fill("システム設計");
      await page.getByLabel("1行目の数量").fill("12");
      await page.getByRole("button", { name: "明細を追加" }).click();
      await page.getByLabel("2行目の品名").fill("サーバー保守（11月分）");
      await page.getByLabel("2行目の単価").fill("30000");
      await settled(page, true);
      return path;
    },
  },
  // 10月分保守: issued and awaiting payment, two lines.
  { name: "invoice-detail", open: (page) => follow(page, "/invoices/list", "INV-202610-0002", /^\/invoices\/detail\/\d+$/) },
  // 株式会社サンドボックス商事's invoice: its PDF read, the registration number confirmed.
  { name: "received-detail", open: (page) => follow(page, "/receive/invoices", "2026/10/31", /^\/receive\/invoices\/detail\/\d+$/) },
  // The demo bank's statement, fetched without a file: its deposits proposed for the demo invoices they pay.
  {
    name: "payment-statement",
    open: async (page) => {
      await visit(page, "/billing/payments");
      await page.getByRole("button", { name: "銀行から明細を取得" }).click();
      return arrive(page, /^\/billing\/payments\/statements\/\d+$/);
    },
  },
  // 入金消込's first page, listing that statement.
  { name: "payments", open: (page) => visit(page, "/billing/payments") },
  // 承認 (ADR 049): the demo's invoice waiting for the owner, with what it is about and the decision form.
  { name: "approvals", open: (page) => visit(page, "/approvals") },
];

/**
 * A fontconfig file that adds the Noto Sans JP of node_modules (the PDFs' font, last but one in the UI's font stack)
 * to the machine's fonts: a machine without Japanese fonts (a container, CI) draws the screens in it, not as boxes.
 */
function fontConfig(directory: string): string {
  const fonts = path.dirname(path.dirname(createRequire(import.meta.url).resolve("@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf")));
  const file = path.join(directory, "fonts.conf");
  writeFileSync(
    file,
    `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n<fontconfig>\n  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n  <dir>${fonts}</dir>\n</fontconfig>\n`,
  );
  return file;
}

async function capture(server: RunningServer, scratch: string): Promise<void> {
  const browser = await chromium.launch({ ...CHROMIUM_LAUNCH_OPTIONS, env: { ...process.env, FONTCONFIG_FILE: fontConfig(scratch) } });
  try {
    const context = await browser.newContext({
      ...devices["Desktop Chrome"],
      baseURL: server.baseUrl,
      viewport: VIEWPORT,
      deviceScaleFactor: 1,
      locale: "ja-JP",
      timezoneId: "Asia/Tokyo",
    });
    // tsx compiles with esbuild's keepNames, which wraps named functions in __name(); trackCommits runs in the page, which lacks it.
    await context.addInitScript("globalThis.__name = (target) => target;");
    await context.addInitScript(trackCommits);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await signInThroughBank(page, DEMO_OWNER);
    for (const shot of SHOTS) {
      const started = Date.now();
      const expected = await shot.open(page);
      const at = new URL(page.url()).pathname;
      if (at !== expected) throw new Error(`${shot.name}: ended on ${at}, expected ${expected}`);
      if (errors.length > 0) throw new Error(`${shot.name}: the page reported ${errors.join("; ")}`);
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      // Fixed bars are drawn where the window is scrolled to, and filling a form scrolls it.
      await page.evaluate(() => window.scrollTo(0, 0));
      const height = Math.min(MAX_HEIGHT, await page.evaluate(() => document.documentElement.scrollHeight));
      const file = path.join(OUT_DIR, `${shot.name}.png`);
      await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width: VIEWPORT.width, height }, animations: "disabled", caret: "hide" });
      console.log(`${shot.name}.png  ${at}  ${VIEWPORT.width}×${height}  ${(statSync(file).size / 1024).toFixed(0)} KiB  ${Date.now() - started} ms`);
    }
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const started = Date.now();
  process.chdir(ROOT);
  const buildStatus = buildIfNeeded();
  if (buildStatus !== 0) throw new Error(`npm run build failed (exit code ${buildStatus})`);
  const scratch = mkdtempSync(path.join(tmpdir(), "chohyo-screenshots-"));
  let server: RunningServer | undefined;
  try {
    // Its own DATA_DIR: a fresh database that the server migrates and seeds with the demo data, removed afterwards.
    server = await startBuiltServer({ DATA_DIR: path.join(scratch, "data") }, { port: await freePort(FIRST_PORT) });
    console.log(`Server at ${server.baseUrl} (${Date.now() - started} ms)`);
    await capture(server, scratch);
  } finally {
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  console.log(`Wrote ${SHOTS.length} screenshots to ${path.relative(ROOT, OUT_DIR)} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

try {
  await main();
} catch (error) {
  console.error(`screenshots failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
