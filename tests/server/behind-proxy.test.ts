import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page as BrowserPage } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_PATH } from "../../scripts/chromium-path.mjs";
import { copyMigratedDataDir } from "../support/database";
import { FormBrowser, type Page } from "../support/form-browser";
import { documentedNginxServer, selfSignedCertificate, startNginx, type RunningNginx } from "../support/nginx";
import { freePort, startBuiltServer, type RunningServer } from "../support/server-process";
import { startStubIdentityProvider, type StubIdentityProvider } from "../support/stub-idp";

/**
 * The product as a bank runs it: the built server behind Debian's nginx
 * terminating TLS, at a PUBLIC_URL whose name only the test's clients resolve
 * (to 127.0.0.1), as a server behind a proxy often cannot resolve its public
 * name. The clients are a browser with JavaScript off (FormBrowser, which
 * reads and posts the pages' forms) and Debian's Chromium with JavaScript on.
 * One server with the sandbox's sign-in; for a bank's identity provider
 * (OIDC_ISSUER, which leaves the sandbox out of the process) the last describe
 * starts it again on the same data folder. nginx is started again for each
 * configuration and upstream.
 */
const PUBLIC_HOST = "chohyo.bank.example";
/** A test in Chromium: a browser's start and a dozen pages, as long as a Playwright test may take (playwright.config.ts). */
const IN_CHROMIUM = { timeout: 45_000 };
let folder: string;
let tls: ReturnType<typeof selfSignedCertificate>;
let proxyPort: number;
let publicUrl: string;
let server: RunningServer;
let nginx: RunningNginx | undefined;
let chromiumBrowser: Browser | undefined;

/** What the issue's trial set; the session cookie is Secure, as PUBLIC_URL is https. The mail worker polls often, for the mail link. */
const behindProxy = () => ({ PUBLIC_URL: publicUrl, TRUST_PROXY: "1", COOKIE_SECURE: "true", MAIL_POLL_MS: "200", DATA_DIR: path.join(folder, "data") });

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "chohyo-proxy-"));
  tls = selfSignedCertificate(folder, PUBLIC_HOST);
  proxyPort = await freePort();
  publicUrl = `https://${PUBLIC_HOST}:${proxyPort}`;
  // A folder of the test's own, which the restart with a bank's identity provider starts on again; migrated already, as
  // the servers other tests start get theirs.
  await copyMigratedDataDir(behindProxy().DATA_DIR);
  server = await startBuiltServer(behindProxy());
});

afterAll(async () => {
  await chromiumBrowser?.close();
  await nginx?.stop();
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** nginx in front of `upstream` with this server block (the README's, or a variant), on the test's port and certificate. */
async function proxyWith(serverBlock: string, upstream: RunningServer = server) {
  await nginx?.stop();
  nginx = await startNginx(
    folder,
    serverBlock
      .replace("listen 8443 ssl;", `listen 127.0.0.1:${proxyPort} ssl;`)
      .replace("/etc/nginx/tls/chohyo.crt", tls.certificate)
      .replace("/etc/nginx/tls/chohyo.key", tls.key)
      .replace("http://127.0.0.1:3112", `http://127.0.0.1:${new URL(upstream.baseUrl).port}`),
    proxyPort,
  );
}

/** The README's block with its proxy_set_header lines replaced by these. */
const withHeaders = (...lines: string[]) =>
  documentedNginxServer()
    .replace(/^\s*(#.*|proxy_set_header .*)\n/gm, "")
    .replace(/(proxy_pass [^;]+;\n)/, `$1${lines.map((line) => `        ${line}\n`).join("")}`);

const browser = () => new FormBrowser({ hosts: [PUBLIC_HOST], ca: tls.pem });

/** Opens the product, and signs in through the sandbox bank's pages, as a browser with JavaScript off would. */
async function signIn(client: FormBrowser): Promise<Page> {
  const home = await client.open(`${publicUrl}/`);
  expect(home.status).toBe(200);
  expect(home.redirects).toEqual([`${publicUrl}/bamidp/login`]);
  const login = await client.submit(home, 'name="redirectTo"');
  expect(login.url).toMatch(new RegExp(`^${publicUrl}/sandbox/idp/default/interaction/`));
  const top = await client.submit(login, 'name="login"', { login: "owner@demo.example", password: "demo" });
  expect(top.redirects.every((url) => url.startsWith(publicUrl))).toBe(true);
  expect(top.url).toBe(`${publicUrl}/top`);
  expect(top.body).toContain("株式会社デモ商事");
  return top;
}

/** A draft invoice made with the create page's form (posted with the page's Origin); its detail page. */
async function createInvoice(client: FormBrowser, customer: string): Promise<Page> {
  const form = await client.open(`${publicUrl}/invoices/create`);
  const detail = await client.submit(form, 'name="idempotency_key"', {
    intent: "save",
    customer_name: customer,
    "lines[0].description": "保守作業",
    "lines[0].unit_price": "10000",
  });
  expect(detail.status).toBe(200);
  expect(detail.url).toMatch(new RegExp(`^${publicUrl}/invoices/detail/\\d+$`));
  expect(detail.body).toContain(customer);
  return detail;
}

const diagnoses = (of: RunningServer = server) => [...of.output().matchAll(/"proxyDiagnosis":"([^"]+)"/g)].map((match) => match[1]);

/** The success notice a page shows after a post/redirect/get. */
const noticeOf = (page: Page) => /class="notice__message">([^<]*)</.exec(page.body)?.[1];

/**
 * A page in Debian's Chromium with JavaScript on, launched once for the file as
 * playwright.config.ts launches it, resolving the public name to 127.0.0.1 and
 * accepting the test's certificate. It keeps the posts it made (a document's
 * or a script's fetch) and the errors its scripts threw.
 */
async function chromiumPage(): Promise<{ page: BrowserPage; posts: Array<{ url: string; by: string }>; errors: Error[]; close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM_PATH)) throw new Error(`Chromium is missing at ${CHROMIUM_PATH}: run \`node scripts/ensure-chromium.mjs\` (npm test does).`);
  chromiumBrowser ??= await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-dev-shm-usage", `--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1`],
  });
  const context = await chromiumBrowser.newContext({ ignoreHTTPSErrors: true, locale: "ja-JP", timezoneId: "Asia/Tokyo" });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const posts: Array<{ url: string; by: string }> = [];
  const errors: Error[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push({ url: request.url(), by: request.resourceType() });
  });
  page.on("pageerror", (error) => errors.push(error));
  return { page, posts, errors, close: () => context.close() };
}

/** Opens a page and waits until its scripts have run (React took over the forms), as the e2e tests' `settled`. */
async function openSettled(page: BrowserPage, url: string) {
  await page.goto(url);
  await page.waitForLoadState("networkidle");
}

/** The notice after a post, once it is there. */
async function noticeIn(page: BrowserPage): Promise<string> {
  const notice = page.getByTestId("notice");
  await notice.waitFor();
  return (await notice.textContent()) ?? "";
}

describe("behind nginx configured as the README says", () => {
  it("signs in, posts a form, downloads a CSV and a PDF, and signs out", async () => {
    await proxyWith(documentedNginxServer());
    const client = browser();
    const top = await signIn(client);
    expect(client.cookie("__session")).toBeTruthy();

    const detail = await createInvoice(client, "株式会社プロキシ商事");
    const id = /\/invoices\/detail\/(\d+)$/.exec(detail.url)![1];

    const csv = await client.request(`${publicUrl}/invoices/export`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("attachment");
    expect((await csv.arrayBuffer()).byteLength).toBeGreaterThan(100);

    const pdf = await client.request(`${publicUrl}/invoices/pdf/${id}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");

    const question = await client.submit(top, 'action="/logout"');
    expect(question.url).toMatch(new RegExp(`^${publicUrl}/sandbox/idp/default/session/end`));
    const signedOut = await client.submit(question, 'id="op.logoutForm"', { logout: "yes" });
    expect(signedOut.url).toBe(`${publicUrl}/bamidp/login`);
    expect(signedOut.body).toContain("ログアウトしました");
    expect((await client.open(`${publicUrl}/top`)).url).toMatch(new RegExp(`^${publicUrl}/bamidp/login`));
    await client.close();

    // The server never reached itself through the public name it cannot resolve, and found nothing to say about the proxy.
    expect(server.output()).not.toContain("ENOTFOUND");
    expect(diagnoses()).toEqual([]);
  });

  it("posts each other kind of form without JavaScript: a confirmation page's, a list's inline form, a multipart upload", async () => {
    const client = browser();
    await signIn(client);

    // A confirmation page of its own (`?confirm=`), whose form posts to the page's address with its query.
    const draft = await createInvoice(client, "株式会社確認画面商事");
    const question = await client.open(`${draft.url}?confirm=delete`);
    expect(question.body).toContain(`action="${new URL(draft.url).pathname}?confirm=delete"`);
    const deleted = await client.submit(question, 'class="confirm"');
    expect(deleted.url).toBe(`${publicUrl}/invoices/list`);
    expect(noticeOf(deleted)).toBe("下書きを削除しました。");

    // A list's inline form, posting to the list's own address (no longer an index route's `?index`: issue 33).
    const schedules = await client.open(`${publicUrl}/billing/recurring`);
    expect(schedules.body).toContain('action="/billing/recurring"');
    const paused = await client.submit(schedules, "recurring-inline-form");
    expect(paused.url).toBe(`${publicUrl}/billing/recurring`);
    expect(noticeOf(paused)).toMatch(/^定期請求を(一時停止|再開)しました。/);

    // A multipart upload (the items' CSV import), past nginx's body handling.
    const csvPage = await client.open(`${publicUrl}/items/csv`);
    const csv = "品目コード,品目名,単価,税率\r\nPROXY-NOJS,プロキシ保守,1200,10\r\n";
    const imported = await client.submit(csvPage, "multipart/form-data", {}, { files: { file: { name: "items.csv", type: "text/csv", content: csv } } });
    expect(imported.url).toBe(`${publicUrl}/items/list`);
    expect(noticeOf(imported)).toBe("CSVを取り込みました（新規1件、更新0件）。");
    expect(imported.body).toContain("プロキシ保守");
    await client.close();
    expect(diagnoses()).toEqual([]);
  });

  it("sends a document by mail with a link at the public address, whose page and PDF a recipient opens through the proxy", async () => {
    const client = browser();
    await signIn(client);
    const draft = await createInvoice(client, "株式会社メール受信商事");
    const issued = await client.submit(draft, 'value="issue"');
    expect(noticeOf(issued)).toBe("書類を発行しました。");
    const number = /請求書 (INV-\d{6}-\d{4})/.exec(issued.body)![1]!;
    const sent = await client.submit(issued, 'id="mail-send"', { delivery: "link", to: "keiri@customer.example" });
    expect(sent.url).toMatch(new RegExp(`^${publicUrl}/invoices/mail/detail/\\d+$`));

    // Without SMTP_URL the worker keeps the mail in the local mailbox, which the sandbox shows the sending company.
    let message: string | undefined;
    for (const deadline = Date.now() + 15_000; !message && Date.now() < deadline; ) {
      const mailbox = await client.open(`${publicUrl}/sandbox/mailbox`);
      message = mailbox.body.split('<li data-testid="mailbox-message">').find((item) => item.includes(number));
      if (!message) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(message, "the mail in the local mailbox").toBeDefined();
    const addresses = message!.match(/https?:\/\/[^\s<]+/g) ?? [];
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(address.startsWith(`${publicUrl}/`), address).toBe(true);
    const link = addresses.find((address) => address.startsWith(`${publicUrl}/view-pdf?token=`))!.replaceAll("&amp;", "&");
    await client.close();

    // The recipient: no session, only the link.
    const recipient = browser();
    const view = await recipient.open(link);
    expect(view.status).toBe(200);
    expect(view.url).toBe(link);
    expect(view.body).toContain(`請求書 ${number}`);
    const file = /href="(\/view-pdf\/file\?token=[^"]+)"/.exec(view.body)![1]!.replaceAll("&amp;", "&");
    const pdf = await recipient.request(new URL(file, publicUrl).toString());
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    await recipient.close();
    expect(diagnoses()).toEqual([]);
  });

  it("with JavaScript (Chromium): signs in, posts a form, a dialog's confirmation, a list's inline form and a multipart upload as fetches, and signs out", IN_CHROMIUM, async () => {
    const { page, posts, errors, close } = await chromiumPage();
    await page.goto(`${publicUrl}/`);
    await page.getByRole("button", { name: "銀行のログイン画面へ進む" }).click();
    await page.getByLabel("ログインID（メールアドレス）").fill("owner@demo.example");
    await page.getByLabel("パスワード").fill("demo");
    await page.getByRole("button", { name: "ログイン" }).click();
    await page.waitForURL(`${publicUrl}/top`);

    // A form: the customer's create page, posted by Remix's fetch (single fetch: `.data`).
    await openSettled(page, `${publicUrl}/customers/create`);
    await page.getByLabel("取引先名").fill("株式会社スクリプト商事");
    await page.getByRole("button", { name: "保存する" }).click();
    expect(await noticeIn(page)).toContain("取引先を保存しました。");
    expect(page.url()).toBe(`${publicUrl}/customers/list`);

    // A destructive action confirmed in a dialog: deleting that customer.
    await page.getByRole("link", { name: "株式会社スクリプト商事" }).click();
    await page.waitForURL(/\/customers\/edit\/\d+$/);
    await page.waitForLoadState("networkidle");
    await page.getByRole("link", { name: "削除" }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.getByRole("heading").textContent()).toBe("取引先「株式会社スクリプト商事」を削除しますか");
    await dialog.getByRole("button", { name: /削除/ }).click();
    expect(await noticeIn(page)).toContain("取引先を削除しました。");
    expect(page.url()).toBe(`${publicUrl}/customers/list`);

    // A list's inline form: pausing or resuming a recurring invoice. The list is served without scripts (ADR 020), so
    // it is reached from the menu of this page, which has them: the browser renders it, and its form posts by fetch.
    await page.getByTestId("drawer").getByRole("link", { name: "定期請求", exact: true }).click();
    await page.waitForURL(`${publicUrl}/billing/recurring`);
    await page.waitForLoadState("networkidle");
    const toggle = page.locator("form.recurring-inline-form button").first();
    const pressed = await toggle.textContent();
    await toggle.click();
    expect(await noticeIn(page)).toContain(pressed === "再開" ? "定期請求を再開しました。" : "定期請求を一時停止しました。");

    // A multipart upload: the items' CSV import.
    await openSettled(page, `${publicUrl}/items/csv`);
    await page.getByLabel("CSVファイル").setInputFiles({ name: "items.csv", mimeType: "text/csv", buffer: Buffer.from("品目コード,品目名,単価,税率\r\nPROXY-JS,スクリプト保守,1500,10\r\n") });
    await page.getByRole("button", { name: "取り込む" }).click();
    expect(await noticeIn(page)).toContain("CSVを取り込みました（新規1件、更新0件）。");
    expect(page.url()).toBe(`${publicUrl}/items/list`);

    // Sign-out, then the sandbox provider's own question.
    await page.getByRole("button", { name: "ログアウト" }).click();
    await page.waitForURL(new RegExp(`^${publicUrl}/sandbox/idp/default/session/end`));
    await page.getByRole("button", { name: "ログアウトを完了する" }).click();
    await page.waitForURL(`${publicUrl}/bamidp/login`);
    expect(await noticeIn(page)).toContain("ログアウトしました");

    // The forms went as the scripts' fetches to the public address, except sign-in's and sign-out's, which are documents' posts.
    expect(posts.map(({ url, by }) => `${by} ${url.replace(/\/\d+\.data/, "/N.data").replace(/interaction\/[^/]+/, "interaction/…")}`)).toEqual([
      `document ${publicUrl}/bamidp/login`,
      `document ${publicUrl}/sandbox/idp/default/interaction/…/login`,
      `fetch ${publicUrl}/customers/create.data`,
      `fetch ${publicUrl}/customers/edit/N.data`,
      `fetch ${publicUrl}/billing/recurring.data`,
      `fetch ${publicUrl}/items/csv.data`,
      `document ${publicUrl}/logout`,
      `document ${publicUrl}/sandbox/idp/default/session/end/confirm`,
    ]);
    expect(errors).toEqual([]);
    await close();
    expect(diagnoses()).toEqual([]);
  });

  it("refuses another site's form post with the cross-site page", async () => {
    const client = browser();
    const page = await client.open(`${publicUrl}/bamidp/login`);
    const refused = await client.submit(page, 'name="redirectTo"', {}, { origin: "https://evil.example" });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("別のサイトから送信されたため、処理しませんでした。");
    await client.close();
  });
});

describe("behind nginx configured wrongly: it works, and the log says what to set", () => {
  it("with nginx's defaults (the upstream's Host, only X-Forwarded-Proto): no redirect loop", async () => {
    await proxyWith(withHeaders("proxy_set_header X-Forwarded-Proto https;"));
    const client = browser();
    await signIn(client);
    await createInvoice(client, "株式会社既定値商事");
    await client.close();
    expect(diagnoses()).toEqual(["x-forwarded-for", "host"]);
    expect(server.output()).toContain("proxy_set_header Host $http_host;");
    expect(server.output()).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
  });

  it("without X-Forwarded-Proto", async () => {
    await proxyWith(withHeaders());
    const client = browser();
    await signIn(client);
    await client.close();
    expect(diagnoses()).toContain("x-forwarded-proto");
    expect(server.output()).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
  });

  it("forwarding the host without the port the browser used", async () => {
    await proxyWith(withHeaders("proxy_set_header Host $host;", "proxy_set_header X-Forwarded-Host $host;", "proxy_set_header X-Forwarded-Proto $scheme;", "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;"));
    const client = browser();
    await signIn(client);
    await createInvoice(client, "株式会社別ポート商事");
    await client.close();
  });
});

describe("behind nginx configured as the README says, with a bank's identity provider (OIDC_ISSUER)", () => {
  let bankIdp: StubIdentityProvider;
  let bankIdpServer: RunningServer;

  // The same server started again with the bank's provider instead of the sandbox, on the data its first start made.
  beforeAll(async () => {
    // The provider sends a browser back only to the callback registered for the product: its public address.
    bankIdp = await startStubIdentityProvider({ redirectUris: [`${publicUrl}/callback`] });
    await server.stop();
    bankIdpServer = await startBuiltServer({
      ...behindProxy(),
      OIDC_ISSUER: bankIdp.issuer,
      OIDC_CLIENT_ID: bankIdp.clientId,
      OIDC_CLIENT_SECRET: bankIdp.clientSecret,
      BANK_SERVICE_BASE_URL: bankIdp.bankServiceUrl,
      ID_TOKEN_ISSUERS: JSON.stringify([{ issuer: bankIdp.issuer, jwksUri: `${bankIdp.issuer}/jwks` }]),
    });
  });

  afterAll(async () => {
    await nginx?.stop();
    await bankIdpServer?.stop();
    await bankIdp?.close();
  });

  it("signs in at the provider, which sends the browser back to the callback at the public address, and signs out", IN_CHROMIUM, async () => {
    await proxyWith(documentedNginxServer(), bankIdpServer);
    const { page, posts, errors, close } = await chromiumPage();
    await page.goto(`${publicUrl}/`);
    expect(page.url()).toBe(`${publicUrl}/bamidp/login`);
    // A document post whose answer leads to another origin: the page's CSP (form-action) must allow the provider.
    await page.getByRole("button", { name: "銀行のログイン画面へ進む" }).click();
    await page.waitForURL((url) => url.toString().startsWith(`${bankIdp.issuer}/auth?`));
    expect(new URL(page.url()).searchParams.get("redirect_uri")).toBe(`${publicUrl}/callback`);
    await page.getByLabel("ログインID").fill("owner@demo.example");
    await page.getByRole("button", { name: "ログイン" }).click();
    await page.waitForURL(`${publicUrl}/top`);
    expect(await page.locator("body").textContent()).toContain("株式会社デモ商事");
    const session = (await page.context().cookies(publicUrl)).find((cookie) => cookie.name === "__session");
    expect(session?.secure).toBe(true);

    // The provider offers no end of its own session: sign-out ends here.
    await page.getByRole("button", { name: "ログアウト" }).click();
    await page.waitForURL(`${publicUrl}/bamidp/login`);
    expect(await noticeIn(page)).toContain("ログアウトしました");
    expect(posts.map(({ url }) => url.replace(/\?.*/, ""))).toEqual([`${publicUrl}/bamidp/login`, `${bankIdp.issuer}/auth`, `${publicUrl}/logout`]);
    expect(errors).toEqual([]);
    await close();
    expect(bankIdpServer.output()).not.toContain("ENOTFOUND");
    expect(diagnoses(bankIdpServer)).toEqual([]);
  });
});
