import { describe, expect, it } from "vitest";
import { action as editAction, loader as editLoader } from "~/routes/_default.customers.edit.$id";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { createCustomer } from "../support/factories";

const api = useRouteTestApi();
const context = { traceId: "test-trace" } as never;

const customerNamed = async (name: string, as: "owner" | "shinkinOwner" = "owner"): Promise<number> => (await createCustomer(api, { name }, as)).id;

/** The status a route threw: a Response, or Remix's data() with its init (what the error boundary reads). */
const thrownStatus = (run: () => Promise<unknown>) =>
  run().then(
    () => null,
    (thrown: unknown) => (thrown instanceof Response ? thrown.status : (thrown as { init?: { status?: number } }).init?.status),
  );

describe("customer edit page", () => {
  it("answers another company's customer as not found, both to read and to change", async () => {
    const theirs = await customerNamed("しんきんの取引先", "shinkinOwner");
    const params = { id: String(theirs) };
    const read = await thrownStatus(async () => editLoader({ request: await signedInRequest(api, "owner", `/customers/edit/${theirs}`), params, context }));
    expect(read).toBe(404);
    const form = new URLSearchParams({ intent: "delete", version: "1", name: "しんきんの取引先" });
    const change = await thrownStatus(async () => editAction({ request: await signedInRequest(api, "owner", `/customers/edit/${theirs}`, { method: "POST", body: form }), params, context }));
    expect(change).toBe(404);
    expect((await api.call(`/customers/${theirs}`, { as: "shinkinOwner" })).status).toBe(200);
  });

  it("says why a customer in use cannot be deleted, keeping the form and its archive button", async () => {
    const id = await customerNamed("書類のある取引先");
    const invoice = await api.call("/documents", {
      method: "POST",
      body: JSON.stringify({ kind: "invoice", issue_date: "2026-11-22", customer_id: id, customer_name: "書類のある取引先", lines: [{ description: "作業", unit_price: "1000" }] }),
      headers: { "Content-Type": "application/json" },
    });
    expect(invoice.status).toBe(201);
    const form = new URLSearchParams({ intent: "delete", version: "1", name: "書類のある取引先", department: "経理部" });
    const result = (await editAction({ request: await signedInRequest(api, "owner", `/customers/edit/${id}`, { method: "POST", body: form }), params: { id: String(id) }, context })) as unknown as {
      init: { status: number };
      data: { error: Record<string, string[]>; initialValue: Record<string, string> };
    };
    expect(result.init.status).toBe(409);
    expect(result.data.error[""]).toEqual(["この取引先は書類で使われているため削除できません。一覧に表示しないようにするには「アーカイブする」を使ってください。"]);
    expect(result.data.initialValue).toMatchObject({ name: "書類のある取引先", department: "経理部" });
  });
});
