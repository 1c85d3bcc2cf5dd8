import { beforeEach, describe, expect, it } from "vitest";
import { items } from "../../api/db/schema";
import { useTenantTestApi } from "../support/api";
import { itemAnswer, itemPageAnswer } from "../../domain/master-data-answers";
import { createItem } from "../support/factories";

const api = useTenantTestApi();

beforeEach(async () => {
  await api.database.db.delete(items);
});

const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

// Each answer is read with the contract the web app parses with (domain/master-data-answers.ts).
const create = async (fields: Record<string, unknown>, as: "owner" | "shinkinOwner" = "owner") => itemAnswer.parse(await createItem(api, fields, as));

const namesOf = async (query: string) => itemPageAnswer.parse(await (await api.call(`/items${query}`)).json()).items.map((item) => item.name);

describe("items", () => {
  it("keeps a decimal unit price exactly and normalises what was typed", async () => {
    const item = await create({ code: "ＡＢ－０１", name: "設計作業", unit: "時間", unit_price: "１，２３４．５６７８", tax_rate: "8" });
    expect(item).toMatchObject({ code: "AB-01", name: "設計作業", unit: "時間", unit_price: "1234.5678", tax_rate: 8, version: 1 });
    // As sent, before the contract drops what it does not name.
    expect(await createItem(api, { name: "検索キーなし" })).not.toHaveProperty("search_key");
    expect((await create({ unit_price: "0.1" })).unit_price).toBe("0.1");
    expect((await create({ unit_price: "-300", name: "値引" })).unit_price).toBe("-300");
    expect((await create({ name: "税率未指定" })).tax_rate).toBe(10);
  });

  it("takes a tax category, or reads the legacy tax rate as one", async () => {
    expect(await create({ name: "印紙代", tax_category: "reimbursement" })).toMatchObject({ tax_category: "reimbursement", tax_rate: 0 });
    expect(await create({ name: "切手", tax_rate: 0 })).toMatchObject({ tax_category: "non_taxable", tax_rate: 0 });
    expect(await create({ name: "お茶", tax_rate: "8" })).toMatchObject({ tax_category: "reduced", tax_rate: 8 });
    expect(await create({ name: "指定なし" })).toMatchObject({ tax_category: "standard", tax_rate: 10 });
    const refused = await api.call("/items", json({ name: "誤り", unit_price: "1", tax_category: "zero" }));
    expect(refused.status).toBe(422);
    expect((await refused.json()).fields).toEqual({ tax_category: ["形式が正しくありません"] });
  });

  it("answers bad input with 422 and Japanese messages per field", async () => {
    const response = await api.call("/items", json({ name: "", unit_price: "1.23456", tax_rate: "5" }));
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toEqual({
      name: ["このフィールドは必須です"],
      unit_price: ["単価は整数10桁・小数4桁までの数値で入力してください"],
      tax_rate: ["形式が正しくありません"],
    });
    expect((await (await api.call("/items", json({ name: "単価なし" }))).json()).fields).toEqual({ unit_price: ["このフィールドは必須です"] });
  });

  it("refuses a code the company already uses, beside the code field; another company may use it", async () => {
    await create({ code: "A-1" });
    const duplicate = await api.call("/items", json({ code: "Ａ-1", name: "別の品目", unit_price: "1" }));
    expect(duplicate.status).toBe(422);
    expect((await duplicate.json()).fields).toEqual({ code: ["この品目コードはすでに使われています"] });
    await create({ code: "A-1" }, "shinkinOwner");
    await create({ code: "" });
    await create({ code: "" });
  });

  it("finds items by code or name whatever the width or kana type typed, sorts and pages", async () => {
    await create({ code: "B-2", name: "ボールペン", unit_price: "120" });
    await create({ code: "A-1", name: "コピー用紙", unit_price: "500" });
    await create({ code: "C-3", name: "ﾌｧｲﾙ", unit_price: "1000.5" });
    expect(await namesOf("?q=ぼーるぺん")).toEqual(["ボールペン"]);
    expect(await namesOf("?q=ファイル")).toEqual(["ﾌｧｲﾙ"]);
    expect(await namesOf("?q=ａ－１")).toEqual(["コピー用紙"]);
    expect(await namesOf("?q=zz")).toEqual([]);
    expect(await namesOf("?sort=code")).toEqual(["コピー用紙", "ボールペン", "ﾌｧｲﾙ"]);
    // Numeric order, not text order: 1000.5 after 500.
    expect(await namesOf("?sort=unit_price&order=desc")).toEqual(["ﾌｧｲﾙ", "コピー用紙", "ボールペン"]);
    const page = itemPageAnswer.parse(await (await api.call("/items?sort=code&per_page=2&page=2")).json());
    expect(page).toMatchObject({ total: 3, page: 2, per_page: 2 });
    expect(page.items.map((item) => item.name)).toEqual(["ﾌｧｲﾙ"]);
    expect((await api.call("/items?sort=price")).status).toBe(400);
  });

  it("updates from the version read and refuses a stale save, keeping the first", async () => {
    const item = await create({});
    const update = (name: string) => api.call(`/items/${item.id}`, json({ _method: "PATCH", version: 1, name, unit_price: "600" }));
    expect(await (await update("最初の保存")).json()).toMatchObject({ version: 2, unit_price: "600" });
    const stale = await update("古い画面からの保存");
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe("ほかの操作でこの品目が更新されています。最新の内容を確認してから、もう一度保存してください。");
    expect((await (await api.call(`/items/${item.id}`)).json()).name).toBe("最初の保存");
    expect((await api.call(`/items/${item.id}`, json({ _method: "PATCH", name: "版なし", unit_price: "1" }))).status).toBe(422);
  });

  it("deletes an item", async () => {
    const item = await create({});
    expect((await api.call(`/items/${item.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api.call(`/items/${item.id}`)).status).toBe(404);
  });

  it("never shows, changes or deletes another company's item (404)", async () => {
    const theirs = await create({ name: "しんきんの品目" }, "shinkinOwner");
    expect(await namesOf("")).toEqual([]);
    for (const [method, path, body] of [
      ["GET", `/items/${theirs.id}`, undefined],
      ["POST", `/items/${theirs.id}`, JSON.stringify({ _method: "PATCH", version: 1, name: "乗っ取り", unit_price: "1" })],
      ["DELETE", `/items/${theirs.id}`, undefined],
    ] as const) {
      const response = await api.call(path, { method, body, headers: { "Content-Type": "application/json" } });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await (await api.call(`/items/${theirs.id}`, { as: "shinkinOwner" })).json()).name).toBe("しんきんの品目");
  });
});
