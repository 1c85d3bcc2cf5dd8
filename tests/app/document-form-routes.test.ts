import { beforeAll, describe, expect, it } from "vitest";
import { action as createAction, loader as createLoader } from "~/routes/_default.invoices.create/route";
import { action as editAction, loader as editLoader } from "~/routes/_default.invoices.edit/route";
import { loader as snapshotLoader } from "~/routes/_snapshot-empty.invoices.snapshot.$id/route";
import { loader as receiptCreateLoader } from "~/routes/_default.receipts.create/route";
import { previewContentOf } from "~/routes/__documents/preview-content";
import { loader as suggestLoader } from "~/routes/items.suggest/route";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { countingContext, testContext } from "../support/context";
import { shownAgain } from "../support/route-answers";

const api = useRouteTestApi();
const context = testContext();
const json = (body: unknown) => ({ method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

let lastCustomer: number;
let lastItem: number;

beforeAll(async () => {
  // More than the hundred a form offers: the last by kana and by code lie beyond it.
  for (let n = 1; n <= 104; n += 1) {
    const code = String(n).padStart(3, "0");
    await api.call("/customers", json({ name: `取引先${code}`, name_kana: `アイ${code}` }));
    await api.call("/items", json({ code: `A${code}`, name: `部品${code}`, unit_price: "100", tax_rate: 10 }));
  }
  lastCustomer = (await (await api.call("/customers", json({ name: "渡辺工業株式会社", name_kana: "ワタナベコウギョウ", honorific: "御中" }))).json()).id;
  lastItem = (await (await api.call("/items", json({ code: "Z999", name: "特注ボルト", unit: "本", unit_price: "12.5", tax_rate: 8 }))).json()).id;
});

const formOf = (fields: Record<string, string>) =>
  new URLSearchParams({ issue_date: "2026-11-22", customer_name: "", customer_honorific: "御中", tax_type_id: "1", "lines[0].quantity": "2", "lines[0].tax_category": "standard", ...fields });

async function post(fields: Record<string, string>) {
  const request = await signedInRequest(api, "owner", "/invoices/create", { method: "POST", body: formOf(fields) });
  return shownAgain(await createAction({ request, params: {}, context }));
}

describe("choosing customers and items beyond the first hundred", () => {
  it("offers the first hundred, and a search finds the rest keeping what was typed", async () => {
    const page = await createLoader({ request: await signedInRequest(api, "owner", "/invoices/create"), params: {}, context });
    expect(page.customers).toHaveLength(100);
    expect(page.customers.map((customer) => customer.name)).not.toContain("渡辺工業株式会社");

    const found = await post({ intent: "find", customer_query: "ﾜﾀﾅﾍﾞ", item_query: "ボルト", subject: "11月分" });
    expect(found.status).toBe(200);
    expect(found.data.choices.customers.map((customer) => customer.name)).toEqual(["渡辺工業株式会社"]);
    expect(found.data.choices.items.map((item) => item.name)).toEqual(["特注ボルト"]);
    expect(found.data.result.initialValue).toMatchObject({ subject: "11月分", customer_query: "ﾜﾀﾅﾍﾞ" });
  });

  it("keeps a chosen customer and item among the choices after another search, and fills their details on save", async () => {
    const chosen = { customer_id: String(lastCustomer), "lines[0].item_id": String(lastItem) };
    const elsewhere = await post({ intent: "find", customer_query: "取引先001", ...chosen });
    expect(elsewhere.data.choices.customers.map((customer) => customer.name)).toEqual(["取引先001", "渡辺工業株式会社"]);
    expect(elsewhere.data.choices.items.map((item) => item.name)).toContain("特注ボルト");

    const saved = await createAction({
      request: await signedInRequest(api, "owner", "/invoices/create", { method: "POST", body: formOf({ intent: "save", idempotency_key: crypto.randomUUID(), ...chosen }) }),
      params: {},
      context,
    });
    const location = (saved as Response).headers.get("Location")!;
    const id = Number(location.match(/\/invoices\/detail\/(\d+)$/)![1]);
    const document = await (await api.call(`/documents/${id}`)).json();
    expect(document).toMatchObject({ customer_id: lastCustomer, customer_name: "渡辺工業株式会社" });
    expect(document.lines[0]).toMatchObject({ item_id: lastItem, description: "特注ボルト", unit: "本", unit_price: "12.5", tax_rate: 8 });

    const edit = await editLoader({ request: await signedInRequest(api, "owner", `/invoices/edit?id=${id}`), params: {}, context });
    expect(edit.customers.map((customer) => customer.id)).toContain(lastCustomer);
    expect(edit.items.map((item) => item.id)).toContain(lastItem);
  });
});

describe("a save does what it needs (issue 35 item 5)", () => {
  /** The form as the browser sends it with JavaScript: the chosen customer's and item's fields already filled. */
  const filled = () => ({
    intent: "save",
    idempotency_key: crypto.randomUUID(),
    customer_id: String(lastCustomer),
    customer_name: "渡辺工業株式会社",
    "lines[0].item_id": String(lastItem),
    "lines[0].description": "特注ボルト",
    "lines[0].unit": "本",
    "lines[0].unit_price": "12.5",
  });

  async function postCounting(path: string, fields: Record<string, string>, action: typeof createAction = createAction) {
    const { context, calls } = countingContext();
    const request = await signedInRequest(api, "owner", path, { method: "POST", body: formOf(fields) });
    return { answer: await action({ request, params: {}, context }), calls };
  }

  it("creates and edits with one write call each, fetching no master", async () => {
    const created = await postCounting("/invoices/create", filled());
    expect(created.calls).toEqual(["POST /documents"]);
    const id = Number((created.answer as Response).headers.get("Location")!.match(/\/invoices\/detail\/(\d+)$/)![1]);

    const { version } = await (await api.call(`/documents/${id}`)).json();
    const edited = await postCounting(`/invoices/edit?id=${id}`, { ...filled(), version: String(version), subject: "12月分" }, editAction);
    expect((edited.answer as Response).status).toBe(302);
    expect(edited.calls).toEqual([`POST /documents/${id}`]);
  });

  it("without JavaScript, fetches only the chosen customer and item whose fields were left blank", async () => {
    const { answer, calls } = await postCounting("/invoices/create", {
      intent: "save",
      idempotency_key: crypto.randomUUID(),
      customer_id: String(lastCustomer),
      "lines[0].item_id": String(lastItem),
    });
    expect((answer as Response).status).toBe(302);
    expect(calls.sort()).toEqual([`GET /customers/${lastCustomer}`, `GET /items/${lastItem}`, "POST /documents"]);
  });

  it("fetches the masters' lists only when the form comes back: a refused save, a search", async () => {
    const refused = await postCounting("/invoices/create", { ...filled(), issue_date: "" });
    expect(shownAgain(refused.answer).status).toBe(400);
    // The first hundred and the chosen one beyond them, as the page offers.
    expect(shownAgain(refused.answer).data.choices.customers).toHaveLength(101);
    expect(refused.calls).not.toContain("POST /documents");
    expect(refused.calls).toEqual(expect.arrayContaining(["GET /customers", "GET /items"]));

    const found = await postCounting("/invoices/create", { ...filled(), intent: "find", customer_query: "ﾜﾀﾅﾍﾞ" });
    expect(found.calls).toEqual(expect.arrayContaining(["GET /customers", "GET /items"]));
    expect(found.calls).not.toContain("POST /documents");
  });
});

describe("the editor's preview (issue 37)", () => {
  it("is made from the form's values as the API prints the saved draft, the company, the customer's address and the invoice's account included", async () => {
    const company = await api.call(
      "/companies",
      json({
        company_name: "株式会社プレビュー",
        postal_code: "1000001",
        address1: "東京都千代田区千代田1-1",
        tel: "03-1234-5678",
        company_bank_accounts: [
          { bank_name: "みらい銀行", bank_branch_name: "本店", bank_account_no: "1234567", bank_account_name: "カ）プレビュー", displayed: "on" },
          { bank_name: "さくら信金", bank_branch_name: "駅前", bank_account_no: "7654321", bank_account_name: "カ）プレビュー" },
        ],
      }),
    );
    expect(company.status).toBe(201);
    const customer = await (
      await api.call("/customers", json({ name: "住所のある商事", name_kana: "ジュウショノアルショウジ", department: "経理部", postal_code: "5300001", address1: "大阪府大阪市北区梅田1-1", address2: "梅田ビル3階" }))
    ).json();

    const created = await createLoader({ request: await signedInRequest(api, "owner", "/invoices/create"), params: {}, context });
    expect(created.preview.number).toBeNull();
    expect(created.preview.issuer).toMatchObject({ name: "株式会社プレビュー", postalCode: "100-0001", tel: "03-1234-5678" });
    // The choices carry what the form and the preview show of a customer, not the whole record.
    expect(Object.keys(created.customers[0]!).sort()).toEqual(
      ["address1", "address2", "closing_day", "department", "holiday_shift", "honorific", "id", "name", "payment_day", "payment_month_offset", "person_in_charge", "postal_code"].sort(),
    );

    const saved = await createAction({
      request: await signedInRequest(api, "owner", "/invoices/create", {
        method: "POST",
        body: formOf({
          intent: "save",
          idempotency_key: crypto.randomUUID(),
          customer_id: String(customer.id),
          customer_name: "住所のある商事",
          subject: "プレビューの確認",
          withholding: "on",
          "lines[0].description": "設計",
          "lines[0].unit_price": "50000",
          "lines[1].description": "お茶",
          "lines[1].quantity": "3",
          "lines[1].unit": "箱",
          "lines[1].unit_price": "1,080",
          "lines[1].tax_category": "reduced",
        }),
      }),
      params: {},
      context,
    });
    const id = Number((saved as Response).headers.get("Location")!.match(/(\d+)$/)![1]);
    const edit = await editLoader({ request: await signedInRequest(api, "owner", `/invoices/edit?id=${id}`), params: {}, context });
    const preview = previewContentOf("invoice", edit.values, edit.totals, edit.preview, edit.customers, "—");
    const copy = await snapshotLoader({ request: await signedInRequest(api, "owner", `/invoices/snapshot/${id}`), params: { id: String(id) }, context });

    expect(copy.mark).toBe("draft");
    expect(preview).toEqual(copy.snapshot.content);
    expect(preview).toMatchObject({
      recipient: { name: "住所のある商事", department: "経理部", postalCode: "530-0001", address: ["大阪府大阪市北区梅田1-1", "梅田ビル3階"] },
      bankAccounts: [{ bankName: "みらい銀行", accountNo: "1234567" }],
    });
  });
});

describe("items suggested as 品名 is typed (issue 37)", () => {
  const suggest = async (q: string) => {
    const answer = await suggestLoader({ request: await signedInRequest(api, "owner", `/items/suggest?${new URLSearchParams({ q })}`), params: {}, context });
    return (await (answer as Response).json()) as { items: Array<Record<string, unknown>> };
  };

  it("searches the whole master, beyond the hundred the form came with, and answers only what a suggestion shows", async () => {
    const bolts = await suggest("ぼると");
    expect(bolts.items.map((item) => item.name)).toEqual(["特注ボルト"]);
    expect(bolts.items[0]).toEqual({ id: lastItem, code: "Z999", name: "特注ボルト", unit: "本", unit_price: "12.5", tax_category: "reduced" });
    const parts = await suggest("部品");
    expect(parts.items).toHaveLength(20);
    expect(parts.items[0]).toMatchObject({ code: "A001" });
  });
});

describe("the form pages' own words and choices (decision 020)", () => {
  it("come from the loader: the title, the heading, where to cancel to, the code lists, and only the kind's own fields' constraints", async () => {
    const invoice = await createLoader({ request: await signedInRequest(api, "owner", "/invoices/create"), params: {}, context });
    expect(invoice).toMatchObject({ title: "請求書の作成", heading: "請求書の作成", cancelTo: "/invoices/list", notice: null, correction: null });
    expect(invoice.codes.taxCategories.map((category) => category.label)).toEqual(["10%", "8%（軽減税率）", "非課税", "不課税", "免税", "立替金"]);
    expect(invoice.codes.taxTypes).toEqual([{ id: 1, label: "外税" }, { id: 2, label: "内税" }]);
    expect(invoice.codes.honorifics.map((honorific) => honorific.id)).toEqual(["御中", "様"]);
    expect(Object.keys(invoice.constraint)).toEqual(expect.arrayContaining(["due_date", "bank_account_id", "withholding", "lines[].description"]));
    for (const other of ["valid_until", "delivery_date", "received_amount", "proviso", "payment_method", "lines[].tax_rate"]) expect(invoice.constraint).not.toHaveProperty(other);
    const receipt = await receiptCreateLoader({ request: await signedInRequest(api, "owner", "/receipts/create"), params: {}, context });
    expect(receipt).toMatchObject({ title: "領収書の作成", heading: "領収書の作成", cancelTo: "/receipts" });
    expect(Object.keys(receipt.constraint)).toEqual(expect.arrayContaining(["received_amount", "proviso", "payment_method"]));
    for (const other of ["due_date", "bank_account_id", "withholding"]) expect(receipt.constraint).not.toHaveProperty(other);

    const { id } = await (await api.call("/documents", json({ kind: "invoice", issue_date: "2026-11-22", customer_name: "見出しの確認", lines: [{ description: "作業", quantity: "1", unit_price: "100", tax_rate: "10" }] }))).json();
    const stored = await (await api.call(`/documents/${id}`)).json();
    const edit = await editLoader({ request: await signedInRequest(api, "owner", `/invoices/edit?id=${id}`), params: {}, context });
    expect(edit).toMatchObject({ title: "請求書の編集", heading: `請求書 ${stored.number} の編集`, cancelTo: `/invoices/detail/${id}`, correction: null });
    const copy = await createLoader({ request: await signedInRequest(api, "owner", `/invoices/create?source=${id}&origin=duplicate`), params: {}, context });
    expect(copy.notice).toBe(`${stored.number} をもとに作成します。`);
    await api.call(`/documents/${id}/issue`, { method: "POST" });
    const correcting = await editLoader({ request: await signedInRequest(api, "owner", `/invoices/edit?id=${id}`), params: {}, context });
    expect(correcting.correction).toMatch(/^この書類は発行済みです。保存すると修正版（第2版）として発行され/);
  });
});
