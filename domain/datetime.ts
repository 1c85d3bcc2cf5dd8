import { toHalfWidth } from "./normalize";

/** Every date and time the product shows is Japan time, whatever the server's zone. */
const JST_DATE_TIME = new Intl.DateTimeFormat("ja-JP", {
  timeZone: "Asia/Tokyo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** 「2026/11/22 01:00」; the input as given when it is not a valid time. */
export function formatDateTimeJst(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : JST_DATE_TIME.format(date);
}

const JST_DATE_PARTS = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Tokyo", year: "numeric", month: "2-digit", day: "2-digit" });

/** Today in Japan as 「2026-11-22」, whatever the server's zone: file names and default dates. */
export function todayJst(now: Date = new Date()): string {
  return JST_DATE_PARTS.format(now);
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

