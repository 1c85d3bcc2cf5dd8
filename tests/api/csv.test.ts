import iconv from "iconv-lite";
import { beforeEach, describe, expect, it } from "vitest";
import { csvImportAnswer } from "../../domain/master-data-answers";
import { customers, items } from "../../api/db/schema";
import { useTenantTestApi } from "../support/api";
import { createCustomer, createItem } from "../support/factories";

const api = useTenantTestApi();

beforeEach(async () => {
  await api.database.db.delete(customers);
  await api.database.db.delete(items);
});

const csvPost = (body: Uint8Array | string): RequestInit => ({ method: "POST", body: typeof body === "string" ? body : Buffer.from(body), headers: { "Content-Type": "text/csv" } });
const sjis = (text: string) => new Uint8Array(iconv.encode(text, "cp932"));

const create = (resource: "customers" | "items", fields: Record<string, unknown>, as: "owner" | "shinkinOwner" = "owner") =>
  resource === "customers" ? createCustomer(api, fields, as) : createItem(api, fields, as);

async function exported(resource: "customers" | "items", encoding: string) {
  const response = await api.call(`/${resource}/export?encoding=${encoding}`);
  expect(response.status).toBe(200);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const listOf = async (resource: "customers" | "items") => (await (await api.call(`/${resource}?per_page=100`)).json()).items as Array<Record<string, unknown>>;

const HARD_NAME = "㈱髙橋①～商店";

describe("customers CSV", () => {
  it.each([
    ["UTF8", (bytes: Uint8Array) => expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]), "text/csv; charset=utf-8"],
    ["UTF8N", (bytes: Uint8Array) => expect(bytes[0]).not.toBe(0xef), "text/csv; charset=utf-8"],
    ["SJIS", (bytes: Uint8Array) => expect(iconv.decode(Buffer.from(bytes), "cp932")).toContain(HARD_NAME), "text/csv; charset=Shift_JIS"],
  ] as const)("round-trips %s with ㈱, ①, 髙 and ～, neutralising formulas", async (encoding, checkBytes, contentType) => {
    await create("customers", { name: HARD_NAME, name_kana: "タカハシショウテン", emails: ["a@x.example", "b@x.example"], closing_day: "99", payment_month_offset: "1", payment_day: "10", notes: "=HYPERLINK(\"x\")" });
    const { response, bytes } = await exported("customers", encoding);
    expect(response.headers.get("content-type")).toBe(contentType);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="customers-\d{8}\.csv"; filename\*=UTF-8''%E5%8F%96%E5%BC%95%E5%85%88_\d{8}\.csv$/);
    checkBytes(bytes);
    const text = encoding === "SJIS" ? iconv.decode(Buffer.from(bytes), "cp932") : new TextDecoder().decode(bytes);
    expect(text).toContain(`"'=HYPERLINK(""x"")"`);
    expect(text).toContain("月末,翌月,10");
    const before = await listOf("customers");

    await api.database.db.delete(customers);
    const imported = await api.call("/customers/import", csvPost(bytes.slice()));
    expect(imported.status).toBe(422);
    expect((await imported.json()).problems).toEqual([{ line: 2, column: "ID", message: expect.stringContaining("の取引先が見つかりません") }]);
    // The exported IDs name records that are gone: imported as new rows once the ID column is emptied.
    const withoutIds = text.replace(/^\uFEFF/, "").replace(/^\d+,/gm, ",");
    const fresh = await api.call("/customers/import", csvPost(encoding === "SJIS" ? sjis(withoutIds) : withoutIds));
    expect(await fresh.json()).toEqual({ created: 1, updated: 0 });
    const [after] = await listOf("customers");
    const { id: _a, version: _b, created_at: _c, updated_at: _d, ...kept } = before[0]!;
    expect(after).toMatchObject(kept);
  });

  it("updates the customers an exported file names by ID", async () => {
    const customer = await create("customers", { name: "株式会社更新前" });
    const text = new TextDecoder().decode((await exported("customers", "UTF8N")).bytes).replace("株式会社更新前", "株式会社更新後");
    expect(csvImportAnswer.parse(await (await api.call("/customers/import", csvPost(text))).json())).toEqual({ created: 0, updated: 1 });
    expect(await (await api.call(`/customers/${customer.id}`)).json()).toMatchObject({ name: "株式会社更新後", version: 2 });
  });

  it("reads and writes 「支払期日が休日の場合」 in words, and stores furigana as katakana", async () => {
    const csv = ["取引先名,フリガナ,支払期日が休日の場合", "株式会社前,まえ,前営業日", "株式会社後,ｱﾄ,翌営業日", "株式会社そのまま,ソノママ,そのまま", "株式会社未記入,ミキニュウ,"].join("\r\n");
    expect(await (await api.call("/customers/import", csvPost(csv))).json()).toEqual({ created: 4, updated: 0 });
    const listed = await listOf("customers");
    expect(listed.map((c) => [c.name, c.name_kana, c.holiday_shift])).toEqual([
      ["株式会社後", "アト", "next"],
      ["株式会社そのまま", "ソノママ", "none"],
      ["株式会社前", "マエ", "previous"],
      ["株式会社未記入", "ミキニュウ", "previous"],
    ]);
    const text = new TextDecoder().decode((await exported("customers", "UTF8N")).bytes);
    expect(text.split("\r\n")[0]).toContain("支払期日が休日の場合");
    expect(text).toContain("株式会社後,アト,");
    expect(text).toMatch(/株式会社後,.*,翌営業日,/);
    const wrong = await api.call("/customers/import", csvPost("取引先名,支払期日が休日の場合\r\nA,日曜日\r\n"));
    expect((await wrong.json()).problems).toEqual([{ line: 2, column: "支払期日が休日の場合", message: "形式が正しくありません" }]);
  });

  it("changes nothing when one row is bad, and names every bad row's line and column", async () => {
    await create("customers", { name: "既存の取引先" });
    const csv = [
      "取引先名,フリガナ,締め日,送付先メールアドレス",
      "株式会社よい行,ヨイギョウ,月末,ok@example.jp",
      '"株式会社改行を含む',
      '行",カイギョウ,20,',
      ",ナマエナシ,31,broken@",
    ].join("\r\n");
    const response = await api.call("/customers/import", csvPost(sjis(csv)));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      code: "validation_failed",
      message: "CSVに誤りがあるため、何も取り込んでいません。",
      problems: [
        { line: 5, column: "取引先名", message: "このフィールドは必須です" },
        { line: 5, column: "送付先メールアドレス", message: "有効なメールアドレスを入力してください（broken@）" },
        { line: 5, column: "締め日", message: "1〜28日または月末を選んでください" },
      ],
    });
    expect((await listOf("customers")).map((c) => c.name)).toEqual(["既存の取引先"]);
  });

  it("refuses unknown columns, a broken quote and an empty file with the line", async () => {
    const problemsOf = async (body: string) => (await (await api.call("/customers/import", csvPost(body))).json()).problems;
    expect(await problemsOf("取引先名,FAX\r\nA,1\r\n")).toEqual([{ line: 1, column: "FAX", message: "「FAX」は取り込めない列です。書き出したCSVの見出しを使ってください" }]);
    expect(await problemsOf('取引先名\r\n"A\r\n')).toEqual([{ line: 2, column: null, message: '引用符（"）が閉じられていません' }]);
    expect(await problemsOf("取引先名\r\n")).toEqual([{ line: 2, column: null, message: "取り込む行がありません" }]);
    expect((await api.call("/customers/import", csvPost(""))).status).toBe(400);
  });

  it("reports what Shift_JIS cannot hold instead of replacing it", async () => {
    await create("customers", { name: "𠮷野家商店" });
    const response = await api.call("/customers/export?encoding=SJIS");
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe("Shift_JISで表せない文字があります（2行目「𠮷」）。UTF-8で出力してください。");
    expect((await api.call("/customers/export?encoding=EUC")).status).toBe(400);
  });

  it("exports only the company's own customers and refuses another company's IDs", async () => {
    const theirs = await create("customers", { name: "しんきんの取引先" }, "shinkinOwner");
    await create("customers", { name: "自社の取引先" });
    const text = new TextDecoder().decode((await exported("customers", "UTF8N")).bytes);
    expect(text).toContain("自社の取引先");
    expect(text).not.toContain("しんきんの取引先");
    const response = await api.call("/customers/import", csvPost(`ID,取引先名\r\n${theirs.id},乗っ取り\r\n`));
    expect(response.status).toBe(422);
    expect((await (await api.call(`/customers/${theirs.id}`, { as: "shinkinOwner" })).json()).name).toBe("しんきんの取引先");
  });
});

describe("items CSV", () => {
  it.each(["UTF8", "UTF8N", "SJIS"])("round-trips %s with decimals, negative prices and every tax category", async (encoding) => {
    await create("items", { code: "A-1", name: "㈱髙橋製①号～", unit: "個", unit_price: "1234.5678", tax_rate: "8" });
    await create("items", { code: "A-2", name: "値引", unit_price: "-500", tax_rate: "10" });
    await create("items", { code: "A-3", name: "印紙代", unit_price: "200", tax_category: "reimbursement" });
    await create("items", { code: "A-4", name: "土地の貸付", unit_price: "1000", tax_category: "non_taxable" });
    await create("items", { code: "A-5", name: "寄付", unit_price: "1000", tax_category: "not_subject" });
    await create("items", { code: "A-6", name: "輸出品", unit_price: "1000", tax_category: "export_exempt" });
    const before = await listOf("items");
    const { bytes } = await exported("items", encoding);
    const text = encoding === "SJIS" ? iconv.decode(Buffer.from(bytes), "cp932") : new TextDecoder().decode(bytes);
    expect(text).toContain(",'-500,");
    expect(text).toContain("印紙代,,200,立替金");

    expect(await (await api.call("/items/import", csvPost(bytes.slice()))).json()).toEqual({ created: 0, updated: 6 });
    const after = await listOf("items");
    expect(after.map(({ version: _v, updated_at: _u, ...item }) => item)).toEqual(before.map(({ version: _v, updated_at: _u, ...item }) => item));
  });

  it("reads tax rates written in words and creates rows without an ID", async () => {
    const csv = "品目コード,品目名,単価,税率\r\nB-1,お茶,150,8%（軽減税率）\r\nB-2,手数料,１，０００,10%\r\nB-3,切手,84,非課税\r\nB-4,寄付,1,不課税\r\nB-5,輸出品,1,免税\r\nB-6,印紙代,200,立替金\r\nB-7,旧形式,1,0\r\n";
    expect(await (await api.call("/items/import", csvPost(csv))).json()).toEqual({ created: 7, updated: 0 });
    expect((await listOf("items")).map((item) => [item.code, item.unit_price, item.tax_category, item.tax_rate])).toEqual([
      ["B-1", "150", "reduced", 8],
      ["B-2", "1000", "standard", 10],
      ["B-3", "84", "non_taxable", 0],
      ["B-4", "1", "not_subject", 0],
      ["B-5", "1", "export_exempt", 0],
      ["B-6", "200", "reimbursement", 0],
      ["B-7", "1", "non_taxable", 0],
    ]);
    const refused = await api.call("/items/import", csvPost("品目コード,品目名,単価,税率\r\nB-8,誤り,1,5%\r\n"));
    expect(await refused.json()).toMatchObject({ problems: [{ line: 2, column: "税率", message: "形式が正しくありません" }] });
  });

  it("refuses a code used twice in the file or by another item, changing nothing", async () => {
    await create("items", { code: "C-1", name: "既存", unit_price: "1" });
    const csv = "品目コード,品目名,単価\r\nC-2,新規1,1\r\nC-2,新規2,1\r\nC-1,新規3,1\r\n";
    const response = await api.call("/items/import", csvPost(csv));
    expect(await response.json()).toMatchObject({
      problems: [
        { line: 3, column: "品目コード", message: "品目コード「C-2」が2行目と重複しています" },
        { line: 4, column: "品目コード", message: "この品目コードはすでに使われています" },
      ],
    });
    expect((await listOf("items")).map((item) => item.name)).toEqual(["既存"]);
  });
});

describe("CSV imports per company", () => {
  it("take 30 an hour; the next gets 429 with a Japanese message and writes nothing, while another company goes on", async () => {
    const post = (as: "owner" | "shinkinOwner", name: string) =>
      api.call("/items/import", { ...csvPost(`品目名,単価,税率\r\n${name},100,10\r\n`), as });
    // Earlier tests in this file imported for this company too: they count.
    const statuses: number[] = [];
    for (let n = 0; n < 31; n += 1) statuses.push((await post("shinkinOwner", `品目${n}`)).status);
    const firstRefusal = statuses.indexOf(429);
    expect(firstRefusal).toBeGreaterThan(0);
    expect(statuses.slice(0, firstRefusal).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true);
    const refused = await post("shinkinOwner", "取り込まれない品目");
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe("CSVの取り込みは1時間に30回までです。しばらくしてから、もう一度お試しください。");
    const names = (await (await api.call("/items?q=取り込まれない", { as: "shinkinOwner" })).json()).items;
    expect(names).toEqual([]);
    expect((await post("owner", "自社の品目")).status).not.toBe(429);
  });
});
