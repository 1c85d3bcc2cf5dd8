/**
 * Text no field can hold: C0 controls other than tab, line feed and carriage
 * return (PostgreSQL cannot store NUL in text), DEL, and halves of UTF-16
 * surrogate pairs without their other half.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNREADABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNREADABLE_TEXT_MESSAGE = "使用できない文字（制御文字など）が含まれています。入力内容をご確認ください。";

export function isReadableText(text: string): boolean {
  return !UNREADABLE.test(text);
}
