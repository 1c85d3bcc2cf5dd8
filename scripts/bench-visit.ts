/**
 * A five-page visit (issue 39 item 4), for `npm run bench -- --only=visit`: TOP → the invoice list → the first invoice
 * of the list → its 複製する link (the create page; a detail has no plain 新規作成 link) → レポート in the side menu,
 * each reached by clicking the link, as a person would, in Debian's Chromium through Playwright, in a new browser
 * context (nothing cached) at 1280 × 900.
 *
 * Counted from the DevTools protocol's Network events: every request that went to the server (those the browser
 * answered from its cache are left out), and the bytes received for it as served — compressed (the server answers
 * Chromium's `br`; bodies under 1 KiB go uncompressed), headers included. A request the page cancels once it has read
 * what it needs (single fetch's `.data`) gets no `loadingFinished`: its bytes are those of its response headers and of
 * the chunks received. A step ends once no request has been in flight for QUIET_MS.
 */
import { chromium, type CDPSession, type Locator, type Page } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./chromium-path.mjs";

export type VisitStep = {
  name: string;
  path: string;
  /** The page came as a whole document (a page without scripts, or the first page), not rendered in the browser. */
  wholeDocument: boolean;
  requests: number;
  scripts: number;
  bytes: number;
};

const QUIET_MS = 1_000;
const STEP_TIMEOUT_MS = 30_000;

/** What the Network domain has said so far, by request. */
class NetworkCount {
  private readonly bytes = new Map<string, number>();
  private readonly finished = new Set<string>();
  private readonly fromCache = new Set<string>();
  private readonly types = new Map<string, string>();
  private readonly inFlight = new Set<string>();
  private lastActivity = Date.now();

  constructor(cdp: CDPSession) {
    const touch = () => {
      this.lastActivity = Date.now();
    };
    cdp.on("Network.requestWillBeSent", (event) => {
      touch();
      this.inFlight.add(event.requestId);
      this.types.set(event.requestId, event.type ?? "Other");
      // A redirect's answer comes under the same id as the request it leads to.
      if (event.redirectResponse) this.add(event.requestId, event.redirectResponse.encodedDataLength);
    });
    cdp.on("Network.requestServedFromCache", (event) => void this.fromCache.add(event.requestId));
    cdp.on("Network.responseReceived", (event) => {
      touch();
      if (event.response.fromDiskCache || event.response.fromPrefetchCache) this.fromCache.add(event.requestId);
      else this.add(event.requestId, event.response.encodedDataLength);
    });
    cdp.on("Network.dataReceived", (event) => {
      touch();
      this.add(event.requestId, event.encodedDataLength);
    });
    cdp.on("Network.loadingFinished", (event) => {
      touch();
      this.inFlight.delete(event.requestId);
      if (this.fromCache.has(event.requestId)) return;
      // The whole count, headers included, replaces the running one.
      this.bytes.set(event.requestId, Math.max(event.encodedDataLength, this.bytes.get(event.requestId) ?? 0));
      this.finished.add(event.requestId);
    });
    cdp.on("Network.loadingFailed", (event) => {
      touch();
      this.inFlight.delete(event.requestId);
    });
  }

  private add(requestId: string, bytes: number) {
    if (this.finished.has(requestId)) return;
    this.bytes.set(requestId, (this.bytes.get(requestId) ?? 0) + bytes);
  }

  /** The requests that went to the server so far: their count, bytes and how many were scripts. */
  totals(): { requests: number; bytes: number; scripts: number } {
    const sent = [...this.bytes.keys()].filter((id) => !this.fromCache.has(id));
    return {
      requests: sent.length,
      bytes: sent.reduce((sum, id) => sum + this.bytes.get(id)!, 0),
      scripts: sent.filter((id) => this.types.get(id) === "Script").length,
    };
  }

  async quiet(): Promise<void> {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    while (this.inFlight.size > 0 || Date.now() - this.lastActivity < QUIET_MS) {
      if (Date.now() > deadline) throw new Error(`the visit's requests did not end within ${STEP_TIMEOUT_MS / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

type Step = { name: string; path: RegExp; go: (page: Page) => Promise<void> };

/** Hovers, then clicks: what a person does, and what a link that prefetches on intent reacts to. */
async function press(link: Locator) {
  await link.hover();
  await link.click();
}

const STEPS: Step[] = [
  { name: "TOP (first load)", path: /^\/top$/, go: async (page) => void (await page.goto("/top")) },
  { name: "→ invoice list", path: /^\/invoices\/list$/, go: (page) => press(page.getByRole("main").getByRole("link", { name: "請求書", exact: true }).first()) },
  { name: "→ invoice detail", path: /^\/invoices\/detail\/\d+$/, go: (page) => press(page.getByTestId("documents").locator("tbody .document-list__number a").first()) },
  { name: "→ invoice create (複製する)", path: /^\/invoices\/create$/, go: (page) => press(page.getByRole("link", { name: "複製する" })) },
  { name: "→ reports", path: /^\/reports\/list$/, go: (page) => press(page.getByTestId("drawer").getByRole("link", { name: "レポート" })) },
];

/** The visit on the server at `origin`, signed in with `cookie` (a session whose id token the API accepts). */
export async function measureVisit(origin: string, cookie: { name: string; value: string }): Promise<VisitStep[]> {
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const context = await browser.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 }, locale: "ja-JP", timezoneId: "Asia/Tokyo" });
    await context.addCookies([{ ...cookie, url: origin }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const network = new NetworkCount(cdp);
    await cdp.send("Network.enable");
    const steps: VisitStep[] = [];
    for (const step of STEPS) {
      const before = network.totals();
      let wholeDocument = false;
      const onLoad = () => {
        wholeDocument = true;
      };
      page.on("load", onLoad);
      await step.go(page);
      await page.waitForURL((url) => step.path.test(url.pathname), { timeout: STEP_TIMEOUT_MS });
      await page.getByRole("heading", { level: 1 }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await network.quiet();
      page.off("load", onLoad);
      const after = network.totals();
      steps.push({
        name: step.name,
        path: new URL(page.url()).pathname,
        wholeDocument,
        requests: after.requests - before.requests,
        scripts: after.scripts - before.scripts,
        bytes: after.bytes - before.bytes,
      });
    }
    return steps;
  } finally {
    await browser.close();
  }
}

export function printVisit(steps: VisitStep[]): void {
  const kib = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log("Five-page visit (clicks in Chromium, nothing cached at the start; bytes as served, compressed, with headers):");
  for (const step of steps) {
    console.log(
      `  ${step.name} (${step.path}): ${step.wholeDocument ? "whole document" : "rendered in the browser"}, ${step.requests} requests (${step.scripts} scripts), ${kib(step.bytes)} KiB`,
    );
  }
  const bytes = steps.reduce((sum, step) => sum + step.bytes, 0);
  const requests = steps.reduce((sum, step) => sum + step.requests, 0);
  console.log(`  five pages: ${requests} requests, ${kib(bytes)} KiB (${bytes.toLocaleString("en")} B)`);
}
