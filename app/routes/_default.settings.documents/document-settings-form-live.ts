import { toHalfWidth } from "@domain/normalize";
import { MAX_NUMBER_DIGITS, NUMBER_DATE_PARTS, NUMBER_PREFIX_PATTERN, documentSettingInputSchema, formatDocumentNumber, type NumberFormat } from "@domain/document-settings";
import { parseForm } from "~/components/forms/parse-form";

/**
 * What the document settings form computes in the browser once it is used: it is
 * loaded on the first focus or press (useLazyValidation), so zod, the schema and
 * the number format are not in the page's first JavaScript. Until then the page
 * shows the next number its loader or action worked out with the same function.
 */

/** The form's check, the same as the action's. */
export const validate = (formData: FormData) => parseForm(formData, documentSettingInputSchema);

/** The saved format and the number it gives next, from the loader. */
export type Numbering = NumberFormat & { next_number: string; next_sequence: number; today: string };

/** The number the next document would get: the saved one while the format is unchanged, else worked out from the values. */
export function nextNumberOf(numbering: Numbering, values: Partial<Record<keyof NumberFormat, unknown>>): string {
  const digits = Number(values.number_digits);
  const datePart = NUMBER_DATE_PARTS.find((part) => part.id === values.number_date_part)?.id;
  // An empty prefix is none (an answer leaves an empty field out of its values).
  const prefix = toHalfWidth(String(values.number_prefix ?? "")).trim();
  if (!datePart || !Number.isInteger(digits) || digits < 1 || digits > MAX_NUMBER_DIGITS || !NUMBER_PREFIX_PATTERN.test(prefix)) return numbering.next_number;
  const sameReset = values.number_reset === numbering.number_reset;
  if (prefix === numbering.number_prefix && datePart === numbering.number_date_part && digits === numbering.number_digits && sameReset) return numbering.next_number;
  // Another reset rule counts in another period, whose counter the page does not know: it starts at 1.
  return formatDocumentNumber({ number_prefix: prefix, number_date_part: datePart, number_digits: digits }, numbering.today, sameReset ? numbering.next_sequence : 1);
}
