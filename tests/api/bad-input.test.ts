import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { useTenantTestApi } from "../support/api";

const api = useTenantTestApi();

const postJson = (path: string, body: unknown) => api.call(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });
const postRaw = (path: string, body: string, contentType = "application/json") => api.call(path, { method: "POST", body, headers: { "Content-Type": contentType } });
const invoice = (fields: Record<string, unknown> = {}) => ({
  kind: "invoice",
  issue_date: "2026-11-23",
  customer_name: "株式会社青空商事",
  lines: [{ description: "設計作業", unit_price: "8500" }],
  ...fields,
});

async function expectRefusal(response: Response, status = 400) {
  expect(response.status).toBe(status);
  const body = await response.json();
  expect(body.code).toBeTypeOf("string");
  expect(body.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
}

describe("the Payment API refuses input no field can hold with 4xx and {code, message}", () => {
  it.each([
    ["a NUL in a customer's name", "/customers", { name: "株式会社\u0000試験" }],
    ["a NUL in a line's description", "/documents", invoice({ lines: [{ description: "設計\u0000作業", unit_price: "1" }] })],
    ["a bell character in an item's name", "/items", { code: "X-1", name: "品目\u0007", unit_price: "1", tax_rate: 10 }],
  ])("%s: 400, nothing saved", async (_case, path, body) => {
    await expectRefusal(await postJson(path, body));
    expect((await (await api.call(`${path}?kind=invoice`)).json()).total).toBe(0);
  });

  it("a lone surrogate written as a JSON escape: 400", async () => {
    await expectRefusal(await postRaw("/customers", '{"name":"株式会社\\ud800試験"}'));
  });

  it.each([["/customers?q=%00"], ["/items?q=%00"], ["/documents?kind=invoice&q=%00"], ["/documents/export?kind=invoice&q=%00"]])("a NUL in %s: 400", async (path) => {
    await expectRefusal(await api.call(path));
  });

  it.each([
    ["source_document_id 1e308", invoice({ source_document_id: "1e308" })],
    ["customer_id 1e308", invoice({ customer_id: "1e308" })],
    ["customer_id past int4", invoice({ customer_id: 2_147_483_648 })],
    ["a quantity of 1e308", invoice({ lines: [{ description: "x", unit_price: "1", quantity: "1e308" }] })],
    ["a unit price of 10^20", invoice({ lines: [{ description: "x", unit_price: "100000000000000000000" }] })],
    ["an issue date of 99999-01-01", invoice({ issue_date: "99999-01-01" })],
  ])("%s: 4xx", async (_case, body) => {
    const response = await postJson("/documents", body);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it("a version far out of range on an edit: 4xx, and the invoice stays as it was", async () => {
    const saved = await (await postJson("/documents", invoice())).json();
    for (const version of [-99_999_999_999, 1e308, "1e308"]) {
      const response = await postJson(`/documents/${saved.id}`, { ...invoice({ subject: "変更" }), _method: "PATCH", version });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
    }
    expect(await (await api.call(`/documents/${saved.id}`)).json()).toMatchObject({ version: 1, subject: null });
  });

  it("JSON nested 10,000 deep: 400", async () => {
    await expectRefusal(await postRaw("/customers", `{"name":${"[".repeat(10_000)}${"]".repeat(10_000)}}`));
  });

  it.each([
    ["text/plain", "name=x"],
    ["multipart/form-data", "name=x"],
    ["application/json", "{not json"],
  ])("a body of %s that cannot be read: 4xx", async (contentType, body) => {
    const response = await postRaw("/customers", body, contentType);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it("a path holding a broken UTF-8 sequence: 4xx", async () => {
    const response = await api.call("/customers/%ED%A0%80");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe("a multipart body that cannot be read is a 400 with a message (issue 29)", () => {
  const MULTIPART_ENDPOINTS = ["/companies", "/bank-statements", "/received-documents/uploads"];
  const CRLF = "\r\n";
  const bodies: Array<[string, string, string]> = [
    ["no boundary", "multipart/form-data", `--x${CRLF}Content-Disposition: form-data; name="a"${CRLF}${CRLF}1${CRLF}--x--${CRLF}`],
    ["a boundary and no parts", "multipart/form-data; boundary=xyz", ""],
    ["a part header that never ends", "multipart/form-data; boundary=xyz", `--xyz${CRLF}Content-Disposition: form-data; name="file"; filename="a.pdf"${CRLF}${"X-Pad: y".repeat(20_000)}`],
    ["a body cut off inside a file", "multipart/form-data; boundary=xyz", `--xyz${CRLF}Content-Disposition: form-data; name="file"; filename="a.csv"${CRLF}${CRLF}日付,入金額${CRLF}2026`],
    ["a file name holding NUL, CR and LF", "multipart/form-data; boundary=xyz", `--xyz${CRLF}Content-Disposition: form-data; name="file"; filename="a\u0000b${CRLF}c.pdf"${CRLF}${CRLF}%PDF-1.4${CRLF}--xyz--${CRLF}`],
  ];
  for (const path of MULTIPART_ENDPOINTS) {
    it.each(bodies)(`${path}: %s`, async (_case, contentType, body) => {
      const response = await postRaw(path, body, contentType);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      const answer = await response.json();
      expect(answer.message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    });
  }

  it("never answers 5xx to a file of any name and content, on any upload endpoint (seeded, bounded)", async () => {
    const fileName = fc.oneof(fc.string({ unit: "binary", maxLength: 20 }), fc.constantFrom("a\u0000b\r\nc.pdf", "../../etc/passwd", "", ".", "\u202e.pdf"));
    const content = fc.oneof(fc.uint8Array({ maxLength: 64 }), fc.constantFrom("%PDF-1.4\n<html>", "\x89PNG\r\n\x1a\njunk", "\xff\xd8\xffjunk", "日付,入金額\r\n").map((text) => new TextEncoder().encode(text)));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...MULTIPART_ENDPOINTS.map((path) => [path, path === "/companies" ? "logo" : path === "/bank-statements" ? "file" : "files"] as const)), fileName, content, async ([path, field], name, bytes) => {
        const form = new FormData();
        form.append(field, new Blob([bytes]), name);
        const response = await api.call(path, { method: "POST", body: form });
        await response.arrayBuffer();
        expect(response.status, `${path} ${JSON.stringify(name)}`).toBeLessThan(500);
      }),
      { seed: 20261127, numRuns: 90 },
    );
  }, 120_000);
});

describe("a list's export with a query it cannot use is refused before the file starts (issue 29)", () => {
  it.each([["status=-99999999999"], ["status=1e308"], ["customer_id=99999999999"], ["page=-1"]])("/documents/export?%s: 4xx with a message", async (query) => {
    const response = await api.call(`/documents/export?kind=invoice&${query}`);
    const text = await response.text();
    expect(response.status, text).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(JSON.parse(text).message).toMatch(/[ぁ-んァ-ヶ一-龠]/);
  });
});

/** Each write endpoint with the fields its body has, so the run reaches past the first check. */
const WRITE_ENDPOINTS: Array<{ path: string; base: Record<string, unknown> }> = [
  { path: "/customers", base: { name: "株式会社ファズ", name_kana: "ファズ", email: "a@example.jp", closing_day: 20, payment_month: 1, payment_day: 10 } },
  { path: "/items", base: { code: "F-1", name: "品目", unit_price: "100", tax_rate: 10, unit: "個" } },
  { path: "/documents", base: invoice({ due_date: "2026-12-10", subject: "件名", tax_type_id: 1, lines: [{ description: "作業", unit_price: "1", quantity: "2", tax_category: "standard" }] }) },
  { path: "/documents-status", base: { status: 2, ids: [1] } },
  { path: "/office-process-rules", base: { kind: "corporation", company_name: "株式会社", responsible_title: "代表", responsible_name: "山田", effective_date: "2026-11-01", version: 0 } },
  { path: "/document-settings/invoice", base: { _method: "PUT", version: 0, title: "請求書", due_date_rule: "end_of_next_month" } },
];

const nastyValue = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 4 }),
  fc.constantFrom("1e308", "-1e308", "NaN", "Infinity", "-99999999999", "9".repeat(40), "0x1f", "", " ", "\ud800", "2026-02-30", "１２３"),
  fc.double(),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }), { maxKeys: 2 }),
);

describe("fuzzing every write endpoint's fields (seeded, bounded)", () => {
  it("never answers 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...WRITE_ENDPOINTS), fc.nat(), nastyValue, async ({ path, base }, pick, value) => {
        const fields = Object.keys(base);
        const field = fields[pick % fields.length]!;
        const response = await postJson(path, { ...base, [field]: value });
        await response.arrayBuffer();
        expect(response.status, `${path} ${field}=${JSON.stringify(value)}`).toBeLessThan(500);
      }),
      { seed: 20261123, numRuns: 300 },
    );
  }, 120_000);

  it("never answers 5xx to a line's fields", async () => {
    const line = { description: "作業", unit_price: "1", quantity: "2", unit: "式", tax_category: "standard", item_id: 1 };
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Object.keys(line)), nastyValue, async (field, value) => {
        const response = await postJson("/documents", invoice({ lines: [{ ...line, [field]: value }] }));
        await response.arrayBuffer();
        expect(response.status, `lines[0].${field}=${JSON.stringify(value)}`).toBeLessThan(500);
      }),
      { seed: 20261123, numRuns: 150 },
    );
  }, 120_000);

  it("never answers 5xx to a list's query", async () => {
    const params = ["q", "page", "per_page", "sort", "order", "status", "issue_date_from", "issue_date_to", "amount_min", "amount_max", "customer_id"];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom("/customers", "/items", "/documents", "/documents/export"), fc.constantFrom(...params), fc.string({ unit: "binary", maxLength: 12 }), async (path, param, value) => {
        const query = new URLSearchParams({ kind: "invoice", [param]: value });
        const response = await api.call(`${path}?${query}`);
        await response.arrayBuffer();
        expect(response.status, `${path}?${query}`).toBeLessThan(500);
      }),
      { seed: 20261123, numRuns: 150 },
    );
  }, 120_000);
});

describe("fuzzing the monthly billing cycle's endpoints (issue 19; seeded, bounded)", () => {
  const ids = { invoice: 0, payment: 0, statement: 0, line: 0, customer: 0 };
  beforeAll(async () => {
    const customer = await (await postJson("/customers", { name: "株式会社ファズ請求", name_kana: "ファズセイキュウ", closing_day: 99 })).json();
    const draft = await (await postJson("/documents", invoice({ customer_id: customer.id, customer_name: customer.name, due_date: "2026-10-31" }))).json();
    await api.call(`/documents/${draft.id}/issue`, { method: "POST" });
    const paid = await (await postJson(`/documents/${draft.id}/payments`, { paid_on: "2026-11-23", amount: 100, method: "cash" })).json();
    const form = new FormData();
    form.append("file", new Blob(["日付,振込依頼人名,入金額,出金額\r\n2026/11/20,ﾌｧｽﾞ,1000,\r\n"]), "fuzz.csv");
    const statement = await (await api.call("/bank-statements", { method: "POST", body: form })).json();
    const shown = await (await api.call(`/bank-statements/${statement.id}`)).json();
    Object.assign(ids, { invoice: draft.id, payment: paid.payment_id, statement: statement.id, line: shown.lines[0].id, customer: customer.id });
  });

  const endpoints = () => [
    { path: `/documents/${ids.invoice}/payments`, base: { paid_on: "2026-11-23", amount: 100, fee: 0, method: "transfer" } },
    { path: `/documents/${ids.invoice}/payments/${ids.payment}/cancel`, base: { reason: "誤り" } },
    { path: `/bank-statements/${ids.statement}/confirm`, base: { matches: [{ line_id: ids.line, document_id: ids.invoice, fee: 0 }] } },
    { path: "/closing-invoices", base: { closing_date: "2026-11-30", customer_ids: [ids.customer], line_mode: "per_slip" } },
    { path: "/recurring-invoices", base: { source_document_id: ids.invoice, day_of_month: 31, interval_months: 1, start_date: "2027-01-01", subject: "{年}年{月}月分" } },
    { path: `/documents/${ids.invoice}/reminders`, base: { level: 1, to: "a@example.jp", subject: "お願い", body: "本文", delivery: "link", idempotency_key: "fuzz-key" } },
  ];

  it("never answers 5xx to a field", async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), fc.nat(), nastyValue, async (which, pick, value) => {
        const list = endpoints();
        const { path, base } = list[which % list.length]!;
        const fields = Object.keys(base);
        const field = fields[pick % fields.length]!;
        const response = await postJson(path, { ...base, [field]: value });
        await response.arrayBuffer();
        expect(response.status, `${path} ${field}=${JSON.stringify(value)}`).toBeLessThan(500);
      }),
      { seed: 20261126, numRuns: 300 },
    );
  }, 120_000);

  it("never answers 5xx to a list's query", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("/bank-statements", "/bank-statements/unmatched", "/reminders/overdue", "/closing-invoices", "/closing-invoices/made"),
        fc.constantFrom("page", "bucket", "closing_date"),
        fc.string({ unit: "binary", maxLength: 12 }),
        async (path, param, value) => {
          const response = await api.call(`${path}?${new URLSearchParams({ [param]: value })}`);
          await response.arrayBuffer();
          expect(response.status, `${path}?${param}=${value}`).toBeLessThan(500);
        },
      ),
      { seed: 20261126, numRuns: 150 },
    );
  }, 120_000);
});
