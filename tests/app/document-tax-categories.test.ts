import { describe, expect, it } from "vitest";
import { action as createAction } from "~/routes/_default.invoices.create/route";
import { loader as editLoader } from "~/routes/_default.invoices.edit/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { testContext } from "../support/context";
import { shownAgain } from "../support/route-answers";

const api = useRouteTestApi();
const context = testContext();
const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

const line = (index: number, description: string, unitPrice: string, category: string) => ({
  [`lines[${index}].description`]: description,
  [`lines[${index}].quantity`]: "1",
  [`lines[${index}].unit_price`]: unitPrice,
  [`lines[${index}].tax_category`]: category,
});

async function post(fields: Record<string, string>) {
  const body = new URLSearchParams({ issue_date: "2026-11-22", customer_name: "株式会社青空商事", customer_honorific: "御中", tax_type_id: "1", ...fields });
  return createAction({ request: await signedInRequest(api, "owner", "/invoices/create", { method: "POST", body }), params: {}, context });
}

describe("tax categories on the document form", () => {
  it("recalculates without JavaScript per category, with 立替金 out of the tax and the withholding base", async () => {
    const reply = shownAgain(await post({
      intent: "recalculate",
      withholding: "on",
      ...line(0, "デザイン制作", "100000", "standard"),
      ...line(1, "お弁当", "5000", "reduced"),
      ...line(2, "印紙代", "200", "reimbursement"),
    }));
    expect(reply.status).toBe(200);
    expect(reply.data.totals).toMatchObject({
      untaxed: [{ category: "reimbursement", amount: "200" }],
      tax: "10400",
      taxIncluded: "115600",
      withholdingBase: "105000",
      withholding: "10720",
      amountDue: "104880",
    });
  });

  it("saves each category and loads it back into the edit form; an item chosen without JavaScript brings its category", async () => {
    const item = await (await api.call("/items", json({ name: "収入印紙代", unit_price: "200", tax_category: "reimbursement" }))).json();
    const saved = (await post({
      intent: "save",
      idempotency_key: crypto.randomUUID(),
      ...line(0, "輸出品", "3000", "export_exempt"),
      ...line(1, "土地の貸付", "1000", "non_taxable"),
      "lines[2].item_id": String(item.id),
      "lines[2].quantity": "1",
    })) as Response;
    const id = Number(saved.headers.get("Location")!.match(/\/invoices\/detail\/(\d+)$/)![1]);
    const edit = await editLoader({ request: await signedInRequest(api, "owner", `/invoices/edit?id=${id}`), params: {}, context });
    expect(edit.values.lines.map((entry) => [entry.description, entry.tax_category])).toEqual([
      ["輸出品", "export_exempt"],
      ["土地の貸付", "non_taxable"],
      ["収入印紙代", "reimbursement"],
    ]);
  });
});
