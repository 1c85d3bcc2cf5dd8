import type { ActionFunctionArgs } from "@remix-run/node";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { action as companyAction } from "~/routes/_default.companies.create/route";
import { action as customerCreateAction } from "~/routes/_default.customers.create/route";
import { action as invoiceCreateAction } from "~/routes/_default.invoices.create/route";
import { action as invoiceListAction, loader as invoiceListLoader } from "~/routes/_default.invoices.list/route";
import { loader as viewPdfFileLoader } from "~/routes/view-pdf.file/route";
import { action as estimateCreateAction } from "~/routes/_default.estimates.create/route";
import { action as itemsAction } from "~/routes/_default.items.list/route";
import { action as officeRulesAction } from "~/routes/_default.office-process-rule-templates/route";
import { action as documentSettingsAction } from "~/routes/_default.settings.documents/route";
import { loader as signInLoader } from "~/routes/_plain.bamidp.login/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { days, issued } from "../support/issued";
import { testContext } from "../support/context";

const api = useRouteTestApi();
const context = testContext();

type Thrown = { init: { status: number } | null; data: { message?: string } };

/** What a loader or action threw (the error screen's payload), or what it answered. */
async function outcome(run: () => Promise<unknown>): Promise<{ status: number; message?: string }> {
  try {
    const answered = (await run()) as Thrown | Response;
    return { status: answered instanceof Response ? answered.status : (answered.init?.status ?? 200) };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status };
    const { init, data } = thrown as Thrown;
    return { status: init?.status ?? 500, message: data?.message };
  }
}

const count = async (path: string) => (await (await api.call(path)).json()).total as number;

describe("a form post too large to be a form is refused before anything is built from it", () => {
  it.each([
    ["an invoice line at index 1,000,000", "/invoices/create", invoiceCreateAction, "intent=save&lines[1000000].description=x"],
    ["an estimate line at index 100", "/estimates/create", estimateCreateAction, "intent=save&lines[100][description]=x"],
    ["a bank account at index 3,000", "/companies/create", companyAction, "company_name=x&company_bank_accounts[3000].bank_name=x"],
  ])("%s: 413 with a Japanese message", async (_case, path, action, body) => {
    const request = await signedInRequest(api, "owner", path, {
      method: "POST",
      body,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(await outcome(() => action({ request, params: {}, context }))).toEqual({
      status: 413,
      message: "入力項目が多すぎます。明細などの行は100行まで入力できます。",
    });
  });

  it("refuses more fields than any form has", async () => {
    const body = Array.from({ length: 3_001 }, (_, index) => `f${index}=x`).join("&");
    const request = await signedInRequest(api, "owner", "/customers/create", { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect((await outcome(() => customerCreateAction({ request, params: {}, context }))).status).toBe(413);
  });
});

describe("text no field can hold is refused with a message, and nothing is saved", () => {
  it.each([
    ["NUL", "株式会社\u0000試験"],
    ["an escape character", "\u001b[31m株式会社試験"],
  ])("%s in a customer's name: 400", async (_case, name) => {
    const before = await count("/customers");
    const request = await signedInRequest(api, "owner", "/customers/create", { method: "POST", body: new URLSearchParams({ name }) });
    expect(await outcome(() => customerCreateAction({ request, params: {}, context }))).toEqual({
      status: 400,
      message: "使用できない文字（制御文字など）が含まれています。入力内容をご確認ください。",
    });
    expect(await count("/customers")).toBe(before);
  });

  it("a NUL in a list's search words: 400 from the API, shown as the error screen with its message", async () => {
    const request = await signedInRequest(api, "owner", "/invoices/list?q=%00");
    expect(await outcome(() => invoiceListLoader({ request, params: {}, context }))).toEqual({
      status: 400,
      message: "使用できない文字（制御文字など）が含まれています。入力内容をご確認ください。",
    });
  });
});

describe("what the attack of issue 29 found answers 4xx with a message, never 500", () => {
  it.each([["0"], ["abc"], ["1e308"], ["-1"]])("tax_type_id=%s on the invoice form's save: 400 beside the field, nothing saved", async (taxType) => {
    const before = await count("/documents?kind=invoice");
    const fields = { ...FORMS[1]!.fields, tax_type_id: taxType, idempotency_key: `tax-type-${taxType}-0001` };
    const request = await signedInRequest(api, "owner", "/invoices/create", { method: "POST", body: new URLSearchParams(fields) });
    const answer = (await invoiceCreateAction({ request, params: {}, context })) as { init: { status: number } | null; data: { result: { error?: Record<string, string[]> } } };
    expect(answer.init?.status).toBe(400);
    expect(answer.data.result.error?.tax_type_id?.[0]).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    expect(await count("/documents?kind=invoice")).toBe(before);
  });

  it.each([["1e308"], ["99999999999"], ["-1"], ["abc"]])("ids=%s in the list's bulk status change: back to the list with a message", async (id) => {
    const request = await signedInRequest(api, "owner", "/invoices/list", { method: "POST", body: new URLSearchParams({ ids: id, status: "2" }) });
    const answer = (await invoiceListAction({ request, params: {}, context })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/invoices/list");
  });

  it.each([["empty", ""], ["NUL", "%00"], ["5,000 characters", "x".repeat(5000)]])("the recipients' PDF with a token %s: not found", async (_case, token) => {
    const request = new Request(`http://localhost/view-pdf/file?token=${token}`);
    expect((await outcome(() => viewPdfFileLoader({ request, params: {}, context }))).status).toBe(404);
  });
});

describe("a list left empty by its address says why", () => {
  const list = async (query: string) =>
    (await invoiceListLoader({ request: await signedInRequest(api, "owner", `/invoices/list?${query}`), params: {}, context })) as unknown as {
      page: { items: unknown[]; total: number };
      emptyBecause: string | null;
    };

  it("a period that ends before it starts, a page past the last, and neither when nothing matches", async () => {
    await issued(api, { issue_date: days(-3), customer_name: "株式会社空の一覧", amount: 1000 });
    expect(await list("issued_from=2026-11-30&issued_to=2026-11-01")).toMatchObject({ page: { items: [] }, emptyBecause: "reversedPeriod" });
    const pastEnd = await list("page=999");
    expect(pastEnd.page.items).toEqual([]);
    expect(pastEnd.page.total).toBeGreaterThan(0);
    expect(pastEnd.emptyBecause).toBe("pastEnd");
    expect((await list("q=どこにもない取引先")).emptyBecause).toBeNull();
    expect((await list("")).emptyBecause).toBeNull();
  });
});

describe("a body that is not a form reads as an empty one: the page answers with its own messages", () => {
  it.each([
    ["JSON", "application/json", JSON.stringify({ name: "x" })],
    ["plain text", "text/plain", "name=x"],
    ["multipart without a boundary", "multipart/form-data", "name=x"],
  ])("%s posted to the customer form: 400, nothing saved", async (_case, contentType, body) => {
    const before = await count("/customers");
    const request = await signedInRequest(api, "owner", "/customers/create", { method: "POST", body, headers: { "Content-Type": contentType } });
    expect((await outcome(() => customerCreateAction({ request, params: {}, context }))).status).toBe(400);
    expect(await count("/customers")).toBe(before);
  });
});

describe("a signed-in visitor sent to the sign-in page is returned only to a path of this site", () => {
  it.each([["%2F.%2F%2Fevil.example"], ["/..//evil.example"], ["/%2e//evil.example"], ["/a/..//evil.example"], ["//evil.example"], ["https://evil.example/"]])(
    "redirectTo=%s goes to /top",
    async (target) => {
      const request = await signedInRequest(api, "owner", `/bamidp/login?redirectTo=${target}`);
      const thrown = (await signInLoader({ request, params: {}, context }).catch((response: Response) => response)) as Response;
      expect(thrown.status).toBe(302);
      expect(thrown.headers.get("Location")).toBe("/top");
    },
  );

  it("keeps a path of this site", async () => {
    const request = await signedInRequest(api, "owner", "/bamidp/login?redirectTo=%2Finvoices%2Flist%3Fpage%3D2");
    const thrown = await signInLoader({ request, params: {}, context }).catch((response: Response) => response);
    expect((thrown as Response).headers.get("Location")).toBe("/invoices/list?page=2");
  });
});

type RouteAction = (args: ActionFunctionArgs) => Promise<unknown>;

/** Each form with the fields it posts, filled as a user would, so a run gets past the first check. */
const FORMS: Array<{ path: string; action: RouteAction; fields: Record<string, string> }> = [
  { path: "/customers/create", action: customerCreateAction, fields: { name: "株式会社ファズ", name_kana: "ファズ", email: "a@example.jp", closing_day: "20", payment_month: "1", payment_day: "10", holiday_shift: "previous" } },
  {
    path: "/invoices/create",
    action: invoiceCreateAction,
    fields: { intent: "save", customer_name: "株式会社ファズ", issue_date: "2026-11-23", due_date: "2026-12-10", "lines[0].description": "作業", "lines[0].unit_price": "100", "lines[0].quantity": "1", "lines[0].tax_category": "standard", tax_type_id: "1", idempotency_key: "fuzz-key-0001" },
  },
  { path: "/items/list", action: itemsAction, fields: { intent: "create", code: "F-1", name: "品目", unit_price: "100", tax_category: "standard" } },
  { path: "/office-process-rule-templates", action: officeRulesAction, fields: { version: "0", kind: "corporation", company_name: "株式会社", responsible_title: "代表", responsible_name: "山田", effective_date: "2026-11-01" } },
  { path: "/settings/documents?kind=invoice", action: documentSettingsAction, fields: { kind: "invoice", version: "0", title: "請求書", due_date_rule: "end_of_next_month" } },
];

describe("fuzzing every form's fields (seeded, bounded)", () => {
  it("never ends in a 500", async () => {
    const value = fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.constantFrom("1e308", "-99999999999", "9".repeat(40), "NaN", "", "2026-02-30", "１２３", "\u0000", "lines[0]"),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FORMS), fc.nat(), value, async ({ path, action, fields }, pick, nasty) => {
        const names = Object.keys(fields);
        const name = names[pick % names.length]!;
        const request = await signedInRequest(api, "owner", path, { method: "POST", body: new URLSearchParams({ ...fields, [name]: nasty }) });
        const { status } = await outcome(() => action({ request, params: {}, context }));
        expect(status, `${path} ${name}=${JSON.stringify(nasty)}`).toBeLessThan(500);
      }),
      { seed: 20261123, numRuns: 120 },
    );
  }, 120_000);
});
