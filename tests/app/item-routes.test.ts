import { describe, expect, it } from "vitest";
import { action as itemsAction, loader as itemsLoader } from "~/routes/_default.items.list/route";
import { action as deleteAction, loader as deleteLoader } from "~/routes/_default.items.delete.$id/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { createItem } from "../support/factories";
import { countingContext, testContext } from "../support/context";

const api = useRouteTestApi();
const context = testContext();

const postTo = async (run: typeof itemsAction, path: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
  (await run({
    request: await signedInRequest(api, "owner", path, { method: "POST", body: new URLSearchParams(fields) }),
    params,
    context,
  })) as Response;

describe("item list: deleting asks first", () => {
  it("a delete posted to the list changes nothing and goes to the question, keeping the list's search, sort and page", async () => {
    const { id } = await createItem(api, { code: "DEL-1", name: "確認前の品目" });
    // An old page's post carried the row's fields with the intent; it is asked about, not carried out.
    const answer = await postTo(itemsAction, `/items/list?q=%E7%A2%BA%E8%AA%8D&sort=name&order=desc&page=2&edit=${id}`, {
      intent: "delete",
      id: String(id),
      version: "1",
      name: "確認前の品目",
    });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/items/delete/${id}?q=%E7%A2%BA%E8%AA%8D&sort=name&order=desc&page=2`);
    expect((await api.call(`/items/${id}`)).status).toBe(200);
  });

  it("the question names the item and goes back to the list with its row being edited", async () => {
    const { id } = await createItem(api, { code: "DEL-2", name: "確認する品目" });
    const page = await deleteLoader({
      request: await signedInRequest(api, "owner", `/items/delete/${id}?q=DEL&sort=code&order=asc&page=1`),
      params: { id: String(id) },
      context,
    });
    expect(page).toEqual({
      backTo: `/items/list?q=DEL&sort=code&order=asc&page=1&edit=${id}`,
      words: { title: "品目「確認する品目」を削除しますか", body: expect.stringContaining("作成済みの書類の明細はそのまま残ります"), button: "削除する" },
    });
  });

  it("a post to the question without confirmed=yes changes nothing and asks again", async () => {
    const { id } = await createItem(api, { code: "DEL-3", name: "まだ残る品目" });
    const answer = await postTo(deleteAction, `/items/delete/${id}?q=&sort=code&order=asc&page=1`, { intent: "delete" }, { id: String(id) });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/items/delete/${id}?q=&sort=code&order=asc&page=1`);
    expect((await api.call(`/items/${id}`)).status).toBe(200);
  });

  it("deletes once confirmed and goes back to the list with the same query, without the row", async () => {
    const { id } = await createItem(api, { code: "DEL-4", name: "削除する品目" });
    const answer = await postTo(
      deleteAction,
      `/items/delete/${id}?q=DEL&sort=code&order=asc&page=1`,
      { intent: "delete", confirmed: "yes" },
      { id: String(id) },
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/items/list?q=DEL&sort=code&order=asc&page=1");
    expect((await api.call(`/items/${id}`)).status).toBe(404);
  });

  it("another company's item cannot be asked about or deleted", async () => {
    const { id } = await createItem(api, { code: "DEL-5", name: "他社からは見えない品目" });
    const other = async (init?: RequestInit) => signedInRequest(api, "shinkinOwner", `/items/delete/${id}`, init);
    await expect(deleteLoader({ request: await other(), params: { id: String(id) }, context })).rejects.toMatchObject({ init: { status: 404 } });
    await expect(
      deleteAction({
        request: await other({ method: "POST", body: new URLSearchParams({ intent: "delete", confirmed: "yes" }) }),
        params: { id: String(id) },
        context,
      }),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect((await api.call(`/items/${id}`)).status).toBe(200);
  });
});

describe("item save (issue 35 item 5)", () => {
  it("is one write call", async () => {
    const { context: counting, calls } = countingContext();
    const request = await signedInRequest(api, "owner", "/items/list", {
      method: "POST",
      body: new URLSearchParams({ intent: "create", code: "ONE-1", name: "一度で保存する品目", unit_price: "100", tax_category: "standard" }),
    });
    expect(((await itemsAction({ request, params: {}, context: counting })) as Response).status).toBe(302);
    expect(calls).toEqual(["POST /items"]);
  });
});

describe("item list: the loader's data (decision 020)", () => {
  it("gives each row as the list shows it, and the form's values only for the row being edited", async () => {
    const { id } = await createItem(api, { code: "ROW-1", name: "一覧の品目", unit: "箱", unit_price: "1980", tax_rate: 8 });
    const load = async (query: string) => itemsLoader({ request: await signedInRequest(api, "owner", `/items/list?q=ROW-1${query}`), params: {}, context });
    const page = await load("");
    expect(page.title).toBe("品目");
    expect(page.csvLink).toBe("CSVの入出力");
    // Without a row being edited the rows are HTML as the list shows them (testContext: a data request; a page load's
    // render gets it instead, as the detail's copy), not data.
    expect(page.result).toMatchObject({ items: null, shown: 1, total: 1 });
    expect(page.rowsHtml).toMatch(/^<tr><td class="table__nowrap">ROW-1<\/td><td>一覧の品目<\/td><td data-label="単位">箱<\/td><td class="table__number" data-label="単価">1,980円<\/td><td data-label="税率・税区分">8%（軽減税率）<\/td><td class="table__nowrap" data-label="更新日">\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}<\/td>/);
    expect(page.rowsHtml).toContain(`<a href="/items/list?q=ROW-1&amp;sort=code&amp;order=asc&amp;page=1&amp;edit=${id}" aria-label="一覧の品目を編集" data-discover="true">編集</a>`);
    const renderedHtml = new Map<string, string>();
    const pageLoad = await itemsLoader({ request: await signedInRequest(api, "owner", "/items/list?q=ROW-1"), params: {}, context: testContext({ renderedHtml }) });
    expect(pageLoad.rowsHtml).toBeNull();
    expect(renderedHtml.get("item-rows")).toBe(page.rowsHtml);
    expect(page.editing).toBeNull();
    // The row being edited is a form among the rows: the rows then come as data.
    const editing = await load(`&edit=${id}`);
    expect(editing.editing).toEqual({ id, version: 1, code: "ROW-1", name: "一覧の品目", unit: "箱", unit_price: "1980", tax_category: "reduced" });
    expect(editing.rowsHtml).toBeNull();
    expect(editing.result.items).toEqual([{ id, code: "ROW-1", name: "一覧の品目", unit: "箱", unitPrice: "1,980", taxCategory: "8%（軽減税率）", updatedAt: expect.stringMatching(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/) }]);
    // A row not on the page is not edited.
    expect((await load(`&edit=${id + 1000}`)).editing).toBeNull();
  });
});
