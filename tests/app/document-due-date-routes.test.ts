import { beforeAll, describe, expect, it } from "vitest";
import { action as createAction, loader as createLoader } from "~/routes/_default.invoices.create/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { testContext } from "../support/context";
import { shownAgain } from "../support/route-answers";

const api = useRouteTestApi();
const context = testContext();
const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

/** 20日締め翌月10日, one customer moving to the business day before and one after. */
let before: string;
let after: string;

beforeAll(async () => {
  const customer = async (name: string, holiday_shift?: string) =>
    String((await (await api.call("/customers", json({ name, closing_day: 20, payment_month_offset: 1, payment_day: 10, holiday_shift }))).json()).id);
  before = await customer("株式会社前払");
  after = await customer("株式会社後払", "next");
});

async function post(fields: Record<string, string>) {
  const body = new URLSearchParams({ customer_name: "", customer_honorific: "御中", tax_type_id: "1", "lines[0].description": "作業", "lines[0].unit_price": "1000", "lines[0].tax_rate": "10", ...fields });
  const request = await signedInRequest(api, "owner", "/invoices/create", { method: "POST", body });
  return shownAgain(await createAction({ request, params: {}, context }));
}

describe("the invoice form's due date without JavaScript", () => {
  it("is proposed on the create page with what it was proposed from, and the page gets the holidays it needs", async () => {
    const page = await createLoader({ request: await signedInRequest(api, "owner", "/invoices/create"), params: {}, context });
    expect(page.values.due_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(page.values.due_date_basis).toBe(`${page.values.issue_date}|`);
    expect(page.dueDateRules?.calendar.holidays).toContain(`${page.values.issue_date.slice(0, 4)}-01-01`);
  });

  it.each([
    // 2027-01-10 is a Sunday and 01-11 成人の日
    ["a customer chosen, then 再計算", "recalculate", "before", false, "2027-01-08"],
    ["a customer chosen, then 検索", "find", "after", false, "2027-01-12"],
    ["a date typed since the last proposal is kept", "recalculate", "before", true, "2027-02-01"],
  ] as const)("%s", async (_, intent, customer, proposedForThisCustomer, expected) => {
    const customerId = customer === "before" ? before : after;
    const basis = `2026-11-21|${proposedForThisCustomer ? customerId : ""}`;
    const reply = await post({ intent, issue_date: "2026-11-21", customer_id: customerId, due_date: "2027-02-01", due_date_basis: basis });
    expect(reply.status).toBe(200);
    expect(reply.data.result.initialValue).toMatchObject({ due_date: expected, due_date_basis: `2026-11-21|${customerId}` });
  });

  it("is proposed again when the issue date changes, even over a typed date", async () => {
    const reply = await post({ intent: "recalculate", issue_date: "2026-11-20", customer_id: before, due_date: "2027-02-01", due_date_basis: `2026-11-21|${before}` });
    expect(reply.data.result.initialValue).toMatchObject({ due_date: "2026-12-10", due_date_basis: `2026-11-20|${before}` });
  });

  it("refuses a due date before the issue date beside the field, keeping what was typed", async () => {
    const reply = await post({ intent: "save", idempotency_key: crypto.randomUUID(), issue_date: "2026-11-21", customer_name: "株式会社前払", due_date: "2026-11-20", subject: "11月分" });
    expect(reply.status).toBe(400);
    expect(reply.data.result.error).toMatchObject({ due_date: ["支払期限は発行日以降の日付を入力してください"] });
    expect(reply.data.result.initialValue).toMatchObject({ due_date: "2026-11-20", subject: "11月分" });
    expect((await (await api.call("/documents?kind=invoice")).json()).total).toBe(0);
  });
});
