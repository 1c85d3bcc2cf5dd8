import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import {
  MAX_STATEMENT_LINES,
  parseBankCsv,
  parseCsvDate,
  parseStatementFile,
  parseZenginStatement,
  statementLineCount,
  statementSteps,
  tooManyLinesMessage,
} from "./zengin-statement";

/** A 200-byte record from [1-based position, length, value, N (zero-padded, right) or C (space-padded, left)] fields. */
function record(fields: [number, number, string | number, "N" | "C"][]): Buffer {
  const bytes = Buffer.alloc(200, 0x20);
  for (const [position, length, value, type] of fields) {
    const encoded = iconv.encode(type === "N" ? String(value).padStart(length, "0") : String(value), "cp932");
    if (encoded.length > length) throw new Error(`field at ${position} too long`);
    encoded.copy(bytes, position - 1);
  }
  return bytes;
}

const header = (opening = 1_000_000) =>
  record([
    [1, 1, "1", "N"],
    [2, 2, "03", "N"],
    [4, 1, "0", "N"],
    [5, 6, "081201", "N"],
    [11, 6, "081101", "N"],
    [17, 6, "081130", "N"],
    [23, 4, "0001", "N"],
    [27, 15, "ﾁﾖｳﾋﾖｳｷﾞﾝｺｳ", "C"],
    [42, 3, "123", "N"],
    [45, 15, "ﾎﾝﾃﾝ", "C"],
    [60, 3, "000", "N"],
    [63, 1, "1", "N"],
    [64, 10, "1234567", "N"],
    [74, 40, "ｶ)ﾁﾖｳﾋﾖｳｼﾖｳｼﾞ", "C"],
    [114, 1, "1", "N"],
    [115, 1, "1", "N"],
    [116, 14, opening, "N"],
  ]);

type Data = { reference: number; postedOn: string; direction: "1" | "2"; code?: string; amount: number; payer: string; bank?: string; summary?: string };
const data = (entry: Data) =>
  record([
    [1, 1, "2", "N"],
    [2, 8, entry.reference, "N"],
    [10, 6, entry.postedOn, "N"],
    [16, 6, entry.postedOn, "N"],
    [22, 1, entry.direction, "N"],
    [23, 2, entry.code ?? "11", "N"],
    [25, 12, entry.amount, "N"],
    [37, 12, 0, "N"],
    [49, 6, 0, "N"],
    [55, 6, 0, "N"],
    [61, 1, 0, "N"],
    [62, 7, 0, "N"],
    [69, 3, 0, "N"],
    [72, 10, 0, "N"],
    [82, 48, entry.payer, "C"],
    [130, 15, entry.bank ?? "", "C"],
    [160, 20, entry.summary ?? "", "C"],
  ]);

const trailer = (t: { depositCount: number; depositSum: number; withdrawalCount: number; withdrawalSum: number; closing: number; records: number }) =>
  record([
    [1, 1, "8", "N"],
    [2, 6, t.depositCount, "N"],
    [8, 13, t.depositSum, "N"],
    [21, 6, t.withdrawalCount, "N"],
    [27, 13, t.withdrawalSum, "N"],
    [40, 1, t.closing < 0 ? "2" : "1", "N"],
    [41, 14, Math.abs(t.closing), "N"],
    [55, 7, t.records, "N"],
  ]);

const end = (total: number, accounts = 1) =>
  record([
    [1, 1, "9", "N"],
    [2, 10, total, "N"],
    [12, 5, accounts, "N"],
  ]);

/** The statement of issue 19's fixture: an exact payment, a fee-deducted one, an unknown payer, a large amount and a withdrawal. */
const DATA: Data[] = [
  { reference: 1, postedOn: "081105", direction: "1", amount: 110_000, payer: "ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ", bank: "ﾐｽﾞﾎ" },
  { reference: 2, postedOn: "081110", direction: "1", amount: 54_560, payer: "ｻﾄｳｹﾝｾﾂ(ｶ", bank: "ﾐﾂｲｽﾐﾄﾓ" }, // 55,000 less a 440-yen fee
  { reference: 3, postedOn: "081115", direction: "1", amount: 3_300, payer: "ﾀﾅｶ ﾀﾛｳ" }, // nobody the company bills
  { reference: 4, postedOn: "081120", direction: "2", code: "14", amount: 20_000, payer: "", summary: "ﾃﾞﾝｷﾀﾞｲ" },
  { reference: 5, postedOn: "081130", direction: "1", amount: 987_654_321_098, payer: "ﾕ)ｵｵｸﾞﾁ" },
];
const DEPOSITS = 110_000 + 54_560 + 3_300 + 987_654_321_098;
const CLOSING = 1_000_000 + DEPOSITS - 20_000;
const goodRecords = () => [
  header(),
  ...DATA.map(data),
  trailer({ depositCount: 4, depositSum: DEPOSITS, withdrawalCount: 1, withdrawalSum: 20_000, closing: CLOSING, records: 5 }),
  end(8),
];

const crlf = (records: Buffer[]) => Buffer.concat(records.flatMap((bytes) => [bytes, Buffer.from("\r\n")]));

describe("parseZenginStatement", () => {
  it("reads header, data, trailer and end records without line breaks", () => {
    const parsed = parseZenginStatement(Buffer.concat(goodRecords()));
    expect(parsed.problems).toEqual([]);
    expect(parsed.format).toBe("zengin");
    expect(parsed.accounts).toEqual([
      {
        line: 1,
        bankCode: "0001",
        bankName: "ﾁﾖｳﾋﾖｳｷﾞﾝｺｳ",
        branchCode: "123",
        branchName: "ﾎﾝﾃﾝ",
        accountType: "1",
        accountNumber: "0001234567",
        accountName: "ｶ)ﾁﾖｳﾋﾖｳｼﾖｳｼﾞ",
        from: "2026-11-01",
        to: "2026-11-30",
        openingBalance: 1_000_000,
        closingBalance: CLOSING,
      },
    ]);
    expect(parsed.entries.map(({ line, postedOn, kind, amount, payerName }) => ({ line, postedOn, kind, amount, payerName }))).toEqual([
      { line: 2, postedOn: "2026-11-05", kind: "deposit", amount: 110_000, payerName: "ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ" },
      { line: 3, postedOn: "2026-11-10", kind: "deposit", amount: 54_560, payerName: "ｻﾄｳｹﾝｾﾂ(ｶ" },
      { line: 4, postedOn: "2026-11-15", kind: "deposit", amount: 3_300, payerName: "ﾀﾅｶ ﾀﾛｳ" },
      { line: 5, postedOn: "2026-11-20", kind: "withdrawal", amount: 20_000, payerName: "" },
      { line: 6, postedOn: "2026-11-30", kind: "deposit", amount: 987_654_321_098, payerName: "ﾕ)ｵｵｸﾞﾁ" },
    ]);
    expect(parsed.entries[0]).toMatchObject({ reference: "00000001", valueOn: "2026-11-05", transactionCode: "11", description: "ﾐｽﾞﾎ", balance: null });
    expect(parsed.entries[3]).toMatchObject({ transactionCode: "14", description: "ﾃﾞﾝｷﾀﾞｲ" });
  });

  it("reads the same file with CR LF after each record, with trailing spaces trimmed, and with a final EOF mark", () => {
    const plain = parseZenginStatement(Buffer.concat(goodRecords()));
    expect(parseZenginStatement(crlf(goodRecords()))).toEqual(plain);
    const trimmed = goodRecords().map((bytes) => Buffer.from(bytes.toString("latin1").trimEnd(), "latin1"));
    expect(parseZenginStatement(crlf(trimmed))).toEqual(plain);
    expect(parseZenginStatement(Buffer.concat([crlf(goodRecords()), Buffer.from([0x1a])]))).toEqual(plain);
    const lfOnly = Buffer.concat(goodRecords().flatMap((bytes) => [bytes, Buffer.from("\n")]));
    expect(parseZenginStatement(lfOnly)).toEqual(plain);
  });

  it("is chosen by parseStatementFile from the first bytes", () => {
    expect(parseStatementFile(Buffer.concat(goodRecords())).format).toBe("zengin");
  });

  it("reads a 平成31 date up to 30 April and accepts several accounts in one file", () => {
    const file = [
      header(0),
      data({ reference: 1, postedOn: "310430", direction: "1", amount: 500, payer: "ｱ" }),
      trailer({ depositCount: 1, depositSum: 500, withdrawalCount: 0, withdrawalSum: 0, closing: 500, records: 1 }),
      header(0),
      data({ reference: 1, postedOn: "010501", direction: "1", amount: 700, payer: "ｲ" }),
      trailer({ depositCount: 1, depositSum: 700, withdrawalCount: 0, withdrawalSum: 0, closing: 700, records: 1 }),
      end(7, 2),
    ];
    const parsed = parseZenginStatement(crlf(file));
    expect(parsed.problems).toEqual([]);
    expect(parsed.accounts).toHaveLength(2);
    expect(parsed.entries.map((entry) => entry.postedOn)).toEqual(["2019-04-30", "2019-05-01"]);
  });

  it("reads an overdrawn balance (貸越区分 2) as negative", () => {
    const file = [
      header(1000),
      data({ reference: 1, postedOn: "081105", direction: "2", amount: 3000, payer: "" }),
      trailer({ depositCount: 0, depositSum: 0, withdrawalCount: 1, withdrawalSum: 3000, closing: -2000, records: 1 }),
      end(4),
    ];
    const parsed = parseZenginStatement(crlf(file));
    expect(parsed.problems).toEqual([]);
    expect(parsed.accounts[0]!.closingBalance).toBe(-2000);
  });

  describe("malformed input is reported by line, never thrown", () => {
    const problemsOf = (records: Buffer[]) => parseZenginStatement(crlf(records)).problems;

    it("a data record with a letter in its amount, an unknown 入払区分 and an impossible date", () => {
      const records = goodRecords();
      const badAmount = Buffer.from(records[1]!);
      badAmount.write("A", 30, "latin1");
      const badDirection = Buffer.from(records[2]!);
      badDirection.write("3", 21, "latin1");
      const badDate = Buffer.from(records[3]!);
      badDate.write("081331", 9, "latin1");
      const parsed = parseZenginStatement(crlf([records[0]!, badAmount, badDirection, badDate, ...records.slice(4)]));
      expect(parsed.problems).toEqual([
        { line: 2, message: "取引金額が数字ではありません（「000000A10000」）。" },
        { line: 3, message: "入払区分「3」が1（入金）でも2（出金）でもありません。" },
        { line: 4, message: "勘定日「081331」が和暦の日付（年月日）として読めません。" },
      ]);
      // The records that could be read are still there.
      expect(parsed.entries.map((entry) => entry.line)).toEqual([5, 6]);
    });

    it("a trailer whose counts and sums disagree with the data records", () => {
      const records = goodRecords();
      records[6] = trailer({ depositCount: 3, depositSum: DEPOSITS - 1, withdrawalCount: 1, withdrawalSum: 20_001, closing: CLOSING + 5, records: 6 });
      expect(problemsOf(records)).toEqual([
        { line: 7, message: "トレーラのデータ・レコード件数（6件）がデータ・レコードの集計（5件）と合いません。" },
        { line: 7, message: "トレーラの入金件数（3件）がデータ・レコードの集計（4件）と合いません。" },
        {
          line: 7,
          message: `トレーラの入金額合計（${(DEPOSITS - 1).toLocaleString("ja-JP")}円）がデータ・レコードの集計（${DEPOSITS.toLocaleString(
            "ja-JP",
          )}円）と合いません。`,
        },
        { line: 7, message: "トレーラの出金額合計（20,001円）がデータ・レコードの集計（20,000円）と合いません。" },
        {
          line: 7,
          message: `トレーラの取引後残高（${(CLOSING + 5).toLocaleString("ja-JP")}円）がデータ・レコードの集計（${CLOSING.toLocaleString(
            "ja-JP",
          )}円）と合いません。`,
        },
      ]);
    });

    it("a missing end record, a missing trailer, and data before the header", () => {
      const records = goodRecords();
      expect(problemsOf(records.slice(0, 7))).toEqual([
        { line: 7, message: "エンド・レコード（データ区分9）がありません。ファイルが途中で切れている可能性があります。" },
      ]);
      expect(problemsOf([...records.slice(0, 6), end(7)])).toEqual([{ line: 7, message: "トレーラ・レコードがないまま、エンド・レコードがあります。" }]);
      expect(problemsOf([records[1]!, ...records])[0]).toEqual({ line: 1, message: "ヘッダー・レコードの前にデータ・レコードがあります。" });
    });

    it("an unknown record kind, a record after the end, a wrong end count", () => {
      const records = goodRecords();
      const unknown = Buffer.from(records[1]!);
      unknown.write("5", 0, "latin1");
      expect(problemsOf([records[0]!, unknown, ...records.slice(2, 7), end(99), records[1]!])).toEqual([
        { line: 2, message: "データ区分「5」は1（ヘッダー）・2（データ）・8（トレーラ）・9（エンド）のいずれでもありません。" },
        { line: 8, message: "エンド・レコードのレコード総件数（99件）がファイルのレコード数（8件）と合いません。" },
        { line: 9, message: "エンド・レコードの後にレコードがあります。" },
      ]);
    });

    it("another 種別 (振込入金通知), EBCDIC, a line longer than 200 bytes, an empty file", () => {
      const records = goodRecords();
      const notice = Buffer.from(records[0]!);
      notice.write("01", 1, "latin1");
      expect(problemsOf([notice, ...records.slice(1)])[0]).toEqual({
        line: 1,
        message: "振込入金通知（種別コード01）のファイルです。取り込めるのは入出金取引明細（種別コード03）です。銀行のサイトから入出金明細を全銀形式でダウンロードしてください。",
      });
      const ebcdic = Buffer.from(records[0]!);
      ebcdic.write("1", 3, "latin1");
      expect(problemsOf([ebcdic, ...records.slice(1)])[0]).toEqual({
        line: 1,
        message: "コード区分がEBCDIC（1）です。JIS（0）のファイルを取り込んでください。",
      });
      expect(problemsOf([records[0]!, Buffer.concat([records[1]!, Buffer.from("X")]), ...records.slice(2)])[0]).toEqual({
        line: 2,
        message: "1行が201バイトあります。全銀形式のレコードは200バイトです。",
      });
      expect(parseZenginStatement(Buffer.alloc(0)).problems).toEqual([{ line: 1, message: "ファイルが空です。" }]);
    });

    it("another kind of 全銀 file (総合振込 21, 口座振替 91, one unknown) is said once, with no cascade of line errors (issue 33)", () => {
      for (const [kind, name] of [["21", "総合振込（種別コード21）"], ["91", "口座振替（種別コード91）"], ["77", "種別コード「77」"]] as const) {
        const records = goodRecords();
        const header = Buffer.from(records[0]!);
        header.write(kind, 1, "latin1");
        const parsed = parseZenginStatement(crlf([header, ...records.slice(1)]));
        expect(parsed.problems).toEqual([{ line: 1, message: `${name}のファイルです。取り込めるのは入出金取引明細（種別コード03）です。銀行のサイトから入出金明細を全銀形式でダウンロードしてください。` }]);
        expect(parsed.entries).toEqual([]);
      }
    });

    it("a PDF, an Excel workbook or a picture is said to be one, not read as CSV (issue 33)", () => {
      const cases: Array<[string, Uint8Array]> = [
        ["PDFのファイル", Buffer.from("%PDF-1.7\n1 0 obj\n")],
        ["Excel（.xlsx）などの圧縮されたファイル", Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])],
        ["画像（PNG）のファイル", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])],
      ];
      for (const [what, bytes] of cases) {
        expect(parseStatementFile(bytes).problems).toEqual([{ line: 1, message: `${what}です。入出金明細は、銀行のサイトから全銀形式（入出金取引明細）またはCSVでダウンロードして取り込んでください。` }]);
      }
    });

    it("bytes that are not Shift_JIS in a payer name", () => {
      const records = goodRecords();
      const broken = Buffer.from(records[1]!);
      broken[81] = 0x81; // a lead byte followed by a space is no character
      broken[82] = 0x20;
      expect(problemsOf([records[0]!, broken, ...records.slice(2)])[0]).toEqual({ line: 2, message: "振込依頼人名にShift_JISとして読めない文字があります。" });
    });

    it("random bytes do not throw", () => {
      let seed = 7;
      for (let round = 0; round < 50; round += 1) {
        const bytes = Buffer.alloc(1 + ((round * 37) % 900));
        for (let index = 0; index < bytes.length; index += 1) {
          seed = (seed * 1103515245 + 12345) % 2 ** 31;
          bytes[index] = index === 0 ? 0x31 : seed % 256;
        }
        const parsed = parseZenginStatement(bytes);
        expect(parsed.problems.length).toBeGreaterThan(0);
      }
    });
  });
});

describe("parseBankCsv", () => {
  const sjis = (text: string) => iconv.encode(text, "cp932");

  it("finds the columns by their header names, below the bank's preamble, in Shift_JIS", () => {
    const csv = [
      "口座番号,普通 1234567",
      "照会期間,2026/11/01～2026/11/30",
      "日付,摘要,摘要内容,出金額（円）,入金額（円）,残高（円）",
      '2026/11/05,振込,ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ,,"110,000","1,110,000"',
      "2026/11/10,振込,ｻﾄｳｹﾝｾﾂ(ｶ,,54560,1164560",
      "2026/11/20,振替,ﾃﾞﾝｷﾀﾞｲ,20000,,1144560",
      "",
    ].join("\r\n");
    const parsed = parseBankCsv(sjis(csv));
    expect(parsed.problems).toEqual([]);
    expect(
      parsed.entries.map(({ line, postedOn, kind, amount, payerName, balance, description }) => ({
        line,
        postedOn,
        kind,
        amount,
        payerName,
        balance,
        description,
      })),
    ).toEqual([
      { line: 4, postedOn: "2026-11-05", kind: "deposit", amount: 110_000, payerName: "ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ", balance: 1_110_000, description: "振込" },
      { line: 5, postedOn: "2026-11-10", kind: "deposit", amount: 54_560, payerName: "ｻﾄｳｹﾝｾﾂ(ｶ", balance: 1_164_560, description: "振込" },
      { line: 6, postedOn: "2026-11-20", kind: "withdrawal", amount: 20_000, payerName: "", balance: 1_144_560, description: "振替 ﾃﾞﾝｷﾀﾞｲ" },
    ]);
  });

  it("reads a UTF-8 file with other column names and order, 和暦 dates and a payer packed after 振込", () => {
    const csv = "\uFEFFお取引日,お預入金額,お引出金額,お取引内容,残高\n令和8年11月5日,¥3300,,振込　ﾀﾅｶ ﾀﾛｳ,▲500\nR8.11.6,,1000,ATM,-1500\n";
    const parsed = parseStatementFile(Buffer.from(csv, "utf8"));
    expect(parsed.format).toBe("csv");
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries.map(({ postedOn, kind, amount, payerName, balance }) => ({ postedOn, kind, amount, payerName, balance }))).toEqual([
      { postedOn: "2026-11-05", kind: "deposit", amount: 3300, payerName: "ﾀﾅｶ ﾀﾛｳ", balance: -500 },
      { postedOn: "2026-11-06", kind: "withdrawal", amount: 1000, payerName: "", balance: -1500 },
    ]);
  });

  it("reports rows it cannot read by line, and a file without a header row", () => {
    const csv = [
      "取引日,振込依頼人名,入金額,出金額,残高",
      "2026/13/01,ｱ,100,,",
      "2026/11/02,ｲ,1.5,,",
      "2026/11/03,ｳ,100,200,",
      "2026/11/04,ｴ,,,",
      "2026/11/05,ｵ,-100,,",
    ].join("\n");
    expect(parseBankCsv(Buffer.from(csv)).problems).toEqual([
      { line: 2, message: "日付「2026/13/01」が読めません。" },
      { line: 3, message: "入金額「1.5」が円単位の金額として読めません。" },
      { line: 4, message: "入金額と出金額の両方に金額があります。" },
      { line: 5, message: "入金額も出金額もありません。" },
      { line: 6, message: "入金額「-100」が円単位の金額として読めません。" },
    ]);
    expect(parseBankCsv(Buffer.from("a,b,c\n1,2,3\n")).problems).toEqual([
      { line: 1, message: "見出し行が見つかりません。日付（取引日・勘定日など）と入金額または出金額の列が必要です。" },
    ]);
    expect(parseBankCsv(Buffer.from('日付,入金額\n"2026/11/01,100\n')).problems[0]!.message).toMatch(/^CSVとして読めません/);
  });
});

describe("statementLineCount", () => {
  it("counts a 全銀 file's records and a CSV's lines as the readers number them, without reading them", () => {
    expect(statementLineCount(Buffer.concat(goodRecords()))).toBe(8);
    expect(statementLineCount(Buffer.concat([Buffer.concat(goodRecords()), Buffer.from([0x1a])]))).toBe(8);
    // A record cut short still counts as a record, as the reader pads it.
    expect(statementLineCount(Buffer.concat(goodRecords()).subarray(0, 7 * 200 + 10))).toBe(8);
    expect(statementLineCount(crlf(goodRecords()))).toBe(8);
    expect(statementLineCount(Buffer.from("日付,入金額\r\n2026/11/01,100\r\n"))).toBe(2);
    expect(statementLineCount(Buffer.from("日付,入金額\n2026/11/01,100"))).toBe(2);
    expect(statementLineCount(Buffer.from("日付,入金額\r2026/11/01,100\r\r2026/11/02,200\n"))).toBe(4);
    expect(statementLineCount(new Uint8Array())).toBe(0);
  });

  it("bounds a statement at 10,000 lines, and the refusal says the limit and what to do", () => {
    expect(MAX_STATEMENT_LINES).toBe(10_000);
    expect(tooManyLinesMessage(24_003)).toBe(
      "明細ファイルの行数が多すぎます（24,003行）。1回に取り込めるのは10,000行（全銀形式は10,000レコード）までです。期間を短くして（1か月ごとなど）明細をダウンロードし、分けて取り込んでください。",
    );
  });

  it("reads a long file in many small steps, to the same result as at once", () => {
    for (const file of [
      crlf([header(), ...Array.from({ length: 1_000 }, (_, index) => data({ ...DATA[0]!, reference: index + 1 })), ...goodRecords().slice(-2)]),
      Buffer.from(["日付,入金額", ...Array.from({ length: 1_000 }, (_, index) => `2026/11/01,${index + 1}`)].join("\r\n")),
    ]) {
      const steps = statementSteps(file);
      let pauses = 0;
      let step = steps.next();
      for (; !step.done; step = steps.next()) pauses += 1;
      expect(pauses).toBeGreaterThan(20);
      expect(step.value).toEqual(parseStatementFile(file));
    }
  });
});

describe("parseCsvDate", () => {
  it.each([
    ["2026/11/23", "2026-11-23"],
    ["2026-1-5", "2026-01-05"],
    ["2026年11月23日", "2026-11-23"],
    ["20261123", "2026-11-23"],
    ["令和8年11月23日", "2026-11-23"],
    ["令和元年5月1日", "2019-05-01"],
    ["R08.11.23", "2026-11-23"],
    ["H31/4/30", "2019-04-30"],
    ["H31/5/1", null],
    ["2026/02/29", null],
    ["11/23", null],
  ])("%s → %s", (value, expected) => {
    expect(parseCsvDate(value)).toBe(expected);
  });
});
