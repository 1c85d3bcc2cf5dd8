import type { Page } from "@playwright/test";
import { violationsWithAndWithoutJavaScript } from "./axe";
import { expect, settled, signInAsOwnCompany, signInThroughBank, test } from "./fixtures";

/** The kinds' pages, with the create form's own required fields (a receipt's 但し書き). */
const KINDS = [
  { base: "/estimates", list: "/estimates/list" },
  { base: "/delivery-slips", list: "/delivery-slips/list" },
  { base: "/invoices", list: "/invoices/list" },
  { base: "/receipts", list: "/receipts" },
] as const;

/** Makes a draft through the create form and answers its detail page's path. */
async function createDocument(page: Page, base: string, customer: string): Promise<string> {
  await page.goto(`${base}/create`);
  await settled(page, true);
  await page.getByLabel("取引先名").fill(customer);
  await page.getByLabel("1行目の品名").fill("保守作業");
  await page.getByLabel("1行目の単価").fill("30000");
  await page.getByRole("button", { name: "保存する" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ 下書き$/);
  return new URL(page.url()).pathname;
}

/** Pages that need only a signed-in user to be looked at: each is a test of its own, analysed as it loads. */
const PAGES: Array<{ who: string; login: string | "project"; bank?: string; paths: string[] }> = [
  {
    who: "a company user",
    login: "project",
    paths: [
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
      "/support/qa",
      "/support/qa?q=%E5%AE%9A%E6%9C%9F%E8%AB%8B%E6%B1%82",
      "/support/qa?category=mail",
      "/terms/chohyo-term",
      "/terms/kokopelli-id-term",
      "/cookie-policy",
      "/legal/terms/0001",
      "/legal/kokopelli-id",
    ],
  },
  // 株式会社デモ商事 has users of every kind; the ones shown here are changed by no spec.
  {
    who: "the demo owner",
    login: "owner@demo.example",
    paths: [
      "/accounts/user/list",
      "/accounts/user/detail/U-DEMO-NEWHIRE",
      "/accounts/user/detail/U-DEMO-NEWHIRE?confirm=enable",
      "/accounts/change/permissions",
      "/accounts/settings",
      "/accounts/register/changeplan",
      "/accounts/register/changeplan/confirm?plan_id=2",
      "/accounts/settings/unregister/confirm",
      // The demo's invoice waiting for approval (decision 049): its decision form, and the owner's settings and audit.
      "/approvals",
      "/settings/approvals",
      "/settings/approvals?confirm=remove&kind=invoice",
      "/settings/approvals/audit",
    ],
  },
  // Read-only: 新規工房 is never registered by a test.
  { who: "a company without a plan", login: "newcomer@demo.example", paths: ["/accounts/register"] },
  {
    who: "a demo user",
    login: "user@demo.example",
    paths: [
      "/receive/invoices",
      "/receive/receipts",
      "/receive/others",
      "/receive/invoices/create",
      "/receive/others/create",
      "/reports/list",
      "/reports/list?report=receivables",
      "/reports/list?report=estimates",
      "/reports/list?report=received",
      "/reports/list?report=sales&period=custom&from=2025-04-15&to=2026-03-10",
      "/reports/list?report=sales&period=custom&from=2026-03-10&to=2025-04-15",
    ],
  },
  { who: "a company whose plan does not receive", login: "owner@other.example", paths: ["/receive/invoices"] },
  { who: "a company whose bank does not offer receiving", login: "owner@shinkin.example", bank: "0002", paths: ["/receive/receipts", "/reports/list?report=received"] },
  {
    who: "a bank admin",
    login: "bankadmin@demo.example",
    paths: [
      "/admin",
      "/dev/errors/forbidden-generic",
      "/admin/companies/list",
      "/admin/companies/list?status=withdrawn",
      "/admin/companies/detail/C-DEMO/2026-04-01",
      "/admin/companies/detail/C-OTHER/2024-04-01",
      "/admin/no-such-page",
    ],
  },
  {
    who: "a visitor",
    login: "",
    paths: [
      "/bamidp/login",
      "/view-pdf",
      "/no/such/page",
      "/dev/errors/401",
      "/dev/errors/crash",
      "/dev/errors/maintenance?start=2026-11-22T16:00:00Z&end=2026-11-22T20:30:00Z",
    ],
  },
];

/*
 * The axe walk (WCAG 2.1 AA): every page state, each a test of its own in the JavaScript-on project, analysed as React
 * leaves it and as the server sends it to a browser without JavaScript. Pages that only a flow reaches (a payment's
 * cancellation, a reminder's confirmation, a bank's reservation) are analysed in their flow's spec with the same tags.
 */
test.describe("accessibility (axe-core, WCAG 2.1 AA)", () => {
  test.use({ viewport: { width: 1280, height: 1000 } });

  for (const { who, login, bank, paths } of PAGES) {
    for (const path of paths) {
      test(`${path} for ${who}`, async ({ page }) => {
        if (login === "project") await signInAsOwnCompany(page, true);
        else if (login) await signInThroughBank(page, login, bank);
        expect(await violationsWithAndWithoutJavaScript(page, [path])).toEqual([]);
      });
    }
  }

  for (const { base } of KINDS) {
    test(`${base}: a draft's detail, deletion, mail and print pages`, async ({ page }) => {
      await signInAsOwnCompany(page, true);
      const detail = await createDocument(page, base, "アクセシビリティ確認株式会社");
      const id = detail.split("/").pop()!;
      expect(await violationsWithAndWithoutJavaScript(page, [detail, `${detail}?confirm=delete`, `${base}/mail/detail/${id}`, `${base}/snapshot/${id}`])).toEqual([]);
    });
  }

  test("an issued invoice's detail page, with what its digital invoice (JP PINT) still lacks", async ({ page }) => {
    await signInAsOwnCompany(page, true);
    const detail = await createDocument(page, "/invoices", "デジタルインボイス確認株式会社");
    await page.getByRole("button", { name: "発行する", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ 発行済$/);
    // A customer typed by name is in no master: the section says what to fix instead of offering the download.
    const section = page.getByRole("region", { name: "デジタルインボイス（JP PINT）" });
    await expect(section.getByRole("listitem").first()).toBeVisible();
    await expect(section.getByRole("link", { name: "デジタルインボイス（JP PINT）をダウンロード" })).toHaveCount(0);
    expect(await violationsWithAndWithoutJavaScript(page, [detail])).toEqual([]);
  });

  // Read-only visits to 株式会社デモ商事's demo masters: the edit rows and confirmations are only looked at.
  test("a demo item's edit row and its deletion", async ({ page }) => {
    await signInThroughBank(page, "owner@demo.example");
    await page.goto("/items/list");
    const item = (await page.getByTestId("items").getByRole("link", { name: /を編集$/ }).first().getAttribute("href"))!;
    await page.goto(item);
    const itemDelete = (await page.getByTestId("items").getByRole("link", { name: "削除する" }).getAttribute("href"))!;
    expect(await violationsWithAndWithoutJavaScript(page, [item, itemDelete])).toEqual([]);
  });

  test("a demo customer's detail, archiving and deletion", async ({ page }) => {
    await signInThroughBank(page, "owner@demo.example");
    await page.goto("/customers/list");
    const customer = new URL((await page.getByTestId("customers").locator("tbody tr a").first().getAttribute("href"))!, page.url()).pathname;
    expect(await violationsWithAndWithoutJavaScript(page, [customer, `${customer}?confirm=archive`, `${customer}?confirm=delete`])).toEqual([]);
  });

  test("a demo received invoice's detail, deletion, edit and snapshot pages", async ({ page }) => {
    // Read-only visits to 株式会社デモ商事's demo documents.
    await signInThroughBank(page, "user@demo.example");
    await page.goto("/receive/invoices");
    const detail = new URL((await page.getByTestId("received-documents").locator("tbody tr a").first().getAttribute("href"))!, page.url()).pathname;
    const id = detail.split("/").pop()!;
    expect(await violationsWithAndWithoutJavaScript(page, [detail, `${detail}?confirm=delete`, `/receive/invoices/edit/${id}`, `/receive/invoices/snapshot/${id}`])).toEqual([]);
  });
});
