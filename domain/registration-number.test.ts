import { describe, expect, it } from "vitest";
import {
  REGISTRATION_NUMBER_MESSAGES,
  isValidRegistrationNumber,
  normalizeRegistrationNumber,
  registrationNumberProblem,
} from "./registration-number";

// Real corporate numbers, published by the National Tax Agency (法人番号公表サイト).
const KNOWN_CORPORATE_NUMBERS: Array<[string, string]> = [
  ["国税庁", "7000012050002"],
  ["トヨタ自動車", "1180301018771"],
  ["任天堂", "1130001011420"],
  ["ソニーグループ", "5010401067252"],
];

describe("normalizeRegistrationNumber", () => {
  it.each([
    ["already normal", "T7000012050002", "T7000012050002"],
    ["lower-case t", "t7000012050002", "T7000012050002"],
    ["full-width with full-width hyphens", "ｔ７０００－０１２０５－０００２", "T7000012050002"],
    ["full-width upper-case", "Ｔ７００００１２０５０００２", "T7000012050002"],
    ["hyphens", "T-7000-01205-0002", "T7000012050002"],
    ["katakana long vowel marks as dashes", "T7000ー01205ー0002", "T7000012050002"],
    ["spaces and ideographic spaces", " T 7000\u300001205 0002 ", "T7000012050002"],
    ["without T is kept without T", "7000012050002", "7000012050002"],
    ["invalid input is not rejected", "abc", "ABC"],
    ["empty", "", ""],
  ])("%s: %j → %j", (_name, input, expected) => {
    expect(normalizeRegistrationNumber(input)).toBe(expected);
  });
});

describe("registrationNumberProblem", () => {
  describe.each(KNOWN_CORPORATE_NUMBERS)("%s (%s) is valid", (_name, digits) => {
    const fullWidth = `Ｔ${digits.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0))}`;
    const hyphenated = `T${digits.slice(0, 1)}-${digits.slice(1, 5)}-${digits.slice(5, 9)}-${digits.slice(9)}`;
    it.each([
      ["plain", `T${digits}`],
      ["lower-case t", `t${digits}`],
      ["full-width", fullWidth],
      ["hyphenated", hyphenated],
      ["spaced", ` T ${digits} `],
    ])("%s: %j", (_form, input) => {
      expect(registrationNumberProblem(input)).toBeNull();
      expect(isValidRegistrationNumber(input)).toBe(true);
    });
  });

  // The T is part of the registration number (it is printed on invoices), so a
  // bare corporate number is a format problem even when its check digit is right.
  it.each(KNOWN_CORPORATE_NUMBERS)("%s without T (%s) is a format problem", (_name, digits) => {
    expect(registrationNumberProblem(digits)).toBe("format");
    expect(isValidRegistrationNumber(digits)).toBe(false);
  });

  // Each valid number with its first (check) digit changed.
  it.each([
    ["T8000012050002"],
    ["T2180301018771"],
    ["T2130001011420"],
    ["T6010401067252"],
    ["T0000012050002"],
    ["T9130001011420"],
    ["ｔ８０００－０１２０５－０００２"],
  ])("wrong check digit: %j", (input) => {
    expect(registrationNumberProblem(input)).toBe("checkDigit");
    expect(isValidRegistrationNumber(input)).toBe(false);
  });

  it.each([
    ["empty", ""],
    ["whitespace only", "  \u3000 "],
    ["T only", "T"],
    ["12 digits", "T700001205000"],
    ["14 digits", "T70000120500021"],
    ["letter inside", "T70000120500O2"],
    ["other prefix letter", "A7000012050002"],
    ["T at the end", "7000012050002T"],
    ["double T", "TT7000012050002"],
    ["dots as separators", "T7000.01205.0002"],
    ["non-ASCII digits (Arabic-Indic)", "T٧٠٠٠٠١٢٠٥٠٠٠٢"],
  ])("format problem, %s: %j", (_name, input) => {
    expect(registrationNumberProblem(input)).toBe("format");
    expect(isValidRegistrationNumber(input)).toBe(false);
  });
});

describe("REGISTRATION_NUMBER_MESSAGES", () => {
  it.each([
    ["format", "T123"],
    ["checkDigit", "T8000012050002"],
  ] as const)("has a message for %s", (problem, input) => {
    expect(registrationNumberProblem(input)).toBe(problem);
    expect(REGISTRATION_NUMBER_MESSAGES[problem]).toMatch(/登録番号/);
  });
});
