/**
 * What reading a typed date needs: full-width characters to half-width and the date itself. Apart from normalize.ts, as
 * the invoice form proposes due dates from the first load (due-date.ts) and needs none of the other normalisations.
 */

// Full-width ASCII variants sit at a fixed offset from their ASCII forms.
const FULL_WIDTH_ASCII = /[\uFF01-\uFF5E]/g;
export const FULL_WIDTH_OFFSET = 0xfee0;

/**
 * Converts full-width ASCII (U+FF01–U+FF5E) and the ideographic space to their
 * half-width forms. Kana and kanji are kept as they are; in particular ー stays,
 * as it is part of words such as 「コーヒー」.
 */
export function toHalfWidth(text: string): string {
  return text
    .replace(FULL_WIDTH_ASCII, (char) => String.fromCharCode(char.charCodeAt(0) - FULL_WIDTH_OFFSET))
    .replace(/\u3000/g, " ");
}

/**
 * "2026-11-22" from what people type: full-width digits and 「2026/11/22」 (or 2026/4/1) included.
 * Null when it is not a date on the calendar, so 2026-02-30 is refused rather than rolled over.
 */
export function normalizeIsoDate(input: string): string | null {
  const match = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(toHalfWidth(input).trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Day 0 of the next month is the last day of this one; UTC so the host's zone plays no part.
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  return `${match[1]}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}
