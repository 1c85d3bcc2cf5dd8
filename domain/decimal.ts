import { normalizeDashes, toHalfWidth } from "./normalize";

/** Up to ten digits before the point and four after: enough for a unit price, exact in numeric(14,4). */
const DECIMAL = /^-?\d{1,10}(\.\d{1,4})?$/;

/**
 * A decimal typed by a person — full width, thousands separators, a yen sign,
 * a minus typed as any dash — as canonical text ("-1200.5"), or null when it
 * is not a number we can keep exactly. Text, never a float, so 0.1 stays 0.1.
 */
export function parseDecimalInput(input: string): string | null {
  const text = normalizeDashes(toHalfWidth(input))
    .replace(/[\s,¥￥円]/g, "")
    .replace(/^\+/, "");
  if (!DECIMAL.test(text)) return null;
  return canonicalDecimal(text);
}

/** "0012.5000" → "12.5", "-0.000" → "0": what PostgreSQL's numeric gives back, as people write it. */
export function canonicalDecimal(text: string): string {
  const negative = text.startsWith("-");
  const [integerPart = "0", fraction = ""] = text.replace(/^-/, "").split(".");
  const integer = integerPart.replace(/^0+(?=\d)/, "");
  const decimals = fraction.replace(/0+$/, "");
  const unsigned = decimals ? `${integer}.${decimals}` : integer;
  return negative && unsigned !== "0" ? `-${unsigned}` : unsigned;
}
