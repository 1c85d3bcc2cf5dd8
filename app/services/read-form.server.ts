import { isReadableText, UNREADABLE_TEXT_MESSAGE } from "@domain/readable-text";
import { refused } from "./errors.server";

/**
 * What a form post may hold. A form's repeated rows (`lines[99].…`,
 * `company_bank_accounts[9].…`) are turned into arrays as long as their
 * highest index, so one field named `lines[1000000].x` would otherwise build
 * a million rows; no form here has more than 100 rows (the API's own limit
 * for lines) or a few hundred fields.
 */
const FORM_LIMITS = { fields: 3_000, rows: 100 } as const;

const INDEX = /\[(\d+)\]|\.(\d+)(?=\.|$)/g;

function tooLarge(): never {
  throw refused(413, `入力項目が多すぎます。明細などの行は${FORM_LIMITS.rows}行まで入力できます。`);
}

/**
 * Refuses a form whose rows or fields exceed FORM_LIMITS, before anything is
 * built from it, and one holding text no field can store (a NUL, say).
 */
function assertFormWithinLimits(formData: FormData): void {
  let fields = 0;
  for (const [name, value] of formData.entries()) {
    if (++fields > FORM_LIMITS.fields) tooLarge();
    if (!isReadableText(name) || (typeof value === "string" && !isReadableText(value))) {
      throw refused(400, UNREADABLE_TEXT_MESSAGE);
    }
    for (const [, bracketed, dotted] of name.matchAll(INDEX)) {
      const index = bracketed ?? dotted!;
      if (index.length > 3 || Number(index) >= FORM_LIMITS.rows) tooLarge();
    }
  }
}

/**
 * The posted form, within FORM_LIMITS; a body that is not one (empty, another
 * content type, cut off) reads as an empty form, so the page answers with its
 * own messages beside the fields instead of the 500 page.
 */
export async function readFormData(request: Request): Promise<FormData> {
  const formData = await request.formData().catch(() => new FormData());
  assertFormWithinLimits(formData);
  return formData;
}
