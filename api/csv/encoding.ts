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

let cp932Table: Uint8Array | undefined;

/**
 * 1 for each UTF-16 code unit cp932 can hold (after the TO_CP932 mapping):
 * every character cp932's byte sequences decode to. Made once, so checking
 * an export is a lookup per character instead of encoding and decoding it.
 */
function cp932Characters(): Uint8Array {
  if (cp932Table) return cp932Table;
  const table = new Uint8Array(0x10000);
  // One sequence at a time: decoded run together, an unassigned pair would shift the rest. Some decode
  // to a character the encoder cannot write back (the user-defined area): only round trips count.
  const mark = (sequence: number[]) => {
    const character = iconv.decode(Buffer.from(sequence), "cp932");
    if (character.length !== 1 || table[character.charCodeAt(0)]) return;
    if (iconv.decode(iconv.encode(character, "cp932"), "cp932") === character) table[character.charCodeAt(0)] = 1;
  };
  // Every byte and every pair that could be a lead and a trail byte.
  for (let byte = 0x00; byte <= 0xff; byte += 1) mark([byte]);
  for (let lead = 0x80; lead <= 0xff; lead += 1) for (let trail = 0x40; trail <= 0xff; trail += 1) mark([lead, trail]);
  for (const character of Object.keys(TO_CP932)) table[character.charCodeAt(0)] = 1;
  cp932Table = table;
  return table;
}

type Unencodable = { line: number; character: string };

/**
 * The characters of `text` cp932 cannot hold, each once per line, with the
 * 1-based line (counted from `firstLine`) it is on; at most `limit`.
 * Characters beyond the Basic Multilingual Plane (𠮷) never fit.
 */
export function unencodableInCp932(text: string, firstLine = 1, limit = MAX_UNENCODABLE): Unencodable[] {
  const table = cp932Characters();
  const found: Unencodable[] = [];
  let line = firstLine;
  let onThisLine = new Set<string>();
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x0a) {
      line += 1;
      onThisLine = new Set();
      continue;
    }
    if (table[code]) continue;
    const isPair = code >= 0xd800 && code <= 0xdbff && index + 1 < text.length;
    const character = isPair ? text.slice(index, index + 2) : text[index]!;
    if (isPair) index += 1;
    if (onThisLine.has(character)) continue;
    onThisLine.add(character);
    found.push({ line, character });
    if (found.length === limit) break;
  }
  return found;
}

/** Shift_JIS bytes of text cp932 can hold (see unencodableInCp932), with the Unicode forms cp932 spells differently mapped. */
export function encodeCp932(text: string): Buffer {
  return iconv.encode(text.replace(TO_CP932_PATTERN, (char) => TO_CP932[char] ?? char), "cp932");
}

/**
 * Encodes CSV text. For SJIS, characters cp932 cannot hold are reported
 * (by the 1-based line they are on) instead of being silently replaced.
 */
export function encodeCsv(text: string, encoding: CsvEncoding): EncodeCsvResult {
  if (encoding === "UTF8") return { ok: true, bytes: Buffer.concat([BOM, Buffer.from(text, "utf8")]) };
  if (encoding === "UTF8N") return { ok: true, bytes: Buffer.from(text, "utf8") };
  const unencodable = unencodableInCp932(text);
  if (unencodable.length > 0) return { ok: false, unencodable };
  return { ok: true, bytes: encodeCp932(text) };
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
