import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as companyAction } from "~/routes/_default.companies.create/route";
import { action as customerCsvAction } from "~/routes/_default.customers.csv/route";
import { action as customerEditAction } from "~/routes/_default.customers.edit.$id/route";
import { action as itemsAction } from "~/routes/_default.items.list/route";
import { action as officeRulesAction } from "~/routes/_default.office-process-rule-templates/route";
import { action as signInAction, loader as signInLoader } from "~/routes/_plain.bamidp.login/route";
import { sendMailAction } from "~/routes/__mail/mail-pages.server";
import { signedInRequest, useRouteTestApi } from "../support/api";
import { blobOf, PNG_BYTES } from "../support/files";
import { testContext } from "../support/context";
import { shownAgain } from "../support/route-answers";

const api = useRouteTestApi();
const context = testContext();

beforeAll(() => {
  // Read once by getConfig, so set before the first route runs.
  process.env.BANK_SERVICE_BASE_URL = api.bankServiceUrl;
});

afterAll(() => {
  delete process.env.BANK_SERVICE_BASE_URL;
});

/** What an action answered with data(): conform's reply (or the page's wrapper of it) and the status. */

const postJson = (path: string, body: unknown) =>
  api.call(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

function companyForm(logo: Blob, fileName: string) {
  const form = new FormData();
  const fields = {
    company_name: "株式会社ロゴ試験",
    department_name: "経理部",
    pic_name: "佐藤",
    postal_code: "100-0001",
    address1: "東京都千代田区千代田1-1",
    tel: "03-1234-5678",
    tax_id: "1",
    tax_rounding_id: "2",
    tax_withholding_id: "1",
    item_rounding_id: "1",
    item_rounding_scale: "0",
    subtotal_rounding_id: "1",
    "company_bank_accounts[0].bank_name": "デモ銀行",
    "company_bank_accounts[0].bank_branch_name": "本店",
    "company_bank_accounts[0].bank_account_type_id": "1",
    "company_bank_accounts[0].bank_account_no": "1234567",
    "company_bank_accounts[0].bank_account_name": "カ)ロゴシケン",
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("logo", new File([logo], fileName, { type: "image/png" }));
  return { form, fields };
}

async function postCompany(form: FormData) {
  const request = await signedInRequest(api, "owner", "/companies/create", { method: "POST", body: form });
  return shownAgain(await companyAction({ request, params: {}, context }));
}

describe("company form: a refused logo comes back beside the field with every edit kept", () => {
  it("says a text file named .png is not an image (415) and saves nothing", async () => {
    const { form, fields } = companyForm(blobOf(Buffer.from("これは画像ではありません\n")), "logo.png");
    const answer = await postCompany(form);
    expect(answer.status).toBe(415);
    expect(answer.data.error?.logo).toEqual(["対応していないファイル形式です。PNG、JPEG、GIFの画像を選んでください。"]);
    expect(answer.data.initialValue).toMatchObject({
      company_name: fields.company_name,
      department_name: fields.department_name,
      tel: fields.tel,
      company_bank_accounts: [{ bank_name: "デモ銀行", bank_account_no: "1234567", bank_account_name: "カ)ロゴシケン" }],
    });
    expect(await (await api.call("/companies")).json()).toEqual([]);
  });

  it("says a 6 MB logo is too large (413) and saves nothing", async () => {
    const large = new Uint8Array(6 * 1024 * 1024);
    large.set(PNG_BYTES);
    const { form, fields } = companyForm(blobOf(large), "large.png");
    const answer = await postCompany(form);
    expect(answer.status).toBe(413);
    expect(answer.data.error?.logo).toEqual(["ファイルのサイズが上限を超えています。"]);
    expect(answer.data.initialValue).toMatchObject({ company_name: fields.company_name, postal_code: fields.postal_code, address1: fields.address1 });
    expect(await (await api.call("/companies")).json()).toEqual([]);
  });
});

describe("other forms keep what was typed when the API refuses it", () => {
  it("customer edit: a stale version (409) says so and keeps the edits", async () => {
    const created = await (await postJson("/customers", { name: "古い版の取引先" })).json();
    expect((await postJson(`/customers/${created.id}`, { _method: "PATCH", name: "先に保存された名前", version: created.version })).status).toBe(200);
    const form = new URLSearchParams({ version: String(created.version), name: "あとから編集した名前", department: "購買部" });
    const request = await signedInRequest(api, "owner", `/customers/edit/${created.id}`, { method: "POST", body: form });
    const answer = shownAgain(await customerEditAction({ request, params: { id: String(created.id) }, context }));
    expect(answer.status).toBe(409);
    expect(answer.data.error?.[""]?.[0]).toContain("ほかの操作で");
    expect(answer.data.initialValue).toMatchObject({ name: "あとから編集した名前", department: "購買部" });
    expect((await (await api.call(`/customers/${created.id}`)).json()).name).toBe("先に保存された名前");
  });

  it("items, edited in place: a code already used (422) is said beside the code field", async () => {
    await postJson("/items", { code: "A-001", name: "既存の品目", unit_price: "100", tax_rate: 10 });
    const other = await (await postJson("/items", { code: "B-001", name: "別の品目", unit_price: "200", tax_rate: 10 })).json();
    const form = new URLSearchParams({ intent: "update", id: String(other.id), version: String(other.version), code: "A-001", name: "名前も変えた", unit_price: "250", tax_rate: "10" });
    const request = await signedInRequest(api, "owner", `/items/list?edit=${other.id}`, { method: "POST", body: form });
    const answer = shownAgain(await itemsAction({ request, params: {}, context }));
    expect(answer.status).toBe(422);
    expect(answer.data.formId).toBe(`item-${other.id}`);
    expect(answer.data.result.error?.code?.[0]).toMatch(/品目コード/);
    expect(answer.data.result.initialValue).toMatchObject({ code: "A-001", name: "名前も変えた", unit_price: "250" });
  });

  it("office process rules: a save from a page someone else saved first (409) keeps the input", async () => {
    const fields = { version: "0", kind: "corporation", company_name: "株式会社先行", responsible_title: "代表取締役", responsible_name: "山田太郎", effective_date: "2026-11-01" };
    const post = async (values: Record<string, string>) =>
      officeRulesAction({
        request: await signedInRequest(api, "owner", "/office-process-rule-templates", { method: "POST", body: new URLSearchParams(values) }),
        params: {},
        context,
      });
    expect(((await post(fields)) as Response).status).toBe(302);
    const answer = shownAgain(await post({ ...fields, company_name: "株式会社後発" }));
    expect(answer.status).toBe(409);
    expect(answer.data.initialValue).toMatchObject({ company_name: "株式会社後発", responsible_name: "山田太郎" });
  });
});

describe("the mail send form", () => {
  it("keeps the typed mail when the API refuses to send a voided document (409)", async () => {
    const invoice = await (await postJson("/documents", { kind: "invoice", issue_date: "2026-11-23", customer_name: "株式会社無効確認", lines: [{ description: "作業", unit_price: "1000" }] })).json();
    expect((await postJson(`/documents/${invoice.id}/issue`, {})).status).toBe(200);
    expect((await postJson(`/documents/${invoice.id}/void`, {})).status).toBe(200);
    const caller = { idToken: await api.tokenFor("owner"), traceId: "t", bankCode: "0001", bankName: "デモ銀行", screenName: "invoices-detail" };
    const form = new FormData();
    for (const [name, value] of Object.entries({ to: "keiri@example.jp", cc: "", subject: "請求書の再送", body: "株式会社無効確認 御中\n\n再送いたします。", delivery: "attachment" })) form.append(name, value);
    const request = await signedInRequest(api, "owner", `/invoices/detail/${invoice.id}`, { method: "POST" });
    const answer = shownAgain(await sendMailAction(request, caller, "invoice", invoice.id, form));
    expect(answer.status).toBe(409);
    expect(answer.data.mailResult.error?.[""]).toEqual(["無効にした書類は送信できません。"]);
    expect(answer.data.mailResult.initialValue).toMatchObject({ subject: "請求書の再送", body: "株式会社無効確認 御中\n\n再送いたします。" });
  });
});

describe("a post whose body is not a form", () => {
  it("gets the page's own messages beside the fields, not the 500 page", async () => {
    const company = shownAgain(await companyAction({ request: await signedInRequest(api, "owner", "/companies/create", { method: "POST" }), params: {}, context }));
    expect(company.status).toBe(400);
    expect(company.data.error?.company_name).toEqual(["このフィールドは必須です"]);
    const csv = shownAgain(await customerCsvAction({ request: await signedInRequest(api, "owner", "/customers/csv", { method: "POST", body: "not a form" }), params: {}, context }));
    expect(csv.status).toBe(422);
    expect(csv.data.message).toBe("CSVファイルを選んでください。");
  });
});

describe("sign-in page", () => {
  it("answers an empty POST /bamidp/login with the sign-in page's message, not the 500 page", async () => {
    const answer = shownAgain(await signInAction({ request: new Request("http://localhost/bamidp/login", { method: "POST" }), params: {}, context }));
    expect(answer.status).toBe(400);
    expect(answer.data.message).toBe("ログインの要求を読み取れませんでした。もう一度「銀行のログイン画面へ進む」を押してください。");
    expect(await signInLoader({ request: new Request("http://localhost/bamidp/login"), params: {}, context })).toEqual({ bankCode: null, returnTo: "/top" });
  });
});
