import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FormBrowser, type Page } from "../support/form-browser";
import { documentedNginxServer, selfSignedCertificate, startNginx, type RunningNginx } from "../support/nginx";
import { freePort, startBuiltServer, type RunningServer } from "../support/server-process";

/**
 * The product as a bank runs it: the built server behind Debian's nginx
 * terminating TLS, at a PUBLIC_URL whose name only the test's client resolves
 * (to 127.0.0.1), as a server behind a proxy often cannot resolve its public
 * name. One server; nginx is started again for each configuration.
 */
const PUBLIC_HOST = "chohyo.bank.example";
let folder: string;
let tls: ReturnType<typeof selfSignedCertificate>;
let proxyPort: number;
let publicUrl: string;
let server: RunningServer;
let nginx: RunningNginx | undefined;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "chohyo-proxy-"));
  tls = selfSignedCertificate(folder, PUBLIC_HOST);
  proxyPort = await freePort();
  publicUrl = `https://${PUBLIC_HOST}:${proxyPort}`;
  // What the issue's trial set; the session cookie is Secure, as PUBLIC_URL is https.
  server = await startBuiltServer({ PUBLIC_URL: publicUrl, TRUST_PROXY: "1", COOKIE_SECURE: "true" });
});

afterAll(async () => {
  await nginx?.stop();
  await server?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** nginx in front with this server block (the README's, or a variant), on the test's port, certificate and upstream. */
async function proxyWith(serverBlock: string) {
  await nginx?.stop();
  nginx = await startNginx(
    folder,
    serverBlock
      .replace("listen 8443 ssl;", `listen 127.0.0.1:${proxyPort} ssl;`)
      .replace("/etc/nginx/tls/chohyo.crt", tls.certificate)
      .replace("/etc/nginx/tls/chohyo.key", tls.key)
      .replace("http://127.0.0.1:3112", `http://127.0.0.1:${new URL(server.baseUrl).port}`),
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

const diagnoses = () => [...server.output().matchAll(/"proxyDiagnosis":"([^"]+)"/g)].map((match) => match[1]);

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
