// Apart from decimal.ts, whose parser brings normalize.ts: pages that only show amounts load this alone.

/** "1234567.5" → "1,234,567.5" for display; the text keeps every digit. */
export function formatDecimal(text: string): string {
  const [integer = "0", fraction] = text.split(".");
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction ? `${grouped}.${fraction}` : grouped;
}

/** An amount as the pages write it: "1,234,567円". */
export const formatYen = (amount: string | number): string => `${formatDecimal(String(amount))}円`;
