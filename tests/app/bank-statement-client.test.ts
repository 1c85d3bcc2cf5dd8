import path from "node:path";
import { and, asc, eq, isNotNull, isNull, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BankStatementError, fetchBankStatement } from "~/services/bank-service.server";
import { documents } from "../../api/db/schema";
import { seedDemoData } from "../../sandbox/seed";
import { INVOICE_PAID } from "../../domain/lifecycle";
import { parseStatementFile } from "../../domain/zengin-statement";
import { startTestApi, type TestApi } from "../support/api";
import type { FixtureUserName } from "../support/users";

/*
 * The sandbox bank's 入出金明細 (issue 19 item 3): the web app's client fetches the 全銀 file over HTTP from the
 * real sandbox bank service, the domain's reader takes it back, and its deposits pay デモ商事's open invoices
 * as the seed made them — the whole 入金消込 flow can be tried with it, without a file of one's own.
 */

let api: TestApi;
const november = { from: "2026-11-01", to: "2026-11-30" };

beforeAll(async () => {
  api = await startTestApi();
  await seedDemoData(api.database.db, path.resolve("sandbox/assets"));
});

afterAll(async () => {
  await api?.close();
});

const statementOf = async (name: FixtureUserName, period: { from: string; to: string }) =>
  fetchBankStatement(await api.tokenFor(name), period, api.bankServiceUrl);

/** How the bank refuses: the error's status and message. */
const refusalOf = (name: FixtureUserName, period: { from: string; to: string }) =>
  statementOf(name, period).then(
    () => null,
    (error: unknown) => (error instanceof BankStatementError ? { status: error.status, message: error.message } : error),
  );

/** デモ商事's invoices the seed issued and that are not 入金済, as stored: their amounts due come from the seed's totals. */
const openDemoInvoices = () =>
  api.database.db
    .select({ id: documents.id, amountDue: documents.amountDue })
    .from(documents)
    .where(
      and(
        eq(documents.companyUniqueCode, "C-DEMO"),
        eq(documents.kind, "invoice"),
        isNotNull(documents.issuedAt),
        isNull(documents.voidedAt),
        ne(documents.status, INVOICE_PAID),
      ),
    )
    .orderBy(asc(documents.id));

type Line = { id: number; kind: string; amount: string; payer_name: string; proposals: { document_id: number; kind: string; fee: string }[] };

describe("the sandbox bank's statement", () => {
  it("pays デモ商事's open demo invoices — one exactly, one short by the transfer fee — beside an unknown payer and a direct debit", async () => {
    const statement = await statementOf("owner", november);
    expect(statement.fileName).toBe("nyushukkin-20261130.txt");
    const parsed = parseStatementFile(statement.bytes);
    expect(parsed.format).toBe("zengin");
    expect(parsed.problems).toEqual([]);
    expect(parsed.accounts).toMatchObject([{ bankCode: "0001", branchCode: "001", accountNumber: "0001234567", accountName: "ｶ)ﾃﾞﾓｼﾖｳｼﾞ", ...november }]);

    const open = await openDemoInvoices();
    expect(open.length).toBeGreaterThanOrEqual(2);
    const due = open.map((invoice) => Number(invoice.amountDue));
    const deposits = parsed.entries.filter((entry) => entry.kind === "deposit");
    expect(deposits.map((entry) => entry.amount)).toEqual([due[0], due[1]! - 440, ...due.slice(2), 3_300]);
    expect(deposits.map((entry) => entry.payerName).at(-1)).toBe("ﾀﾅｶ ﾀﾛｳ");
    // Half-width kana as a bank writes them, the company type abbreviated (ﾕ)ｳﾐｶｾﾞ).
    for (const deposit of deposits) expect(deposit.payerName).toMatch(/^[\uFF61-\uFF9F()\- ]+$/);
    expect(parsed.entries.filter((entry) => entry.kind === "withdrawal")).toMatchObject([{ amount: 5_500, postedOn: "2026-11-30" }]);
    expect(parsed.entries.every((entry) => entry.postedOn >= november.from && entry.postedOn <= november.to)).toBe(true);

    // Uploaded as it came, it proposes the exact and the fee-deducted match to the right invoices, and nothing for the unknown payer.
    const form = new FormData();
    form.append("file", new Blob([statement.bytes as Uint8Array<ArrayBuffer>]), statement.fileName);
    const uploaded = await api.call("/bank-statements", { method: "POST", body: form });
    expect(uploaded.status).toBe(201);
    const shown = await (await api.call(`/bank-statements/${(await uploaded.json()).id}`)).json();
    const lines = shown.lines as Line[];
    expect(lines[0]!.proposals[0]).toMatchObject({ document_id: open[0]!.id, kind: "exact" });
    expect(lines[1]!.proposals[0]).toMatchObject({ document_id: open[1]!.id, kind: "fee", fee: "440" });
    expect(lines.find((line) => line.payer_name === "ﾀﾅｶ ﾀﾛｳ")!.proposals).toEqual([]);
  });

  it("keeps to the period: only entries dated in it, and no payment before its invoice was issued", async () => {
    const lastDays = parseStatementFile((await statementOf("owner", { from: "2026-11-29", to: "2026-11-30" })).bytes);
    expect(lastDays.problems).toEqual([]);
    expect(lastDays.entries.map((entry) => [entry.postedOn, entry.kind, entry.payerName])).toEqual([
      ["2026-11-29", "deposit", "ﾀﾅｶ ﾀﾛｳ"],
      ["2026-11-30", "withdrawal", ""],
    ]);
    // To the 16th, the デザイン制作 invoice issued on the 15th would be paid on the 14th: it is not.
    const [first] = await openDemoInvoices();
    const early = parseStatementFile((await statementOf("owner", { from: "2026-11-01", to: "2026-11-16" })).bytes);
    expect(early.entries.filter((entry) => entry.kind === "deposit").map((entry) => entry.amount)).toEqual([Number(first!.amountDue), 3_300]);
  });

  it("gives a company without demo deposits an empty statement: header, trailer and end", async () => {
    const statement = await statementOf("miraiOwner", november);
    const parsed = parseStatementFile(statement.bytes);
    expect(statement.bytes.length).toBe(3 * 202);
    expect(parsed).toMatchObject({ format: "zengin", entries: [], problems: [] });
    expect(parsed.accounts).toMatchObject([{ bankCode: "0182", accountName: "ｶ)ﾐﾗｲｾｲｻｸｼﾖ", openingBalance: 2_400_000, closingBalance: 2_400_000 }]);
  });

  it("answers bank staff 403: the statement is a company's own account", async () => {
    expect(await refusalOf("bankAdmin", november)).toEqual({ status: 403, message: "入出金明細は企業のユーザーだけが取得できます。" });
    expect(await refusalOf("branchUser", november)).toMatchObject({ status: 403 });
  });

  it.each([
    [{ from: "2026-12-01", to: "2026-11-30" }, "期間の初日（from）が末日（to）より後になっています。"],
    [{ from: "2026-04-01", to: "2027-04-01" }, "期間は1年以内で指定してください。"],
    [{ from: "2026-02-30", to: "2026-03-31" }, "期間の初日（from）「2026-02-30」は日付として正しくありません。YYYY-MM-DD の形式で指定してください。"],
    [{ from: "2026-11-01", to: "" }, "期間の末日（to）を YYYY-MM-DD の形式で指定してください。"],
    [{ from: "2018-12-01", to: "2018-12-31" }, "期間の初日（from）は2019年1月1日から2048年12月31日までの日付で指定してください。"],
  ])("refuses the period %o with 400 and says why in Japanese", async (period, message) => {
    expect(await refusalOf("owner", period)).toEqual({ status: 400, message });
  });

  it("answers a refusal in the shape of the other sandbox endpoints, and takes a period of exactly a year", async () => {
    const token = await api.tokenFor("owner");
    const refused = await fetch(`${api.bankServiceUrl}/api/v1/account/statement?from=2026-11-01&to=2026-11-30&format=csv`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: "bad_request", message: "形式（format）は zengin（全銀協規定形式）だけに対応しています。" });
    const year = await fetch(`${api.bankServiceUrl}/api/v1/account/statement?from=2026-04-01&to=2027-03-31&format=zengin`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(year.status).toBe(200);
    expect(year.headers.get("Content-Type")).toBe("application/octet-stream");
    expect(year.headers.get("Content-Disposition")).toBe('attachment; filename="nyushukkin-20270331.txt"');
    expect((await fetch(`${api.bankServiceUrl}/api/v1/account/statement?from=2026-11-01&to=2026-11-30`)).status).toBe(401);
  });
});
