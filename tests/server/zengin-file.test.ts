import { describe, expect, it } from "vitest";
import { parseStatementFile } from "../../domain/zengin-statement";
import { bankKana, warekiYymmdd, writeZenginStatement, type ZenginStatementInput } from "../../sandbox/zengin-file";

const statement: ZenginStatementInput = {
  bankCode: "0001",
  bankName: "ﾃﾞﾓｷﾞﾝｺｳ",
  branchCode: "001",
  branchName: "ﾎﾝﾃﾝｴｲｷﾞﾖｳﾌﾞ",
  accountType: "1",
  accountNumber: "1234567",
  accountName: "ｶ)ﾃﾞﾓｼﾖｳｼﾞ",
  from: "2026-11-01",
  to: "2026-11-30",
  openingBalance: 1_250_000,
  entries: [
    { postedOn: "2026-11-25", amount: 110_000, kind: "deposit", payerName: "ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ" },
    // 55,000 due, paid short by the 440-yen transfer fee the payer deducted.
    { postedOn: "2026-11-26", valueOn: "2026-11-25", amount: 54_560, kind: "deposit", payerName: "ｻﾄｳｹﾝｾﾂ(ｶ", description: "ﾌﾘｺﾐ" },
    { postedOn: "2026-11-27", amount: 3_333, kind: "deposit", payerName: "ﾀﾅｶ ﾀﾛｳ" },
    { postedOn: "2026-11-30", amount: 5_500, kind: "withdrawal", payerName: "", description: "ｺｳﾌﾘ ﾁﾖｳﾋﾖｳｸﾗｳﾄﾞ" },
  ],
};

describe("writeZenginStatement", () => {
  it("writes a file the reader takes back whole: header, data, trailer and end agree, names in half-width kana", () => {
    const bytes = writeZenginStatement(statement);
    // Seven records of 200 bytes, each followed by CR LF.
    expect(bytes.length).toBe(7 * 202);
    expect([...bytes.subarray(200, 202)]).toEqual([0x0d, 0x0a]);
    const parsed = parseStatementFile(bytes);
    expect(parsed.format).toBe("zengin");
    expect(parsed.problems).toEqual([]);
    expect(parsed.accounts).toEqual([
      {
        line: 1,
        bankCode: "0001",
        bankName: "ﾃﾞﾓｷﾞﾝｺｳ",
        branchCode: "001",
        branchName: "ﾎﾝﾃﾝｴｲｷﾞﾖｳﾌﾞ",
        accountType: "1",
        accountNumber: "0001234567",
        accountName: "ｶ)ﾃﾞﾓｼﾖｳｼﾞ",
        from: "2026-11-01",
        to: "2026-11-30",
        openingBalance: 1_250_000,
        closingBalance: 1_250_000 + 110_000 + 54_560 + 3_333 - 5_500,
      },
    ]);
    expect(
      parsed.entries.map(({ line, postedOn, valueOn, kind, amount, payerName, reference, transactionCode, description }) => ({
        line,
        postedOn,
        valueOn,
        kind,
        amount,
        payerName,
        reference,
        transactionCode,
        description,
      })),
    ).toEqual([
      {
        line: 2,
        postedOn: "2026-11-25",
        valueOn: "2026-11-25",
        kind: "deposit",
        amount: 110_000,
        payerName: "ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ",
        reference: "00000001",
        transactionCode: "11",
        description: "",
      },
      {
        line: 3,
        postedOn: "2026-11-26",
        valueOn: "2026-11-25",
        kind: "deposit",
        amount: 54_560,
        payerName: "ｻﾄｳｹﾝｾﾂ(ｶ",
        reference: "00000002",
        transactionCode: "11",
        description: "ﾌﾘｺﾐ",
      },
      {
        line: 4,
        postedOn: "2026-11-27",
        valueOn: "2026-11-27",
        kind: "deposit",
        amount: 3_333,
        payerName: "ﾀﾅｶ ﾀﾛｳ",
        reference: "00000003",
        transactionCode: "11",
        description: "",
      },
      {
        line: 5,
        postedOn: "2026-11-30",
        valueOn: "2026-11-30",
        kind: "withdrawal",
        amount: 5_500,
        payerName: "",
        reference: "00000004",
        transactionCode: "14",
        description: "ｺｳﾌﾘ ﾁﾖｳﾋﾖｳｸﾗｳﾄﾞ",
      },
    ]);
  });

  it("writes an empty period as header, trailer and end only, and an overdraft with 貸越区分 2", () => {
    const parsed = parseStatementFile(writeZenginStatement({ ...statement, openingBalance: -20_000, entries: [] }));
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toEqual([]);
    expect(parsed.accounts[0]).toMatchObject({ openingBalance: -20_000, closingBalance: -20_000 });
    const overdrawn = parseStatementFile(writeZenginStatement({ ...statement, openingBalance: 0 }));
    expect(overdrawn.problems).toEqual([]);
    expect(overdrawn.accounts[0]!.closingBalance).toBe(110_000 + 54_560 + 3_333 - 5_500);
  });

  it("turns names into bank kana and cuts them by bytes at the field's end", () => {
    const long = "ｱ".repeat(47) + "ガ";
    const parsed = parseStatementFile(
      writeZenginStatement({
        ...statement,
        accountName: "カ）デモショウジ",
        entries: [
          { postedOn: "2026-11-02", amount: 1_000, kind: "deposit", payerName: "ゆ）きっさ　ふぁーむ" },
          { postedOn: "2026-11-03", amount: 2_000, kind: "deposit", payerName: long },
        ],
      }),
    );
    expect(parsed.problems).toEqual([]);
    expect(parsed.accounts[0]!.accountName).toBe("ｶ)ﾃﾞﾓｼﾖｳｼﾞ");
    expect(parsed.entries.map((entry) => entry.payerName)).toEqual(["ﾕ)ｷﾂｻ ﾌｱ-ﾑ", `${"ｱ".repeat(47)}ｶ`]);
  });

  it("refuses what a 全銀 file cannot say rather than writing a wrong file", () => {
    expect(() => writeZenginStatement({ ...statement, entries: [{ postedOn: "2026-11-02", amount: 0, kind: "deposit", payerName: "ｱ" }] })).toThrow(RangeError);
    expect(() => writeZenginStatement({ ...statement, entries: [{ postedOn: "2026-11-02", amount: 1e12, kind: "deposit", payerName: "ｱ" }] })).toThrow(
      RangeError,
    );
    expect(() => writeZenginStatement({ ...statement, from: "2018-12-31" })).toThrow(RangeError);
  });
});

describe("bankKana and warekiYymmdd", () => {
  it.each([
    ["ヤマダショウジ", "ﾔﾏﾀﾞｼﾖｳｼﾞ"],
    ["ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ", "ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ"],
    ["ぱーく abc", "ﾊﾟ-ｸ ABC"],
    ["ヴィラ", "ｳﾞｲﾗ"],
  ])("%s is written %s", (name, written) => {
    expect(bankKana(name)).toBe(written);
  });

  it.each([
    ["2019-04-30", "310430"],
    ["2019-05-01", "010501"],
    ["2026-11-26", "081126"],
    ["2048-12-31", "301231"],
  ])("%s is 和暦 %s", (iso, wareki) => {
    expect(warekiYymmdd(iso)).toBe(wareki);
  });
});
