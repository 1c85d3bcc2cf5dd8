import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mergeClosingInvoices } from "../../api/billing/closing";
import { closingInvoiceSlips, customers, documentLines, documents } from "../../api/db/schema";
import { closingCandidatesAnswer, closingMadeAnswer, closingMergeAnswer } from "../../domain/billing-answers";
import { startTestApi, type TestApi } from "../support/api";
import { createCustomer, createDocument, insertPaymentUser } from "../support/factories";
import { ok, post } from "../support/issued";
import { fixtureUsers, type FixtureUserName } from "../support/users";

/*
 * 合算請求 (issue 19 item 1, decision 030): per customer closing on a date, the issued delivery slips of the period
 * that no valid invoice bills become one draft invoice whose totals the engine computes on the merged lines.
 */

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
  await insertPaymentUser(api.database.db, "owner");
  await insertPaymentUser(api.database.db, "shinkinOwner");
});

afterAll(async () => {
  await api?.close();
});

type Line = { description: string; quantity: string; unit_price: string; tax_category: "standard" | "reduced" };
const line = (description: string, quantity: number, unitPrice: number, taxCategory: Line["tax_category"] = "standard"): Line => ({
  description,
  quantity: String(quantity),
  unit_price: String(unitPrice),
  tax_category: taxCategory,
});

/** A customer closing at the month's end (or on `closing_day`), paid at the end of the next month. */
const customer = (name: string, fields: Record<string, unknown> = {}, as: FixtureUserName = "owner") =>
  createCustomer(api, { name, closing_day: "99", payment_month_offset: "1", payment_day: "99", ...fields }, as) as Promise<{ id: number; name: string }>;

/** A delivery slip delivered on `date`, issued unless told otherwise. */
async function slip(
  to: { id: number; name: string },
  date: string,
  lines: Line[],
  options: { draft?: boolean; voided?: boolean; as?: FixtureUserName; withoutDeliveryDate?: boolean } = {},
) {
  const as = options.as ?? "owner";
  const fields = { kind: "delivery_slip", issue_date: date, customer_id: to.id, customer_name: to.name, lines, ...(options.withoutDeliveryDate ? {} : { delivery_date: date }) };
  const draft = (await createDocument(api, fields, as)) as { id: number; number: string };
  if (!options.draft) await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST", as }));
  if (options.voided) await ok(await api.call(`/documents/${draft.id}/void`, { method: "POST", as }));
  return draft;
}

// The answers are read with the contract the web app parses with (domain/billing-answers.ts).
const candidates = async (closingDate: string, as: FixtureUserName = "owner") => closingCandidatesAnswer.parse(await ok(await api.call(`/closing-invoices?closing_date=${closingDate}`, { as })));
type Candidates = Awaited<ReturnType<typeof candidates>>;
const slipsOf = (list: Candidates, customerId: number) => list.customers.find((entry) => entry.customer_id === customerId)?.slips.map((entry) => entry.id) ?? [];
const merge = (body: Record<string, unknown>, as: FixtureUserName = "owner") => api.call("/closing-invoices", { ...post(body), as });

describe("GET/POST /closing-invoices", () => {
  it("makes one draft invoice whose totals are the engine's on the merged lines, not the slips' totals added", async () => {
    const rice = await customer("株式会社合算商事");
    const first = await slip(rice, "2026-10-05", [line("米", 3, 155, "reduced"), line("配送料", 1, 1001)]);
    const second = await slip(rice, "2026-10-20", [line("米", 2, 155, "reduced"), line("配送料", 1, 1001), line("包装", 1, 333)]);
    // Each slip rounds its own tax (外税, truncated): 465×8%=37.2→37 and 1,001×10%=100.1→100 make 1,603;
    // 310×8%=24.8→24 and 1,334×10%=133.4→133 make 1,801. Added, the slips say 3,404.
    expect((await ok(await api.call(`/documents/${first.id}`))).tax_included).toBe("1603");
    expect((await ok(await api.call(`/documents/${second.id}`))).tax_included).toBe("1801");

    const listed = await candidates("2026-10-31");
    expect(listed).toMatchObject({ from: "2026-10-01", to: "2026-10-31" });
    expect(slipsOf(listed, rice.id)).toEqual([first.id, second.id]);

    const answer = await merge({ closing_date: "2026-10-31", customer_ids: [rice.id], line_mode: "per_slip" });
    expect(answer.status).toBe(201);
    const merged = closingMergeAnswer.parse(await answer.json());
    expect(merged.skipped).toEqual([]);
    expect(merged.created).toHaveLength(1);
    const created = merged.created[0]!;
    // The invoice rounds once per rate on all the lines: 8 %: 465 + 310 = 775, tax 62.0 → 62;
    // 10 %: 1,001 + 1,001 + 333 = 2,335, tax 233.5 → 233 (truncated). 3,110 + 295 = 3,405, not 3,404.
    expect(created).toMatchObject({ customer_id: rice.id, slip_count: 2, tax_included: "3405", due_date: "2026-11-30" });

    const invoice = await ok(await api.call(`/documents/${created.invoice_id}`));
    expect(invoice).toMatchObject({ kind: "invoice", issue_date: "2026-10-31", customer_id: rice.id, customer_name: "株式会社合算商事", status: 1, issued_at: null });
    expect(invoice).toMatchObject({ tax_excluded: "3110", tax: "295", tax_included: "3405", amount_due: "3405", due_date: "2026-11-30" });
    // Per slip: a heading line of no amount naming the slip and its date, then the slip's lines as they were.
    expect(invoice.lines.map((entry: Record<string, string>) => [entry.description, entry.quantity, entry.amount])).toEqual([
      [`納品書 No.${first.number}（2026/10/05）`, "0", "0"],
      ["米", "3", "465"],
      ["配送料", "1", "1001"],
      [`納品書 No.${second.number}（2026/10/20）`, "0", "0"],
      ["米", "2", "310"],
      ["配送料", "1", "1001"],
      ["包装", "1", "333"],
    ]);

    // Linked both ways, and billed slips are offered no more.
    const links = await ok(await api.call(`/documents/${created.invoice_id}/closing-links`));
    expect(links.slips.map((entry: { id: number }) => entry.id)).toEqual([first.id, second.id]);
    expect((await ok(await api.call(`/documents/${first.id}/closing-links`))).invoice).toMatchObject({ id: created.invoice_id, number: created.number });
    // The documents themselves carry the link, for their detail pages.
    expect((await ok(await api.call(`/documents/${created.invoice_id}`))).closing.map((entry: { id: number }) => entry.id)).toEqual([first.id, second.id]);
    expect((await ok(await api.call(`/documents/${second.id}`))).closing).toEqual([{ id: created.invoice_id, kind: "invoice", number: created.number }]);
    expect(slipsOf(await candidates("2026-10-31"), rice.id)).toEqual([]);
    const made = closingMadeAnswer.parse(await ok(await api.call("/closing-invoices/made?closing_date=2026-10-31")));
    expect(made.invoices).toContainEqual(expect.objectContaining({ id: created.invoice_id, customer_name: "株式会社合算商事", slip_count: 2, tax_included: "3405", issued_at: null }));
  });

  it("sums the lines per item when asked: same item, unit price and tax category are one line, with the same totals", async () => {
    const shop = await customer("株式会社品目合算");
    await slip(shop, "2026-10-05", [line("米", 3, 155, "reduced"), line("配送料", 1, 1001)]);
    await slip(shop, "2026-10-20", [line("米", 2, 155, "reduced"), line("配送料", 1, 1001), line("配送料", 1, 1200), line("包装", 1, 333)]);
    const merged = closingMergeAnswer.parse(await ok(await merge({ closing_date: "2026-10-31", customer_ids: [shop.id], line_mode: "per_item" })));
    const invoice = await ok(await api.call(`/documents/${merged.created[0]!.invoice_id}`));
    expect(invoice.lines.map((entry: Record<string, string>) => [entry.description, entry.quantity, entry.unit_price, entry.tax_category, entry.amount])).toEqual([
      ["米", "5", "155", "reduced", "775"],
      ["配送料", "2", "1001", "standard", "2002"],
      ["配送料", "1", "1200", "standard", "1200"],
      ["包装", "1", "333", "standard", "333"],
    ]);
    // 8 %: 775 → 62; 10 %: 3,535 → 353.5 → 353; 4,310 + 415 = 4,725.
    expect(invoice).toMatchObject({ tax_excluded: "4310", tax: "415", tax_included: "4725" });
  });

  it("lays the lines out as the invoice settings (帳票設定) say when the request does not choose", async () => {
    const as = "shinkinOwner";
    const settings = await ok(await api.call("/document-settings/invoice", { as }));
    expect(settings.closing_line_mode).toBe("per_slip");
    const { kind: _kind, version, next_number: _next, next_sequence: _sequence, today: _today, updated_at: _updated, ...fields } = settings;
    await ok(await api.call("/document-settings/invoice", { ...post({ ...fields, closing_line_mode: "per_item", _method: "PUT", version }), as }));
    const refused = await api.call("/document-settings/invoice", { ...post({ ...fields, closing_line_mode: "per_day", _method: "PUT", version: version + 1 }), as });
    expect(refused.status).toBe(422);

    const shop = await customer("有限会社設定どおり", {}, as);
    await slip(shop, "2026-09-05", [line("米", 1, 155, "reduced")], { as });
    await slip(shop, "2026-09-06", [line("米", 2, 155, "reduced")], { as });
    expect((await candidates("2026-09-30", as)).line_mode).toBe("per_item");
    const merged = closingMergeAnswer.parse(await ok(await merge({ closing_date: "2026-09-30", customer_ids: [shop.id] }, as)));
    const invoice = await ok(await api.call(`/documents/${merged.created[0]!.invoice_id}`, { as }));
    expect(invoice.lines.map((entry: Record<string, string>) => [entry.description, entry.quantity])).toEqual([["米", "3"]]);
  });

  it("takes the slips of the period only: from the day after the previous closing up to the closing day, by delivery date", async () => {
    const edges = await customer("株式会社期間境界");
    await slip(edges, "2026-09-30", [line("前月末", 1, 100)]);
    const firstDay = await slip(edges, "2026-10-01", [line("月初", 1, 100)]);
    const lastDay = await slip(edges, "2026-10-31", [line("月末", 1, 100)]);
    await slip(edges, "2026-11-01", [line("翌月初", 1, 100)]);
    expect(slipsOf(await candidates("2026-10-31"), edges.id)).toEqual([firstDay.id, lastDay.id]);

    // A customer closing on the 20th closes on 2026-10-20 only, for 9/21–10/20; one without a closing day on any day chosen.
    const twentieth = await customer("株式会社二十日締め", { closing_day: "20" });
    const inside = await slip(twentieth, "2026-09-21", [line("期間内", 1, 100)]);
    await slip(twentieth, "2026-09-20", [line("前の期間", 1, 100)]);
    const free = await customer("株式会社締め日なし", { closing_day: "", payment_month_offset: "", payment_day: "" });
    const freeSlip = await slip(free, "2026-10-10", [line("作業", 1, 100)], { withoutDeliveryDate: true });
    expect(slipsOf(await candidates("2026-10-31"), twentieth.id)).toEqual([]);
    const onTwentieth = await candidates("2026-10-20");
    expect(onTwentieth).toMatchObject({ from: "2026-09-21", to: "2026-10-20" });
    expect(slipsOf(onTwentieth, twentieth.id)).toEqual([inside.id]);
    expect(slipsOf(onTwentieth, edges.id)).toEqual([]);
    expect(slipsOf(onTwentieth, free.id)).toEqual([freeSlip.id]);

    // February's end closes 2/1–2/28 for a month-end customer.
    expect(await candidates("2027-02-28")).toMatchObject({ from: "2027-02-01", to: "2027-02-28" });
    expect((await api.call("/closing-invoices?closing_date=2026-02-30")).status).toBe(422);
    expect((await api.call("/closing-invoices")).status).toBe(422);
  });

  it("makes invoices for the customers chosen only, or for every customer closing on the date", async () => {
    const chosen = await customer("株式会社選択する");
    const other = await customer("株式会社選択しない");
    await slip(chosen, "2026-08-10", [line("作業", 1, 1000)]);
    const left = await slip(other, "2026-08-11", [line("作業", 1, 2000)]);
    const merged = closingMergeAnswer.parse(await ok(await merge({ closing_date: "2026-08-31", customer_ids: [chosen.id] })));
    expect(merged.created.map((entry) => entry.customer_id)).toEqual([chosen.id]);
    expect(slipsOf(await candidates("2026-08-31"), other.id)).toEqual([left.id]);
    const again = await merge({ closing_date: "2026-08-31", customer_ids: [chosen.id] });
    expect(again.status).toBe(200);
    expect(closingMergeAnswer.parse(await again.json())).toMatchObject({
      created: [],
      skipped: [{ customer_id: chosen.id, customer_name: "株式会社選択する", message: "この取引先には、この期間の未請求の納品書がありません（すでに請求書にまとめた納品書は対象外です）。" }],
    });

    // A form posts one chosen customer as a single value.
    const form = new URLSearchParams({ closing_date: "2026-08-31", customer_ids: String(other.id), line_mode: "per_item" });
    const single = await api.call("/closing-invoices", { method: "POST", body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(closingMergeAnswer.parse(await single.json()).created.map((entry) => entry.customer_id)).toEqual([other.id]);

    const everyone = await customer("株式会社全件対象");
    await slip(everyone, "2026-07-15", [line("作業", 1, 500)]);
    const all = closingMergeAnswer.parse(await ok(await merge({ closing_date: "2026-07-31" })));
    expect(all.created.map((entry) => entry.customer_id)).toContain(everyone.id);
    expect(slipsOf(await candidates("2026-07-31"), everyone.id)).toEqual([]);

    const tooMany = Array.from({ length: 1001 }, (_, index) => index + 1);
    for (const body of [
      { closing_date: "2026-07-31", line_mode: "per_day" },
      { closing_date: "2026-07-31", customer_ids: [] },
      { closing_date: "2026-07-31", customer_ids: ["x"] },
      { closing_date: "2026-07-31", customer_ids: tooMany },
      { closing_date: "2026-07-31", customer_ids: [{ id: 1 }] },
      {},
    ]) {
      const refused = await merge(body);
      expect(refused.status, JSON.stringify(body)).toBe(422);
      expect(Object.values((await refused.json()).fields as Record<string, string[]>)[0]![0]).toMatch(/[ぁ-んァ-ヶ一-龠]/);
    }
  });

  it("offers no draft or voided slip, and no slip already billed on a valid invoice", async () => {
    const careful = await customer("株式会社下書きと無効");
    await slip(careful, "2026-06-10", [line("下書き", 1, 100)], { draft: true });
    await slip(careful, "2026-06-11", [line("無効", 1, 100)], { voided: true });
    const valid = await slip(careful, "2026-06-12", [line("有効", 1, 100)]);
    expect(slipsOf(await candidates("2026-06-30"), careful.id)).toEqual([valid.id]);

    // Converted to an invoice the usual way (請求書に変換): billed, so not offered.
    await createDocument(api, { kind: "invoice", issue_date: "2026-06-30", customer_id: careful.id, customer_name: careful.name, lines: [line("有効", 1, 100)], source_document_id: valid.id });
    expect(slipsOf(await candidates("2026-06-30"), careful.id)).toEqual([]);

    // The other way round: a slip on a closing invoice is not converted into a second invoice.
    const merged = await slip(careful, "2026-06-13", [line("締め", 1, 100)]);
    const made = closingMergeAnswer.parse(await ok(await merge({ closing_date: "2026-06-30", customer_ids: [careful.id] }))).created[0]!;
    const converted = await api.call("/documents", post({ kind: "invoice", issue_date: "2026-06-30", customer_name: careful.name, lines: [line("締め", 1, 100)], source_document_id: merged.id }));
    expect(converted.status).toBe(422);
    expect((await converted.json()).fields).toEqual({ source_document_id: [`この納品書は締め請求の請求書 ${made.number} で請求しています`] });
  });

  it("frees the slips of a deleted draft and of a voided invoice for the next merge", async () => {
    const again = await customer("株式会社やり直し");
    const only = await slip(again, "2026-05-10", [line("作業", 1, 100)]);
    const first = closingMergeAnswer.parse(await ok(await merge({ closing_date: "2026-05-31", customer_ids: [again.id] }))).created[0]!;
    expect((await api.call(`/documents/${first.invoice_id}`, { method: "DELETE" })).status).toBe(204);
    expect(slipsOf(await candidates("2026-05-31"), again.id)).toEqual([only.id]);

    const second = closingMergeAnswer.parse(await ok(await merge({ closing_date: "2026-05-31", customer_ids: [again.id] }))).created[0]!;
    await ok(await api.call(`/documents/${second.invoice_id}/issue`, { method: "POST" }));
    await ok(await api.call(`/documents/${second.invoice_id}/void`, { method: "POST" }));
    expect(slipsOf(await candidates("2026-05-31"), again.id)).toEqual([only.id]);
    const third = closingMergeAnswer.parse(await ok(await merge({ closing_date: "2026-05-31", customer_ids: [again.id] }))).created[0]!;
    expect((await ok(await api.call(`/documents/${only.id}/closing-links`))).invoice).toMatchObject({ id: third.invoice_id });
  });

  it("never shows or bills another company's slips", async () => {
    const theirs = await customer("他社の取引先", {}, "shinkinOwner");
    const foreign = await slip(theirs, "2026-04-10", [line("他社", 1, 100)], { as: "shinkinOwner" });
    expect(slipsOf(await candidates("2026-04-30"), theirs.id)).toEqual([]);
    const merged = closingMergeAnswer.parse(await ok(await merge({ closing_date: "2026-04-30", customer_ids: [theirs.id] })));
    expect(merged.created).toEqual([]);
    expect(merged.skipped).toEqual([{ customer_id: theirs.id, customer_name: null, message: "この取引先には、この期間の未請求の納品書がありません（すでに請求書にまとめた納品書は対象外です）。" }]);
    expect((await api.call(`/documents/${foreign.id}/closing-links`)).status).toBe(404);
    expect(slipsOf(await candidates("2026-04-30", "shinkinOwner"), theirs.id)).toEqual([foreign.id]);
  });

  it("bills a slip once when two merges of the same slips arrive at once", async () => {
    const race = await customer("株式会社同時操作");
    const slips = [await slip(race, "2026-03-05", [line("作業", 1, 100)]), await slip(race, "2026-03-06", [line("作業", 2, 100)])];
    const answers = await Promise.all([0, 1].map(() => merge({ closing_date: "2026-03-31", customer_ids: [race.id] })));
    const bodies = await Promise.all(answers.map(async (answer) => closingMergeAnswer.parse(await answer.json())));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(bodies.flatMap((body) => body.created)).toHaveLength(1);
    // The later one is a no-op that says why: it either found the slips billed when it looked, or lost the race inside.
    const [skipped, ...more] = bodies.flatMap((body) => body.skipped);
    expect(more).toEqual([]);
    expect(skipped).toMatchObject({ customer_id: race.id });
    expect([
      "この取引先の納品書は、すでに請求書にまとめられています（同時に操作した人がいる場合を含みます）。",
      "この取引先には、この期間の未請求の納品書がありません（すでに請求書にまとめた納品書は対象外です）。",
    ]).toContain(skipped!.message);
    const invoiceId = bodies.flatMap((body) => body.created)[0]!.invoice_id;
    for (const { id } of slips) {
      expect(await api.database.db.select().from(closingInvoiceSlips).where(eq(closingInvoiceSlips.slipId, id))).toEqual([expect.objectContaining({ invoiceId })]);
    }
  });
});

describe("mergeClosingInvoices (the bench's entry)", () => {
  it("merges 1,000 slips of 100 customers into 100 invoices in seconds", async () => {
    const { db } = api.database;
    const tenant = fixtureUsers.owner.companyUniqueCode!;
    const made = await db
      .insert(customers)
      .values(Array.from({ length: 100 }, (_, index) => ({ companyUniqueCode: tenant, name: `株式会社大量${index}`, searchKey: `大量${index}`, closingDay: 99 })))
      .returning({ id: customers.id, name: customers.name });
    // Issued slips written straight to the tables, as a bench would: making 1,000 through the API would take the test's time.
    const slips = await db
      .insert(documents)
      .values(
        made.flatMap((entry, index) =>
          Array.from({ length: 10 }, (_, day) => ({
            companyUniqueCode: tenant,
            kind: "delivery_slip" as const,
            number: `BENCH-${index}-${day}`,
            status: 2,
            issueDate: `2025-01-${String(day + 1).padStart(2, "0")}`,
            deliveryDate: `2025-01-${String(day + 1).padStart(2, "0")}`,
            customerId: entry.id,
            customerName: entry.name,
            customerHonorific: "御中" as const,
            customerSearchKey: entry.name,
            taxTypeId: 1,
            itemRoundingId: 1,
            itemRoundingScale: 0,
            subtotalRoundingId: 1,
            taxRoundingId: 2,
            taxWithholdingId: 1,
            taxExcluded: "1156",
            tax: "112",
            taxIncluded: "1268",
            withholdingAmount: "0",
            amountDue: "1268",
            issuedAt: new Date(),
            createdBy: "U-DEMO-OWNER",
          })),
        ),
      )
      .returning({ id: documents.id });
    await db.insert(documentLines).values(
      slips.flatMap(({ id }) => [
        { documentId: id, position: 0, description: "米", quantity: "1", unitPrice: "155", taxCategory: "reduced" as const, taxRate: 8, amount: "155" },
        { documentId: id, position: 1, description: "配送料", quantity: "1", unitPrice: "1001", taxCategory: "standard" as const, taxRate: 10, amount: "1001" },
      ]),
    );
    const started = performance.now();
    const result = await mergeClosingInvoices(
      db,
      { tenant, createdBy: null },
      { closingDate: "2025-01-31", customerIds: null, lineMode: "per_slip" },
      { code: "U-DEMO-OWNER", name: null },
    );
    const seconds = (performance.now() - started) / 1000;
    expect(result.created.filter((entry) => entry.slipCount === 10)).toHaveLength(100);
    // 10 × 155 at 8 % and 10 × 1,001 at 10 %: 1,550 + 124 and 10,010 + 1,001.
    expect(new Set(result.created.map((entry) => entry.taxIncluded))).toEqual(new Set(["12685"]));
    expect(seconds).toBeLessThan(20);
    console.info(`closing: 1,000 slips into 100 invoices in ${seconds.toFixed(2)} s on ${api.database.label}`);
  }, 120_000);
});
