import { describe, expect, it } from "vitest";
import { CSV_MESSAGES, neutralizeCell, parseCsv, restoreNeutralizedCell, serializeCsv, type CsvParseResult } from "./csv";

function rowsOf(result: CsvParseResult) {
  if ("error" in result) throw new Error(`unexpected error: ${JSON.stringify(result.error)}`);
  return result.rows;
}

const cellsOf = (result: CsvParseResult) => rowsOf(result).map((row) => row.cells);

describe("neutralizeCell", () => {
  it.each([
    ["=", "=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+", "+81-3-1234-5678", "'+81-3-1234-5678"],
    ["-", "-500", "'-500"],
    ["@", "@SUM(A1)", "'@SUM(A1)"],
    ["TAB", "\tx", "'\tx"],
    ["CR", "\rx", "'\rx"],
    ["an already neutralised look-alike", "'=1", "''=1"],
  ])("prefixes a cell starting with %s", (_name, cell, expected) => {
    expect(neutralizeCell(cell)).toBe(expected);
  });

  it.each([
    ["= inside", "a=b"],
    ["- inside", "03-1234-5678"],
    ["full-width digit", "１"],
    ["full-width ＝", "＝1"],
    ["leading space", " =1"],
    ["LF first", "\n=1"],
    ["apostrophe before text", "'abc"],
    ["empty", ""],
  ])("keeps %s", (_name, cell) => {
    expect(neutralizeCell(cell)).toBe(cell);
  });
});

describe("restoreNeutralizedCell", () => {
  it.each([
    ["'=1", "=1"],
    ["'+1", "+1"],
    ["'-1", "-1"],
    ["'@a", "@a"],
    ["'\ta", "\ta"],
    ["'\ra", "\ra"],
    ["''=1", "'=1"],
    ["'abc", "'abc"],
    ["'", "'"],
    ["=1", "=1"],
    ["", ""],
  ])("%j → %j", (cell, expected) => {
    expect(restoreNeutralizedCell(cell)).toBe(expected);
  });
});

describe("serializeCsv", () => {
  it.each([
    ["plain cells", [["a", "b"], ["c", "d"]], "a,b\r\nc,d\r\n"],
    ["comma", [["a,b"]], '"a,b"\r\n'],
    ["double quotes are doubled", [['say "hi"']], '"say ""hi"""\r\n'],
    ["LF", [["a\nb"]], '"a\nb"\r\n'],
    ["CR", [["a\rb"]], '"a\rb"\r\n'],
    ["leading space", [[" a"]], '" a"\r\n'],
    ["trailing space", [["a "]], '"a "\r\n'],
    ["inner space needs no quotes", [["a b"]], "a b\r\n"],
    ["Japanese", [["株式会社テスト", "東京都"]], "株式会社テスト,東京都\r\n"],
    ["empty cells", [["", "a", ""]], ",a,\r\n"],
    ["a lone empty cell is quoted so the record survives", [[""]], '""\r\n'],
    ["formula is neutralised", [["=1+1"]], "'=1+1\r\n"],
    ["neutralised and quoted", [["=A1,B1"]], "\"'=A1,B1\"\r\n"],
    ["neutralised CR is quoted", [["\r1"]], "\"'\r1\"\r\n"],
    ["no rows", [], ""],
  ])("%s", (_name, rows, expected) => {
    expect(serializeCsv(rows)).toBe(expected);
  });
});

describe("parseCsv", () => {
  it.each([
    ["CRLF", "a,b\r\nc,d\r\n"],
    ["LF", "a,b\nc,d\n"],
    ["CR", "a,b\rc,d\r"],
    ["no final line end", "a,b\r\nc,d"],
    ["BOM", "\uFEFFa,b\r\nc,d\r\n"],
  ])("reads %s", (_name, text) => {
    expect(rowsOf(parseCsv(text))).toEqual([
      { line: 1, cells: ["a", "b"] },
      { line: 2, cells: ["c", "d"] },
    ]);
  });

  it.each([
    ["quoted comma", '"a,b",c', [["a,b", "c"]]],
    ["doubled quotes", '"say ""hi""",""""', [['say "hi"', '"']]],
    ["empty quoted cell", '"",a', [["", "a"]]],
    ["lone empty quoted cell", '""', [[""]]],
    ["empty cells", ",a,", [["", "a", ""]]],
    ["spaces are kept", " a , b ", [[" a ", " b "]]],
    ["quoted CRLF kept as written", '"a\r\nb"', [["a\r\nb"]]],
    ["Japanese", "株式会社テスト,㈱①髙～", [["株式会社テスト", "㈱①髙～"]]],
    ["neutralised cells are returned as written", "'=1", [["'=1"]]],
    ["empty text", "", []],
    ["only line ends", "\r\n\n\r", []],
  ])("%s", (_name, text, expected) => {
    expect(cellsOf(parseCsv(text))).toEqual(expected);
  });

  it("skips empty lines and counts them in line numbers", () => {
    expect(rowsOf(parseCsv("\r\na\r\n\r\n\nb\r\n\r\n"))).toEqual([
      { line: 2, cells: ["a"] },
      { line: 5, cells: ["b"] },
    ]);
  });

  it.each([
    ["LF", "\n"],
    ["CRLF", "\r\n"],
    ["CR", "\r"],
  ])("gives each record its starting line across quoted %s", (_name, nl) => {
    const text = `code,name${nl}C001,"line 1${nl}line 2${nl}line 3"${nl}C002,"x${nl}y"${nl}C003,z${nl}`;
    expect(rowsOf(parseCsv(text))).toEqual([
      { line: 1, cells: ["code", "name"] },
      { line: 2, cells: ["C001", `line 1${nl}line 2${nl}line 3`] },
      { line: 5, cells: ["C002", `x${nl}y`] },
      { line: 7, cells: ["C003", "z"] },
    ]);
  });

  it("counts a line end beside an escaped quote once, and reads long quoted cells at once", () => {
    expect(rowsOf(parseCsv('"a""\r""b""\r\n""c",d\r\ne'))).toEqual([
      { line: 1, cells: ['a"\r"b"\r\n"c', "d"] },
      { line: 4, cells: ["e"] },
    ]);
    // A bank's CSV quotes every cell: 5 MB of them took seconds when a quoted cell grew a character at a time.
    const long = `"${"ﾔﾏﾀﾞ".repeat(120)}"`;
    const text = Array.from({ length: 10_000 }, () => `${long},${long}`).join("\r\n");
    const started = performance.now();
    expect(rowsOf(parseCsv(text))).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it.each([
    ["unterminated quote", 'a\r\nb,"c\r\nd\r\n', 2, CSV_MESSAGES.unterminatedQuote],
    ["unterminated quote after quoted newlines", 'a\n"b\nc"\nd,"e', 4, CSV_MESSAGES.unterminatedQuote],
    ["lone quote", '"', 1, CSV_MESSAGES.unterminatedQuote],
    ["quote inside an unquoted cell", 'a\nb"c\n', 2, CSV_MESSAGES.misplacedQuote],
    ["text after a closing quote", 'a\n\n"b"c\n', 3, CSV_MESSAGES.misplacedQuote],
    ["space after a closing quote", '"b" ,c', 1, CSV_MESSAGES.misplacedQuote],
    ["stray quote in a record that starts earlier", '"a\nb",c"d', 1, CSV_MESSAGES.misplacedQuote],
  ])("reports %s", (_name, text, line, message) => {
    expect(parseCsv(text)).toEqual({ error: { line, message } });
  });

  it("uses Japanese messages", () => {
    expect(CSV_MESSAGES).toEqual({
      unterminatedQuote: "引用符（\"）が閉じられていません",
      misplacedQuote: "引用符（\"）の位置が正しくありません",
    });
  });
});

describe("round trip", () => {
  const tricky = [
    "=SUM(A1)",
    "-500",
    "+81",
    "@user",
    "\tindented",
    "\rstarts with CR",
    "'=already quoted",
    "''-twice",
    "'plain apostrophe",
    '"quoted"',
    "a,b",
    "line 1\nline 2",
    "line 1\r\nline 2\rline 3",
    " padded ",
    "㈱テスト",
    "",
  ];

  it.each(tricky.map((cell) => [cell]))("%j survives serialize → parse → restore", (cell) => {
    const rows = [["C001", cell, "end"], [cell]];
    const parsed = rowsOf(parseCsv(serializeCsv(rows)));
    expect(parsed.map((row) => row.cells.map(restoreNeutralizedCell))).toEqual(rows);
  });

  it("keeps every tricky cell in one record", () => {
    const parsed = rowsOf(parseCsv(serializeCsv([tricky, tricky])));
    expect(parsed.map((row) => row.cells.map(restoreNeutralizedCell))).toEqual([tricky, tricky]);
    // The first record spans five lines: its cells hold four line ends (CR, LF, CRLF, CR).
    expect(parsed.map((row) => row.line)).toEqual([1, 6]);
  });
});
