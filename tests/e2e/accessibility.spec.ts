import type { Page } from "@playwright/test";
import { violationsOnEach } from "./axe";
import { expect, settled, signInAsProjectCompany, signInThroughBank, test } from "./fixtures";

/** The kinds' pages, with the create form's own required fields (a receipt's 但し書き). */
const KINDS = [
  { base: "/estimates", list: "/estimates/list" },
  { base: "/delivery-slips", list: "/delivery-slips/list" },
  { base: "/invoices", list: "/invoices/list" },
  { base: "/receipts", list: "/receipts" },
] as const;

/** Makes a draft through the create form and answers its detail page's path. */
async function createDocument(page: Page, javaScript: boolean, base: string, customer: string): Promise<string> {
  await page.goto(`${base}/create`);
  await settled(page, javaScript);
  await page.getByLabel("取引先名").fill(customer);
  await page.getByLabel("1行目の品名").fill("保守作業");
  await page.getByLabel("1行目の単価").fill("30000");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ 下書き$/);
  return new URL(page.url()).pathname;
}

test.describe("accessibility (axe-core, WCAG 2.1 AA)", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  test("a company user's lists, forms and settings have no violations", async ({ page, javaScript }) => {
    test.setTimeout(180_000);
    await signInAsProjectCompany(page, javaScript);
    const paths = [
      "/top",
      ...KINDS.flatMap(({ base, list }) => [list, `${base}/create`]),
      "/customers/list",
      "/customers/create",
      "/customers/csv",
      "/items/list",
      "/items/csv",
      "/companies/list",
      "/companies/create",
      "/settings/documents",
      "/office-process-rule-templates",
      "/office-process-rule-templates/print",
      "/support/faq",
    ];
    expect(await violationsOnEach(page, javaScript, paths)).toEqual([]);
  });

  test("each kind's detail, confirmation, mail and print pages of a real document have no violations", async ({ page, javaScript }) => {
    test.setTimeout(240_000);
    await signInAsProjectCompany(page, javaScript);
    const found: string[] = [];
    for (const { base } of KINDS) {
      const detail = await createDocument(page, javaScript, base, javaScript ? "アクセシビリティ確認株式会社" : "アクセシビリティ確認ノージェイエス株式会社");
      const id = detail.split("/").pop()!;
      found.push(...(await violationsOnEach(page, javaScript, [detail, `${detail}?confirm=delete`, `${base}/mail/detail/${id}`, `${base}/snapshot/${id}`])));
    }
    expect(found).toEqual([]);
  });

  test("an issued invoice's detail page, with what its digital invoice (JP PINT) still lacks, has no violations", async ({ page, javaScript }) => {
    test.setTimeout(120_000);
    await signInAsProjectCompany(page, javaScript);
    const detail = await createDocument(page, javaScript, "/invoices", javaScript ? "デジタルインボイス確認株式会社" : "デジタルインボイス確認ノージェイエス株式会社");
    await page.getByRole("button", { name: "発行する", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ 発行済$/);
    // A customer typed by name is in no master: the section says what to fix instead of offering the download.
    const section = page.getByRole("region", { name: "デジタルインボイス（JP PINT）" });
    await expect(section.getByRole("listitem").first()).toBeVisible();
    await expect(section.getByRole("link", { name: "デジタルインボイス（JP PINT）をダウンロード" })).toHaveCount(0);
    expect(await violationsOnEach(page, javaScript, [detail])).toEqual([]);
  });

  test("an item's and a customer's edit and confirmation pages have no violations", async ({ page, javaScript }) => {
    test.setTimeout(120_000);
    // Read-only visits to 株式会社デモ商事's demo masters: the edit rows and confirmations are only looked at.
    await signInThroughBank(page, "owner@demo.example");
    await page.goto("/items/list");
    const item = (await page.getByTestId("items").getByRole("link", { name: /を編集$/ }).first().getAttribute("href"))!;
    await page.goto(item);
    const itemDelete = (await page.getByTestId("items").getByRole("link", { name: "削除する" }).getAttribute("href"))!;
    await page.goto("/customers/list");
    const customer = new URL((await page.getByTestId("customers").locator("tbody tr a").first().getAttribute("href"))!, page.url()).pathname;
    const paths = [item, itemDelete, customer, `${customer}?confirm=archive`, `${customer}?confirm=delete`];
    expect(await violationsOnEach(page, javaScript, paths)).toEqual([]);
  });

  test("the owner's user management pages have no violations", async ({ page, javaScript }) => {
    test.setTimeout(120_000);
    // 株式会社デモ商事 has users of every kind; the ones shown here are changed by no spec.
    await signInThroughBank(page, "owner@demo.example");
    const paths = ["/accounts/user/list", "/accounts/user/detail/U-DEMO-NEWHIRE", "/accounts/user/detail/U-DEMO-NEWHIRE?confirm=enable", "/accounts/change/permissions"];
    expect(await violationsOnEach(page, javaScript, paths)).toEqual([]);
  });

  test("the sign-in, error and /view-pdf pages have no violations", async ({ page, javaScript }) => {
    const paths = [
      "/bamidp/login",
      "/view-pdf",
      "/no/such/page",
      "/dev/errors/401",
      "/dev/errors/crash",
      "/dev/errors/maintenance?start=2026-11-22T16:00:00Z&end=2026-11-22T20:30:00Z",
    ];
    expect(await violationsOnEach(page, javaScript, paths)).toEqual([]);
  });

  test("the terms and support pages have no violations, signed in and public", async ({ page, javaScript }) => {
    test.setTimeout(120_000);
    await signInAsProjectCompany(page, javaScript);
    const paths = ["/support/qa", "/support/qa?q=%E5%AE%9A%E6%9C%9F%E8%AB%8B%E6%B1%82", "/support/qa?category=mail", "/terms/chohyo-term", "/terms/kokopelli-id-term", "/cookie-policy", "/legal/terms/0001", "/legal/kokopelli-id"];
    expect(await violationsOnEach(page, javaScript, paths)).toEqual([]);
  });

  test("the plan registration and account pages have no violations", async ({ page, javaScript }) => {
    test.setTimeout(120_000);
    // Read-only visits: 新規工房 is never registered by a test, and the owner's pages are only looked at.
    await signInThroughBank(page, "newcomer@demo.example");
    const found = await violationsOnEach(page, javaScript, ["/accounts/register"]);
    await page.context().clearCookies();
    await signInThroughBank(page, "owner@demo.example");
    found.push(...(await violationsOnEach(page, javaScript, ["/accounts/settings", "/accounts/register/changeplan", "/accounts/register/changeplan/confirm?plan_id=2", "/accounts/settings/unregister/confirm"])));
    expect(found).toEqual([]);
  });

  test("the receive pages (lists, forms, a demo document's detail, edit, deletion and snapshot, the 403 variants) have no violations", async ({ page, javaScript }) => {
    test.setTimeout(180_000);
    // Read-only visits to 株式会社デモ商事's demo documents; the create forms are only opened.
    await signInThroughBank(page, "user@demo.example");
    const found = await violationsOnEach(page, javaScript, ["/receive/invoices", "/receive/receipts", "/receive/others", "/receive/invoices/create", "/receive/others/create"]);
    await page.goto("/receive/invoices");
    const detail = new URL((await page.getByTestId("received-documents").locator("tbody tr a").first().getAttribute("href"))!, page.url()).pathname;
    const id = detail.split("/").pop()!;
    found.push(...(await violationsOnEach(page, javaScript, [detail, `${detail}?confirm=delete`, `/receive/invoices/edit/${id}`, `/receive/invoices/snapshot/${id}`])));
    await page.context().clearCookies();
    await signInThroughBank(page, "owner@other.example");
    found.push(...(await violationsOnEach(page, javaScript, ["/receive/invoices"])));
    await page.context().clearCookies();
    await signInThroughBank(page, "owner@shinkin.example", "0002");
    found.push(...(await violationsOnEach(page, javaScript, ["/receive/receipts"])));
    expect(found).toEqual([]);
  });

  test("the reports (each tab, a custom period and a refused one, 受取 where the bank does not offer it) have no violations", async ({ page, javaScript }) => {
    test.setTimeout(120_000);
    await signInThroughBank(page, "user@demo.example");
    const found = await violationsOnEach(page, javaScript, [
      "/reports/list",
      "/reports/list?report=receivables",
      "/reports/list?report=estimates",
      "/reports/list?report=received",
      "/reports/list?report=sales&period=custom&from=2025-04-15&to=2026-03-10",
      "/reports/list?report=sales&period=custom&from=2026-03-10&to=2025-04-15",
    ]);
    await page.context().clearCookies();
    await signInThroughBank(page, "owner@shinkin.example", "0002");
    found.push(...(await violationsOnEach(page, javaScript, ["/reports/list?report=received"])));
    expect(found).toEqual([]);
  });

  test("the admin area's companies pages have no violations", async ({ page, javaScript }) => {
    test.setTimeout(120_000);
    await signInThroughBank(page, "bankadmin@demo.example");
    const paths = ["/admin/companies/list", "/admin/companies/list?status=withdrawn", "/admin/companies/detail/C-DEMO/2026-04-01", "/admin/companies/detail/C-OTHER/2024-04-01", "/admin/no-such-page"];
    expect(await violationsOnEach(page, javaScript, paths)).toEqual([]);
  });

  test("the admin landing has no violations for bank staff", async ({ page, javaScript, signInAs }) => {
    await signInAs("bankAdmin");
    expect(await violationsOnEach(page, javaScript, ["/admin", "/dev/errors/forbidden-generic"])).toEqual([]);
  });
});
