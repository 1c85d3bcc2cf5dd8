import { describe, expect, it } from "vitest";
import iconv from "iconv-lite";
import { csvContentType, decodeCsv, encodeCp932, encodeCsv, unencodableInCp932, type CsvEncoding, type EncodeCsvResult } from "./encoding";

const CSV = "コード,名称,備考\r\nC001,㈱テスト,①髙～\r\nC002,営業時間,9時〜17時\r\n";

function bytesOf(result: EncodeCsvResult): Buffer {
  if (!result.ok) throw new Error(`unexpected unencodable: ${JSON.stringify(result.unencodable)}`);
  return result.bytes;
}

/** Whether needle occurs in haystack as a contiguous byte sequence. */
const containsBytes = (haystack: Buffer, needle: number[]) => haystack.includes(Buffer.from(needle));

describe("encodeCsv and decodeCsv", () => {
  // 〜 (U+301C, what macOS IMEs type) has no cp932 code: SJIS stores it as ～ (U+FF5E).
  it.each([
    ["UTF8", "UTF-8", CSV],
    ["UTF8N", "UTF-8", CSV],
    ["SJIS", "Shift_JIS", CSV.replace("\u301C", "\uFF5E")],
  ] as const)("%s round trips ㈱ ① 髙 ～ 〜", (encoding, detected, expected) => {
    expect(decodeCsv(bytesOf(encodeCsv(CSV, encoding)))).toEqual({ text: expected, encoding: detected });
  });

  it("starts UTF8 with a BOM and UTF8N without", () => {
    expect([...bytesOf(encodeCsv("a", "UTF8"))]).toEqual([0xef, 0xbb, 0xbf, 0x61]);
    expect([...bytesOf(encodeCsv("a", "UTF8N"))]).toEqual([0x61]);
  });

  it("writes cp932 codes for SJIS", () => {
    const bytes = bytesOf(encodeCsv(CSV, "SJIS"));
    expect(containsBytes(bytes, [0x87, 0x8a])).toBe(true); // ㈱ (NEC special character)
    expect(containsBytes(bytes, [0x87, 0x40])).toBe(true); // ①
    expect(containsBytes(bytes, [0xfb, 0xfc])).toBe(true); // 髙 (IBM extension)
    expect(containsBytes(bytes, [0x81, 0x60])).toBe(true); // ～
  });

  it.each([
    ["〜 U+301C", "\u301C", "\uFF5E", [0x81, 0x60]],
    ["− U+2212", "\u2212", "\uFF0D", [0x81, 0x7c]],
    ["‖ U+2016", "\u2016", "\u2225", [0x81, 0x61]],
    ["¢ U+00A2", "\u00A2", "\uFFE0", [0x81, 0x91]],
    ["£ U+00A3", "\u00A3", "\uFFE1", [0x81, 0x92]],
    ["¬ U+00AC", "\u00AC", "\uFFE2", [0x81, 0xca]],
    ["— U+2014", "\u2014", "\u2015", [0x81, 0x5c]],
  ])("maps %s to its cp932 form for SJIS", (_name, char, cp932Char, code) => {
    const bytes = bytesOf(encodeCsv(`1${char}2\r\n`, "SJIS"));
    expect([...bytes]).toEqual([0x31, ...code, 0x32, 0x0d, 0x0a]);
    expect(decodeCsv(bytes).text).toBe(`1${cp932Char}2\r\n`);
  });
});

describe("encodeCsv with characters Shift_JIS cannot hold", () => {
  const text = "コード,名称\r\nC001,𠮷野家\r\nC002,ok\r\nC003,😀 and 😀 and 𠮷\r\n";

  it("reports them with their lines for SJIS", () => {
    expect(encodeCsv(text, "SJIS")).toEqual({
      ok: false,
      unencodable: [
        { line: 2, character: "𠮷" },
        { line: 4, character: "😀" },
        { line: 4, character: "𠮷" },
      ],
    });
  });

  it.each(["UTF8", "UTF8N"] as const)("encodes them for %s", (encoding) => {
    expect(decodeCsv(bytesOf(encodeCsv(text, encoding))).text).toBe(text);
  });

  it.each([
    ["€", "€"],
    ["é", "café"],
    ["U+FFFD", "\uFFFD"],
  ])("reports %s", (_name, cell) => {
    expect(encodeCsv(`a\n${cell}`, "SJIS")).toMatchObject({ ok: false, unencodable: [{ line: 2 }] });
  });

  it("writes ¥ as the full-width ￥ cp932 holds, not as the byte of a backslash", () => {
    expect(decodeCsv(bytesOf(encodeCsv("¥100", "SJIS"))).text).toBe("￥100");
  });

  it("reports at most 20", () => {
    const emoji = Array.from({ length: 30 }, (_, i) => String.fromCodePoint(0x1f600 + i));
    expect(encodeCsv(emoji.join("\n"), "SJIS")).toEqual({
      ok: false,
      unencodable: emoji.slice(0, 20).map((character, i) => ({ line: i + 1, character })),
    });
  });
});

describe("the cp932 check by table", () => {
  it("agrees with an encode-and-decode round trip for every character of the Basic Multilingual Plane", () => {
    // The Unicode forms cp932 spells differently (〜 − ‖ ¢ £ ¬ — ¥): written as their cp932 forms.
    const mappedForms = new Set(["\u301C", "\u2212", "\u2016", "\u00A2", "\u00A3", "\u00AC", "\u2014", "\u00A5"]);
    const disagreements: string[] = [];
    for (let code = 0; code <= 0xffff; code += 1) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCharCode(code);
      const roundTrips = mappedForms.has(character) || iconv.decode(encodeCp932(character), "cp932") === character;
      const fits = unencodableInCp932(character).length === 0;
      if (fits !== roundTrips) disagreements.push(`U+${code.toString(16).padStart(4, "0")}`);
    }
    expect(disagreements).toEqual([]);
  });

  it("counts lines from where a page of a longer file starts, and reports a character once per line", () => {
    expect(unencodableInCp932("a,b\n\"x\ny\",𠮷𠮷\n𠮷", 40)).toEqual([
      { line: 42, character: "𠮷" },
      { line: 43, character: "𠮷" },
    ]);
  });
});

describe("decodeCsv", () => {
  const text = "名称\r\n㈱テスト\r\n";

  it.each([
    ["UTF-8 with BOM", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), "UTF-8"],
    ["UTF-8 without BOM", Buffer.from(text), "UTF-8"],
    // 名称 ㈱ テ ス ト in cp932.
    ["Shift_JIS", Buffer.from([0x96, 0xbc, 0x8f, 0xcc, 0x0d, 0x0a, 0x87, 0x8a, 0x83, 0x65, 0x83, 0x58, 0x83, 0x67, 0x0d, 0x0a]), "Shift_JIS"],
  ])("detects %s", (_name, bytes, encoding) => {
    expect(decodeCsv(new Uint8Array(bytes))).toEqual({ text, encoding });
  });

  it("reads ASCII as UTF-8", () => {
    expect(decodeCsv(Buffer.from("a,b\r\n"))).toEqual({ text: "a,b\r\n", encoding: "UTF-8" });
  });

  it("reads an empty file as UTF-8", () => {
    expect(decodeCsv(new Uint8Array())).toEqual({ text: "", encoding: "UTF-8" });
  });
});

describe("csvContentType", () => {
  it.each([
    ["UTF8", "text/csv; charset=utf-8"],
    ["UTF8N", "text/csv; charset=utf-8"],
    ["SJIS", "text/csv; charset=Shift_JIS"],
  ] satisfies [CsvEncoding, string][])("%s", (encoding, expected) => {
    expect(csvContentType(encoding)).toBe(expected);
  });
});
