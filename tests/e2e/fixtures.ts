import { test as base, expect, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { sessionCookieFor } from "../support/session";
import { fixtureUsers, type FixtureUserName } from "../support/users";

export const TITLE_SUFFIX = " | 帳票クラウド - 見積書・納品書・請求書・領収書をかんたん発行";

type Fixtures = {
  /** Lets `settled()` see when React has committed the router's latest state (see there). */
  commitTracker: void;
  /** Fails a test whose page logged an error: a CSP violation, a hydration mismatch, a script error. */
  pageErrors: void;
  /** Signs the browser in as a demo user, with a session cookie the server accepts; `expired` makes its id token run out. */
  signInAs: (name: FixtureUserName, options?: { expired?: boolean }) => Promise<void>;
  /** True in the JavaScript-on project. */
  javaScript: boolean;
};

/**
 * Runs before the page's scripts. React calls a devtools hook's `onCommitFiberRoot` after every commit, production
 * builds included; the router is caught as Remix assigns it. Each router change gets a number and each commit records
 * the number it rendered, so `settled()` can tell a page React has drawn from one whose state is only in the router:
 * Remix renders navigations in a transition, after the router is already idle.
 */
export function trackCommits() {
  const tracked = window as unknown as { __e2eRouterChanges: number; __e2eCommitted: number; __remixRouter?: unknown };
  tracked.__e2eRouterChanges = 0;
  tracked.__e2eCommitted = -1;
  (window as unknown as { __REACT_DEVTOOLS_GLOBAL_HOOK__: object }).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    onCommitFiberRoot: () => {
      tracked.__e2eCommitted = tracked.__e2eRouterChanges;
    },
  };
  let router: { subscribe: (listener: () => void) => void } | undefined;
  Object.defineProperty(window, "__remixRouter", {
    configurable: true,
    get: () => router,
    set: (value: typeof router) => {
      router = value;
      value?.subscribe(() => {
        tracked.__e2eRouterChanges += 1;
      });
    },
  });
}

export const test = base.extend<Fixtures>({
  commitTracker: [
    async ({ context }, use) => {
      await context.addInitScript(trackCommits);
      await use();
    },
    { auto: true },
  ],
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // A 4xx/5xx document is what error-page tests ask for; the browser reports it as a console error.
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use();
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
  signInAs: async ({ context, baseURL }, use) => {
    await use(async (name, { expired = false } = {}) => {
      const cookie = await sessionCookieFor(fixtureUsers[name], expired ? { expiresAt: Math.floor(Date.now() / 1000) - 60 } : {});
      await context.addCookies([{ ...cookie, url: baseURL! }]);
    });
  },
  javaScript: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});

export { expect };

/**
 * Waits until the page's scripts have loaded, React has taken over and the router has nothing in flight (JavaScript on
 * only). React hydrates in a transition and completes the document element last, giving it its props key then: a
 * navigation started earlier interrupts the hydration and React reports a mismatch (#418) it then repairs. After a
 * click on a link the document stays the same, so its load states say nothing: the router's state does, and React
 * drawing it, which comes after the router is idle. A page served without scripts (a route whose handle says
 * `hydrate: false`, ADR 020) has no `__remixContext` once it has loaded: it is settled then. The network's idleness is not
 * waited for: it adds half a second after every document load and says nothing the checks below do not (decision 041).
 */
export async function settled(page: Page, javaScript: boolean) {
  if (!javaScript) return;
  await page.waitForFunction(() => {
    type RouterState = { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> };
    const tracked = window as unknown as { __remixContext?: unknown; __remixRouter?: { state: RouterState }; __e2eRouterChanges: number; __e2eCommitted: number };
    if (document.readyState === "complete" && tracked.__remixContext === undefined) return true;
    const hydrated = Object.keys(document.documentElement).some((key) => key.startsWith("__reactProps$"));
    const { navigation, revalidation, fetchers } = tracked.__remixRouter?.state ?? { navigation: { state: "loading" }, revalidation: "idle", fetchers: new Map() };
    const idle = navigation.state === "idle" && revalidation === "idle" && [...fetchers.values()].every((fetcher) => fetcher.state === "idle");
    return hydrated && idle && tracked.__e2eCommitted === tracked.__e2eRouterChanges;
  });
}

/**
 * Presses an action that asks first (`link`) and answers where the question is asked, checked by its title: with
 * JavaScript the dialog, its safe choice focused; without, the confirmation's page of its own.
 */
export async function askFirst(page: Page, javaScript: boolean, link: Locator, question: string): Promise<Locator> {
  await link.click();
  if (javaScript) {
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("heading")).toHaveText(question);
    await expect(dialog.getByRole("button", { name: "やめる" })).toBeFocused();
    return dialog;
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(question);
  return page.locator("main");
}

/**
 * Session cookies of this worker's real sign-ins, by bank and login: each demo user walks the bank's pages once per
 * worker (the sign-in specs test that walk itself) and later tests start from the cookies it left. Sessions are
 * cookies, so a copy stays valid until the idle limit; no test that uses this signs out (that would revoke the token).
 */
const signedIn = new Map<string, { cookies: Awaited<ReturnType<BrowserContext["cookies"]>>; at: number }>();
/** Well inside the server's 30 minutes of idleness: a saved session older than this is signed in again. */
const REUSE_FOR_MS = 15 * 60_000;

/** Signs in as a demo user of the sandbox bank: pages that call the Payment API need a real id token. The page is left blank. */
export async function signInThroughBank(page: Page, login: string, bankCode?: string) {
  const key = `${bankCode ?? "0001"}/${login}`;
  const saved = signedIn.get(key);
  if (saved && Date.now() - saved.at < REUSE_FOR_MS) {
    await page.context().addCookies(saved.cookies);
    return;
  }
  await page.goto(bankCode ? `/bamidp/login?bank_code=${bankCode}` : "/bamidp/login");
  await page.getByRole("button", { name: "銀行のログイン画面へ進む" }).click();
  await page.getByLabel("ログインID（メールアドレス）").fill(login);
  await page.getByLabel("パスワード").fill("demo");
  await page.getByRole("button", { name: "ログイン" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/sandbox/") && !url.pathname.startsWith("/bamidp/"));
  signedIn.set(key, { cookies: await page.context().cookies(), at: Date.now() });
  await page.goto("about:blank");
}

type MadeCompany = { login: string; bankCode: string; userLogin: string | null };

/** A company from the sandbox's factory (sandbox/test-companies.ts): the issuing plan, an owner and, when asked, one company user. */
async function makeCompany(page: Page, javaScript: boolean, withUser = false): Promise<MadeCompany> {
  // At デモ銀行 with JavaScript and at サンプル信用金庫 without, as the projects' demo companies were.
  const response = await page.request.post("/sandbox/test-companies", { data: { bankCode: javaScript ? "0001" : "0002", planId: 1, withUser } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

async function signInAsOwnerOf(page: Page, { login, bankCode }: MadeCompany) {
  await signInThroughBank(page, login, bankCode === "0001" ? undefined : bankCode);
}

/** This worker's company: made on its first use, so no other worker's tests write there (issue 30). */
let ownCompany: Promise<MadeCompany> | undefined;

/** Signs in as the owner of this worker's own company. */
export async function signInAsOwnCompany(page: Page, javaScript: boolean) {
  ownCompany ??= makeCompany(page, javaScript);
  await signInAsOwnerOf(page, await ownCompany);
}

/** A company made for this test alone with its owner and one company user, and a way to sign in as either (the other signs out). */
export async function newCompanyOfTwo(page: Page, javaScript: boolean) {
  const company = await makeCompany(page, javaScript, true);
  const bank = company.bankCode === "0001" ? undefined : company.bankCode;
  return async (who: "owner" | "user") => {
    await page.context().clearCookies();
    await signInThroughBank(page, who === "owner" ? company.login : company.userLogin!, bank);
  };
}

/** Signs in as the owner of a company made for this test alone: for a test that needs what a new company starts with. */
export async function signInAsNewCompany(page: Page, javaScript: boolean) {
  await signInAsOwnerOf(page, await makeCompany(page, javaScript));
}

/** The 合計（税込） of the document a detail page shows as it prints. */
export const printedTotal = (page: Page) => page.getByTestId("snapshot").getByRole("row", { name: /^合計（税込）/ }).getByRole("cell");

/** Saves the invoice form on screen as a draft and issues it; the invoice's number. */
export async function saveAndIssueInvoice(page: Page, javaScript: boolean): Promise<string> {
  const heading = page.getByRole("heading", { level: 1 });
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(heading).toHaveText(/^請求書 \S+ 下書き$/);
  const number = (await heading.textContent())!.split(" ")[1]!;
  await settled(page, javaScript);
  await page.getByRole("button", { name: "発行する", exact: true }).click();
  await expect(heading).toHaveText(`請求書 ${number} 発行済`);
  return number;
}

/** A draft invoice with one line of 保守作業 made through the form; its number, read from the detail page. */
export async function createInvoice(page: Page, javaScript: boolean, customer: string, unitPrice: string): Promise<string> {
  await page.goto("/invoices/create");
  await settled(page, javaScript);
  await page.getByLabel("取引先名").fill(customer);
  await page.getByLabel("1行目の品名").fill("保守作業");
  await page.getByLabel("1行目の単価").fill(unitPrice);
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^請求書 \S+ 下書き$/);
  return (await page.getByRole("heading", { level: 1 }).textContent())!.split(" ")[1]!;
}
