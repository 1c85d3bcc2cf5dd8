/**
 * The qualified invoice registration number (適格請求書発行事業者登録番号):
 * "T" followed by a 13-digit corporate number (法人番号), whose first digit is
 * a check digit over the other 12.
 */
import { normalizeDashes, toHalfWidth } from "./normalize";

export type RegistrationNumberProblem = "format" | "checkDigit";

export const REGISTRATION_NUMBER_MESSAGES = {
  format: "登録番号は「T」と13桁の数字で入力してください",
  checkDigit: "登録番号が正しくありません（チェックデジットが一致しません）",
} as const satisfies Record<RegistrationNumberProblem, string>;

/** "ｔ７０００－０１２０５－０００２" → "T7000012050002". Does not validate. */
export function normalizeRegistrationNumber(input: string): string {
  return normalizeDashes(toHalfWidth(input))
    .toUpperCase()
    .replace(/[\s-]/g, "");
}

/**
 * Check digit of a corporate number: 9 − (Σ Pn × Qn mod 9), where Pn is the
 * n-th digit of the 12-digit base counted from the rightmost (n = 1) and Qn is
 * 1 for odd n, 2 for even n.
 */
function corporateNumberCheckDigit(base: string): number {
  let sum = 0;
  for (let n = 1; n <= base.length; n++) {
    sum += Number(base[base.length - n]) * (n % 2 === 1 ? 1 : 2);
  }
  return 9 - (sum % 9);
}

/**
 * What is wrong with a registration number, or null when it is valid.
 * A bare 13-digit corporate number without the "T" is a "format" problem:
 * the T is part of the registration number and must be printed on invoices.
 */
export function registrationNumberProblem(input: string): RegistrationNumberProblem | null {
  const normalized = normalizeRegistrationNumber(input);
  if (!/^T\d{13}$/.test(normalized)) return "format";
  const checkDigit = Number(normalized[1]);
  return corporateNumberCheckDigit(normalized.slice(2)) === checkDigit ? null : "checkDigit";
}

export function isValidRegistrationNumber(input: string): boolean {
  return registrationNumberProblem(input) === null;
}
