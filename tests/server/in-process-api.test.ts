import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as invoiceListLoader } from "~/routes/_default.invoices.list/route";
import { loader as invoiceExportLoader } from "~/routes/invoices.export/route";
import { action as editCustomerAction } from "~/routes/_default.customers.edit.$id/route";
import { signedInRequest, startTestApi, type TestApi } from "../support/api";
import { createCustomer, insertPaymentUser } from "../support/factories";
import { blobOf, PNG_BYTES } from "../support/files";
import { testContext } from "../support/context";
import { shownAgain } from "../support/route-answers";

/**
 * The embedded API reached in process must answer exactly as it does over
 * HTTP (a separate deployment behind PAYMENT_API_BASE_URL): status, the
 * headers a caller reads, and the body.
 */
let api: TestApi;
let token: string;

beforeAll(async () => {
  api = await startTestApi();
  await insertPaymentUser(api.database.db, "owner");
  token = await api.tokenFor("owner");
  process.env.PAYMENT_API_BASE_URL = api.url.replace(/\/api\/v1$/, "");
  for (const [index, name] of ["株式会社髙島屋", "有限会社〜テスト", "山田商店"].entries()) {
    const response = await api.call("/documents", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ kind: "invoice", issue_date: `2026-11-0${index + 1}`, customer_name: name, subject: `件名${index}`, lines: [{ description: "作業", quantity: "1", unit_price: "1000", tax_rate: "10" }] }),
    });
    expect(response.status).toBe(201);
  }
});

afterAll(async () => {
  delete process.env.PAYMENT_API_BASE_URL;
  await api?.close();
});

const COMPARED_HEADERS = ["content-type", "content-disposition", "cache-control", "retry-after", "location", "etag"];

type Answer = { status: number; headers: Record<string, string | null>; body: Buffer };

async function answerOf(response: Response): Promise<Answer> {
  return {
    status: response.status,
    headers: Object.fromEntries(COMPARED_HEADERS.map((name) => [name, response.headers.get(name)])),
    body: Buffer.from(await response.arrayBuffer()),
  };
}

/** The same request over HTTP and in process. */
async function both(path: string, init: RequestInit & { bearer?: string | null } = {}): Promise<[Answer, Answer]> {
  const { bearer = token, ...rest } = init;
  const headers = new Headers(rest.headers);
  if (bearer) headers.set("Authorization", `Bearer ${bearer}`);
  const url = `${api.url}${path}`;
  const overHttp = await answerOf(await fetch(url, { ...rest, headers }));
  const inProcess = await answerOf(await api.inProcess(url, { ...rest, headers }));
  return [overHttp, inProcess];
}

describe("the Payment API in process", () => {
  it.each([
    ["a list", "/documents?kind=invoice&sort=customer&order=asc"],
    ["one document", "/documents?kind=invoice&q=髙島屋"],
    ["the caller", "/user_service/me"],
    ["an unknown endpoint", "/no-such-endpoint"],
    ["a query it cannot read", "/documents?kind=nonsense"],
    ["a CSV file in Shift_JIS", "/documents/export?kind=invoice&encoding=SJIS"],
    ["a CSV file in UTF-8 with BOM", "/documents/export?kind=invoice&content=lines&encoding=UTF8"],
  ])("answers %s exactly as over HTTP", async (_name, path) => {
    const [overHttp, inProcess] = await both(path);
    expect(inProcess.status).toBe(overHttp.status);
    expect(inProcess.headers).toEqual(overHttp.headers);
    expect(inProcess.body.equals(overHttp.body)).toBe(true);
  });

  it("refuses a missing or forged token as over HTTP", async () => {
    for (const bearer of [null, `${token.slice(0, -4)}AAAA`]) {
      const [overHttp, inProcess] = await both("/documents?kind=invoice", { bearer });
      expect(inProcess.status).toBe(401);
      expect(inProcess.body.toString()).toBe(overHttp.body.toString());
    }
  });

  it("reads JSON bodies and refuses bad ones with the same fields", async () => {
    const post = (body: string) => ({ method: "POST", body, headers: { "Content-Type": "application/json" } });
    const [overHttp, inProcess] = await both("/customers", post(JSON.stringify({ name: "", email: "not-an-address" })));
    expect(inProcess.status).toBe(422);
    expect(JSON.parse(inProcess.body.toString())).toEqual(JSON.parse(overHttp.body.toString()));

    const [tooDeepHttp, tooDeepInProcess] = await both("/customers", post("[".repeat(20) + "]".repeat(20)));
    expect(tooDeepInProcess.status).toBe(tooDeepHttp.status);
    expect(tooDeepInProcess.status).toBe(400);
  });

  it("takes a multipart upload in process and stores the file byte for byte", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ company_name: "株式会社デモ商事", registered_name: "株式会社デモ商事", postal_code: "100-0001", address1: "東京都千代田区千代田1-1", tel: "03-1234-5678", email: "info@demo.example", logo_state: "update" })) {
      form.append(name, value);
    }
    form.append("logo", blobOf(PNG_BYTES, "image/png"), "logo.png");
    const created = await api.inProcess(`${api.url}/companies`, { method: "POST", body: form, headers: { Authorization: `Bearer ${token}` } });
    expect(created.status, await created.clone().text()).toBe(201);
    const company = (await created.json()) as { logo: { path: string } };
    const [overHttp, inProcess] = await both(`/get_s3_file?path=${company.logo.path}`);
    expect(inProcess.status).toBe(200);
    expect(inProcess.body.equals(overHttp.body)).toBe(true);
  });

  it("streams a long answer: the first bytes arrive before the last are read", async () => {
    const response = await api.inProcess(`${api.url}/documents/export?kind=invoice&encoding=UTF8`, { headers: { Authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // A UTF-8 BOM, then the header row.
    expect(Buffer.from(first.value!).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    await reader.cancel();
  });

  it("lets a caller drop an answer unread: cancelling its body raises nothing in the server", async () => {
    const thrown: unknown[] = [];
    const record = (error: unknown) => thrown.push(error);
    process.on("uncaughtException", record);
    try {
      for (const path of ["/documents?kind=invoice", "/user_service/me", "/documents/export?kind=invoice&encoding=UTF8"]) {
        const response = await api.inProcess(`${api.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
        expect(response.status, path).toBe(200);
        await response.body!.cancel();
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      process.off("uncaughtException", record);
    }
    expect(thrown).toEqual([]);
  });
});

describe.each([
  ["over HTTP", () => testContext()],
  ["in process", () => testContext({ paymentApi: api.inProcess })],
])("pages reaching the API %s", (_mode, contextOf) => {
  it("list the company's invoices", async () => {
    const page = (await invoiceListLoader({ request: await signedInRequest(api, "owner", "/invoices/list?q=山田"), params: {}, context: contextOf() })) as unknown as {
      page: { items: Array<{ customer_name: string }>; total: number };
    };
    expect(page.page.total).toBe(1);
    expect(page.page.items.map((item) => item.customer_name)).toEqual(["山田商店"]);
  });

  it("hand the CSV file to the browser unchanged", async () => {
    const response = (await invoiceExportLoader({ request: await signedInRequest(api, "owner", "/invoices/export?encoding=SJIS"), params: {}, context: contextOf() })) as Response;
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=Shift_JIS");
    const direct = await api.call("/documents/export?kind=invoice&encoding=SJIS");
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer()))).toBe(true);
  });

  it("keep what was typed when the API refuses a form", async () => {
    const { id } = await createCustomer(api, { name: "株式会社改版" });
    // Version 0: someone else saved the customer since this form was opened.
    const form = new URLSearchParams({ version: "0", name: "株式会社改版（変更）", department: "経理部", honorific: "御中" });
    const reply = shownAgain(await editCustomerAction({ request: await signedInRequest(api, "owner", `/customers/edit/${id}`, { method: "POST", body: form }), params: { id: String(id) }, context: contextOf() }));
    expect(reply.status).toBe(409);
    expect(reply.data.initialValue).toMatchObject({ name: "株式会社改版（変更）", department: "経理部" });
  });
});
