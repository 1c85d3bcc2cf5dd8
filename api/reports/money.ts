import { canonicalDecimal } from "../../domain/decimal";

/*
 * Exact sums of the database's decimal text (numeric(18,4) and bigint yen):
 * a report adds up the rows SQL grouped (「その他」, totals) in units of
 * 1/10,000 yen as bigint, never as binary floating point.
 */

const SCALE = 4;
const FACTOR = 10n ** BigInt(SCALE);

export function toUnits(text: string | number | null | undefined): bigint {
  if (text === null || text === undefined || text === "") return 0n;
  const value = String(text);
  const negative = value.startsWith("-");
  const [integer = "0", fraction = ""] = value.replace(/^-/, "").split(".");
  const units = BigInt(integer || "0") * FACTOR + BigInt((fraction + "0".repeat(SCALE)).slice(0, SCALE) || "0");
  return negative ? -units : units;
}

export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const absolute = negative ? -units : units;
  const text = `${absolute / FACTOR}.${String(absolute % FACTOR).padStart(SCALE, "0")}`;
  return canonicalDecimal(negative ? `-${text}` : text);
}

/** The sum of decimal texts, as canonical decimal text. */
export const sumOf = (values: Array<string | number | null>): string => fromUnits(values.reduce<bigint>((sum, value) => sum + toUnits(value), 0n));

/** A decimal text as SQL returned it, canonical ("96999.0000" → "96999"). */
export const decimal = (value: string | number | null): string => fromUnits(toUnits(value));
