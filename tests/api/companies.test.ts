import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { companies, files, paymentServiceUsers } from "../../api/db/schema";
import { companiesAnswer, companyAnswer } from "../../domain/master-data-answers";
import { startTestApi, type TestApi } from "../support/api";
import { insertPaymentUser } from "../support/factories";
import { blobOf, PDF_BYTES, pixelsOf, PNG_BYTES, SCRIPT_BYTES } from "../support/files";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  await insertPaymentUser(api.database.db, "owner");
  await insertPaymentUser(api.database.db, "user");
  await insertPaymentUser(api.database.db, "shinkinOwner");
});

beforeEach(async () => {
  await api.database.db.delete(companies);
  await api.database.db.delete(files);
});

afterAll(async () => {
  await api?.close();
});

function companyForm(fields: Record<string, string> = {}, uploads: Record<string, Blob> = {}) {
  const form = new FormData();
  const values = {
    company_name: "株式会社デモ商事",
    registered_name: "株式会社デモ商事",
    postal_code: "１００－０００１",
    address1: "東京都千代田区千代田1-1",
    tel: "03-1234-5678",
    email: "info@demo.example",
    registered_no: "ｔ７００００１２０５０００２",
    "company_bank_accounts[0][bank_name]": "デモ銀行",
    "company_bank_accounts[0][bank_code]": "0001",
    "company_bank_accounts[0][bank_branch_name]": "本店営業部",
    "company_bank_accounts[0][bank_branch_code]": "001",
    "company_bank_accounts[0][bank_account_type_id]": "1",
    "company_bank_accounts[0][bank_account_no]": "１２３４５６７",
    "company_bank_accounts[0][bank_account_name]": "カ）デモショウジ",
    "company_bank_accounts[0][displayed]": "on",
    "company_bank_accounts[1][bank_name]": "サンプル信用金庫",
    "company_bank_accounts[1][bank_branch_name]": "駅前支店",
    "company_bank_accounts[1][bank_account_no]": "7654321",
    "company_bank_accounts[1][bank_account_name]": "カ）デモショウジ",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  for (const [name, blob] of Object.entries(uploads)) form.append(name, blob, `${name}.png`);
  return form;
}

async function create(as: "owner" | "shinkinOwner" = "owner", form = companyForm({ logo_state: "update" }, { logo: blobOf(PNG_BYTES, "image/png") })) {
  const response = await api.call("/companies", { method: "POST", body: form, as });
  expect(response.status).toBe(201);
  return response.json();
}

describe("POST /companies", () => {
  it("creates the profile with normalised fields, the SPEC §5 defaults and the logo", async () => {
    const answer = await create();
    expect(answer).toMatchObject({
      company_unique_code: "C-DEMO",
      company_name: "株式会社デモ商事",
      postal_code: "100-0001",
      registered_no: "T7000012050002",
      tax_id: 1,
      tax_rounding_id: 2,
      tax_withholding_id: 1,
      item_rounding_id: 1,
      item_rounding_scale: 0,
      subtotal_rounding_id: 1,
      stamp: null,
    });
    // Read with the contract the web app parses with (domain/master-data-answers.ts): what was left empty is null.
    const company = companyAnswer.parse(answer);
    expect(company).toMatchObject({ department_name: null, fax: null, peppol_id: null, stamp: null });
    expect(company.logo?.path).toMatch(/^[0-9a-f-]{36}$/);
    expect(company.company_bank_accounts).toHaveLength(2);
    expect(company.company_bank_accounts[0]).toMatchObject({ bank_name: "デモ銀行", bank_account_no: "1234567", displayed: true, bank_account_type_id: 1 });
    expect(company.company_bank_accounts[1]).toMatchObject({ bank_name: "サンプル信用金庫", bank_code: null, bank_branch_code: null, displayed: false, bank_account_type_id: 1 });

    const file = await (await api.call(`/get_s3_file?path=${company.logo?.path}`)).json();
    expect(file.content_type).toBe("image/png");
    expect(pixelsOf(Buffer.from(file.file, "base64"))).toEqual(pixelsOf(PNG_BYTES));
  });

  it("refuses a second profile for the same company with 409", async () => {
    await create();
    const response = await api.call("/companies", { method: "POST", body: companyForm() });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ code: "conflict", message: "自社情報はすでに登録されています。" });
  });

  it("answers bad input with 422 and a Japanese message per field, storing nothing", async () => {
    const response = await api.call("/companies", {
      method: "POST",
      body: companyForm({
        company_name: "",
        registered_no: "T1000012050002",
        postal_code: "12345",
        email: "info@",
        tax_withholding_id: "0",
        "company_bank_accounts[1][bank_account_name]": "",
        "company_bank_accounts[1][bank_account_no]": "12-34",
      }),
    });
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.code).toBe("validation_failed");
    expect(body.fields).toEqual({
      company_name: ["このフィールドは必須です"],
      registered_no: ["登録番号が正しくありません（チェックデジットが一致しません）"],
      postal_code: ["郵便番号は7桁の数字で入力してください"],
      email: ["有効なメールアドレスを入力してください"],
      tax_withholding_id: ["形式が正しくありません"],
      "company_bank_accounts[1][bank_account_no]": ["口座番号は8桁以内の数字で入力してください"],
      "company_bank_accounts[1][bank_account_name]": ["このフィールドは必須です"],
    });
    expect(await (await api.call("/companies")).json()).toEqual([]);
  });

  it.each([
    ["an oversized logo", { logo: blobOf(Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]), "image/png") }, 413],
    ["a script named .png", { logo: blobOf(SCRIPT_BYTES, "image/png") }, 415],
    ["a PDF as the stamp", { stamp: blobOf(PDF_BYTES, "image/png") }, 415],
  ])("refuses %s, naming the file's field, and stores nothing", async (_name, uploads, status) => {
    const states = { logo_state: "logo" in uploads ? "update" : "keep", stamp_state: "stamp" in uploads ? "update" : "keep" };
    const response = await api.call("/companies", { method: "POST", body: companyForm(states, uploads as Record<string, Blob>) });
    expect(response.status).toBe(status);
    const body = await response.json();
    const field = Object.keys(uploads)[0]!;
    expect(body.fields).toEqual({ [field]: [body.message] });
    expect(await (await api.call("/companies")).json()).toEqual([]);
    expect(await api.database.db.select().from(files)).toEqual([]);
  });

  it("accepts a plain form without files, with indexed bank account fields", async () => {
    const form = new URLSearchParams({
      company_name: "株式会社デモ商事",
      "company_bank_accounts[0][bank_name]": "デモ銀行",
      "company_bank_accounts[0][bank_branch_name]": "本店営業部",
      "company_bank_accounts[0][bank_account_no]": "1234567",
      "company_bank_accounts[0][bank_account_name]": "カ）デモショウジ",
    });
    const response = await api.call("/companies", { method: "POST", body: form });
    expect(response.status).toBe(201);
    const company = await response.json();
    expect(company.company_bank_accounts).toHaveLength(1);
    expect(company.bank_name).toBe("銀行0001");
  });

  it("lets only one of two simultaneous creations through", async () => {
    const results = await Promise.all([
      api.call("/companies", { method: "POST", body: companyForm() }),
      api.call("/companies", { method: "POST", body: companyForm() }),
    ]);
    expect(results.map((response) => response.status).sort()).toEqual([201, 409]);
    expect(companiesAnswer.parse(await (await api.call("/companies")).json())).toHaveLength(1);
  });

  it("refuses a body that is neither a form nor JSON with 415", async () => {
    const response = await api.call("/companies", { method: "POST", body: "company_name=x", headers: { "Content-Type": "text/plain" } });
    expect(response.status).toBe(415);
  });

  it("refuses a user whose payment role is invalid, for reading as for writing", async () => {
    const company = await create();
    await api.database.db.update(paymentServiceUsers).set({ role: 0 }).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-USER"));
    try {
      expect((await api.call("/companies", { method: "POST", body: companyForm(), as: "user" })).status).toBe(403);
      expect((await api.call("/companies", { as: "user" })).status).toBe(403);
      expect((await api.call(`/companies/${company.id}`, { as: "user" })).status).toBe(403);
      expect((await api.call(`/get_s3_file?path=${company.logo.path}`, { as: "user" })).status).toBe(403);
    } finally {
      await api.database.db.update(paymentServiceUsers).set({ role: 2 }).where(eq(paymentServiceUsers.userUniqueCode, "U-DEMO-USER"));
    }
  });

  it("lets a company user (not only the owner) save", async () => {
    const response = await api.call("/companies", { method: "POST", body: companyForm(), as: "user" });
    expect(response.status).toBe(201);
  });
});

describe("POST /companies/{id} with the patch override", () => {
  it("updates fields, keeps the logo, adds the stamp, and edits, drops and adds bank accounts", async () => {
    const company = await create();
    const [first] = company.company_bank_accounts;
    const form = companyForm(
      {
        _method: "PATCH",
        version: String(company.version),
        company_name: "株式会社デモ商事ホールディングス",
        logo_state: "keep",
        stamp_state: "update",
        "company_bank_accounts[0][id]": String(first.id),
        "company_bank_accounts[0][bank_branch_name]": "新宿支店",
        "company_bank_accounts[1][bank_name]": "みらい地方銀行",
      },
      { stamp: blobOf(PNG_BYTES, "image/png") },
    );
    const response = await api.call(`/companies/${company.id}`, { method: "POST", body: form });
    expect(response.status).toBe(200);
    const updated = companyAnswer.parse(await response.json());
    expect(updated.company_name).toBe("株式会社デモ商事ホールディングス");
    expect(updated.logo).toEqual(company.logo);
    expect(updated.stamp?.path).toMatch(/^[0-9a-f-]{36}$/);
    expect(updated.company_bank_accounts.map((account) => [account.id === first.id, account.bank_name, account.bank_branch_name])).toEqual([
      [true, "デモ銀行", "新宿支店"],
      [false, "みらい地方銀行", "駅前支店"],
    ]);
  });

  it("deletes the logo when asked, removing the file", async () => {
    const company = await create();
    const response = await api.call(`/companies/${company.id}`, { method: "POST", body: companyForm({ _method: "PATCH", version: "1", logo_state: "delete" }) });
    expect(companyAnswer.parse(await response.json()).logo).toBeNull();
    expect((await api.call(`/get_s3_file?path=${company.logo.path}`)).status).toBe(404);
  });

  it("refuses a save made from an older version, changing nothing", async () => {
    const company = await create();
    expect(company.version).toBe(1);
    const first = await api.call(`/companies/${company.id}`, { method: "POST", body: companyForm({ _method: "PATCH", version: "1", company_name: "先に保存した名前" }) });
    expect(companyAnswer.parse(await first.json()).version).toBe(2);
    const stale = await api.call(`/companies/${company.id}`, { method: "POST", body: companyForm({ _method: "PATCH", version: "1", company_name: "古い画面からの保存" }) });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ code: "conflict", message: "ほかの操作で自社情報が更新されています。最新の内容を確認してから、もう一度保存してください。" });
    expect((await (await api.call(`/companies/${company.id}`)).json()).company_name).toBe("先に保存した名前");
  });

  it("needs the version it was made from", async () => {
    const company = await create();
    const response = await api.call(`/companies/${company.id}`, { method: "POST", body: companyForm({ _method: "PATCH" }) });
    expect(response.status).toBe(422);
    expect((await response.json()).fields).toEqual({ version: ["このフィールドは必須です"] });
  });

  it("needs the override field", async () => {
    const company = await create();
    const response = await api.call(`/companies/${company.id}`, { method: "POST", body: companyForm() });
    expect(response.status).toBe(400);
  });

  it("refuses a bank account id of another company", async () => {
    const theirs = await create("shinkinOwner");
    const ours = await create();
    const response = await api.call(`/companies/${ours.id}`, {
      method: "POST",
      body: companyForm({ _method: "PATCH", version: "1", "company_bank_accounts[0][id]": String(theirs.company_bank_accounts[0].id) }),
    });
    expect(response.status).toBe(422);
    const after = await (await api.call(`/companies/${theirs.id}`, { as: "shinkinOwner" })).json();
    expect(after.company_bank_accounts).toEqual(theirs.company_bank_accounts);
  });
});

describe("tenant isolation", () => {
  it("never shows, changes or deletes another company's profile or files (404, not 403)", async () => {
    const theirs = await create("shinkinOwner");
    expect(await (await api.call("/companies")).json()).toEqual([]);
    for (const [method, path, body] of [
      ["GET", `/companies/${theirs.id}`, undefined],
      ["POST", `/companies/${theirs.id}`, companyForm({ _method: "PATCH", version: "1", company_name: "乗っ取り" })],
      ["DELETE", `/companies/${theirs.id}`, undefined],
      ["GET", `/get_s3_file?path=${theirs.logo.path}`, undefined],
    ] as const) {
      const response = await api.call(path, { method, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const unchanged = await (await api.call(`/companies/${theirs.id}`, { as: "shinkinOwner" })).json();
    expect(unchanged.company_name).toBe("株式会社デモ商事");
  });

  it("answers 404 for ids that are not ids", async () => {
    for (const path of ["/companies/abc", "/companies/99999999999", "/get_s3_file?path=../../etc/passwd"]) {
      expect((await api.call(path)).status, path).toBe(404);
    }
  });
});

describe("DELETE /companies/{id}", () => {
  it("removes the profile, its bank accounts and its files", async () => {
    const company = await create();
    expect((await api.call(`/companies/${company.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api.call(`/companies/${company.id}`)).status).toBe(404);
    expect(await api.database.db.select().from(files)).toEqual([]);
  });
});

describe("bank staff", () => {
  it("have no company and are refused", async () => {
    expect((await api.call("/companies", { as: "bankAdmin" })).status).toBe(403);
  });
});
