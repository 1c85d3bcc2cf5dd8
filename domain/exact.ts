import { ROUNDING_MODES } from "./codes";
import { canonicalDecimal } from "./decimal";

/**
 * Exact decimal arithmetic on canonical decimal text ("-1200.5"). Amounts go
 * through BigInt, never Number: 0.1 + 0.2 must be 0.3, and a 4-decimal
 * quantity times a 4-decimal price must keep all eight decimals until the one
 * rounding the rules ask for.
 */

/** "floor" toward −∞, "truncate" toward zero, "ceiling" toward +∞, "round" half away from zero (四捨五入). */
export type RoundingMode = (typeof ROUNDING_MODES)[number]["key"];

/** The value is units / 10^scale. */
type Exact = { units: bigint; scale: number };

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

function parse(text: string): Exact {
  if (!DECIMAL_TEXT.test(text)) throw new RangeError(`Not a decimal: ${JSON.stringify(text)}`);
  const [integer = "0", fraction = ""] = text.replace(/^-/, "").split(".");
  const magnitude = BigInt(integer + fraction);
  return { units: text.startsWith("-") ? -magnitude : magnitude, scale: fraction.length };
}

function format({ units, scale }: Exact): string {
  const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, "0");
  const integer = digits.slice(0, digits.length - scale);
  const text = scale > 0 ? `${integer}.${digits.slice(-scale)}` : integer;
  return canonicalDecimal(units < 0n ? `-${text}` : text);
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

function rescale(value: Exact, scale: number): bigint {
  return value.units * pow10(scale - value.scale);
}

function checkScale(scale: number): void {
  if (!Number.isInteger(scale) || scale < 0) throw new RangeError(`Not a decimal scale: ${scale}`);
}

/** numerator / denominator as an integer, rounded once with the mode. */
function divideUnits(numerator: bigint, denominator: bigint, mode: RoundingMode): bigint {
  if (denominator === 0n) throw new RangeError("Division by zero");
  // Work with a positive denominator so the remainder's sign is the quotient's.
  const n = denominator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d; // BigInt division truncates toward zero.
  const remainder = n % d;
  if (remainder === 0n) return quotient;
  const away = n < 0n ? quotient - 1n : quotient + 1n;
  switch (mode) {
    case "truncate":
      return quotient;
    case "floor":
      return n < 0n ? away : quotient;
    case "ceiling":
      return n > 0n ? away : quotient;
    case "round":
      return 2n * (remainder < 0n ? -remainder : remainder) >= d ? away : quotient;
  }
}

export function add(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return format({ units: rescale(x, scale) + rescale(y, scale), scale });
}

export function sub(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  const scale = Math.max(x.scale, y.scale);
  return format({ units: rescale(x, scale) - rescale(y, scale), scale });
}

/** Exact product: the scales add up, nothing is rounded. */
export function mul(a: string, b: string): string {
  const x = parse(a);
  const y = parse(b);
  return format({ units: x.units * y.units, scale: x.scale + y.scale });
}

export function sum(values: readonly string[]): string {
  return values.reduce(add, "0");
}

export function compare(a: string, b: string): -1 | 0 | 1 {
  const difference = parse(sub(a, b)).units;
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

export function isNegative(value: string): boolean {
  return parse(value).units < 0n;
}

/** The value rounded to `scale` decimals with the mode; values already that short are unchanged. */
export function roundTo(value: string, scale: number, mode: RoundingMode): string {
  checkScale(scale);
  const x = parse(value);
  if (x.scale <= scale) return format(x);
  return format({ units: divideUnits(x.units, pow10(x.scale - scale), mode), scale });
}

/** numerator / denominator, computed exactly and rounded once to `scale` decimals (e.g. 内税: amount × 10 / 110). */
export function divideRounded(numerator: string, denominator: string, scale: number, mode: RoundingMode): string {
  checkScale(scale);
  const n = parse(numerator);
  const d = parse(denominator);
  // (n.units / 10^n.scale) / (d.units / 10^d.scale), expressed in units of 10^-scale.
  const units = divideUnits(n.units * pow10(d.scale + scale), d.units * pow10(n.scale), mode);
  return format({ units, scale });
}

/** The ROUNDING_MODES id a company stores, as the mode the arithmetic uses. */
export function roundingModeOf(id: number): RoundingMode {
  const mode = ROUNDING_MODES.find((code) => code.id === id);
  if (!mode) throw new RangeError(`Unknown rounding mode id: ${id}`);
  return mode.key;
}
