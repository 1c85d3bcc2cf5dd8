import { describe, expect, it } from "vitest";
import { normalizeDashes, normalizeDigits, normalizePhoneNumber, normalizePostalCode, toHalfWidth, toKatakana, searchKey } from "./normalize";

// Every dash variant people type in numbers, with its code point for test names.
const DASH_VARIANTS: Array<[string, string]> = [
  ["U+30FC ー", "\u30FC"],
  ["U+FF0D －", "\uFF0D"],
  ["U+2010 ‐", "\u2010"],
  ["U+2011 ‑", "\u2011"],
  ["U+2013 –", "\u2013"],
  ["U+2014 —", "\u2014"],
  ["U+2015 ―", "\u2015"],
  ["U+2212 −", "\u2212"],
  ["U+FF70 ｰ", "\uFF70"],
  ["ASCII -", "-"],
];

describe("toHalfWidth", () => {
  it.each([
    ["upper-case letters", "ＡＢＣＸＹＺ", "ABCXYZ"],
    ["lower-case letters", "ａｂｃｘｙｚ", "abcxyz"],
    ["digits", "０１２３４５６７８９", "0123456789"],
    ["first of the range (！)", "！", "!"],
    ["last of the range (～)", "～", "~"],
    ["symbols", "＠＃＄％＆（）＋，．／：；＝？［］＿｛｝", "@#$%&()+,./:;=?[]_{}"],
    ["full-width hyphen-minus (in range)", "－", "-"],
    ["ideographic space", "山田\u3000太郎", "山田 太郎"],
    ["mixed", "ｔｅｓｔ　１２３", "test 123"],
    ["katakana long vowel mark kept", "コーヒー", "コーヒー"],
    ["half-width katakana kept", "ｺｰﾋｰ", "ｺｰﾋｰ"],
    ["kanji and hiragana kept", "株式会社さくら", "株式会社さくら"],
    ["other dashes kept", "‐‑–—―−", "‐‑–—―−"],
    ["full-width yen sign is outside the range", "￥", "￥"],
    ["ASCII unchanged", "abc 123 -!", "abc 123 -!"],
    ["empty", "", ""],
  ])("%s", (_name, input, expected) => {
    expect(toHalfWidth(input)).toBe(expected);
  });
});

describe("normalizeDashes", () => {
  it.each(DASH_VARIANTS)("%s becomes -", (_name, dash) => {
    expect(normalizeDashes(`1${dash}2`)).toBe("1-2");
  });

  it.each([
    ["text without dashes", "abc", "abc"],
    ["tilde is not a dash", "〜~", "〜~"],
  ])("%s", (_name, input, expected) => {
    expect(normalizeDashes(input)).toBe(expected);
  });
});

describe("normalizeDigits", () => {
  it.each([
    ["full-width digits", "０１２３４５６７８９", "0123456789"],
    ["amount with comma and yen", "１,０００円", "1,000円"],
    ["ASCII digits unchanged", "12345", "12345"],
    ["full-width letters unchanged", "ａｂｃ１", "ａｂｃ1"],
    ["full-width minus unchanged", "－１", "－1"],
    ["empty", "", ""],
  ])("%s", (_name, input, expected) => {
    expect(normalizeDigits(input)).toBe(expected);
  });
});

describe("normalizePostalCode", () => {
  it.each([
    ["no hyphen", "1000001", "100-0001"],
    ["hyphenated", "100-0001", "100-0001"],
    ["full-width", "１００－０００１", "100-0001"],
    ["full-width without hyphen", "１０００００１", "100-0001"],
    ["with 〒", "〒100-0001", "100-0001"],
    ["with 〒 and a space", "〒 100-0001", "100-0001"],
    ["space separated, padded", " 100 0001 ", "100-0001"],
    ["ideographic spaces", "\u3000100\u30000001\u3000", "100-0001"],
    ["tab", "100\t0001", "100-0001"],
  ])("%s: %j → %j", (_name, input, expected) => {
    expect(normalizePostalCode(input)).toBe(expected);
  });

  it.each(DASH_VARIANTS)("dash %s", (_name, dash) => {
    expect(normalizePostalCode(`100${dash}0001`)).toBe("100-0001");
  });

  it.each([
    ["empty", ""],
    ["whitespace only", "  \u3000 "],
    ["〒 only", "〒"],
    ["6 digits", "100-001"],
    ["8 digits", "100-00011"],
    ["letters", "100-000a"],
    ["letter O for zero", "1OO-0001"],
    ["full-width letters", "１００－０００Ａ"],
    ["other symbols", "100.0001"],
    ["non-ASCII digits (Arabic-Indic)", "١٠٠٠٠٠١"],
  ])("%s: %j → null", (_name, input) => {
    expect(normalizePostalCode(input)).toBeNull();
  });
});

describe("normalizePhoneNumber", () => {
  it.each([
    ["landline", "03-1234-5678", "03-1234-5678"],
    ["landline without hyphens stays so", "0312345678", "0312345678"],
    ["mobile", "090-1234-5678", "090-1234-5678"],
    ["mobile without hyphens", "09012345678", "09012345678"],
    ["toll free", "0120-123-456", "0120-123-456"],
    ["hyphen positions kept", "0312-34-5678", "0312-34-5678"],
    ["one hyphen only", "03-12345678", "03-12345678"],
    ["full-width", "０３－１２３４－５６７８", "03-1234-5678"],
    ["area code in parentheses", "(03)1234-5678", "03-1234-5678"],
    ["full-width parentheses", "（０３）１２３４－５６７８", "03-1234-5678"],
    ["exchange in parentheses", "03(1234)5678", "03-1234-5678"],
    ["parentheses and hyphen", "(03)-1234-5678", "03-1234-5678"],
    ["spaces removed", " 03 1234 5678 ", "0312345678"],
    ["spaces around hyphens", "03 - 1234 - 5678", "03-1234-5678"],
    ["ideographic space", "03\u30001234\u30005678", "0312345678"],
    ["repeated hyphens collapsed", "03--1234---5678", "03-1234-5678"],
    ["leading and trailing hyphens trimmed", "-03-1234-5678-", "03-1234-5678"],
  ])("%s: %j → %j", (_name, input, expected) => {
    expect(normalizePhoneNumber(input)).toBe(expected);
  });

  it.each(DASH_VARIANTS)("dash %s", (_name, dash) => {
    expect(normalizePhoneNumber(`03${dash}1234${dash}5678`)).toBe("03-1234-5678");
  });

  it.each([
    ["empty", ""],
    ["whitespace only", "   "],
    ["9 digits", "03-1234-567"],
    ["12 digits", "090-1234-56789"],
    ["13 digits without hyphens", "0901234567890"],
    ["no leading 0", "3-1234-5678"],
    ["leading 0 alone before a hyphen", "0-3123-45678"],
    ["local part of 5 digits", "03-12345-678"],
    ["more than two hyphens", "0-3-1234-5678"],
    ["letters", "03-1234-abcd"],
    ["international format", "+81-3-1234-5678"],
    ["extension", "03-1234-5678 内線12"],
    ["dots as separators", "03.1234.5678"],
  ])("%s: %j → null", (_name, input) => {
    expect(normalizePhoneNumber(input)).toBeNull();
  });
});

describe("searchKey", () => {
  it.each([
    ["ｶﾌﾞｼｷｶﾞｲｼｬ", "カブシキガイシャ"],
    ["かぶしきがいしゃ", "カブシキガイシャ"],
    ["カブシキ ガイシャ", "カブシキガイシャ"],
    ["ＡＢＣ商事", "abc商事"],
    ["株式会社　デモ", "株式会社デモ"],
  ])("folds %s to %s", (input, expected) => {
    expect(searchKey(input)).toBe(expected);
  });
});

describe("toKatakana", () => {
  it.each([
    ["hiragana", "かぶしきがいしゃ", "カブシキガイシャ"],
    ["half-width katakana with dakuten and handakuten", "ｶﾌﾞｼｷｶﾞｲｼｬ ﾊﾟﾝ", "カブシキガイシャ パン"],
    ["long vowel marks and small letters", "こーひーｺｰﾋｰぁっ", "コーヒーコーヒーァッ"],
    ["iteration marks", "いすゞ", "イスヾ"],
    ["katakana as it is", "ヤマダショウジ", "ヤマダショウジ"],
    ["letters, digits and kanji as they are", "ABC１２３株式", "ABC１２３株式"],
  ])("%s: %s → %s", (_, input, expected) => {
    expect(toKatakana(input)).toBe(expected);
  });

  it("makes the kana that searchKey finds", () => {
    expect(searchKey(toKatakana("ﾔﾏﾀﾞ"))).toBe(searchKey("やまだ"));
  });
});
