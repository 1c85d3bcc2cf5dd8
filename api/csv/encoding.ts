/**
 * Byte encodings for CSV files: UTF-8 (with or without BOM) and Shift_JIS,
 * which is what Excel on Japanese Windows opens and saves by default.
 */
import iconv from "iconv-lite";

/** UTF8 = UTF-8 with BOM (so Excel detects it), UTF8N = without BOM, SJIS = Windows-31J (cp932). */
export type CsvEncoding = "UTF8" | "UTF8N" | "SJIS";

export type EncodeCsvResult = { ok: true; bytes: Buffer } | { ok: false; unencodable: { line: number; character: string }[] };

const MAX_UNENCODABLE = 20;

/**
 * Characters that IMEs and other systems produce in their JIS X 0208 / Unicode
 * form, which cp932 only holds as a different code point (the one Windows
 * itself uses). Without this, e.g. 〜 typed on a Mac could not be exported.
 */
const TO_CP932: Record<string, string> = {
  "\u301C": "\uFF5E", // 〜 → ～
  "\u2212": "\uFF0D", // − → －
  "\u2016": "\u2225", // ‖ → ∥
  "\u00A2": "\uFFE0", // ¢ → ￠
  "\u00A3": "\uFFE1", // £ → ￡
  "\u00AC": "\uFFE2", // ¬ → ￢
  "\u2014": "\u2015", // — → ―
  "\u00A5": "\uFFE5", // ¥ → ￥ (cp932 would write ¥ as the byte of a backslash)
};
const TO_CP932_PATTERN = new RegExp(`[${Object.keys(TO_CP932).join("")}]`, "g");

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

// iconv-lite writes "?" for what cp932 cannot hold, so a lossless round trip is the test.
const fitsCp932 = (text: string): boolean => iconv.decode(iconv.encode(text, "cp932"), "cp932") === text;

/**
 * Encodes CSV text. For SJIS, characters cp932 cannot hold are reported
 * (by the 1-based line they are on) instead of being silently replaced.
 */
export function encodeCsv(text: string, encoding: CsvEncoding): EncodeCsvResult {
  if (encoding === "UTF8") return { ok: true, bytes: Buffer.concat([BOM, Buffer.from(text, "utf8")]) };
  if (encoding === "UTF8N") return { ok: true, bytes: Buffer.from(text, "utf8") };

  const mapped = text.replace(TO_CP932_PATTERN, (char) => TO_CP932[char] ?? char);
  const unencodable: { line: number; character: string }[] = [];
  const lines = mapped.split("\n");
  for (const [index, line] of lines.entries()) {
    if (fitsCp932(line)) continue;
    // Iterating the string (not its UTF-16 units) keeps surrogate pairs such as 𠮷 whole.
    for (const character of new Set(line)) {
      if (fitsCp932(character)) continue;
      unencodable.push({ line: index + 1, character });
      if (unencodable.length === MAX_UNENCODABLE) return { ok: false, unencodable };
    }
  }
  if (unencodable.length > 0) return { ok: false, unencodable };
  return { ok: true, bytes: iconv.encode(mapped, "cp932") };
}

/**
 * Decodes an uploaded CSV file: UTF-8 when it has a BOM or is valid UTF-8,
 * otherwise Shift_JIS (cp932). Shift_JIS text with kana or kanji is practically
 * never valid UTF-8, while pure ASCII is the same in both.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: "UTF-8" | "Shift_JIS" } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes.subarray(3)), encoding: "UTF-8" };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "UTF-8" };
  } catch {
    return { text: iconv.decode(bytes, "cp932"), encoding: "Shift_JIS" };
  }
}

export function csvContentType(encoding: CsvEncoding): string {
  return encoding === "SJIS" ? "text/csv; charset=Shift_JIS" : "text/csv; charset=utf-8";
}

/** What to tell a person whose export Shift_JIS cannot hold: each character with its line, and what to choose instead. */
export function unencodableMessage(unencodable: readonly { line: number; character: string }[]): string {
  const where = unencodable.map(({ line, character }) => `${line}行目「${character}」`).join("、");
  return `Shift_JISで表せない文字があります（${where}）。UTF-8で出力してください。`;
}
