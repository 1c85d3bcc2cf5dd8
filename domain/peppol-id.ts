/**
 * A Peppol participant ID (ISO 6523 scheme and identifier) as Japan uses it:
 * 0188 with the 13-digit corporate number (法人番号), or 0221 with the
 * qualified invoice registration number (T + 13 digits). Both carry the
 * corporate number's check digit. Stored as "scheme:identifier" (decision 043).
 */
import { corporateNumberCheckDigit } from "./registration-number";
import { normalizeDashes, toHalfWidth } from "./normalize";

export const PEPPOL_SCHEMES = [
  { id: "0188", label: "法人番号" },
  { id: "0221", label: "登録番号" },
] as const;

export type PeppolScheme = (typeof PEPPOL_SCHEMES)[number]["id"];
export type PeppolId = { scheme: PeppolScheme; identifier: string };

export type PeppolIdProblem = "scheme" | "corporateNumber" | "registrationNumber" | "checkDigit";

export const PEPPOL_ID_MESSAGES = {
  scheme: "Peppol IDは「0188:法人番号13桁」または「0221:登録番号（T+13桁）」の形式で入力してください",
  corporateNumber: "スキーム0188のPeppol IDは13桁の法人番号で入力してください",
  registrationNumber: "スキーム0221のPeppol IDは登録番号（T+13桁）で入力してください",
  checkDigit: "Peppol IDの番号が正しくありません（チェックデジットが一致しません）",
} as const satisfies Record<PeppolIdProblem, string>;

const checkDigitHolds = (digits: string) => corporateNumberCheckDigit(digits.slice(1)) === Number(digits[0]);

/**
 * "0188:1234567890123", with or without its scheme: a bare 13-digit number is
 * a 法人番号 (0188), "T" and 13 digits a 登録番号 (0221). Full width, spaces and
 * dashes are accepted; the result is the stored form.
 */
export function parsePeppolId(input: string): { id: PeppolId; problem: null } | { id: null; problem: PeppolIdProblem } {
  const compact = normalizeDashes(toHalfWidth(input.normalize("NFKC"))).toUpperCase().replace(/[\s-]/g, "");
  const match = /^(?:(\d{4})[:：])?(.*)$/.exec(compact)!;
  const value = match[2]!;
  const scheme = match[1] ?? (value.startsWith("T") ? "0221" : "0188");
  if (scheme === "0188") {
    if (!/^\d{13}$/.test(value)) return { id: null, problem: match[1] ? "corporateNumber" : "scheme" };
    return checkDigitHolds(value) ? { id: { scheme, identifier: value }, problem: null } : { id: null, problem: "checkDigit" };
  }
  if (scheme === "0221") {
    if (!/^T\d{13}$/.test(value)) return { id: null, problem: "registrationNumber" };
    return checkDigitHolds(value.slice(1)) ? { id: { scheme, identifier: value }, problem: null } : { id: null, problem: "checkDigit" };
  }
  return { id: null, problem: "scheme" };
}

export const formatPeppolId = (id: PeppolId) => `${id.scheme}:${id.identifier}`;

/** A stored ID read back; null when none is set (stored IDs were validated on the way in). */
export function storedPeppolId(stored: string | null): PeppolId | null {
  if (!stored) return null;
  return parsePeppolId(stored).id;
}

export const peppolSchemeLabel = (scheme: PeppolScheme) => PEPPOL_SCHEMES.find((entry) => entry.id === scheme)!.label;
