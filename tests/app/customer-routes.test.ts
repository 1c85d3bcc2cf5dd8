import { describe, expect, it } from "vitest";
import { action as createAction } from "~/routes/_default.customers.create/route";
import { action as editAction, loader as editLoader } from "~/routes/_default.customers.edit.$id/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { createCustomer } from "../support/factories";
import { countingContext, testContext } from "../support/context";
import { shownAgain } from "../support/route-answers";

const api = useRouteTestApi();
const context = testContext();

const customerNamed = async (name: string, as: "owner" | "shinkinOwner" = "owner"): Promise<number> => (await createCustomer(api, { name }, as)).id;

/** The edit page's action, posted `fields` by the owner at `path` (the edit page, or its confirmation). */
const postEdit = async (id: number, path: string, fields: Record<string, string>) =>
  editAction({ request: await signedInRequest(api, "owner", path, { method: "POST", body: new URLSearchParams(fields) }), params: { id: String(id) }, context });

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
    for (const intent of ["delete", "archive"]) {
      expect(await thrownStatus(() => postEdit(theirs, `/customers/edit/${theirs}`, { intent, confirmed: "yes" }))).toBe(404);
    }
    expect((await api.call(`/customers/${theirs}`, { as: "shinkinOwner" })).status).toBe(200);
  });

  it.each(["delete", "archive"])("asks before it will %s: a post without confirmed=yes changes nothing and goes to the confirmation", async (intent) => {
    const id = await customerNamed(`確認前の取引先（${intent}）`);
    const path = `/customers/edit/${id}`;
    // An old page's post carried the form's fields with the intent; without the confirmation's answer nothing happens.
    const answer = (await postEdit(id, path, { intent, version: "1", name: "書き換えた名前" })) as Response;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`${path}?confirm=${intent}`);
    const customer = await (await api.call(`/customers/${id}`)).json();
    expect(customer).toMatchObject({ name: `確認前の取引先（${intent}）`, archived_at: null });

    const page = await editLoader({ request: await signedInRequest(api, "owner", `${path}?confirm=${intent}`), params: { id: String(id) }, context });
    expect(page).toMatchObject({ id, confirm: intent, defaultValue: { name: `確認前の取引先（${intent}）` } });
  });

  it("archives and deletes once confirmed, back to the list with the notice", async () => {
    const archived = await customerNamed("アーカイブする取引先");
    const deleted = await customerNamed("削除する取引先");
    const post = async (id: number, intent: string) => (await postEdit(id, `/customers/edit/${id}?confirm=${intent}`, { intent, confirmed: "yes" })) as Response;
    expect((await post(archived, "archive")).headers.get("Location")).toBe("/customers/list");
    expect((await (await api.call(`/customers/${archived}`)).json()).archived_at).not.toBeNull();
    expect((await post(deleted, "delete")).headers.get("Location")).toBe("/customers/list");
    expect((await api.call(`/customers/${deleted}`)).status).toBe(404);
  });

  it("says why a customer in use cannot be deleted, with the form showing the saved customer and its archive button", async () => {
    const id = await customerNamed("書類のある取引先");
    const invoice = await api.call("/documents", {
      method: "POST",
      body: JSON.stringify({ kind: "invoice", issue_date: "2026-11-22", customer_id: id, customer_name: "書類のある取引先", lines: [{ description: "作業", unit_price: "1000" }] }),
      headers: { "Content-Type": "application/json" },
    });
    expect(invoice.status).toBe(201);
    const result = shownAgain(await postEdit(id, `/customers/edit/${id}?confirm=delete`, { intent: "delete", confirmed: "yes" }));
    expect(result.status).toBe(409);
    expect(result.data.error?.[""]).toEqual(["この取引先は書類で使われているため削除できません。一覧に表示しないようにするには「アーカイブする」を使ってください。"]);
    // The confirmation posts no fields: no values in the answer, so the form shows the saved customer rather than empty fields.
    expect(result.data.initialValue).toBeNull();
    expect((await api.call(`/customers/${id}`)).status).toBe(200);
  });
});

describe("customer create page", () => {
  it("refuses a wrong Peppol ID beside its field in Japanese, keeping what was typed, and saves a right one as scheme:identifier", async () => {
    const post = async (peppol_id: string) =>
      createAction({ request: await signedInRequest(api, "owner", "/customers/create", { method: "POST", body: new URLSearchParams({ name: "株式会社ペポル", peppol_id }) }), params: {}, context });
    const refused = (await post("0188:7000012050003")) as unknown as { init: { status: number }; data: { error: Record<string, string[]>; initialValue: Record<string, string> } };
    expect(refused.init.status).toBe(400);
    expect(refused.data.error.peppol_id).toEqual(["Peppol IDの番号が正しくありません（チェックデジットが一致しません）"]);
    expect(refused.data.initialValue.peppol_id).toBe("0188:7000012050003");
    expect(((await post("Ｔ７０００－０１２０５－０００２")) as Response).status).toBe(302);
    const saved = (await (await api.call("/customers?q=ペポル")).json()).items[0];
    expect(saved.peppol_id).toBe("0221:T7000012050002");
  });
});

describe("customer save (issue 35 item 5)", () => {
  it("is one write call", async () => {
    const id = await customerNamed("一度で保存する取引先");
    const { context: counting, calls } = countingContext();
    const request = await signedInRequest(api, "owner", `/customers/edit/${id}`, { method: "POST", body: new URLSearchParams({ version: "1", name: "一度で保存した取引先", honorific: "御中" }) });
    expect(((await editAction({ request, params: { id: String(id) }, context: counting })) as Response).status).toBe(302);
    expect(calls).toEqual([`POST /customers/${id}`]);
  });
});
