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
