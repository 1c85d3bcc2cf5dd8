import { describe, expect, it } from "vitest";
import { action as itemsAction, loader as itemsLoader } from "~/routes/_default.items.list";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { createItem } from "../support/factories";

const api = useRouteTestApi();
const context = { traceId: "test-trace" } as never;

const post = async (path: string, fields: Record<string, string>) =>
  (await itemsAction({
    request: await signedInRequest(api, "owner", path, { method: "POST", body: new URLSearchParams(fields) }),
    params: {},
    context,
  })) as Response;

describe("item list: deleting asks first", () => {
  it("a delete without confirmed=yes changes nothing and goes to the confirmation, keeping the list's query and the row", async () => {
    const { id } = await createItem(api, { code: "DEL-1", name: "確認前の品目" });
    const list = `/items/list?q=%E7%A2%BA%E8%AA%8D&sort=name&order=desc&page=1&edit=${id}`;
    // An old page's post carried the row's fields with the intent; without the confirmation's answer nothing happens.
    const answer = await post(list, { intent: "delete", id: String(id), version: "1", name: "確認前の品目" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`${list}&confirm=delete`);
    expect((await api.call(`/items/${id}`)).status).toBe(200);

    const page = await itemsLoader({ request: await signedInRequest(api, "owner", `${list}&confirm=delete`), params: {}, context });
    expect(page.confirmDelete).toEqual({ id, name: "確認前の品目" });
    expect(page.editId).toBe(id);
  });

  it("a confirmation asked for a row the list does not show is no confirmation", async () => {
    const { id } = await createItem(api, { code: "DEL-2", name: "別の検索の品目" });
    const page = await itemsLoader({ request: await signedInRequest(api, "owner", `/items/list?q=not-there&edit=${id}&confirm=delete`), params: {}, context });
    expect(page.confirmDelete).toBeNull();
  });

  it("deletes once confirmed and goes back to the list with the same query, without the row or the question", async () => {
    const { id } = await createItem(api, { code: "DEL-3", name: "削除する品目" });
    const answer = await post(`/items/list?q=DEL&sort=code&order=asc&page=1&edit=${id}&confirm=delete`, { intent: "delete", id: String(id), confirmed: "yes" });
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/items/list?q=DEL&sort=code&order=asc&page=1");
    expect((await api.call(`/items/${id}`)).status).toBe(404);
  });
});
