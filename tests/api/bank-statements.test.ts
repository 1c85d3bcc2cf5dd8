import { Worker } from "node:worker_threads";
import iconv from "iconv-lite";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payments } from "../../api/db/schema";
import { writeZenginStatement } from "../../sandbox/zengin-file";
import { useTenantTestApi } from "../support/api";
import { createCustomer, createDocument } from "../support/factories";
import { days, linesOf, ok, post } from "../support/issued";
import type { FixtureUserName } from "../support/users";
import { confirmedMatchesAnswer, paymentSummaryAnswer, savedStatementAnswer, statementAnswer } from "../../domain/payment-answers";

/*
 * 入金消込 from the bank's statement (issue 19 item 3, decision 029): a 全銀 file or a CSV is uploaded and
 * kept with its lines, deposits get ranked proposals, a bulk confirmation records payments and learns the
 * payer's name, and a line is never matched twice, even by two requests at once.
 */

const api = useTenantTestApi(["user"]);

/** A 入出金取引明細 of one account for November 2026, opening balance 0, entries on the 10th; `broken`: the first data record's amount gets a letter. */
function zenginFile(entries: { amount: number; payer: string; withdrawal?: boolean }[], broken = false): Buffer {
  const file = writeZenginStatement({
    bankCode: "0001",
    bankName: "",
    branchCode: "001",
    branchName: "",
    accountType: "1",
    accountNumber: "1234567",
    accountName: "",
    from: "2026-11-01",
    to: "2026-11-30",
    createdOn: "2026-12-01",
    openingBalance: 0,
    entries: entries.map((entry) => ({ postedOn: "2026-11-10", amount: entry.amount, kind: entry.withdrawal ? "withdrawal" : "deposit", payerName: entry.payer })),
  });
  // The first data record follows the header and its CR LF; 取引金額 is its bytes 25–36.
  if (broken) file.write("00000000X000", 202 + 24, "ascii");
  return file;
}

const csvFile = (rows: [string, string, number][]) =>
  iconv.encode(["日付,摘要,入金額,出金額,残高", ...rows.map(([date, payer, amount]) => `${date},振込 ${payer},${amount},,`)].join("\r\n"), "cp932");

async function upload(bytes: Uint8Array, name = "meisai.txt", as: FixtureUserName = "owner") {
  const form = new FormData();
  form.append("file", new Blob([bytes as Uint8Array<ArrayBuffer>]), name);
  return api.call("/bank-statements", { method: "POST", body: form, as });
}

/** An issued invoice of `amount` tax excluded (a tenth more due), to the customer when given. */
async function invoiceOf(amount: number, customer: { id: number; name: string } | null, as: FixtureUserName = "owner") {
  const draft = await createDocument(
    api,
    { issue_date: days(-10), due_date: days(20), customer_name: customer?.name ?? "株式会社一見", customer_id: customer?.id, lines: linesOf(amount) },
    as,
  );
  await ok(await api.call(`/documents/${draft.id}/issue`, { method: "POST", as }));
  return draft as { id: number; number: string };
}

const confirm = (statementId: number, matches: Record<string, unknown>[], as: FixtureUserName = "owner") =>
  api.call(`/bank-statements/${statementId}/confirm`, { ...post({ matches }), as });

// Statements are read with the contract the web app parses with (domain/payment-answers.ts).
const statementOf = async (id: number, as: FixtureUserName = "owner") => statementAnswer.parse(await ok(await api.call(`/bank-statements/${id}`, { as })));
const uploadedOf = async (response: Response) => savedStatementAnswer.parse(await ok(response));

describe("bank statements", () => {
  it("reads a 全銀 file, proposes exact and fee-deducted matches, confirms them in bulk, and keeps the unknown payer listed", async () => {
    const yamada = await createCustomer(api, { name: "株式会社山田商事", name_kana: "ヤマダショウジ" });
    const sato = await createCustomer(api, { name: "佐藤建設株式会社", name_kana: "サトウケンセツ" });
    const yamadaInvoice = await invoiceOf(100_000, yamada); // 110,000 due
    const satoInvoice = await invoiceOf(50_000, sato); // 55,000 due
    const file = zenginFile([
      { amount: 110_000, payer: "ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ" },
      { amount: 54_560, payer: "ｻﾄｳｹﾝｾﾂ(ｶ" },
      { amount: 3_333, payer: "ﾀﾅｶ ﾀﾛｳ" },
      { amount: 20_000, payer: "", withdrawal: true },
    ]);
    const uploaded = await upload(file, "入出金明細.txt");
    expect(uploaded.status).toBe(201);
    const statement = savedStatementAnswer.parse(await uploaded.json());
    expect(statement).toMatchObject({ format: "zengin", file_name: "入出金明細.txt", lines: 4, problems: [] });

    const shown = await statementOf(statement.id);
    expect(shown.unmatched_deposits).toBe(3);
    const lines = shown.lines;
    expect(lines.map((line) => [line.line, line.kind, line.amount, line.payer_name])).toEqual([
      [2, "deposit", "110000", "ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ"],
      [3, "deposit", "54560", "ｻﾄｳｹﾝｾﾂ(ｶ"],
      [4, "deposit", "3333", "ﾀﾅｶ ﾀﾛｳ"],
      [5, "withdrawal", "20000", ""],
    ]);
    expect(lines[0]!.proposals[0]).toEqual({
      document_id: yamadaInvoice.id,
      number: yamadaInvoice.number,
      customer_name: "株式会社山田商事",
      balance: "110000",
      kind: "exact",
      fee: "0",
      name: "same",
      learned: false,
    });
    expect(lines[1]!.proposals[0]).toMatchObject({ document_id: satoInvoice.id, kind: "fee", fee: "440", balance: "55000" });
    expect(lines[2]!.proposals).toEqual([]);
    expect(lines[3]!.proposals).toEqual([]);

    const confirmed = confirmedMatchesAnswer.parse(
      await ok(
        await confirm(statement.id, [
        { line_id: lines[0]!.id, document_id: yamadaInvoice.id },
          { line_id: lines[1]!.id, document_id: satoInvoice.id, fee: 440 },
        ]),
      ),
    );
    expect(confirmed.confirmed.map((entry) => [entry.line, entry.document_ids])).toEqual([
      [2, [yamadaInvoice.id]],
      [3, [satoInvoice.id]],
    ]);
    expect(paymentSummaryAnswer.parse(await ok(await api.call(`/documents/${satoInvoice.id}/payments`)))).toMatchObject({
      balance: "0",
      payments: [{ paid_on: "2026-11-10", amount: "54560", fee: "440", method: "transfer", statement_line_id: lines[1]!.id }],
    });

    const after = await statementOf(statement.id);
    expect(after.unmatched_deposits).toBe(1);
    expect(after.lines.map((line) => line.payments.length > 0)).toEqual([true, true, false, false]);
    // A line already matched is refused, and nothing of the batch is recorded.
    const again = await confirm(statement.id, [
      { line_id: lines[2]!.id, document_id: yamadaInvoice.id },
      { line_id: lines[0]!.id, document_id: yamadaInvoice.id },
    ]);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("2行目の入金は、すでに消し込まれています。");
    expect((await statementOf(statement.id)).unmatched_deposits).toBe(1);
    // A withdrawal cannot pay an invoice.
    expect((await confirm(statement.id, [{ line_id: lines[3]!.id, document_id: yamadaInvoice.id }])).status).toBe(422);
  });

  it("learns the name a customer paid under, so the next statement proposes a fee-deducted match by it", async () => {
    const suzuki = await createCustomer(api, { name: "鈴木工業株式会社", name_kana: "スズキコウギョウ" });
    const first = await invoiceOf(7_000, suzuki); // 7,700 due
    const statement = await uploadedOf(await upload(csvFile([["2026/11/12", "ｽｽﾞｷ ｲﾁﾛｳ", 7_700]]), "first.csv"));
    expect(statement.format).toBe("csv");
    const [line] = (await statementOf(statement.id)).lines;
    // The owner paid under his own name: only the amount agrees.
    expect(line!.proposals[0]).toMatchObject({ document_id: first.id, kind: "amount", name: null });
    await ok(await confirm(statement.id, [{ line_id: line!.id, document_id: first.id }]));

    const second = await invoiceOf(8_000, suzuki); // 8,800 due
    const next = await ok(await upload(csvFile([["2026/12/12", "ｽｽﾞｷ ｲﾁﾛｳ", 8_360]]), "second.csv"));
    const [nextLine] = (await statementOf(next.id)).lines;
    expect(nextLine!.proposals).toEqual([expect.objectContaining({ document_id: second.id, kind: "fee", fee: "440", name: "same", learned: true })]);
  });

  it("matches a line once when two confirmations of it arrive at once", async () => {
    const one = await invoiceOf(11_223, null);
    const other = await invoiceOf(11_223, null);
    const statement = await ok(await upload(csvFile([["2026/11/20", "ｲﾁｹﾞﾝ", 12_345]]), "race.csv"));
    const [line] = (await statementOf(statement.id)).lines;
    const answers = await Promise.all([
      confirm(statement.id, [{ line_id: line!.id, document_id: one.id }]),
      confirm(statement.id, [{ line_id: line!.id, document_id: other.id }]),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await api.database.db.select().from(payments).where(eq(payments.statementLineId, line!.id))).toHaveLength(1);
  });

  it("refuses a file it cannot read with the problems by line, and keeps one with a few unreadable lines", async () => {
    const unreadable = await upload(Buffer.from("a,b\n1,2\n"), "bad.csv");
    expect(unreadable.status).toBe(422);
    expect((await unreadable.json()).fields.file).toEqual(["1行目：見出し行が見つかりません。日付（取引日・勘定日など）と入金額または出金額の列が必要です。"]);
    const form = new FormData();
    expect((await api.call("/bank-statements", { method: "POST", body: form })).status).toBe(422);

    const partly = await ok(
      await upload(
        zenginFile(
          [
            { amount: 1_000, payer: "ｱ" },
            { amount: 2_000, payer: "ｲ" },
          ],
          true,
        ),
      ),
    );
    expect(partly).toMatchObject({ lines: 1, problems: [{ line: 2, message: "取引金額が数字ではありません（「00000000X000」）。" }] });
  });

  it("shows a statement only to its company, and to a user limited to their own documents only if they uploaded it", async () => {
    const statement = await ok(await upload(csvFile([["2026/11/21", "ﾀﾞﾚｶ", 999]]), "scope.csv"));
    expect((await api.call(`/bank-statements/${statement.id}`, { as: "shinkinOwner" })).status).toBe(404);
    expect((await confirm(statement.id, [{ line_id: 1, document_id: 1 }], "shinkinOwner")).status).toBe(404);
    expect((await api.call(`/bank-statements/${statement.id}`, { as: "user" })).status).toBe(404);
    const theirs = await ok(await upload(csvFile([["2026/11/21", "ﾀﾞﾚｶ", 999]]), "mine.csv", "user"));
    expect((await api.call(`/bank-statements/${theirs.id}`, { as: "user" })).status).toBe(200);
    // Another user's invoice is not proposed to a limited user, nor can it be confirmed by them.
    const ownersInvoice = await invoiceOf(1_000, null);
    const mine = await ok(await upload(csvFile([["2026/11/22", "ｲﾁｹﾞﾝ", 1_100]]), "mine2.csv", "user"));
    const [line] = (await statementOf(mine.id, "user")).lines;
    expect(line!.proposals.map((proposal) => proposal.document_id)).not.toContain(ownersInvoice.id);
    expect((await confirm(mine.id, [{ line_id: line!.id, document_id: ownersInvoice.id }], "user")).status).toBe(404);
    expect((await api.call(`/bank-statements/${mine.id}`, { as: "user" })).status).toBe(200);
  });
});

/**
 * Runs `work` while another thread sends the cheapest request there is to the same server (no token: 401 before
 * any work of the API's own), one after the other every 20 ms: how long each took. From the test's own thread the
 * requests would wait for the same event loop to be sent at all, so a held loop would go unseen.
 */
async function latenciesDuring<T>(work: () => Promise<T>): Promise<{ result: T; latencies: number[]; workMs: number }> {
  const worker = new Worker(
    `const { parentPort, workerData } = require("node:worker_threads");
    let running = true;
    parentPort.once("message", () => (running = false));
    (async () => {
      const latencies = [];
      while (running) {
        const started = performance.now();
        const response = await fetch(workerData);
        await response.text();
        latencies.push(response.status === 401 ? performance.now() - started : Infinity);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      parentPort.postMessage(latencies);
      parentPort.close();
    })();`,
    { eval: true, workerData: `${api.url}/bank-statements` },
  );
  await new Promise((resolve) => worker.once("online", resolve));
  try {
    const started = performance.now();
    const result = await work();
    const workMs = performance.now() - started;
    const latencies = new Promise<number[]>((resolve) => worker.once("message", resolve));
    worker.postMessage("stop");
    return { result, latencies: await latencies, workMs };
  } finally {
    await worker.terminate();
  }
}

describe("bounded statements (ADR 035)", () => {
  const statementCount = async () => (await ok(await api.call("/bank-statements"))).total as number;

  it("refuses a statement over 10,000 lines before reading it, says the limit and what to do, and keeps nothing", async () => {
    const before = await statementCount();
    // The attack of issue 29: one data record repeated 24,000 times (4.8 MB).
    const small = zenginFile([{ amount: 1_000, payer: "ｱ" }]);
    const record = small.subarray(202, 404);
    const attack = Buffer.concat([small.subarray(0, 202), ...Array.from({ length: 24_000 }, () => record), small.subarray(404)]);
    const refused = await upload(attack);
    expect(refused.status).toBe(413);
    const body = await refused.json();
    expect(body.message).toBe(
      "明細ファイルの行数が多すぎます（24,003行）。1回に取り込めるのは10,000行（全銀形式は10,000レコード）までです。期間を短くして（1か月ごとなど）明細をダウンロードし、分けて取り込んでください。",
    );
    expect(body.fields).toEqual({ file: [body.message] });
    // One line over: a CSV's header and 10,000 rows.
    const over = await upload(csvFile(Array.from({ length: 10_000 }, (_, index) => ["2026/11/10", "ﾀﾅｶ", index + 1])), "over.csv");
    expect(over.status).toBe(413);
    expect((await over.json()).message).toMatch(/^明細ファイルの行数が多すぎます（10,001行）。/);
    expect(await statementCount()).toBe(before);
  });

  // Bounds relative to the work's own time, which the machine's load stretches alike: a loop held for the whole
  // statement would keep a request waiting about as long as the work took.
  it("takes in a 5 MB statement of 10,000 lines while the same server keeps answering other requests", async () => {
    // A bank's CSV quoting every cell, with long payer names: the most bytes 10,000 lines carry within the 5 MB limit.
    const payer = `ｶ)${"ﾁﾖｳﾋﾖｳ".repeat(25)}`;
    const rows = Array.from({ length: 9_999 }, (_, index) => `"2026/11/10","${payer}","${1_000 + index}","",""`);
    const file = Buffer.from(['"日付","振込依頼人名","入金額","出金額","残高"', ...rows].join("\r\n"));
    expect(file.length).toBeGreaterThan(4.5 * 1024 * 1024);

    const { result, latencies, workMs } = await latenciesDuring(async () => ok(await upload(file, "large.csv")));
    expect(result).toMatchObject({ format: "csv", lines: 9_999, problems: [] });
    expect(Math.max(...latencies)).toBeLessThan(workMs / 2);
    expect(latencies.length).toBeGreaterThan(3);

    // Its deposits are matched in slices as well.
    const shown = await latenciesDuring(async () => ok(await api.call(`/bank-statements/${result.id}`)));
    expect(shown.result.lines).toHaveLength(9_999);
    expect(statementAnswer.parse(shown.result).lines.map((line) => line.line)).toEqual(Array.from({ length: 9_999 }, (_, index) => index + 2));
    expect(Math.max(...shown.latencies)).toBeLessThan(shown.workMs / 2);
  });
});
