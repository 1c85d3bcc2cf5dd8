import { afterEach, describe, expect, it } from "vitest";
import { companies, companyBankAccounts, customers, documentCounters, documents, documentTotals, payments } from "../../api/db/schema";
import { useTenantTestApi } from "../support/api";
import { fixtureUsers } from "../support/users";
import { createDocument } from "../support/factories";
import { documentAnswer, documentDetailPageAnswer, documentPageAnswer, statusChangesAnswer } from "../../domain/document-answers";

const api = useTenantTestApi(["staff"]);

afterEach(async () => {
  await api.database.db.delete(documents);
  await api.database.db.delete(documentTotals);
  await api.database.db.delete(documentCounters);
  await api.database.db.delete(customers);
});

type As = "owner" | "shinkinOwner" | "staff";
const post = (path: string, body: unknown, as: As = "owner") => api.call(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" }, as });

const LINES = [
  { description: "設計作業", quantity: "10", unit: "時間", unit_price: "8500", tax_rate: "10" },
  { description: "お弁当", quantity: "3", unit_price: "1080", tax_rate: "8" },
  { description: "値引", quantity: "1", unit_price: "-500", tax_rate: "10" },
];

// Each answer is read with the contract the web app parses with (domain/document-answers.ts).
const create = async (kind: string, fields: Record<string, unknown> = {}, as: As = "owner") => documentAnswer.parse(await createDocument(api, { kind, lines: LINES, ...fields }, as));

describe("documents", () => {
  it("creates an invoice with totals per rate, a number from the settings and the first status in its history", async () => {
    const invoice = await create("invoice", { subject: "11月分", due_date: "2026-12-31" });
    expect(invoice).toMatchObject({
      kind: "invoice",
      number: "INV-202611-0001",
      status: 1,
      tax_excluded: "87740",
      // 10 %: (85000 − 500) × 0.1 = 8450; 8 %: 3240 × 0.08 = 259.2 → 259 (truncate, the default).
      tax: "8709",
      tax_included: "96449",
      withholding_amount: "0",
      amount_due: "96449",
      due_date: "2026-12-31",
      copy_mode: "new",
    });
    expect(invoice.lines.map((line) => line.amount)).toEqual(["85000", "3240", "-500"]);
    expect(invoice.history).toEqual([expect.objectContaining({ from_status: null, to_status: 1 })]);
    expect((await create("invoice")).number).toBe("INV-202611-0002");
    expect((await create("estimate")).number).toBe("EST-202611-0001");
  });

  it("makes one document from a repeated submit of the same form", async () => {
    const first = await create("invoice", { idempotency_key: "form-key-12345" });
    const again = await post("/documents", { kind: "invoice", issue_date: "2026-11-22", customer_name: "株式会社青空商事", lines: LINES, idempotency_key: "form-key-12345" });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(first.id);
    expect((await (await api.call("/documents?kind=invoice")).json()).total).toBe(1);
  });

  it("makes one document from five simultaneous submits of one form, and gives no number away", async () => {
    const body = { kind: "invoice", issue_date: "2026-11-22", customer_name: "同時送信", lines: LINES, idempotency_key: "race-key-123456" };
    const responses = await Promise.all(Array.from({ length: 5 }, () => post("/documents", body)));
    const ids = new Set((await Promise.all(responses.map((response) => response.json()))).map((document: { id: number }) => document.id));
    expect(ids.size).toBe(1);
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect((await (await api.call("/documents?kind=invoice")).json()).total).toBe(1);
    expect((await create("invoice")).number).toBe("INV-202611-0002");
  });

  it("gives twenty concurrent creators twenty different numbers without a gap", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => post("/documents", { kind: "delivery_slip", issue_date: "2026-11-22", customer_name: "同時作成", lines: LINES })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(201));
    const numbers = (await Promise.all(responses.map((response) => response.json()))).map((document: { number: string }) => document.number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, index) => `DLV-202611-${String(index + 1).padStart(4, "0")}`));
  });

  it("edits from the version read, recomputes the totals and refuses a stale save", async () => {
    const invoice = await create("invoice");
    const edit = (version: number, quantity: string) =>
      post(`/documents/${invoice.id}`, { _method: "PATCH", version, issue_date: "2026-11-22", customer_name: "株式会社青空商事", lines: [{ ...LINES[0], quantity }] });
    const edited = await edit(1, "2");
    expect(documentAnswer.parse(await edited.json())).toMatchObject({ version: 2, tax_excluded: "17000", tax: "1700", tax_included: "18700", number: "INV-202611-0001" });
    const stale = await edit(1, "3");
    expect(stale.status).toBe(409);
    expect((await stale.json()).message).toBe("ほかの操作でこの書類が更新されています。最新の内容を確認してから、もう一度保存してください。");
  });

  it("answers bad input with Japanese messages per field and line", async () => {
    const response = await post("/documents", { kind: "invoice", issue_date: "2026-02-30", customer_name: "", lines: [{ description: "", unit_price: "abc" }] });
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toEqual({
      issue_date: ["日付はYYYY-MM-DDの形式で入力してください"],
      customer_name: ["このフィールドは必須です"],
      "lines[0][description]": ["このフィールドは必須です"],
      "lines[0][unit_price]": ["単価は整数10桁・小数4桁までの数値で入力してください"],
    });
    expect((await (await post("/documents", { kind: "invoice", issue_date: "2026-11-22", customer_name: "A", lines: [] })).json()).fields).toEqual({ lines: ["明細を1行以上入力してください"] });
  });

  it("changes status along the lifecycle: a draft keeps its first status, issuing bills it, and every step names the person", async () => {
    const invoice = await create("invoice");
    const early = await post(`/documents/${invoice.id}/status`, { status: 4 });
    expect(early.status).toBe(409);
    expect((await early.json()).message).toBe(`${invoice.number}：下書きの書類は「入金済」にできません。先に発行してください。`);
    const issued = documentAnswer.parse(await (await post(`/documents/${invoice.id}/issue`, {})).json());
    expect(issued.status).toBe(2);
    const confirming = documentAnswer.parse(await (await post(`/documents/${invoice.id}/status`, { status: 5 })).json());
    const owner = `${fixtureUsers.owner.lastName} ${fixtureUsers.owner.firstName}`;
    expect(confirming.history.map((entry) => [entry.event, entry.from_status, entry.to_status, entry.changed_by_name])).toEqual([
      ["created", null, 1, owner],
      ["issued", 1, 2, owner],
      ["status", 2, 5, owner],
    ]);
    // 入金済 is the payments' to set (decision 033), not the button's.
    const byHand = await post(`/documents/${invoice.id}/status`, { status: 4 });
    expect(byHand.status).toBe(409);
    expect((await byHand.json()).message).toBe(`${invoice.number}：「入金済」は入金の記録に従って変わります。入金を記録するか、記録した入金を取り消してください。`);
    const refused = await post(`/documents/${invoice.id}/status`, { status: 1 });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(`${invoice.number}：「確認中」から「未請求」には変更できません。`);

    const other = await create("invoice");
    await post(`/documents/${other.id}/issue`, {});
    const bulk = statusChangesAnswer.parse(await (await post("/documents-status", { ids: [invoice.id, other.id], status: 3 })).json());
    expect(bulk.results).toEqual([
      { id: invoice.id, ok: true, number: invoice.number },
      { id: other.id, ok: true, number: other.number },
    ]);
    const back = statusChangesAnswer.parse(await (await post("/documents-status", { ids: [invoice.id, other.id], status: 1 })).json());
    expect(back.results).toEqual([
      { id: invoice.id, ok: false, message: `${invoice.number}：「未入金」から「未請求」には変更できません。` },
      { id: other.id, ok: false, message: `${other.number}：「未入金」から「未請求」には変更できません。` },
    ]);
  });

  it("links other documents only as far as the caller's scope reaches", async () => {
    // A company user who sees only their own documents (SPEC §4): the owner's invoice made from theirs is not linked for them.
    const estimate = await create("estimate", {}, "staff");
    const invoice = await create("invoice", { source_document_id: estimate.id });
    const read = async (id: number, as: As) => documentAnswer.parse(await (await api.call(`/documents/${id}`, { as })).json());
    expect((await read(estimate.id, "staff")).derived).toEqual([]);
    expect((await read(estimate.id, "owner")).derived).toEqual([{ id: invoice.id, kind: "invoice", number: invoice.number }]);
    expect((await read(invoice.id, "owner")).source).toEqual({ id: estimate.id, kind: "estimate", number: estimate.number });
    expect((await read(invoice.id, "owner")).history.map((entry) => entry.event)).toEqual(["created"]);
    // The detail page's one call links as far as GET /documents/:id does, for each caller; the owner's invoice is not the staff's to open.
    const json = async (path: string, as: As) => (await api.call(path, { as })).json();
    for (const [id, kind, as] of [[estimate.id, "estimate", "staff"], [estimate.id, "estimate", "owner"], [invoice.id, "invoice", "owner"]] as const) {
      expect((await json(`/documents/${id}/page?kind=${kind}`, as)).document).toEqual(await json(`/documents/${id}`, as));
    }
    expect((await api.call(`/documents/${invoice.id}/page?kind=invoice`, { as: "staff" })).status).toBe(404);
    expect((await api.call(`/documents/${invoice.id}/page`, { as: "staff" })).status).toBe(404);
  });

  it("converts an estimate into an invoice and shows the link both ways; refuses paths SPEC §4 does not have", async () => {
    const estimate = await create("estimate", { valid_until: "2026-12-22" });
    const invoice = await create("invoice", { source_document_id: estimate.id, origin: "from_detail" });
    expect(invoice).toMatchObject({ copy_mode: "copy_estimate", origin: "from_detail", source: { id: estimate.id, kind: "estimate", number: estimate.number } });
    expect(documentAnswer.parse(await (await api.call(`/documents/${estimate.id}`)).json()).derived).toEqual([{ id: invoice.id, kind: "invoice", number: invoice.number }]);
    const copy = await create("invoice", { source_document_id: invoice.id, origin: "duplicate" });
    expect(copy).toMatchObject({ copy_mode: "copy_invoice", origin: "duplicate" });
    const wrong = await post("/documents", { kind: "estimate", issue_date: "2026-11-22", customer_name: "A", lines: LINES, source_document_id: invoice.id });
    expect((await wrong.json()).fields).toEqual({ source_document_id: ["この書類からは作成できません"] });
  });

  it("deletes only drafts; an issued document is voided and keeps its number", async () => {
    const draft = await create("receipt");
    expect((await api.call(`/documents/${draft.id}`, { method: "DELETE" })).status).toBe(204);
    const issued = await create("receipt");
    await post(`/documents/${issued.id}/issue`, {});
    const refused = await api.call(`/documents/${issued.id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    const voided = documentAnswer.parse(await (await post(`/documents/${issued.id}/void`, {})).json());
    expect(voided).toMatchObject({ number: "RCP-202611-0002", voided_at: expect.any(String) });
    expect((await (await api.call("/documents?kind=receipt")).json()).total).toBe(0);
    expect((await (await api.call("/documents?kind=receipt&voided=only")).json()).items[0].number).toBe("RCP-202611-0002");
    expect((await create("receipt")).number).toBe("RCP-202611-0003");
  });

  it("lists with search, filters, sort, paging and the total of the filtered set", async () => {
    await create("invoice", { customer_name: "株式会社カブシキ商会", subject: "保守費用", issue_date: "2026-10-01", lines: [{ description: "保守", unit_price: "10000" }] });
    await create("invoice", { customer_name: "ＡＢＣ物産", subject: "設計", issue_date: "2026-11-01", lines: [{ description: "設計", unit_price: "20000" }] });
    await create("invoice", { customer_name: "ＡＢＣ物産", subject: "追加", issue_date: "2026-11-15", lines: [{ description: "追加", unit_price: "30000" }] });
    const list = async (query: string) => (await api.call(`/documents?kind=invoice&${query}`)).json();
    expect((await list("q=かぶしき")).items.map((d: { subject: string }) => d.subject)).toEqual(["保守費用"]);
    expect((await list("q=abc")).total).toBe(2);
    expect((await list("q=INV-202611")).total).toBe(2);
    expect((await list("issued_from=2026-11-01&issued_to=2026-11-30")).sum).toEqual({ tax_included: "55000", amount_due: "55000" });
    expect((await list("amount_min=20000&amount_max=30000")).items.map((d: { subject: string }) => d.subject)).toEqual(["設計"]);
    expect((await list("sort=amount&order=desc")).items.map((d: { subject: string }) => d.subject)).toEqual(["追加", "設計", "保守費用"]);
    expect((await list("per_page=2&page=2&sort=issue_date&order=asc")).items.map((d: { subject: string }) => d.subject)).toEqual(["追加"]);
    expect((await api.call("/documents?kind=bills")).status).toBe(400);
  });

  it("keeps the list's totals right through edits, status changes, voids and deletes, whichever way they are counted", async () => {
    const one = (price: string) => ({ lines: [{ description: "作業", unit_price: price }] });
    const a = await create("invoice", one("1000"));
    const b = await create("invoice", one("2000"));
    const c = await create("invoice", one("4000"));
    const totals = async (query = "") => {
      // issued_from that every document passes makes the API sum the rows rather than read the kept totals.
      const [kept, summed] = await Promise.all([api.call(`/documents?kind=invoice${query}`), api.call(`/documents?kind=invoice&issued_from=2000-01-01${query}`)]);
      const [keptBody, summedBody] = [await kept.json(), await summed.json()];
      expect(keptBody.sum).toEqual(summedBody.sum);
      expect(keptBody.total).toBe(summedBody.total);
      return [keptBody.total, keptBody.sum.tax_included];
    };
    expect(await totals()).toEqual([3, "7700"]);
    await post(`/documents/${b.id}/issue`, {});
    expect(await totals("&status=2")).toEqual([1, "2200"]);
    expect(await totals("&status=1")).toEqual([2, "5500"]);
    await post(`/documents/${a.id}`, { _method: "PATCH", version: 1, issue_date: "2026-11-22", customer_name: "株式会社青空商事", ...one("3000") });
    expect(await totals()).toEqual([3, "9900"]);
    await post(`/documents/${c.id}/issue`, {});
    await post(`/documents/${c.id}/void`, {});
    expect(await totals()).toEqual([2, "5500"]);
    expect((await api.call(`/documents/${a.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await totals()).toEqual([1, "2200"]);
    expect((await (await api.call("/documents?kind=invoice", { as: "shinkinOwner" })).json()).sum).toEqual({ tax_included: "0", amount_due: "0" });
  });

  it("blocks deleting a customer a document refers to, and saves a customer typed once", async () => {
    const invoice = await create("invoice", { customer_name: "一度だけの取引先", save_customer: "on" });
    expect(invoice.customer_id).toEqual(expect.any(Number));
    const refused = await api.call(`/customers/${invoice.customer_id}`, { method: "DELETE" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain("書類で使われているため削除できません");
  });

  it("never shows or changes another company's document, and refuses another company's customer", async () => {
    const theirs = await create("invoice", {}, "shinkinOwner");
    expect((await (await api.call("/documents?kind=invoice")).json()).total).toBe(0);
    for (const [method, path, body] of [
      ["GET", `/documents/${theirs.id}`, undefined],
      ["GET", `/documents/${theirs.id}/page?kind=invoice`, undefined],
      ["POST", `/documents/${theirs.id}`, { _method: "PATCH", version: 1, issue_date: "2026-11-22", customer_name: "乗っ取り", lines: LINES }],
      ["POST", `/documents/${theirs.id}/status`, { status: 2 }],
      ["POST", `/documents/${theirs.id}/issue`, {}],
      ["POST", `/documents/${theirs.id}/void`, {}],
      ["DELETE", `/documents/${theirs.id}`, undefined],
    ] as const) {
      const response = await api.call(path, { method, body: body && JSON.stringify(body), headers: { "Content-Type": "application/json" } });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect((await (await post("/documents-status", { ids: [theirs.id], status: 2 })).json()).results[0]).toMatchObject({ ok: false, message: "書類が見つかりません。" });
    const converted = await post("/documents", { kind: "receipt", issue_date: "2026-11-22", customer_name: "A", lines: LINES, source_document_id: theirs.id });
    expect((await converted.json()).fields).toEqual({ source_document_id: ["元の書類が見つかりません"] });
    const [theirCustomer] = await api.database.db.insert(customers).values({ companyUniqueCode: "C-SHINKIN", name: "しんきんの取引先", searchKey: "x" }).returning();
    const foreign = await post("/documents", { kind: "invoice", issue_date: "2026-11-22", customer_name: "A", customer_id: theirCustomer!.id, lines: LINES });
    expect((await foreign.json()).fields).toEqual({ customer_id: ["取引先が見つかりません"] });
    expect((await (await api.call(`/documents/${theirs.id}`, { as: "shinkinOwner" })).json()).status).toBe(1);
  });
});

describe("a document's detail page in one call (GET /documents/:id/page, issue 39)", () => {
  afterEach(async () => {
    await api.database.db.delete(payments);
    await api.database.db.delete(companyBankAccounts);
    await api.database.db.delete(companies);
  });

  const json = async (response: Promise<Response>) => (await response).json();
  // As it arrives, after the web app's contract has read it.
  const pageOf = async (id: number, kind = "invoice") => {
    const page = await json(api.call(`/documents/${id}/page?kind=${kind}`));
    documentDetailPageAnswer.parse(page);
    return page;
  };

  it("answers each part as its own call does: the document, its copy, the payments, the company, the mail template, the customer's addresses and the digital invoice check", async () => {
    const company = await post("/companies", {
      company_name: "株式会社デモ商事",
      company_bank_accounts: [{ bank_name: "デモ銀行", bank_branch_name: "本店営業部", bank_account_type_id: "1", bank_account_no: "1234567", bank_account_name: "カ）デモショウジ", displayed: "on" }],
    });
    expect(company.status).toBe(201);
    const customer = await json(post("/customers", { name: "株式会社青空商事", honorific: "御中", department: "経理部", person_in_charge: "田中", emails: ["keiri@aozora.example"] }));
    const invoice = await create("invoice", { customer_id: customer.id, customer_name: customer.name });
    const draft = await pageOf(invoice.id);
    expect(draft.document).toEqual(await json(api.call(`/documents/${invoice.id}`)));
    const { created_at: _previewed, ...preview } = await json(post(`/documents/${invoice.id}/snapshots?kind=invoice`, {}));
    expect(draft.copy).toMatchObject({ ...preview, mark: "draft" });
    // A draft takes no payments.
    expect(draft.payments).toBeNull();
    expect(draft.company).toEqual((await json(api.call("/companies")))[0]);
    expect(draft.company?.company_bank_accounts).toHaveLength(1);
    const setting = await json(api.call("/document-settings/invoice"));
    expect(draft.mail_template).toEqual({ subject: setting.mail_subject, body: setting.mail_body });
    expect(draft.customer).toEqual({ department: "経理部", person_in_charge: "田中", emails: ["keiri@aozora.example"] });

    expect((await post(`/documents/${invoice.id}/issue`, {})).status).toBe(200);
    // Two payments, the later one paid first and with a fee the payer deducted: the page lists them as GET …/payments does.
    expect((await post(`/documents/${invoice.id}/payments`, { paid_on: "2026-11-25", method: "transfer", amount: "1000", fee: "440" })).status).toBe(201);
    expect((await post(`/documents/${invoice.id}/payments`, { paid_on: "2026-11-20", method: "cash", amount: "5000" })).status).toBe(201);
    const issued = await pageOf(invoice.id);
    expect(issued.payments.payments.map((payment: { paid_on: string }) => payment.paid_on)).toEqual(["2026-11-20", "2026-11-25"]);
    expect(issued.document).toEqual(await json(api.call(`/documents/${invoice.id}`)));
    expect(issued.copy).toEqual(await json(post(`/documents/${invoice.id}/snapshots?kind=invoice`, {})));
    expect(issued.payments).toEqual(await json(api.call(`/documents/${invoice.id}/payments`)));
    expect(issued.digital_invoice).toEqual(await json(api.call(`/documents/${invoice.id}/jp-pint/check`)));
    expect(issued.digital_invoice.problems.length).toBeGreaterThan(0);
    // A draft cannot leave as a digital invoice: no check.
    expect(draft.digital_invoice).toBeNull();
  });

  it("is a page of the kind it names, and of the caller's scope only", async () => {
    const estimate = await create("estimate");
    expect((await pageOf(estimate.id, "estimate")).document.kind).toBe("estimate");
    expect((await api.call(`/documents/${estimate.id}/page?kind=invoice`)).status).toBe(404);
    expect((await api.call(`/documents/${estimate.id}/page?kind=estimate`, { as: "shinkinOwner" })).status).toBe(404);
  });
});

const listed = async (query: string, as: As = "owner") => documentPageAnswer.parse(await (await api.call(`/documents?kind=invoice&${query}`, { as })).json());
const subjects = async (query: string) => (await listed(query)).items.map((item) => item.subject).sort();
const invoice = (customer_name: string, subject: string | null, price = "1000") => createDocument(api, { customer_name, subject, lines: [{ description: "作業", unit_price: price }] });

describe("the document list's search (migration 0016's indexes narrow, the ILIKEs decide)", () => {
  it("finds what the three ILIKEs find, for two characters, for more, and for one", async () => {
    await invoice("山田商店", "年次監査");
    await invoice("株式会社山田", "保守");
    await invoice("ヤマダ電設", "監査対応の追加");
    await invoice("青空商事", "Web保守 Ab");
    // Two characters inside a word: the pair index, at the start, the middle and the end of a name.
    expect(await subjects(`q=${encodeURIComponent("山田")}`)).toEqual(["保守", "年次監査"]);
    expect(await subjects(`q=${encodeURIComponent("監査")}`)).toEqual(["年次監査", "監査対応の追加"]);
    // Hiragana and half-width kana find the customer through its search key, as before.
    expect(await subjects(`q=${encodeURIComponent("やまだ")}`)).toEqual(["監査対応の追加"]);
    expect(await subjects(`q=${encodeURIComponent("ﾔﾏﾀﾞ")}`)).toEqual(["監査対応の追加"]);
    // Case folds in every length; a space inside the typed text is kept for the subject.
    expect(await subjects("q=web")).toEqual(["Web保守 Ab"]);
    expect(await subjects(`q=${encodeURIComponent("守 a")}`)).toEqual(["Web保守 Ab"]);
    expect(await subjects("q=ab")).toEqual(["Web保守 Ab"]);
    // One character is not narrowed by an index, and finds the same.
    expect(await subjects(`q=${encodeURIComponent("守")}`)).toEqual(["Web保守 Ab", "保守"]);
    // Number fragments, in either case.
    expect((await listed("q=inv-202611-000")).total).toBe(4);
    expect((await listed("q=INV-202611-0004")).items.map((item) => item.number)).toEqual(["INV-202611-0004"]);
  });

  it("does not match across fields, reads % and _ as themselves and stays inside the company", async () => {
    await invoice("山田商店", "10%引き");
    await invoice("田中", "a_b");
    await createDocument(api, { customer_name: "山田商店", subject: "他社", lines: [{ description: "作業", unit_price: "1" }] }, "shinkinOwner");
    // The end of one field and the start of the next are not one text ("店" ends the customer, "1" starts the subject).
    expect((await listed(`q=${encodeURIComponent("店1")}`)).total).toBe(0);
    expect((await listed(`q=${encodeURIComponent("0001山")}`)).total).toBe(0);
    expect(await subjects("q=0%25")).toEqual(["10%引き"]);
    expect(await subjects("q=%25")).toEqual(["10%引き"]);
    expect(await subjects("q=a_b")).toEqual(["a_b"]);
    expect((await listed("q=ab")).total).toBe(0);
    expect(await subjects(`q=${encodeURIComponent("山田")}`)).toEqual(["10%引き"]);
    expect((await listed(`q=${encodeURIComponent("山田")}`, "shinkinOwner")).items.map((item) => item.subject)).toEqual(["他社"]);
  });
});

describe("the list's count and sums of a filter (computed once per list version)", () => {
  it("are exact on every view: the same filter on another page or sort, and again after each change", async () => {
    const a = await invoice("山田商店", "一", "1000");
    const b = await invoice("山田商店", "二", "2000");
    await invoice("青空商事", "三", "4000");
    const filtered = `q=${encodeURIComponent("山田")}`;
    const summary = async (query: string) => {
      const body = await listed(query);
      return [body.total, body.sum.tax_included];
    };
    expect(await summary(filtered)).toEqual([2, "3300"]);
    // Another sort and page of the same filter: the same count and sums.
    expect(await summary(`${filtered}&sort=amount&order=asc&per_page=1&page=2`)).toEqual([2, "3300"]);
    // Each change moves the list version, and the next view counts again.
    expect((await post(`/documents/${b.id}`, { _method: "PATCH", version: 1, issue_date: "2026-11-22", customer_name: "山田商店", lines: [{ description: "作業", unit_price: "5000" }] })).status).toBe(200);
    expect(await summary(filtered)).toEqual([2, "6600"]);
    const added = await invoice("山田工務店", "四", "10000");
    expect(await summary(filtered)).toEqual([3, "17600"]);
    expect((await post(`/documents/${added.id}/issue`, {})).status).toBe(200);
    expect((await post(`/documents/${added.id}/void`, {})).status).toBe(200);
    expect(await summary(filtered)).toEqual([2, "6600"]);
    // Voided documents are outside document_totals but inside the version: voided=include counts them at once.
    expect(await summary(`${filtered}&voided=include`)).toEqual([3, "17600"]);
    expect((await api.call(`/documents/${a.id}`, { method: "DELETE" })).status).toBe(204);
    expect(await summary(filtered)).toEqual([1, "5500"]);
    expect(await summary(`${filtered}&voided=include`)).toEqual([2, "16500"]);
    // A change made around the API (a bulk load, a repair) moves the version too.
    await api.database.db.update(documents).set({ taxIncluded: "100" });
    expect(await summary(filtered)).toEqual([1, "100"]);
  });

  it("keep one company's figures from another's, whatever their versions", async () => {
    await invoice("山田商店", null, "1000");
    await createDocument(api, { customer_name: "山田商店", lines: [{ description: "作業", unit_price: "3000" }] }, "shinkinOwner");
    const filtered = `q=${encodeURIComponent("山田")}&issued_from=2000-01-01`;
    expect((await listed(filtered)).sum.tax_included).toBe("1100");
    expect((await listed(filtered, "shinkinOwner")).sum.tax_included).toBe("3300");
    expect((await listed(filtered)).sum.tax_included).toBe("1100");
  });
});
