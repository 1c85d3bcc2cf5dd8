/**
 * Normalises what users type into forms (often with a Japanese IME, so in
 * full-width characters) before it is validated and stored.
 */

import { FULL_WIDTH_OFFSET, toHalfWidth } from "./typed-date";

export { normalizeIsoDate, toHalfWidth } from "./typed-date";

const FULL_WIDTH_DIGITS = /[\uFF10-\uFF19]/g;

/**
 * Dashes people type in numbers: ー (U+30FC), － (U+FF0D), ‐ (U+2010),
 * ‑ (U+2011), – (U+2013), — (U+2014), ― (U+2015), − (U+2212), ｰ (U+FF70).
 * ー and ｰ are long vowel marks, which is why this only applies to numbers.
 */
const DASHES = /[\u30FC\uFF0D\u2010\u2011\u2013\u2014\u2015\u2212\uFF70]/g;

/**
 * Turns every dash variant into "-". Only for number-like fields (postal codes,
 * phone numbers, registration numbers): in text, ー is a long vowel mark.
 */
export function normalizeDashes(text: string): string {
  return text.replace(DASHES, "-");
}

/** Full-width digits to ASCII digits; nothing else changes. */
export function normalizeDigits(input: string): string {
  return input.replace(FULL_WIDTH_DIGITS, (char) => String.fromCharCode(char.charCodeAt(0) - FULL_WIDTH_OFFSET));
}

/**
 * "〒１００－０００１", "1000001", " 100 0001 " → "100-0001"; null unless exactly
 * 7 digits remain. Empty input is null as well: whether the field is required
 * is the caller's decision.
 */
export function normalizePostalCode(input: string): string | null {
  const digits = normalizeDashes(toHalfWidth(input)).replace(/[〒\s-]/g, "");
  if (!/^\d{7}$/.test(digits)) return null;
  return `${digits.slice(0, 3)}-${digits.slice(3)}`;
}

const PHONE_NUMBER = /^0\d{1,4}-?\d{1,4}-?\d{3,4}$/;

/**
 * Normalises a tel or fax number, keeping the user's hyphen positions (we do
 * not re-hyphenate: area code lengths vary, so only the user knows them).
 * Parentheses mark the area code or local exchange, so both become "-":
 * "(03)1234-5678" and "03(1234)5678" → "03-1234-5678".
 * Returns null unless it looks like a 10- or 11-digit domestic number.
 */
export function normalizePhoneNumber(input: string): string | null {
  const phone = normalizeDashes(toHalfWidth(input))
    .replace(/\s/g, "")
    .replace(/[()]/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
  if (!PHONE_NUMBER.test(phone)) return null;
  const digitCount = phone.replace(/-/g, "").length;
  return digitCount === 10 || digitCount === 11 ? phone : null;
}

const HALF_WIDTH_KATAKANA = /[\uFF61-\uFF9F]+/g;
// ぁ–ゖ and the iteration marks ゝゞ sit 0x60 below their katakana.
const HIRAGANA = /[\u3041-\u3096\u309D\u309E]/g;
const KATAKANA_OFFSET = 0x60;

/**
 * Furigana as it is stored: full-width katakana. 「かぶしき」 and 「ｶﾌﾞｼｷ」
 * become 「カブシキ」 (a half-width run with its dakuten composes into one
 * letter); everything else is kept as typed.
 */
export function toKatakana(text: string): string {
  return text
    .replace(HALF_WIDTH_KATAKANA, (run) => run.normalize("NFKC"))
    .replace(HIRAGANA, (char) => String.fromCharCode(char.charCodeAt(0) + KATAKANA_OFFSET));
}

/**
 * The form text is compared in when searching by name or kana: NFKC (so
 * full-width letters and digits become half-width and half-width katakana
 * full-width), hiragana folded to katakana, lower case, no spaces. 「ｶﾌﾞｼｷ」,
 * 「かぶしき」 and 「カブシキ」 then find one another.
 */
export function searchKey(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60))
    .toLowerCase()
    .replace(/\s+/g, "");
}
