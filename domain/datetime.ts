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

/** The instant the current month began in Japan (00:00 JST on its first day): monthly limits count from it. */
export function startOfMonthJst(now: Date = new Date()): Date {
  return new Date(`${todayJst(now).slice(0, 8)}01T00:00:00+09:00`);
}

/** 「2026/11/23」 from a calendar date 「2026-11-23」, as lists show dates; the input as given when it is not one. */
export function formatListDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[1]}/${match[2]}/${match[3]}` : isoDate;
}

/**
 * 「2026年11月23日」 (「2026年4月1日」, no leading zeros) from "2026-11-23" or an ISO time (its day in
 * Japan): how documents, PDFs and mail write a date. The input as given when it is not a date.
 */
export function formatJapaneseDate(value: string): string {
  const time = /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : null;
  const day = time && !Number.isNaN(time.getTime()) ? todayJst(time) : value;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[1]}年${Number(match[2])}月${Number(match[3])}日` : value;
}

/** 「2026年12月22日 15:30」 (Japan time): a moment in mail and on the recipient's page, e.g. when a link stops working. */
export function formatJapaneseDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${formatJapaneseDate(date.toISOString())} ${JST_DATE_TIME.format(date).slice(-5)}`;
}
