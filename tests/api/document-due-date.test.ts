import { afterEach, describe, expect, it } from "vitest";
import { documentCounters, documents, documentTotals } from "../../api/db/schema";
import { useTenantTestApi } from "../support/api";

const api = useTenantTestApi();

afterEach(async () => {
  await api.database.db.delete(documents);
  await api.database.db.delete(documentTotals);
  await api.database.db.delete(documentCounters);
});

const post = (path: string, body: unknown) => api.call(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
const invoice = (fields: Record<string, unknown>) => ({
  kind: "invoice",
  issue_date: "2026-11-23",
  customer_name: "株式会社青空商事",
  lines: [{ description: "設計作業", unit_price: "8500" }],
  ...fields,
});
const DUE_DATE_BEFORE_ISSUE = { due_date: ["支払期限は発行日以降の日付を入力してください"] };

describe("an invoice's due date", () => {
  it("is refused before the issue date, with the message on the field, and nothing is saved", async () => {
    const refused = await post("/documents", invoice({ due_date: "2026-11-22" }));
    expect(refused.status).toBe(422);
    expect((await refused.json()).fields).toEqual(DUE_DATE_BEFORE_ISSUE);
    expect((await (await api.call("/documents?kind=invoice")).json()).total).toBe(0);
  });

  it("may fall on the issue date or after it, or be left out", async () => {
    for (const due_date of ["2026-11-23", "2026-12-10", undefined]) expect((await post("/documents", invoice({ due_date }))).status).toBe(201);
  });

  it("is refused on an edit that moves the issue date past it, and the saved invoice stays as it was", async () => {
    const saved = await (await post("/documents", invoice({ due_date: "2026-12-10" }))).json();
    const edit = await post(`/documents/${saved.id}`, { ...invoice({ issue_date: "2026-12-11", due_date: "2026-12-10" }), _method: "PATCH", version: 1 });
    expect(edit.status).toBe(422);
    expect((await edit.json()).fields).toEqual(DUE_DATE_BEFORE_ISSUE);
    expect(await (await api.call(`/documents/${saved.id}`)).json()).toMatchObject({ version: 1, issue_date: "2026-11-23", due_date: "2026-12-10" });
  });
});
