import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { useTenantTestApi } from "../support/api";
import { createCustomer, createDocument } from "../support/factories";
import { days, linesOf, ok, post } from "../support/issued";
import type { FixtureUserName } from "../support/users";
import { statementAnswer, statementPageAnswer, unmatchedPageAnswer } from "../../domain/payment-answers";

/*
 * What 入金消込 leaves to see (decision 033): the statements uploaded with their unmatched deposits, every
 * unmatched deposit across them, 入金済 set by a confirmed match, and a cancelled payment giving its line back.
 */

const api = useTenantTestApi(["user"]);

/** A bank's CSV (Shift_JIS) with one deposit per row. */
const csvFile = (rows: [string, string, number][]) =>
  iconv.encode(["日付,振込依頼人名,入金額,出金額", ...rows.map(([date, payer, amount]) => `${date},${payer},${amount},`)].join("\r\n"), "cp932");

async function upload(rows: [string, string, number][], name: string, as: FixtureUserName = "owner") {
  const form = new FormData();
  form.append("file", new Blob([csvFile(rows) as Uint8Array<ArrayBuffer>]), name);
  return ok(await api.call("/bank-statements", { method: "POST", body: form, as }));
}

async function invoiceFor(customer: { id: number; name: string }, amount: number) {
  const draft = await createDocument(api, { issue_date: days(-10), due_date: days(20), customer_name: customer.name, customer_id: customer.id, lines: linesOf(amount) });
  await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
  return draft as { id: number; number: string };
}

// Statements and deposits are read with the contract the web app parses with (domain/payment-answers.ts).
const statementOf = async (id: number) => statementAnswer.parse(await ok(await api.call(`/bank-statements/${id}`)));
const unmatchedOf = async (as: FixtureUserName = "owner") => unmatchedPageAnswer.parse(await ok(await api.call("/bank-statements/unmatched", { as })));

describe("statements and unmatched deposits", () => {
  it("lists statements with their unmatched deposits, and every unmatched deposit, newest first", async () => {
    const first = await upload(
      [
        ["2026/10/01", "ｶ)ｲﾁﾊﾞﾝｼﾖｳｼﾞ", 1_100],
        ["2026/10/05", "ﾌﾒｲ ﾀﾛｳ", 2_200],
      ],
      "10月.csv",
    );
    const second = await upload([["2026/11/03", "ﾆﾊﾞﾝ(ｶ", 3_300]], "11月.csv");

    const listed = statementPageAnswer.parse(await ok(await api.call("/bank-statements")));
    const mine = listed.items.filter((item) => [first.id, second.id].includes(item.id));
    expect(mine.map((item) => [item.file_name, item.format, item.lines, item.deposits, item.unmatched, item.problems])).toEqual([
      ["11月.csv", "csv", 1, 1, 1, 0],
      ["10月.csv", "csv", 2, 2, 2, 0],
    ]);
    expect(listed).toMatchObject({ page: 1, per_page: 50 });

    const unmatched = await unmatchedOf();
    const ours = unmatched.items.filter((item) => [first.id, second.id].includes(item.statement_id));
    expect(ours.map((item) => [item.posted_on, item.amount, item.payer_name, item.file_name])).toEqual([
      ["2026-11-03", "3300", "ﾆﾊﾞﾝ(ｶ", "11月.csv"],
      ["2026-10-05", "2200", "ﾌﾒｲ ﾀﾛｳ", "10月.csv"],
      ["2026-10-01", "1100", "ｶ)ｲﾁﾊﾞﾝｼﾖｳｼﾞ", "10月.csv"],
    ]);
    expect(unmatched.total).toBeGreaterThanOrEqual(3);
    expect(Number(unmatched.amount)).toBeGreaterThanOrEqual(6_600);
    expect((await api.call("/bank-statements/unmatched?page=0")).status).toBe(400);
    expect((await api.call("/bank-statements?page=abc")).status).toBe(400);
  });

  it("sets 入金済 by a confirmed match and gives the line back when its payment is cancelled", async () => {
    const customer = await createCustomer(api, { name: "株式会社三番商事", name_kana: "サンバンショウジ" });
    const invoice = await invoiceFor(customer, 30_000); // 33,000 due
    const statement = await upload([["2026/11/10", "ｶ)ｻﾝﾊﾞﾝｼﾖｳｼﾞ", 33_000]], "三番.csv");
    const [line] = (await statementOf(statement.id)).lines;
    await ok(await api.call(`/bank-statements/${statement.id}/confirm`, post({ matches: [{ line_id: line!.id, document_id: invoice.id }] })));

    const paid = await ok(await api.call(`/documents/${invoice.id}`));
    expect(paid.status).toBe(4);
    const matched = (await statementOf(statement.id)).lines[0]!;
    expect(matched.payments).toEqual([expect.objectContaining({ document_id: invoice.id })]);
    const unmatchedBefore = await unmatchedOf();
    expect(unmatchedBefore.items.some((item) => item.id === line!.id)).toBe(false);

    await ok(await api.call(`/documents/${invoice.id}/payments/${matched.payments[0]!.id}/cancel`, post({ reason: "別の請求書の入金" })));
    expect((await ok(await api.call(`/documents/${invoice.id}`))).status).toBe(3);
    const released = await statementOf(statement.id);
    expect(released.unmatched_deposits).toBe(1);
    expect(released.lines[0]!.payments).toEqual([]);
    expect((await unmatchedOf()).items.some((item) => item.id === line!.id)).toBe(true);
    // The line can be matched again: the cancelled payment does not hold it.
    await ok(await api.call(`/bank-statements/${statement.id}/confirm`, post({ matches: [{ line_id: line!.id, document_id: invoice.id }] })));
    expect((await ok(await api.call(`/documents/${invoice.id}`))).status).toBe(4);
  });

  it("shows another company nothing, and a user limited to their own documents only their statements", async () => {
    const owners = await upload([["2026/11/11", "ｵｰﾅｰ", 4_400]], "owner.csv");
    const users = await upload([["2026/11/12", "ﾕｰｻﾞｰ", 5_500]], "user.csv", "user");
    const idsOf = async (path: string, as: FixtureUserName, key: string) =>
      (await ok(await api.call(path, { as }))).items.map((item: Record<string, number>) => item[key]) as number[];
    expect(await idsOf("/bank-statements", "shinkinOwner", "id")).not.toContain(owners.id);
    expect(await idsOf("/bank-statements/unmatched", "shinkinOwner", "statement_id")).not.toContain(owners.id);
    expect(await idsOf("/bank-statements", "user", "id")).toEqual(expect.arrayContaining([users.id]));
    expect(await idsOf("/bank-statements", "user", "id")).not.toContain(owners.id);
    expect(await idsOf("/bank-statements/unmatched", "user", "statement_id")).not.toContain(owners.id);
    expect(await idsOf("/bank-statements", "owner", "id")).toEqual(expect.arrayContaining([owners.id, users.id]));
  });
});

describe("まとめ払い: one deposit for several invoices", () => {
  it("proposes the customer's oldest open invoices, books each its balance (the fee on the last), and gives the line back whole when cancelled", async () => {
    const customer = await createCustomer(api, { name: "株式会社四番商事", name_kana: "ヨンバンショウジ" });
    const draftOf = async (amount: number, dueDate: string) => {
      const draft = await createDocument(api, { issue_date: days(-40), due_date: dueDate, customer_name: customer.name, customer_id: customer.id, lines: linesOf(amount) });
      await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST" }));
      return draft as { id: number; number: string };
    };
    const older = await draftOf(10_000, days(-20)); // 11,000 due
    const newer = await draftOf(20_000, days(-5)); // 22,000 due
    // Both, less a 440-yen fee.
    const statement = await upload([["2026/11/15", "ﾖﾝﾊﾞﾝｼﾖｳｼﾞ(ｶ", 32_560]], "四番.csv");
    const [line] = (await statementOf(statement.id)).lines;
    expect(line!.proposals[0]).toMatchObject({
      kind: "lump",
      fee: "440",
      balance: "33000",
      document_id: older.id,
      invoices: [
        { document_id: older.id, number: older.number, balance: "11000" },
        { document_id: newer.id, number: newer.number, balance: "22000" },
      ],
    });

    // The figures must add up: a wrong fee is refused with them, and nothing is recorded.
    const wrong = await api.call(`/bank-statements/${statement.id}/confirm`, post({ matches: [{ line_id: line!.id, document_ids: [older.id, newer.id], fee: 330 }] }));
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).fields.matches[0]).toBe("2行目の入金32,560円と、選んだ請求書の残高の合計33,000円（振込手数料330円を差し引き）が合いません。");
    expect((await api.call(`/bank-statements/${statement.id}/confirm`, post({ matches: [{ line_id: line!.id, document_id: older.id, document_ids: [older.id, newer.id] }] }))).status).toBe(422);

    await ok(await api.call(`/bank-statements/${statement.id}/confirm`, post({ matches: [{ line_id: line!.id, document_ids: [older.id, newer.id], fee: 440 }] })));
    expect(await ok(await api.call(`/documents/${older.id}/payments`))).toMatchObject({ balance: "0", payments: [{ amount: "11000", fee: "0", statement_line_id: line!.id }] });
    expect(await ok(await api.call(`/documents/${newer.id}/payments`))).toMatchObject({ balance: "0", payments: [{ amount: "21560", fee: "440", statement_line_id: line!.id }] });
    for (const invoice of [older, newer]) expect((await ok(await api.call(`/documents/${invoice.id}`))).status).toBe(4);
    const matched = (await statementOf(statement.id)).lines[0]!;
    expect(matched.payments.map((payment) => payment.document_id)).toEqual([older.id, newer.id]);

    // Cancelling the newer invoice's part gives the whole deposit back: the older one's part is cancelled with it.
    const newerPayment = (await ok(await api.call(`/documents/${newer.id}/payments`))).payments[0];
    await ok(await api.call(`/documents/${newer.id}/payments/${newerPayment.id}/cancel`, post({ reason: "別の入金" })));
    for (const invoice of [older, newer]) expect((await ok(await api.call(`/documents/${invoice.id}`))).status).toBe(3);
    expect((await ok(await api.call(`/documents/${older.id}/payments`))).balance).toBe("11000");
    expect((await ok(await api.call(`/bank-statements/${statement.id}`))).unmatched_deposits).toBe(1);
  });
});
